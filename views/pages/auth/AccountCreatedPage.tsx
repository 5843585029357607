// /auth/account-created?uid&email (spec §2): the registration's success card, the address the
// confirmation went to, and the resend control with its 300 s lock.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { uiText } from '../../../lib/messages.js';
import { TextBlock } from '../../components/TextBlock.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';
import ResendVerification from '../../../islands/ResendVerification.island.js';

export interface AccountCreatedPageProps {
  uid: string;
  email: string;
  textBlock: TextBlockData | null;
  /** Seconds left on the resend lock (0: resend allowed). */
  lockSeconds: number;
}

export function AccountCreatedPage({ uid, email, textBlock, lockSeconds }: AccountCreatedPageProps): ReactElement {
  const { csrfToken } = useRequestContext();
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        <h1>{uiText.requestDisputeResolution}</h1>
        <div className="usa-card account-created">
          <div className="usa-card__container">
            <div className="usa-card__header">
              <h2 className="usa-card__heading">{uiText.accountCreationSuccess}</h2>
            </div>
            <div className="usa-card__body">
              <TextBlock block={textBlock} headingLevel={3} />
              {email ? <p data-testid="confirmation-email-note">{uiText.confirmationEmailSent(email)}</p> : null}
              {uid ? (
                <Island name="ResendVerification" component={ResendVerification} props={{ csrfToken, uid, email, lockSeconds }} />
              ) : null}
            </div>
            <div className="usa-card__footer">
              <a className="usa-link" href="/auth/login">
                {uiText.goToSignIn}
              </a>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
