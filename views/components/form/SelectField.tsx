// A labelled USWDS select with hint and error message wired through aria-describedby (the same
// wiring as TextField), and the field error text the checkbox groups share.
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';

/** A field's error message, with 'Error: ' for screen readers (as TextField writes it). */
export function FieldErrorText({ id, message }: { id: string; message: string }): ReactElement {
  return (
    <span className="usa-error-message" id={id}>
      <span className="usa-sr-only">{uiText.errorPrefix}</span>
      {message}
    </span>
  );
}

/** A field's hint and error message, with the ids `describedBy` points at. */
export function HintAndError({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }): ReactElement {
  return (
    <>
      {hint ? (
        <span className="usa-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? <FieldErrorText id={`${id}-error`} message={error} /> : null}
    </>
  );
}

export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

export function SelectField({ id, name = id, label, value, options, error, hint, disabled }: SelectFieldProps): ReactElement {
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      <HintAndError id={id} hint={hint} error={error} />
      <select
        className={`usa-select${error ? ' usa-input--error' : ''}`}
        id={id}
        name={name}
        defaultValue={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

