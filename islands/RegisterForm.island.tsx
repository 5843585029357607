// The simple register form of /auth/register (spec §5): every field is checked when it loses
// focus, with the messages the server uses when JavaScript is off. Submitting only validates
// on the server; a valid form is let through, an invalid one stays and lists its problems.
import { useState, type FormEvent, type ReactElement } from 'react';
import { uiText } from '../lib/messages.js';
import {
  simpleRegisterFieldError,
  simpleRegisterFields,
  type FieldError,
  type SimpleRegisterField,
  type SimpleRegisterValues,
} from '../lib/validation/auth-rules.js';
import { ErrorSummary } from '../views/components/form/ErrorSummary.js';
import { TextField } from '../views/components/form/TextField.js';
import { Button } from '../views/components/form/Button.js';

export interface RegisterFormProps {
  csrfToken: string;
  /** Entered values to re-render with (the passwords are never sent back). */
  values: { email: string; firstName: string; lastName: string };
  errors: FieldError[];
}

const labels: Record<SimpleRegisterField, string> = {
  email: uiText.emailLabel,
  firstName: uiText.firstNameLabel,
  lastName: uiText.lastNameLabel,
  password: uiText.passwordLabel,
  confirmPassword: uiText.confirmPasswordLabel,
};

const inputTypes: Record<SimpleRegisterField, 'email' | 'text' | 'password'> = {
  email: 'email',
  firstName: 'text',
  lastName: 'text',
  password: 'password',
  confirmPassword: 'password',
};

const autoCompletes: Record<SimpleRegisterField, string> = {
  email: 'email',
  firstName: 'given-name',
  lastName: 'family-name',
  password: 'new-password',
  confirmPassword: 'new-password',
};

export default function RegisterForm({ csrfToken, values: initial, errors: serverErrors }: RegisterFormProps): ReactElement {
  const [values, setValues] = useState<SimpleRegisterValues>({ ...initial, password: '', confirmPassword: '' });
  // Messages shown: the server's until a field is checked again in the browser.
  const [shown, setShown] = useState<Partial<Record<SimpleRegisterField, string | null>>>(() =>
    Object.fromEntries(serverErrors.map((e) => [e.field, e.message])),
  );
  const [summary, setSummary] = useState<FieldError[]>(serverErrors);

  const check = (field: SimpleRegisterField, next: SimpleRegisterValues) => {
    setShown((s) => {
      const updated = { ...s, [field]: simpleRegisterFieldError(field, next) };
      // A changed password can break (or mend) an already checked confirmation.
      if (field === 'password' && s.confirmPassword !== undefined) updated.confirmPassword = simpleRegisterFieldError('confirmPassword', next);
      return updated;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = simpleRegisterFields
      .map((field) => ({ field, message: simpleRegisterFieldError(field, values) }))
      .filter((e): e is FieldError & { field: SimpleRegisterField; message: string } => e.message !== null);
    if (errors.length === 0) return; // valid: the server confirms it
    event.preventDefault();
    setShown(Object.fromEntries(errors.map((e) => [e.field, e.message])));
    setSummary(errors);
    // Focus after React has rendered the summary.
    requestAnimationFrame(() => document.getElementById('error-summary')?.focus());
  };

  return (
    <form method="post" action="/auth/register" noValidate onSubmit={onSubmit} className="usa-form usa-form--large">
      <ErrorSummary errors={summary} />
      <input type="hidden" name="_csrf" value={csrfToken} />
      <p className="usa-hint">{uiText.allFieldsRequired}</p>
      {simpleRegisterFields.map((field) => (
        <TextField
          key={field}
          id={field}
          label={labels[field]}
          type={inputTypes[field]}
          autoComplete={autoCompletes[field]}
          required
          maxLength={200}
          value={values[field]}
          error={shown[field] ?? null}
          onChange={(e) => {
            const next = { ...values, [field]: e.target.value };
            setValues(next);
            // Once a field shows a message, it is rechecked as the user types.
            if (shown[field]) check(field, next);
            else if (field === 'password' && shown.confirmPassword !== undefined) check(field, next);
          }}
          onBlur={() => check(field, values)}
        />
      ))}
      <Button type="submit">{uiText.register}</Button>
    </form>
  );
}
