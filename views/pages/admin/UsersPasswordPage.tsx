// /admin/manage-users/:id/password: an administrator sets a user's password (spec §7 PUT
// /api/account/admin/changeuser-password). The password policy is listed beside the form; the
// fields are never re-filled after an error.
import type { ReactElement } from 'react';
import { adminUsersText as t, uiText } from '../../../lib/messages.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import PasswordChecklist from '../../../islands/PasswordChecklist.island.js';
import { Island } from '../../Island.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { userHref } from './UsersListPage.js';

export interface UsersPasswordPageProps {
  userId: string;
  name: string;
  errors: readonly FieldError[];
  formError?: string | undefined;
}

const REQUIREMENTS_ID = 'set-password-requirements';

export function UsersPasswordPage({ userId, name, errors, formError }: UsersPasswordPageProps): ReactElement {
  const summary: SummaryError[] = formError ? [...errors, { message: formError }] : [...errors];
  return (
    <>
      <PageHeader title={t.setPasswordFor(name)} backHref={userHref(userId)} />
      <ErrorSummary errors={summary} />
      <div className="grid-row grid-gap">
        <form method="post" action={`${userHref(userId)}/password`} className="usa-form tablet:grid-col-7" noValidate>
          <CsrfField />
          <p>{t.setPasswordIntro}</p>
          <TextField
            id="newPassword"
            label={uiText.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            error={errorFor(errors, 'newPassword')}
            describedBy={REQUIREMENTS_ID}
            required
          />
          <TextField
            id="confirmPassword"
            label={uiText.confirmNewPasswordLabel}
            type="password"
            autoComplete="new-password"
            error={errorFor(errors, 'confirmPassword')}
            required
          />
          <div className="button-row">
            <Button type="submit">{t.setPassword}</Button>
          </div>
        </form>
        <div className="tablet:grid-col-5">
          <Island name="PasswordChecklist" component={PasswordChecklist} props={{ id: REQUIREMENTS_ID, inputId: 'newPassword' }} />
        </div>
      </div>
    </>
  );
}
