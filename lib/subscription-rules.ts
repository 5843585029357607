// The Manage Subscription form of /notification-settings (spec §3 Subscription, §4, §5).
// - Frequencies offered: Immediately and Daily, as far as the event type supports them.
// - A required event type locks the email option and the LEA selection (they keep the values
//   the agency set); frequency and the in-system option stay editable.
// - Save is disabled while the form is invalid. Valid means: at least one delivery method
//   (email or in-system) among those the type supports, one of the offered frequencies, and
//   at least one LEA when the type is per-LEA (hasLea) and not required.
import { Frequency, type Subscription } from './browser-contract.js';
import type { SaveSubscriptionRequest } from './contract.js';
import { subscriptionText, uiText, validationMessages } from './messages.js';

export type FrequencyValue = (typeof Frequency)[keyof typeof Frequency];

export interface FrequencyOption {
  value: FrequencyValue;
  label: string;
}

const OFFERED: readonly FrequencyOption[] = [
  { value: Frequency.Immediately, label: subscriptionText.immediately },
  { value: Frequency.Daily, label: subscriptionText.daily },
];

export function frequencyOptions(sub: Pick<Subscription, 'supportedFrequency'>): FrequencyOption[] {
  return OFFERED.filter((o) => sub.supportedFrequency.includes(o.value));
}

export interface SubscriptionLocks {
  email: boolean;
  leas: boolean;
  inApp: boolean;
  frequency: boolean;
}

/** Which controls are disabled: a required type locks email and LEAs; unsupported methods are locked too. */
export function subscriptionLocks(
  sub: Pick<Subscription, 'isEventNotificationTypeRequired' | 'isSupportsEmail' | 'isSupportsInApp'>,
): SubscriptionLocks {
  const required = sub.isEventNotificationTypeRequired;
  return { email: required || !sub.isSupportsEmail, leas: required, inApp: !sub.isSupportsInApp, frequency: false };
}

/** What the table's Subscription column says. */
export function subscriptionLabel(sub: Pick<Subscription, 'isSubscribed' | 'isEmail' | 'isInApp'>): string {
  if (!sub.isSubscribed) return uiText.subscriptionNone;
  if (sub.isEmail && sub.isInApp) return uiText.subscriptionBoth;
  if (sub.isEmail) return uiText.subscriptionEmail;
  if (sub.isInApp) return uiText.subscriptionInSystem;
  return uiText.subscriptionNone;
}

export interface SubscriptionFormValues {
  isEmail: boolean;
  isInApp: boolean;
  frequency: number;
  subscribedLeaIds: number[];
}

export type SubscriptionField = 'delivery' | 'frequency' | 'subscribedLeaIds';

/** How an error summary names each field of the subscription form (its fieldset legends). */
export const subscriptionFieldLabels: Readonly<Record<SubscriptionField, string>> = {
  delivery: subscriptionText.delivery,
  frequency: subscriptionText.frequency,
  subscribedLeaIds: subscriptionText.leas,
};

export interface SubscriptionFormError {
  field: SubscriptionField;
  message: string;
}

/** The values the dialog opens with: the saved ones, with locked controls at their saved state. */
export function initialSubscriptionValues(sub: Subscription): SubscriptionFormValues {
  const options = frequencyOptions(sub);
  const frequency = options.some((o) => o.value === sub.frequency) ? sub.frequency : (options[0]?.value ?? Frequency.None);
  return {
    isEmail: sub.isSupportsEmail && sub.isEmail,
    isInApp: sub.isSupportsInApp && sub.isInApp,
    frequency,
    subscribedLeaIds: [...sub.subscribedLeaIds],
  };
}

/** Locked controls cannot be changed by a (possibly forged) form post: keep their saved values. */
function applyLocks(sub: Subscription, values: SubscriptionFormValues): SubscriptionFormValues {
  const locks = subscriptionLocks(sub);
  return {
    isEmail: locks.email ? sub.isSupportsEmail && sub.isEmail : values.isEmail,
    isInApp: locks.inApp ? false : values.isInApp,
    frequency: values.frequency,
    subscribedLeaIds: locks.leas ? [...sub.subscribedLeaIds] : [...new Set(values.subscribedLeaIds)],
  };
}

/** Errors of the form; an empty list means Save is enabled. */
export function validateSubscription(
  sub: Subscription,
  values: SubscriptionFormValues,
  offeredLeaIds?: readonly number[],
): SubscriptionFormError[] {
  const v = applyLocks(sub, values);
  const errors: SubscriptionFormError[] = [];
  if (!v.isEmail && !v.isInApp) errors.push({ field: 'delivery', message: subscriptionText.chooseDelivery });
  if (!frequencyOptions(sub).some((o) => o.value === v.frequency)) {
    errors.push({ field: 'frequency', message: validationMessages.selectFromList });
  }
  if (sub.hasLea && !sub.isEventNotificationTypeRequired) {
    if (v.subscribedLeaIds.length === 0) errors.push({ field: 'subscribedLeaIds', message: subscriptionText.chooseLea });
    else if (offeredLeaIds && v.subscribedLeaIds.some((id) => !offeredLeaIds.includes(id))) {
      errors.push({ field: 'subscribedLeaIds', message: validationMessages.selectFromList });
    }
  }
  return errors;
}

export function canSaveSubscription(sub: Subscription, values: SubscriptionFormValues, offeredLeaIds?: readonly number[]): boolean {
  return validateSubscription(sub, values, offeredLeaIds).length === 0;
}

/** The POST body for api/event-notification/subscriptions; saving always subscribes (spec §4). */
export function toSaveRequest(sub: Subscription, values: SubscriptionFormValues): SaveSubscriptionRequest {
  const v = applyLocks(sub, values);
  return {
    isInApp: v.isInApp,
    isEmail: v.isEmail,
    frequency: v.frequency,
    isSubscribed: true,
    eventNotificationSubscriptionId: sub.eventNotificationSubscriptionId,
    eventNotificationTypeId: sub.eventNotificationTypeId,
    subscribedLeaIds: sub.hasLea ? v.subscribedLeaIds : [],
  };
}

// ---- what the form page and the dialog island both decide ----------------------------------------

export interface LeaChoice {
  id: number;
  name: string;
}

export type LeaChoices = { state: 'ready'; leas: readonly LeaChoice[] } | { state: 'loading' } | { state: 'error' };

/** Whether the form offers LEAs: per-LEA types that are not required (those go to every LEA). */
export function offersLeas(sub: Pick<Subscription, 'hasLea' | 'isEventNotificationTypeRequired'>): boolean {
  return sub.hasLea && !sub.isEventNotificationTypeRequired;
}

/** The element each field's error links to (the first control of its group). */
export function subscriptionFieldIds(idPrefix: string, sub: Subscription, leas: LeaChoices): Record<SubscriptionField, string> {
  const locks = subscriptionLocks(sub);
  const firstLea = leas.state === 'ready' ? leas.leas[0] : undefined;
  return {
    delivery: locks.email ? `${idPrefix}-is-in-app` : `${idPrefix}-is-email`,
    frequency: `${idPrefix}-frequency-${frequencyOptions(sub)[0]?.value ?? 0}`,
    subscribedLeaIds: firstLea ? `${idPrefix}-lea-${firstLea.id}` : `${idPrefix}-leas`,
  };
}

/** Unsubscribe is offered for a subscription the user has and may end (not a required type). */
export function canUnsubscribe(sub: Subscription): boolean {
  return sub.isSubscribed && sub.eventNotificationSubscriptionId !== null && !sub.isEventNotificationTypeRequired;
}
