// /auth/forgot-password: the Reset Password dialog as a page, for browsers without
// JavaScript (the login page's Forgot Password link points here until an island takes over).
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { Button } from '../../components/form/Button.js';

export interface ForgotPasswordPageProps {
  email: string;
  errors: FieldError[];
  /** The recovery failure (spec §8: server message or 'Could not reset password.'). */
  formError?: string;
}

export function ForgotPasswordPage({ email, errors, formError }: ForgotPasswordPageProps): ReactElement {
  const summary: SummaryError[] = [...(formError ? [{ message: formError }] : []), ...errors];
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-8 desktop:grid-col-6">
        <h1>{uiText.resetPassword}</h1>
        <ErrorSummary errors={summary} />
        <p id="forgot-password-intro">{uiText.resetPasswordDialogIntro}</p>
        <form method="post" action="/auth/forgot-password" noValidate className="usa-form">
          <CsrfField />
          <TextField
            id="email"
            label={uiText.emailLabel}
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            value={email}
            error={errorFor(errors, 'email')}
            describedBy="forgot-password-intro"
          />
          <ul className="usa-button-group">
            <li className="usa-button-group__item">
              <Button type="submit">{uiText.submit}</Button>
            </li>
            <li className="usa-button-group__item">
              <a className="usa-button usa-button--outline" href="/auth/login">
                {uiText.cancel}
              </a>
            </li>
          </ul>
        </form>
      </div>
    </div>
  );
}
