// A USWDS checkbox with its error message above it, as USWDS places errors.
import type { ChangeEvent, FocusEvent, ReactElement, ReactNode } from 'react';
import { uiText } from '../../../lib/messages.js';

export interface CheckboxFieldProps {
  id: string;
  name?: string;
  label: ReactNode;
  checked?: boolean;
  value?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** When given the checkbox is controlled (islands). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

export function CheckboxField(props: CheckboxFieldProps): ReactElement {
  const { id, name = id, label, checked = false, value = 'on', error, required, disabled, onChange, onBlur } = props;
  const errorId = error ? `${id}-error` : undefined;
  const checkedProps = onChange ? { checked, onChange } : { defaultChecked: checked };
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      {error ? (
        <span className="usa-error-message" id={errorId}>
          <span className="usa-sr-only">{uiText.errorPrefix}</span>
          {error}
        </span>
      ) : null}
      <div className="usa-checkbox">
        <input
          className="usa-checkbox__input"
          id={id}
          name={name}
          type="checkbox"
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          disabled={disabled}
          onBlur={onBlur}
          {...checkedProps}
        />
        <label className="usa-checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}
