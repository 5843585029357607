// /auth/reset-password?email&token (spec §2): new and confirm password with the requirements
// beside them, and the list of the server's reasons when a reset was refused.
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';
import type { FieldError } from '../../../lib/validation/auth.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';
import ResetPasswordForm from '../../../islands/ResetPasswordForm.island.js';

export interface ResetPasswordPageProps {
  email: string;
  token: string;
  errors: FieldError[];
  /** The API's reasons for refusing the reset (spec §8), each shown as given. */
  serverErrors: string[];
  /** The API says the link is used or expired: no form, a way to ask for a new link instead. */
  linkUnusable?: boolean;
}

export function ResetPasswordPage({ email, token, errors, serverErrors, linkUnusable = false }: ResetPasswordPageProps): ReactElement {
  const { csrfToken } = useRequestContext();
  const linkComplete = email !== '' && token !== '';
  return (
    <div>
      <h1>{uiText.resetPassword}</h1>
      {linkUnusable ? (
        <div className="usa-alert usa-alert--warning" role="alert" data-testid="reset-link-unusable">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              {uiText.resetPasswordLinkUnusable} <a href={`/auth/forgot-password?${new URLSearchParams({ email }).toString()}`}>{uiText.askForNewResetLink}</a>
            </p>
          </div>
        </div>
      ) : linkComplete ? (
        <Island name="ResetPasswordForm" component={ResetPasswordForm} props={{ csrfToken, email, token, errors, serverReasons: serverErrors }} />
      ) : (
        <div className="usa-alert usa-alert--warning" role="alert">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              {uiText.resetPasswordLinkInvalid} <a href="/auth/forgot-password">{uiText.forgotPassword}</a>
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
