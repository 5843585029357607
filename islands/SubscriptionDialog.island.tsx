// One row's actions on /notification-settings (spec §2 Notification settings, §4 Subscription,
// §5 Subscription form, §8): Manage Subscription opens a 900 px dialog with the subscription
// form, and Unsubscribe asks 'Unsubscribe from {name}?' (Cancel / Unsubscribe).
//
// No JavaScript: Manage Subscription is a link to the form page /notification-settings/:typeId
// and Unsubscribe a link to its confirmation page; both POST real forms.
// With JavaScript: both open native <dialog>s (showModal: focus moves in and stays, Escape
// closes, focus returns). The form follows lib/subscription-rules.ts (required types lock email
// and the LEAs; only Immediately and Daily, as far as the type supports them; Save disabled
// while invalid) and saves through the portal's /api proxy, with the toast 'Subscription
// updated successfully' or 'Error updating subscription'. The row's Subscription cell is
// updated in place.
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { leaChoiceList, sessionExpiredBody, subscriptionMini, type Subscription } from '../lib/browser-contract.js';
import { reportServerResponse } from '../lib/client-events.js';
import { errorMessages, shellText, subscriptionText, uiText } from '../lib/messages.js';
import {
  frequencyOptions,
  initialSubscriptionValues,
  subscriptionLabel,
  subscriptionLocks,
  toSaveRequest,
  validateSubscription,
  type SubscriptionField,
  type SubscriptionFormError,
  type SubscriptionFormValues,
} from '../lib/subscription-rules.js';
import { withToast } from '../lib/toast.js';
import { ConfirmDialog } from '../views/components/ConfirmDialog.js';
import { CheckboxField } from '../views/components/form/CheckboxField.js';
import { Icon } from '../views/components/Icon.js';
import { apiFetch } from './api.js';

// ---- the form's fields, shared with the no-JavaScript page (ManageSubscriptionPage) ------------

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

export interface SubscriptionFieldsProps {
  idPrefix: string;
  subscription: Subscription;
  values: SubscriptionFormValues;
  leas: LeaChoices;
  errors: readonly SubscriptionFormError[];
  /** Given: the inputs are controlled (the island); without it they post as a plain form. */
  onChange?: (values: SubscriptionFormValues) => void;
}

function GroupError({ id, message }: { id: string; message: string | undefined }): ReactElement | null {
  if (!message) return null;
  return (
    <span className="usa-error-message" id={id}>
      <span className="usa-sr-only">{uiText.errorPrefix}</span>
      {message}
    </span>
  );
}

