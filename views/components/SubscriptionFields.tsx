// The Manage Subscription form's fields (spec §5 Subscription form), rendered by the
// no-JavaScript page (ManageSubscriptionPage) and, controlled, by the SubscriptionDialog island.
import type { ReactElement } from 'react';
import type { Subscription } from '../../lib/browser-contract.js';
import { subscriptionText, uiText } from '../../lib/messages.js';
import {
  frequencyOptions,
  offersLeas,
  subscriptionLocks,
  type LeaChoices,
  type SubscriptionField,
  type SubscriptionFormError,
  type SubscriptionFormValues,
} from '../../lib/subscription-rules.js';
import { CheckboxField } from './form/CheckboxField.js';

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
