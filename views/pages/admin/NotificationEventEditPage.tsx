// Add Notification Event (/admin/manage-notification/new) and an event's page
// (/admin/manage-notification/:id): name, description, module, supported frequencies, email and
// in-system support, required, per LEA and specific date; Delete for events that are not built in.
import type { ReactElement } from 'react';
import { adminOrgText as t, uiText } from '../../../lib/messages.js';
import { EVENT_FREQUENCIES, NOTIFICATION_MODULES, errorMap, type EventTypeForm, type FieldError } from '../../../lib/validation/admin-org.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { DeleteButton, FormActions, FormErrors, LastUpdated, TextareaField } from './AdminOrgFields.js';
import { frequencyLabels } from './NotificationEventListPage.js';
import { CheckboxGroup, SelectField, firstCheckboxId } from './UsersFormFields.js';

export interface NotificationEventEditPageProps {
  title: string;
  values: EventTypeForm;
  errors: readonly FieldError[];
  /** Absent on Add Notification Event. */
  event?: { id: number; name: string; isBuiltIn: boolean; lastUpdated: string | null };
}

export function NotificationEventEditPage({ title, values, errors, event }: NotificationEventEditPageProps): ReactElement {
  const e = errorMap(errors);
  const action = event ? `/admin/manage-notification/${event.id}` : '/admin/manage-notification/new';
  return (
    <>
      <PageHeader title={title} backHref="/admin/manage-notification" />
      {event ? <LastUpdated text={event.lastUpdated} /> : null}
      <FormErrors errors={errors} fieldIds={{ supportedFrequency: firstCheckboxId('supportedFrequency') }} />
      <form method="post" action={action} className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        {event?.isBuiltIn ? (
          <>
            <input type="hidden" name="name" value={values.name} />
            <p className="usa-hint">{t.builtInEventHint}</p>
          </>
        ) : (
          <TextField id="name" label={t.name} value={values.name} error={e.name} required maxLength={200} autoComplete="off" />
        )}
        <TextareaField id="description" label={t.description} value={values.description} error={e.description} maxLength={1000} rows={3} />
        <SelectField id="module" label={t.module} value={values.module} error={e.module} options={NOTIFICATION_MODULES.map((m) => ({ value: m, label: m }))} />
        <CheckboxGroup
          id="supportedFrequency"
          name="supportedFrequency"
          legend={t.frequencies}
          options={EVENT_FREQUENCIES.map((f) => ({ value: f, label: frequencyLabels[f] ?? f }))}
          checked={values.supportedFrequency}
          error={e.supportedFrequency}
        />
        <fieldset className="usa-fieldset usa-form-group">
          <legend className="usa-legend">{t.delivery}</legend>
          <CheckboxField id="isSupportsEmail" label={uiText.subscriptionEmail} checked={values.isSupportsEmail} error={e.isSupportsEmail} />
          <CheckboxField id="isSupportsInApp" label={uiText.subscriptionInSystem} checked={values.isSupportsInApp} />
        </fieldset>
        <fieldset className="usa-fieldset usa-form-group">
          <legend className="usa-legend">{t.eventOptions}</legend>
          <CheckboxField id="isRequired" label={t.isRequired} checked={values.isRequired} />
          <CheckboxField id="hasLea" label={t.hasLea} checked={values.hasLea} />
          <CheckboxField id="hasSpecificDate" label={t.hasSpecificDate} checked={values.hasSpecificDate} />
        </fieldset>
        <FormActions submitLabel={event ? t.save : t.addEvent} cancelHref="/admin/manage-notification" />
      </form>
      {event && !event.isBuiltIn ? <DeleteButton message={t.deleteQuestion(event.name)} action={`/admin/manage-notification/${event.id}/delete`} /> : null}
    </>
  );
}