export function SubscriptionFields({ idPrefix, subscription: sub, values, leas, errors, onChange }: SubscriptionFieldsProps): ReactElement {
  const locks = subscriptionLocks(sub);
  const errorOf = (field: SubscriptionField) => errors.find((e) => e.field === field)?.message;
  const change = (patch: Partial<SubscriptionFormValues>) => onChange?.({ ...values, ...patch });
  const controlled = onChange !== undefined;
  const group = (field: SubscriptionField) => `usa-form-group subscription-fields__group${errorOf(field) ? ' usa-form-group--error' : ''}`;
  const errorId = (field: SubscriptionField) => (errorOf(field) ? `${idPrefix}-${field}-error` : undefined);

  return (
    <div className="subscription-fields">
      {sub.isEventNotificationTypeRequired ? <p className="usa-hint subscription-fields__note">{subscriptionText.requiredNote}</p> : null}

      <div className={group('delivery')}>
        <fieldset className="usa-fieldset" aria-describedby={errorId('delivery')}>
          <legend className="usa-legend">{subscriptionText.delivery}</legend>
          <GroupError id={`${idPrefix}-delivery-error`} message={errorOf('delivery')} />
          <CheckboxField
            id={`${idPrefix}-is-email`}
            name="isEmail"
            label={uiText.subscriptionEmail}
            checked={values.isEmail}
            disabled={locks.email}
            onChange={controlled ? (e) => change({ isEmail: e.target.checked }) : undefined}
          />
          <CheckboxField
            id={`${idPrefix}-is-in-app`}
            name="isInApp"
            label={uiText.subscriptionInSystem}
            checked={values.isInApp}
            disabled={locks.inApp}
            onChange={controlled ? (e) => change({ isInApp: e.target.checked }) : undefined}
          />
        </fieldset>
      </div>

      <div className={group('frequency')}>
        <fieldset className="usa-fieldset" aria-describedby={errorId('frequency')}>
          <legend className="usa-legend">{subscriptionText.frequency}</legend>
          <GroupError id={`${idPrefix}-frequency-error`} message={errorOf('frequency')} />
          {frequencyOptions(sub).map((o) => {
            const id = `${idPrefix}-frequency-${o.value}`;
            const checked = values.frequency === o.value;
            return (
              <div className="usa-radio" key={o.value}>
                <input
                  className="usa-radio__input"
                  id={id}
                  type="radio"
                  name="frequency"
                  value={String(o.value)}
                  {...(controlled ? { checked, onChange: () => change({ frequency: o.value }) } : { defaultChecked: checked })}
                />
                <label className="usa-radio__label" htmlFor={id}>
                  {o.label}
                </label>
              </div>
            );
          })}
        </fieldset>
      </div>

      {offersLeas(sub) ? (
        <div className={group('subscribedLeaIds')}>
          <fieldset className="usa-fieldset subscription-fields__leas" id={`${idPrefix}-leas`} aria-describedby={errorId('subscribedLeaIds')} tabIndex={-1}>
            <legend className="usa-legend">{subscriptionText.leas}</legend>
            <GroupError id={`${idPrefix}-subscribedLeaIds-error`} message={errorOf('subscribedLeaIds')} />
            {leas.state === 'loading' ? <p role="status">{subscriptionText.leasLoading}</p> : null}
            {leas.state === 'error' ? <p role="alert">{subscriptionText.leasUnavailable}</p> : null}
            {leas.state === 'ready' && leas.leas.length === 0 ? <p>{subscriptionText.noLeas}</p> : null}
            {leas.state === 'ready' ? (
              <ul className="usa-list usa-list--unstyled subscription-fields__lea-list">
                {leas.leas.map((l) => {
                  const checked = values.subscribedLeaIds.includes(l.id);
                  return (
                    <li key={l.id}>
                      <CheckboxField
                        id={`${idPrefix}-lea-${l.id}`}
                        name="leaId"
                        value={String(l.id)}
                        label={l.name}
                        checked={checked}
                        disabled={locks.leas}
                        onChange={
                          controlled
                            ? () =>
                                change({
                                  subscribedLeaIds: checked ? values.subscribedLeaIds.filter((id) => id !== l.id) : [...values.subscribedLeaIds, l.id],
                                })
                            : undefined
                        }
                      />
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}

// ---- the island ---------------------------------------------------------------------------------

// Every row's island shares one request: the LEAs are the same for all of them.
let leaRequest: Promise<LeaChoice[]> | null = null;

function loadLeas(): Promise<LeaChoice[]> {
  leaRequest ??= (async () => {
    const response = await apiFetch('/api/leas/users');
    reportServerResponse(response);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return leaChoiceList.parse(await response.json()).map((l) => ({ id: l.id, name: l.name }));
  })().catch((err: unknown) => {
    leaRequest = null; // try again on the next opening
    throw err;
  });
  return leaRequest;
}

/** Throws for a failed answer; a lapsed session goes to sign in (spec §4). */
async function ensureOk(response: Response): Promise<void> {
  reportServerResponse(response);
  if (response.ok) return;
  if (response.status === 401) {
    const body = sessionExpiredBody.safeParse(await response.json().catch(() => null));
    if (body.success) window.location.assign(body.data.location);
  }
  throw new Error(`HTTP ${response.status}`);
}

function unsubscribed(sub: Subscription): Subscription {
  return { ...sub, eventNotificationSubscriptionId: null, isSubscribed: false, isEmail: false, isInApp: false, frequency: 0, subscribedLeaIds: [] };
}

export function canUnsubscribe(sub: Subscription): boolean {
  return sub.isSubscribed && sub.eventNotificationSubscriptionId !== null && !sub.isEventNotificationTypeRequired;
}

export interface SubscriptionDialogProps {
  subscription: Subscription;
  /** The no-JavaScript form page and confirmation page of this row. */
  manageHref: string;
  unsubscribeHref: string;
  /** Where the confirmation posts without the in-place call (the confirmation page's action). */
  unsubscribeAction: string;
  /** The id of this row's Subscription cell, updated after a save. */
  statusId: string;
  csrfToken: string;
}

export default function SubscriptionDialog(props: SubscriptionDialogProps): ReactElement {
  const { manageHref, unsubscribeHref, unsubscribeAction, statusId, csrfToken } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [sub, setSub] = useState<Subscription>(props.subscription);
  const [values, setValues] = useState<SubscriptionFormValues>(() => initialSubscriptionValues(props.subscription));
  const [leas, setLeas] = useState<LeaChoices>({ state: 'loading' });
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const manageDialog = useRef<HTMLDialogElement>(null);
  const confirmDialog = useRef<HTMLDialogElement>(null);
  const manageButton = useRef<HTMLButtonElement>(null);
  const typeId = sub.eventNotificationTypeId;
  const idPrefix = `subscription-${typeId}`;
  const titleId = `${idPrefix}-dialog-title`;

  useEffect(() => setEnhanced(true), []);

  const showStatus = (next: Subscription) => {
    setSub(next);
    document.getElementById(statusId)?.replaceChildren(subscriptionLabel(next));
  };

  const openManage = () => {
    setValues(initialSubscriptionValues(sub));
    manageDialog.current?.showModal();
    if (!offersLeas(sub)) return;
    setLeas({ state: 'loading' });
    loadLeas().then(
      (list) => setLeas({ state: 'ready', leas: list }),
      () => setLeas({ state: 'error' }),
    );
  };

  const offered = leas.state === 'ready' ? leas.leas.map((l) => l.id) : undefined;
  const errors = validateSubscription(sub, values, offered);
  const ready = !offersLeas(sub) || leas.state === 'ready';
  const canSave = ready && errors.length === 0 && !saving;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      await withToast(
        async () => {
          const response = await apiFetch('/api/event-notification/subscriptions', { method: 'POST', body: JSON.stringify(toSaveRequest(sub, values)) });
          await ensureOk(response);
          showStatus(subscriptionMini.parse(await response.json()));
          manageDialog.current?.close();
        },
        { success: errorMessages.subscriptionUpdated, error: errorMessages.subscriptionError },
      );
    } catch {
      // The error toast said it; the dialog stays open with what was entered.
    } finally {
      setSaving(false);
    }
  };

  // Ok in the confirmation posts its form: here the call is made in place instead.
  useEffect(() => {
    const dialog = confirmDialog.current;
    if (!dialog) return undefined;
    const onSubmit = (e: SubmitEvent) => {
      if ((e.submitter as HTMLButtonElement | null)?.formMethod === 'dialog') return;
      e.preventDefault();
      const id = sub.eventNotificationSubscriptionId;
      if (id === null) return;
      setRemoving(true);
      withToast(
        async () => {
          const response = await apiFetch(`/api/event-notification/subscriptions/unsubscribe/${id}`, { method: 'DELETE' });
          await ensureOk(response);
          showStatus(unsubscribed(sub));
          dialog.close();
          // The Unsubscribe button is gone: keep focus in the row.
          manageButton.current?.focus();
        },
        { success: errorMessages.subscriptionUpdated, error: errorMessages.subscriptionError },
      )
        .catch(() => dialog.close())
        .finally(() => setRemoving(false));
    };
    dialog.addEventListener('submit', onSubmit);
    return () => dialog.removeEventListener('submit', onSubmit);
  });

  if (!enhanced) {
    return (
      <div className="subscription-actions">
        <a className="usa-button usa-button--outline" href={manageHref} aria-label={subscriptionText.manageSubscriptionFor(sub.name)}>
          {uiText.manageSubscription}
        </a>
        {canUnsubscribe(sub) ? (
          <a className="usa-button usa-button--unstyled" href={unsubscribeHref} aria-label={subscriptionText.unsubscribeNamed(sub.name)}>
            {uiText.unsubscribe}
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <div className="subscription-actions">
      <button
        ref={manageButton}
        type="button"
        className="usa-button usa-button--outline"
        aria-haspopup="dialog"
        aria-label={subscriptionText.manageSubscriptionFor(sub.name)}
        onClick={openManage}
      >
        {uiText.manageSubscription}
      </button>
      {canUnsubscribe(sub) ? (
        <button
          type="button"
          className="usa-button usa-button--unstyled"
          aria-haspopup="dialog"
          aria-label={subscriptionText.unsubscribeNamed(sub.name)}
          onClick={() => confirmDialog.current?.showModal()}
        >
          {uiText.unsubscribe}
        </button>
      ) : null}

      <dialog ref={manageDialog} className="portal-dialog dialog-subscription" aria-labelledby={titleId} aria-describedby={`${idPrefix}-dialog-about`}>
        <div className="portal-dialog__header">
          <h2 className="portal-dialog__title" id={titleId}>
            {uiText.manageSubscription}
          </h2>
          <button type="button" className="usa-button usa-button--unstyled portal-dialog__close" onClick={() => manageDialog.current?.close()}>
            <Icon name="close" />
            <span className="usa-sr-only">{shellText.close}</span>
          </button>
        </div>
        <div className="portal-dialog__body" id={`${idPrefix}-dialog-about`}>
          <p className="subscription-dialog__name">{sub.name}</p>
          <p>{sub.description}</p>
        </div>
        <form onSubmit={(e) => void save(e)} noValidate>
          <SubscriptionFields idPrefix={idPrefix} subscription={sub} values={values} leas={leas} errors={errors} onChange={setValues} />
          <div className="portal-dialog__actions">
            <button type="button" className="usa-button usa-button--outline" onClick={() => manageDialog.current?.close()}>
              {uiText.cancel}
            </button>
            <button type="submit" className="usa-button" disabled={!canSave}>
              {subscriptionText.save}
            </button>
          </div>
        </form>
      </dialog>

      <ConfirmDialog
        id={`${idPrefix}-unsubscribe`}
        dialogRef={confirmDialog}
        message={uiText.unsubscribeFrom(sub.name)}
        okLabel={uiText.unsubscribe}
        cancelLabel={uiText.cancel}
        action={unsubscribeAction}
        fields={{ confirm: 'yes' }}
        csrfToken={csrfToken}
        busy={removing}
      />
    </div>
  );
}
