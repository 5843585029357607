// The zod schemas of form fields, built on the generic rules of lib/field-rules.ts. Server
// side only: the rules module stays free of zod so islands can use it without shipping zod.
import { z } from 'zod';
import { maxLengthError, requiredError, TEXT_LENGTH, type Rule, type TextSize } from '../field-rules.js';

/**
 * A form field's text: the first value when a field is repeated, '' when it is missing or not
 * text (a hostile body cannot smuggle an object or array into a string field), trimmed.
 */
export const formText = z.unknown().optional().transform((v): string => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first.trim() : '';
});

export interface TextFieldOptions {
  required?: boolean;
  size?: TextSize;
  maxLength?: number;
  rules?: readonly Rule[];
}

/** A text field: optional required rule, the length limit of its size (default 200), extra rules. */
export function textField(options: TextFieldOptions = {}) {
  const limit = options.maxLength ?? TEXT_LENGTH[options.size ?? 'small'];
  return formText.superRefine((value, ctx) => {
    const error =
      (options.required ? requiredError(value) : null) ??
      (value === '' ? null : maxLengthError(value, limit)) ??
      (value === '' ? null : (options.rules ?? []).map((r) => r(value)).find((e) => e !== null) ?? null);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
}
