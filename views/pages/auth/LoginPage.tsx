// /auth/login (spec §2): the image and instruction text on one side, the sign-in form on the
// other. With a verification uid the instruction text is replaced by the verification result
// and the Forgot Password link is hidden.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { uiText } from '../../../lib/messages.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { Button } from '../../components/form/Button.js';
import { TextBlock } from '../../components/TextBlock.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';
import ResetPasswordDialog from '../../../islands/ResetPasswordDialog.island.js';
import RecaptchaField from '../../../islands/RecaptchaField.island.js';

export const LOGIN_IMAGE = '/images/login.svg';
/** Where the sign-in page's offer of a new verification email posts. */
export const RESEND_BY_ADDRESS_PATH = '/auth/resend-verification';

export interface LoginPageProps {
  /** The entered email (the password is never sent back). */
  userName: string;
  errors: FieldError[];
  /** A sign-in failure that belongs to no one field. */
  formError?: string;
  /** Already made safe: a same-origin path. */
  returnUrl: string;
  /** The email verification uid, '' when none. */
  uid: string;
  /** login-screen-text, or the verification success/failure block. */
  textBlock: TextBlockData | null;
  /** The verification error of spec §8, when verification did not succeed. */
  verificationError?: string;
  /** The address of a sign-in refused as not verified: the page offers a new verification email. */
  offerResendFor?: string;
}

export function LoginPage(props: LoginPageProps): ReactElement {
  const { userName, errors, formError, returnUrl, uid, textBlock, verificationError, offerResendFor } = props;
  const { config, nonce } = useRequestContext();
  const summary: SummaryError[] = [...(formError ? [{ message: formError }] : []), ...errors];
  return (
    <div className="login-layout">
      <div className="login-layout__aside">
        <img className="login-layout__illustration" src={LOGIN_IMAGE} alt={uiText.loginImageAlt} />
        {verificationError ? (
          <div className="usa-alert usa-alert--error" role="alert" data-testid="verification-error">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{verificationError}</p>
            </div>
          </div>
        ) : null}
        <TextBlock block={textBlock} className="login-layout__text" />
      </div>
      <div className="login-layout__main">
        <div className="login-layout__form">
        <h1>{uiText.signIn}</h1>
        <ErrorSummary errors={summary} />
        <form method="post" action="/auth/login" noValidate className="usa-form">
          <CsrfField />
          <input type="hidden" name="returnUrl" value={returnUrl} />
          {uid ? <input type="hidden" name="uid" value={uid} /> : null}
          {config.recaptchaSiteKey ? (
            <Island name="RecaptchaField" component={RecaptchaField} props={{ siteKey: config.recaptchaSiteKey, action: 'login', nonce }} />
          ) : (
            <input type="hidden" name="recaptchaToken" value="" />
          )}
          <TextField
            id="userName"
            label={uiText.emailLabel}
            type="email"
            autoComplete="username"
            required
            maxLength={200}
            value={userName}
            error={errorFor(errors, 'userName')}
          />
          <TextField
            id="password"
            label={uiText.passwordLabel}
            type="password"
            autoComplete="current-password"
            required
            value=""
            error={errorFor(errors, 'password')}
          />
          <Button type="submit">{uiText.signIn}</Button>
        </form>
        {offerResendFor ? (
          <form method="post" action={RESEND_BY_ADDRESS_PATH} className="usa-form login-layout__resend" data-testid="resend-verification">
            <CsrfField />
            <input type="hidden" name="email" value={offerResendFor} />
            <p>{uiText.lostVerificationEmail}</p>
            <Button type="submit" variant="outline">
              {uiText.sendNewVerificationEmail}
            </Button>
          </form>
        ) : null}
        {/* Spec §2: the Forgot Password link is hidden for a verification user. */}
        {uid ? null : (
          <div className="login-layout__links">
            <Island name="ResetPasswordDialog" component={ResetPasswordDialog} props={{ loginEmailId: 'userName' }} />
          </div>
        )}
        </div>
      </div>
    </div>
  );
}
