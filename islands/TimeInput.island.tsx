// A time field (spec §5): on blur the value is normalised (missing space before AM/PM added,
// no AM/PM gets ' PM') and checked ('Invalid time format, use hh:mm PM such as 3:00 PM').
//
// No JavaScript: the same text input in a plain form; the server normalises with the same
// function (lib/time-input.ts normaliseTime) and answers 422 with the message when invalid,
// which this island shows through its `error` prop.
import { useState, type ReactElement } from 'react';
import { shellText } from '../lib/messages.js';
import { normaliseTime, timeError } from '../lib/time-input.js';
import { requiredError } from '../lib/field-rules.js';
import { TextField } from '../views/components/form/TextField.js';

export interface TimeInputProps {
  id: string;
  name?: string;
  label: string;
  value?: string;
  /** The server's message after a failed submit. */
  error?: string | null;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

export default function TimeInput({ id, name = id, label, value = '', error = null, hint = shellText.timeHint, required, disabled }: TimeInputProps): ReactElement {
  const [text, setText] = useState(value);
  const [message, setMessage] = useState<string | null>(error);
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      value={text}
      hint={hint}
      error={message}
      required={required}
      disabled={disabled}
      autoComplete="off"
      maxLength={8}
      className="time-input"
      onChange={(e) => {
        setText(e.target.value);
        // Clear a shown error as soon as the value becomes valid; new errors wait for blur.
        if (message && timeError(e.target.value) === null) setMessage(null);
      }}
      onBlur={(e) => {
        const normalised = normaliseTime(e.target.value);
        setText(normalised);
        setMessage((required ? requiredError(normalised) : null) ?? timeError(normalised));
      }}
    />
  );
}
