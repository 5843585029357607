// The reset-password form (spec §2, §5): new and confirm password, both required; the Reset
// button is disabled while the form is invalid or a requirement of the checklist is unmet once
// JavaScript runs (without it the button is enabled and the server validates); the password
// requirements beside it are ticked off live; a refusal from the last try goes once the user types.
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { uiText } from '../lib/messages.js';
import { passwordRequirements } from '../lib/password-policy.js';
import { resetPasswordFieldError, resetPasswordFields, type FieldError, type ResetPasswordField } from '../lib/validation/auth-rules.js';
import { ErrorSummary } from '../views/components/form/ErrorSummary.js';
import { TextField } from '../views/components/form/TextField.js';
import { PasswordRequirementList } from '../views/components/form/PasswordRequirementList.js';
import { Button } from '../views/components/form/Button.js';

export interface ResetPasswordFormProps {
  csrfToken: string;
  email: string;
  token: string;
  /** Field messages from a server-side check. */
  errors: FieldError[];
  /** The API's reasons for refusing the last try (spec §8), each shown as given, until the user edits. */
  serverReasons?: string[];
}

const REQUIREMENTS_ID = 'password-requirements';

export default function ResetPasswordForm({ csrfToken, email, token, errors: serverErrors, serverReasons = [] }: ResetPasswordFormProps): ReactElement {
  const [values, setValues] = useState<Record<ResetPasswordField, string>>({ newPassword: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<ResetPasswordField, boolean>>>({});
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The last try's refusal belongs to what was typed then: once the user types again it goes.
  const edited = values.newPassword !== '' || values.confirmPassword !== '';
  const messageFor = (field: ResetPasswordField): string | null => {
    if (touched[field]) return resetPasswordFieldError(field, values);
    return edited ? null : (serverErrors.find((e) => e.field === field)?.message ?? null);
  };
  // Reset waits for every rule of the checklist beside it (spec §2), not just for two equal fields.
  const valid =
    resetPasswordFields.every((f) => resetPasswordFieldError(f, values) === null) && passwordRequirements.every((r) => r.test(values.newPassword));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!valid) {
      event.preventDefault();
      setTouched({ newPassword: true, confirmPassword: true });
    }
  };

  return (
    <div className="grid-row grid-gap-lg">
      <form method="post" action="/auth/reset-password" noValidate onSubmit={onSubmit} className="usa-form tablet:grid-col-7">
        {serverReasons.length > 0 && !edited ? (
          <div className="usa-alert usa-alert--error" role="alert" data-testid="reset-server-errors">
            <div className="usa-alert__body">
              <ul className="usa-list usa-alert__text">
                {serverReasons.map((message, i) => (
                  <li key={i}>{message}</li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
        <ErrorSummary errors={edited ? [] : serverErrors} />
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <TextField
          id="newPassword"
          label={uiText.newPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          value={values.newPassword}
          error={messageFor('newPassword')}
          describedBy={REQUIREMENTS_ID}
          onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, newPassword: true }))}
        />
        <TextField
          id="confirmPassword"
          label={uiText.confirmNewPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          value={values.confirmPassword}
          error={messageFor('confirmPassword')}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, confirmPassword: true }))}
        />
        {/* Disabled only once hydrated: the server-rendered button must work without JavaScript. */}
        <Button type="submit" disabled={hydrated && !valid}>
          {uiText.reset}
        </Button>
      </form>
      <div className="tablet:grid-col-5">
        <PasswordRequirementList id={REQUIREMENTS_ID} password={values.newPassword} />
      </div>
    </div>
  );
}
