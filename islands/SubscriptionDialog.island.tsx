// One row's actions on /notification-settings (spec §2 Notification settings, §4 Subscription,
// §5 Subscription form, §8): Manage Subscription opens a 900 px dialog with the subscription
// form, and Unsubscribe asks 'Unsubscribe from {name}?' (Unsubscribe / Cancel, Cancel focused).
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
  canUnsubscribe,
  initialSubscriptionValues,
  offersLeas,
  subscriptionLabel,
  toSaveRequest,
  validateSubscription,
  type LeaChoice,
  type LeaChoices,
  type SubscriptionFormError,
  type SubscriptionFormValues,
} from '../lib/subscription-rules.js';
import { withToast } from '../lib/toast.js';
import { ConfirmDialog } from '../views/components/ConfirmDialog.js';
import { Icon } from '../views/components/Icon.js';
import { SubscriptionFields } from '../views/components/SubscriptionFields.js';
import { apiFetch } from './api.js';

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
    setActed(false);
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
  // Messages wait until the user changes something or tries to save: never before they act.
  const [acted, setActed] = useState(false);
  const shownErrors = acted ? errors : [];

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setActed(true);
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
          onClick={() => {
            confirmDialog.current?.showModal();
            confirmDialog.current?.querySelector<HTMLButtonElement>('[data-dialog-cancel]')?.focus();
          }}
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
          <SubscriptionFields
            idPrefix={idPrefix}
            subscription={sub}
            values={values}
            leas={leas}
            errors={shownErrors}
            onChange={(next) => {
              setActed(true);
              setValues(next);
            }}
          />
          <div className="portal-dialog__actions">
            <button type="submit" className="usa-button" disabled={!ready || saving}>
              {subscriptionText.save}
            </button>
            <button type="button" className="usa-button usa-button--outline" onClick={() => manageDialog.current?.close()}>
              {uiText.cancel}
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
