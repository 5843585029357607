// /auth/confirm-email?token (issue 10, finding 1): the owner of a new email address confirms
// it from the link sent there; the page says what happened and leads to sign-in.
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';

export type ConfirmEmailOutcome = 'confirmed' | 'invalid' | 'taken' | 'error';

const messageOf: Record<ConfirmEmailOutcome, string> = {
  confirmed: uiText.confirmEmailDone,
  invalid: uiText.confirmEmailUnusable,
  taken: uiText.confirmEmailTaken,
  error: uiText.confirmEmailFailed,
};

export function ConfirmEmailPage({ outcome }: { outcome: ConfirmEmailOutcome }): ReactElement {
  const ok = outcome === 'confirmed';
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        <h1>{uiText.confirmEmailTitle}</h1>
        <div className={`usa-alert ${ok ? 'usa-alert--success' : 'usa-alert--error'}`} role={ok ? 'status' : 'alert'}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{messageOf[outcome]}</p>
          </div>
        </div>
        <p>
          <a className="usa-link" href="/auth/login">
            {uiText.goToSignIn}
          </a>
        </p>
      </div>
    </div>
  );
}
