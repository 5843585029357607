// A numbers-only field (spec §5): whatever is typed or pasted keeps only its digits, at once.
// It offers the numeric keyboard (inputmode="numeric") and stays a text input, so a leading
// zero or a long id is never turned into a number by the browser.
//
// No JavaScript: the same text input in a plain form; the server strips the non-digits with the
// same function (lib/numbers-only.ts digitsOnly) before it checks the value, and answers 422
// with the message, which this island shows through its `error` prop.
//
// Browser code: nothing here may import zod (or a module that does); see lib/numbers-only.ts.
import { useState, type ReactElement } from 'react';
import { digitsOnly } from '../lib/numbers-only.js';
import { TextField } from '../views/components/form/TextField.js';
import type { TimeInputProps } from './TimeInput.island.js';

/** The time input's field props (a type only: nothing of that island is bundled here). */
export type NumbersOnlyInputProps = TimeInputProps & { maxLength?: number };

export default function NumbersOnlyInput({ value = '', error = null, ...field }: NumbersOnlyInputProps): ReactElement {
  const [text, setText] = useState(value);
  return (
    <TextField
      {...field}
      value={text}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => {
        const input = e.target;
        const digits = digitsOnly(input.value);
        // Put the digits back in the field here: when only a non-digit was typed the state does
        // not change, and Preact (unlike React) leaves the field as the user made it.
        if (input.value !== digits) {
          const caret = digitsOnly(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
          input.value = digits;
          input.setSelectionRange(caret, caret);
        }
        setText(digits);
      }}
    />
  );
}
