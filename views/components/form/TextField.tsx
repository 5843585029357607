// A labelled USWDS text input with hint and error message wired through aria-describedby.
// Rendered on the server for plain forms and inside islands (controlled, with handlers).
import type { ChangeEvent, FocusEvent, ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';

export interface TextFieldProps {
  id: string;
  name?: string;
  label: string;
  /** 'file' for a plain multipart form's upload (server/upload.ts): it has no value to keep. */
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date' | 'file';
  /** For type 'file': narrows the browser's picker (the API checks the type from the bytes). */
  accept?: string;
  /** The entered value; password fields are always re-rendered empty by their callers. */
  value?: string;
  error?: string | null;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  /** The on-screen keyboard to offer ('numeric' for numbers-only fields). */
  inputMode?: 'numeric' | 'text';
  disabled?: boolean;
  /** When given the input is controlled (islands); otherwise the value is only the initial one. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Extra ids appended to aria-describedby (e.g. a requirements list). */
  describedBy?: string;
  className?: string;
}

export function TextField(props: TextFieldProps): ReactElement {
  const { id, name = id, label, type = 'text', value = '', error, hint, autoComplete, required, maxLength, inputMode, disabled, onChange, onBlur, describedBy, className, accept } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  const valueProps = type === 'file' ? { accept } : onChange ? { value, onChange } : { defaultValue: value };
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span className="usa-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="usa-error-message" id={errorId}>
          <span className="usa-sr-only">{uiText.errorPrefix}</span>
          {error}
        </span>
      ) : null}
      <input
        className={`usa-input${error ? ' usa-input--error' : ''}`}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        maxLength={maxLength}
        inputMode={inputMode}
        disabled={disabled}
        onBlur={onBlur}
        {...valueProps}
      />
    </div>
  );
}
