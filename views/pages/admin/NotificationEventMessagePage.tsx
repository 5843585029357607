// Send System Message (/admin/manage-notification/message): a message queued to the Messages of
// everyone with a role, everyone in an LEA, chosen users (by email), or every user. Sending asks
// first, on a page of its own (the same with or without JavaScript), saying how many it reaches.
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { MESSAGE_MAX, errorMap, type FieldError, type QueueMessageForm } from '../../../lib/validation/admin-org.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormActions, FormErrors, RadioGroup, TextareaField, firstRadioId } from './AdminOrgFields.js';
import { SelectField } from './UsersFormFields.js';
import { roleLabel } from '../../../lib/role-label.js';

export interface NotificationEventMessagePageProps {
  values: QueueMessageForm;
  errors: readonly FieldError[];
  roles: readonly string[];
  leas: readonly { id: number; name: string }[];
}

const recipientOptions = [
  { value: 'role', label: t.recipientsRole },
  { value: 'lea', label: t.recipientsLea },
  { value: 'users', label: t.recipientsUsers },
  { value: 'everyone', label: t.recipientsEveryone },
];

export function NotificationEventMessagePage({ values, errors, roles, leas }: NotificationEventMessagePageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={t.sendMessage} backHref="/admin/manage-notification" />
      <FormErrors errors={errors} fieldIds={{ recipients: firstRadioId('recipients', recipientOptions) }} />
      <form method="post" action="/admin/manage-notification/message" className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        <TextareaField id="message" label={t.message} hint={t.messageHint} value={values.message} error={e.message} required maxLength={MESSAGE_MAX} rows={4} />
        <TextField id="openUrl" label={t.openUrl} hint={t.openUrlHint} value={values.openUrl} error={e.openUrl} maxLength={2000} autoComplete="off" />
        <RadioGroup id="recipients" legend={t.recipients} options={recipientOptions} value={values.recipients} error={e.recipients} />
        <SelectField
          id="roleName"
          label={`${t.roleName} (${t.recipientsRole})`}
          value={values.roleName}
          error={e.roleName}
          options={[{ value: '', label: t.chooseRole }, ...roles.map((r) => ({ value: r, label: roleLabel(r) }))]}
        />
        <SelectField
          id="leaId"
          label={`${t.schoolLea} (${t.recipientsLea})`}
          value={values.leaId}
          error={e.leaId}
          options={[{ value: '', label: t.chooseLea }, ...leas.map((l) => ({ value: String(l.id), label: l.name }))]}
        />
        <TextareaField
          id="userEmails"
          label={`${t.userEmails} (${t.recipientsUsers})`}
          hint={t.userEmailsHint}
          value={values.userEmails}
          error={e.userEmails}
          rows={4}
        />
        <FormActions submitLabel={t.send} cancelHref="/admin/manage-notification" />
      </form>
    </>
  );
}

export interface NotificationMessageConfirmProps {
  values: QueueMessageForm;
  /** How many users the message would reach. */
  count: number;
}

/** The question before a message goes out: the message, how many it reaches, Send or change it. */
export function NotificationMessageConfirm({ values, count }: NotificationMessageConfirmProps): ReactElement {
  return (
    <div className="confirm-page">
      <PageHeader title={t.confirmSendTitle} />
      <p data-testid="message-reach">{count > 0 ? t.sendMessageQuestion(count) : t.sendMessageToNobody}</p>
      <blockquote className="admin-message-preview">{values.message}</blockquote>
      <form method="post" action="/admin/manage-notification/message">
        <CsrfField />
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="button-row">
          {count > 0 ? (
            <button type="submit" name="intent" value="send" className="usa-button">
              {t.send}
            </button>
          ) : null}
          <button type="submit" name="intent" value="edit" className="usa-button usa-button--outline">
            {t.changeMessage}
          </button>
        </div>
      </form>
    </div>
  );
}
