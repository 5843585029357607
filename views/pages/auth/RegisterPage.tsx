// /auth/register (spec §2, §5): the simple register form. Submitting only validates; no account
// is made here, so a valid form points the user to /dr-request, where accounts are created.
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';
import type { FieldError } from '../../../lib/validation/auth.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';
import RegisterForm from '../../../islands/RegisterForm.island.js';

export interface RegisterPageProps {
  values: { email: string; firstName: string; lastName: string };
  errors: FieldError[];
  /** True after a submit that passed every check. */
  valid: boolean;
}

export function RegisterPage({ values, errors, valid }: RegisterPageProps): ReactElement {
  const { csrfToken } = useRequestContext();
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-8 desktop:grid-col-6">
        <h1>{uiText.register}</h1>
        {valid ? (
          <div className="usa-alert usa-alert--success" role="status" data-testid="register-valid">
            <div className="usa-alert__body">
              <p className="usa-alert__text">
                {uiText.registerDetailsValid} <a href="/dr-request">{uiText.registerCreateAccountLink}</a>
              </p>
            </div>
          </div>
        ) : null}
        <Island name="RegisterForm" component={RegisterForm} props={{ csrfToken, values, errors }} />
      </div>
    </div>
  );
}
