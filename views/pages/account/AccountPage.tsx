// /account (the user menu's "My account"): the signed-in user's profile, a password change and
// preferences, each its own form posting to /account/<part> (spec §3 current user, §7
// PUT /api/account/users/{id}/password and /users/me/preferences). Email and roles are shown,
// not edited: changing them is a user manager's work (Admin → Manage Users).
import type { ReactElement } from 'react';
import { accountText as t, uiText } from '../../../lib/messages.js';
import type { SelectOption } from '../../components/form/SelectField.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { roleLabel } from '../../../lib/role-label.js';
import PasswordChecklist from '../../../islands/PasswordChecklist.island.js';
import { Island } from '../../Island.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { PHONE_MAX_LENGTH } from '../../../lib/validation/admin-users.js';

export type AccountForm = 'profile' | 'password' | 'preferences';

export interface AccountPageProps {
  title: string;
  account: { userName: string; email: string; roles: readonly string[] };
  profile: { fullName: string; jobTitle: string; phoneNumber: string };
  preferences: { language: string; homeUrl: string };
  languages: readonly SelectOption[];
  homePages: readonly SelectOption[];
  /** The form that was posted and refused, with its errors (one form at a time). */
  failed?: { form: AccountForm; errors: readonly FieldError[]; formError?: string | undefined } | undefined;
}

const REQUIREMENTS_ID = 'account-password-requirements';

const fieldLabels: Record<string, string> = {
  fullName: t.fullName,
  jobTitle: t.jobTitle,
  phoneNumber: t.phoneNumber,
  currentPassword: t.currentPassword,
  newPassword: uiText.newPasswordLabel,
  confirmPassword: uiText.confirmNewPasswordLabel,
  language: t.language,
  homeUrl: t.homeUrl,
};

export function AccountPage({ title, account, profile, preferences, languages, homePages, failed }: AccountPageProps): ReactElement {
  const errorsOf = (form: AccountForm): readonly FieldError[] => (failed?.form === form ? failed.errors : []);
  const summary = failed ? [...failed.errors, ...(failed.formError ? [{ message: failed.formError }] : [])] : [];
  return (
    <>
      <PageHeader title={title} />
      <ErrorSummary errors={summary} fieldLabels={fieldLabels} />

      <section className="account-section" aria-labelledby="profile-heading" id="profile">
        <h2 id="profile-heading">{t.profile}</h2>
        <div className="grid-row grid-gap">
          <form method="post" action="/account/profile" className="usa-form tablet:grid-col-7" noValidate>
            <CsrfField />
            <p>{t.profileIntro}</p>
            <TextField id="fullName" label={t.fullName} value={profile.fullName} autoComplete="name" error={errorFor(errorsOf('profile'), 'fullName')} required maxLength={200} />
            <TextField id="jobTitle" label={t.jobTitle} value={profile.jobTitle} autoComplete="organization-title" error={errorFor(errorsOf('profile'), 'jobTitle')} maxLength={200} />
            <TextField
              id="phoneNumber"
              label={t.phoneNumber}
              type="tel"
              value={profile.phoneNumber}
              autoComplete="tel"
              hint={t.phoneHint}
              error={errorFor(errorsOf('profile'), 'phoneNumber')}
              maxLength={PHONE_MAX_LENGTH}
            />
            <div className="button-row">
              <Button type="submit">{t.saveProfile}</Button>
            </div>
          </form>
          <div className="tablet:grid-col-5">
            <dl className="account-facts" data-testid="account-facts">
              <dt>{t.email}</dt>
              <dd>{account.email}</dd>
              {account.userName.toLowerCase() !== account.email.toLowerCase() ? (
                <>
                  <dt>{t.userName}</dt>
                  <dd>{account.userName}</dd>
                </>
              ) : null}
              <dt>{t.roles}</dt>
              <dd>
                {account.roles.length === 0 ? (
                  t.noRoles
                ) : (
                  <ul className="usa-list usa-list--unstyled">
                    {account.roles.map((r) => (
                      <li key={r}>{roleLabel(r)}</li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>
            <p className="usa-hint">{t.readOnlyNote}</p>
          </div>
        </div>
      </section>

      <section className="account-section" aria-labelledby="password-heading" id="password">
        <h2 id="password-heading">{t.changePassword}</h2>
        <div className="grid-row grid-gap">
          <form method="post" action="/account/password" className="usa-form tablet:grid-col-7" noValidate>
            <CsrfField />
            <p>{t.changePasswordIntro}</p>
            {/* The user name lets password managers file the new password under the right account. */}
            <input type="text" name="username" value={account.userName} autoComplete="username" readOnly hidden />
            <TextField id="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password" error={errorFor(errorsOf('password'), 'currentPassword')} required />
            <TextField
              id="newPassword"
              label={uiText.newPasswordLabel}
              type="password"
              autoComplete="new-password"
              error={errorFor(errorsOf('password'), 'newPassword')}
              describedBy={REQUIREMENTS_ID}
              required
            />
            <TextField id="confirmPassword" label={uiText.confirmNewPasswordLabel} type="password" autoComplete="new-password" error={errorFor(errorsOf('password'), 'confirmPassword')} required />
            <div className="button-row">
              <Button type="submit">{t.changePassword}</Button>
            </div>
          </form>
          <div className="tablet:grid-col-5">
            <Island name="PasswordChecklist" component={PasswordChecklist} props={{ id: REQUIREMENTS_ID, inputId: 'newPassword' }} />
          </div>
        </div>
      </section>

      <section className="account-section" aria-labelledby="preferences-heading" id="preferences">
        <h2 id="preferences-heading">{t.preferences}</h2>
        <form method="post" action="/account/preferences" className="usa-form" noValidate>
          <CsrfField />
          <SelectField id="language" label={t.language} value={preferences.language} options={languages} error={errorFor(errorsOf('preferences'), 'language') ?? undefined} />
          <SelectField id="homeUrl" label={t.homeUrl} value={preferences.homeUrl} options={homePages} hint={t.homeUrlHint} error={errorFor(errorsOf('preferences'), 'homeUrl') ?? undefined} />
          <div className="button-row">
            <Button type="submit">{t.savePreferences}</Button>
          </div>
        </form>
      </section>
    </>
  );
}
