// The registration form of /dr-request (spec §2, §4, §5). Fields are checked as the user
// leaves them; "Passwords do not match." shows once the confirmation has been touched and is
// rechecked whenever the password changes; Create Account is disabled while the form is
// invalid (only once hydrated: without JavaScript the button works and the server validates).
// Create Account opens the non-dismissible Account Creation Confirmation dialog; only its
// Confirm sends the registration, with a fresh bot-check token, then the browser goes to
// /auth/account-created.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactElement, type SyntheticEvent } from 'react';
import { errorMessages, uiText } from '../lib/messages.js';
import {
  drRegistrationFieldError,
  drRegistrationFields,
  TEXT_MAX_LENGTH,
  type DrRegistrationField,
  type DrRegistrationValues,
  type FieldError,
} from '../lib/validation/auth-rules.js';
import { ErrorSummary, type SummaryError } from '../views/components/form/ErrorSummary.js';
import { TextField } from '../views/components/form/TextField.js';
import { CheckboxField } from '../views/components/form/CheckboxField.js';
import { Button } from '../views/components/form/Button.js';
import { apiFetch } from './api.js';
import { readJson } from './json.js';
import { getRecaptchaToken, preloadRecaptcha } from './recaptcha.js';

export const DR_REGISTER_JSON_ENDPOINT = '/dr-request/register';

export interface DrRegistrationFormProps {
  csrfToken: string;
  /** Entered values to re-render with; passwords are never sent back. */
  values: { fullName: string; email: string; agreement: boolean };
  errors: FieldError[];
  /** A failure not tied to a field (e.g. "Something went wrong!"). */
  formError?: string;
  recaptchaSiteKey?: string;
  nonce: string;
}

type Touched = Partial<Record<DrRegistrationField, boolean>>;

const trimmed = (v: DrRegistrationValues): DrRegistrationValues => ({ ...v, fullName: v.fullName.trim(), email: v.email.trim() });

