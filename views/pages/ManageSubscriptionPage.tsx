// /notification-settings/:typeId: the Manage Subscription form as a page of its own, for
// browsers without JavaScript (with JavaScript the same fields open in a dialog on
// /notification-settings). A real form: POST, 422 with the error summary when invalid, 303 back
// to the table with a flash when saved.
import type { ReactElement } from 'react';
import type { Subscription } from '../../lib/contract.js';
import { errorMessages, subscriptionText, uiText } from '../../lib/messages.js';
import type { SubscriptionFormError, SubscriptionFormValues } from '../../lib/subscription-rules.js';
import { subscriptionFieldIds, subscriptionFieldLabels, type LeaChoices } from '../../lib/subscription-rules.js';
import { SubscriptionFields } from '../components/SubscriptionFields.js';
import { CsrfField } from '../components/CsrfField.js';
import { Flash } from '../components/Flash.js';
import { ErrorSummary } from '../components/form/ErrorSummary.js';
import { PageHeader } from '../shell/PageHeader.js';
import { manageSubscriptionHref, NOTIFICATION_SETTINGS_PATH } from './NotificationSettingsPage.js';

export const MANAGE_FORM_PREFIX = 'subscription';

export interface ManageSubscriptionPageProps {
  subscription: Subscription;
  values: SubscriptionFormValues;
  leas: LeaChoices;
  errors: readonly SubscriptionFormError[];
  /** The agency API refused or could not take the save. */
  saveFailed?: boolean;
}

export function ManageSubscriptionPage({ subscription: sub, values, leas, errors, saveFailed }: ManageSubscriptionPageProps): ReactElement {
  const ids = subscriptionFieldIds(MANAGE_FORM_PREFIX, sub, leas);
  return (
    <div className="manage-subscription">
      <PageHeader title={uiText.manageSubscription} backHref={NOTIFICATION_SETTINGS_PATH} />
      <h2 className="manage-subscription__name">{sub.name}</h2>
      <p>{sub.description}</p>
      {saveFailed ? <Flash messages={[{ type: 'error', text: errorMessages.subscriptionError }]} /> : null}
      <ErrorSummary
        errors={errors.map((e) => ({ field: ids[e.field], message: e.message }))}
        fieldLabels={Object.fromEntries(Object.entries(subscriptionFieldLabels).map(([field, label]) => [ids[field as keyof typeof ids], label]))}
      />
      <form method="post" action={manageSubscriptionHref(sub.eventNotificationTypeId)} noValidate>
        <CsrfField />
        <SubscriptionFields idPrefix={MANAGE_FORM_PREFIX} subscription={sub} values={values} leas={leas} errors={errors} />
        <div className="button-row">
          <button type="submit" className="usa-button">
            {subscriptionText.save}
          </button>
          <a className="usa-button usa-button--outline" href={NOTIFICATION_SETTINGS_PATH}>
            {uiText.cancel}
          </a>
        </div>
      </form>
    </div>
  );
}
