// The password requirements of spec §5 beside a new-password field, each ticked when the typed
// password meets it (the reset form, the account page, an admin setting a password).
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';
import { passwordRequirements } from '../../../lib/password-policy.js';

export function PasswordRequirementList({ id, password }: { id: string; password: string }): ReactElement {
  return (
    <section id={id} className="password-requirements" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="password-requirements__title">
        {uiText.passwordRequirementsTitle}
      </h2>
      <ul className="usa-list usa-list--unstyled">
        {passwordRequirements.map((r) => {
          const met = r.test(password);
          return (
            <li key={r.id} className={`password-requirement password-requirement--${met ? 'met' : 'unmet'} ${met ? 'text-green' : 'text-base-dark'}`} data-met={met}>
              <span className="password-requirement__icon" aria-hidden="true">
                {met ? '\u2713' : '\u2717'}
              </span>
              {` ${r.label}`}
              <span className="usa-sr-only">{` (${met ? uiText.requirementMet : uiText.requirementNotMet})`}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