export default function DrRegistrationForm(props: DrRegistrationFormProps): ReactElement {
  const { csrfToken, recaptchaSiteKey, nonce } = props;
  const [values, setValues] = useState<DrRegistrationValues>({ ...props.values, password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Touched>({});
  const [serverErrors, setServerErrors] = useState<FieldError[]>(props.errors);
  const [formError, setFormError] = useState<string | undefined>(props.formError);
  const [hydrated, setHydrated] = useState(false);
  const [sending, setSending] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    setHydrated(true);
    preloadRecaptcha(recaptchaSiteKey, nonce);
  }, [recaptchaSiteKey, nonce]);

  const current = trimmed(values);
  const clientError = (field: DrRegistrationField) => drRegistrationFieldError(field, current);
  const valid = drRegistrationFields.every((f) => clientError(f) === null);

  /** A field shows the browser's check once touched, else what the server said. */
  const messageFor = (field: DrRegistrationField): string | null => {
    if (touched[field]) return clientError(field);
    return serverErrors.find((e) => e.field === field)?.message ?? null;
  };

  const touch = (field: DrRegistrationField) => setTouched((t) => ({ ...t, [field]: true }));
  const update = <K extends keyof DrRegistrationValues>(field: K, value: DrRegistrationValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A server message belongs to the old value.
    setServerErrors((errs) => errs.filter((e) => e.field !== field));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) {
      setTouched(Object.fromEntries(drRegistrationFields.map((f) => [f, true])));
      const first = drRegistrationFields.find((f) => clientError(f) !== null);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setFormError(undefined);
    dialog.current?.showModal();
  };

  // The dialog cannot be dismissed: Escape and any other close request are refused.
  const refuseCancel = (event: SyntheticEvent<HTMLDialogElement>) => event.preventDefault();
  const refuseEscape = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') event.preventDefault();
  };

  const closeWithError = (message: string, errors: FieldError[] = []) => {
    dialog.current?.close();
    setSending(false);
    setFormError(errors.length ? undefined : message);
    setServerErrors(errors);
    setTouched({});
    // Back on the page, the error summary takes focus (rendered on the next frame).
    requestAnimationFrame(() => document.getElementById('error-summary')?.focus());
  };

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    const recaptchaToken = await getRecaptchaToken(recaptchaSiteKey, 'register', nonce);
    try {
      const response = await apiFetch(DR_REGISTER_JSON_ENDPOINT, {
        method: 'POST',
        body: JSON.stringify({ ...current, recaptchaToken }),
      });
      const body = await readJson(response);
      if (response.ok && body.ok && body.location?.startsWith('/')) {
        window.location.assign(body.location);
        return;
      }
      closeWithError(body.message ?? errorMessages.somethingWentWrong, body.errors ?? []);
    } catch {
      closeWithError(errorMessages.somethingWentWrong);
    }
  };

  const summary: SummaryError[] = [
    ...(formError ? [{ message: formError }] : []),
    ...drRegistrationFields.flatMap((f) => {
      const m = touched[f] ? null : serverErrors.find((e) => e.field === f)?.message;
      return m ? [{ field: f, message: m }] : [];
    }),
  ];

  return (
    <>
      <form method="post" action="/dr-request" noValidate onSubmit={onSubmit} className="usa-form usa-form--large dr-registration">
        <ErrorSummary errors={summary} />
        <input type="hidden" name="_csrf" value={csrfToken} />
        <p className="usa-hint">{uiText.allFieldsRequired}</p>
        <TextField
          id="fullName"
          label={uiText.fullNameLabel}
          autoComplete="name"
          required
          maxLength={TEXT_MAX_LENGTH}
          value={values.fullName}
          error={messageFor('fullName')}
          onChange={(e) => update('fullName', e.target.value)}
          onBlur={() => touch('fullName')}
        />
        <TextField
          id="password"
          label={uiText.passwordLabel}
          type="password"
          autoComplete="new-password"
          required
          maxLength={TEXT_MAX_LENGTH}
          value={values.password}
          error={messageFor('password')}
          describedBy="dr-password-requirements"
          onChange={(e) => update('password', e.target.value)}
          onBlur={() => touch('password')}
        />
        <TextField
          id="email"
          label={uiText.emailLabel}
          type="email"
          autoComplete="email"
          required
          maxLength={TEXT_MAX_LENGTH}
          value={values.email}
          error={messageFor('email')}
          onChange={(e) => update('email', e.target.value)}
          onBlur={() => touch('email')}
        />
        <TextField
          id="confirmPassword"
          label={uiText.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          maxLength={TEXT_MAX_LENGTH}
          value={values.confirmPassword}
          error={messageFor('confirmPassword')}
          onChange={(e) => update('confirmPassword', e.target.value)}
          onBlur={() => touch('confirmPassword')}
        />
        <CheckboxField
          id="agreement"
          label={uiText.agreementText}
          required
          checked={values.agreement}
          error={messageFor('agreement')}
          onChange={(e) => {
            update('agreement', e.target.checked);
            touch('agreement');
          }}
        />
        {/* Disabled only once hydrated: the server-rendered button must work without JavaScript. */}
        <Button type="submit" disabled={hydrated && !valid} id="create-account">
          {uiText.createAccount}
        </Button>
      </form>
      <dialog
        ref={dialog}
        className="portal-dialog portal-dialog--registration-confirm"
        aria-labelledby="dr-confirm-title"
        aria-describedby="dr-confirm-body"
        onCancel={refuseCancel}
        onKeyDown={refuseEscape}
        {...{ closedby: 'none' }}
      >
        <h2 id="dr-confirm-title" className="portal-dialog__title">
          {uiText.accountCreationConfirmation}
        </h2>
        <div id="dr-confirm-body">
          <p>{uiText.drConfirmWillCreate}</p>
          <p>{uiText.drConfirmEmailSent(current.email)}</p>
          <p>{uiText.drConfirmMustVerify}</p>
        </div>
        <div className="portal-dialog__actions">
          <Button onClick={() => void confirm()} disabled={sending}>
            {sending ? uiText.pleaseWait : uiText.confirm}
          </Button>
        </div>
      </dialog>
    </>
  );
}
