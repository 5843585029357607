// Validation of the auth and registration forms (spec §5) on the server: zod schemas built on
// the rules in auth-rules.ts, which the islands import directly (no zod in the browser), so a
// message shown on blur in the browser is exactly the one the server answers with when
// JavaScript is off. Each schema first coerces every field to a string (a form post can only be
// refused field by field, never as a whole), then checks the fields in display order; a field
// shows only its first failing rule.
import { z } from 'zod';
import {
  drRegistrationFieldError,
  drRegistrationFields,
  loginEmailError,
  loginFieldError,
  loginFields,
  resetPasswordFieldError,
  resetPasswordFields,
  simpleRegisterFieldError,
  simpleRegisterFields,
  type FieldError,
} from './auth-rules.js';

export * from './auth-rules.js';

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** A form value as a string: a missing or non-text value is treated as empty. */
const text = z
  .unknown()
  .optional()
  .transform((v) => (Array.isArray(v) ? (v[0] as unknown) : v))
  .transform((v) => (typeof v === 'string' ? v : ''));
const trimmedText = text.transform((v) => v.trim());
/** A checkbox: "on"/"true" from a form post, true from JSON. */
const checkbox = z.unknown().optional().transform((v) => v === true || v === 'on' || v === 'true');

// ---- login (/auth/login) and the reset-password dialog ---------------------------------------
export const loginSchema = z
  .object({
    userName: trimmedText,
    password: text,
    returnUrl: text,
    uid: trimmedText,
    recaptchaToken: text,
  })
  .superRefine((v, ctx) => {
    for (const f of loginFields) {
      const message = loginFieldError(f, v[f]);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });
export type LoginForm = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: trimmedText }).superRefine((v, ctx) => {
  const message = loginEmailError(v.email);
  if (message) ctx.addIssue({ code: 'custom', path: ['email'], message });
});
export type ForgotPasswordForm = z.output<typeof forgotPasswordSchema>;

// ---- simple register form (/auth/register) -----------------------------------------------------
export const simpleRegisterSchema = z
  .object({ email: trimmedText, firstName: trimmedText, lastName: trimmedText, password: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    for (const f of simpleRegisterFields) {
      const message = simpleRegisterFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- reset password (/auth/reset-password) --------------------------------------------------
export const resetPasswordSchema = z
  .object({ email: trimmedText, token: text, newPassword: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    for (const f of resetPasswordFields) {
      const message = resetPasswordFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- dispute resolution registration (/dr-request) ---------------------------------------------
export const drRegistrationSchema = z
  .object({ fullName: trimmedText, password: text, email: trimmedText, confirmPassword: text, agreement: checkbox })
  .superRefine((v, ctx) => {
    for (const f of drRegistrationFields) {
      const message = drRegistrationFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- helpers --------------------------------------------------------------------------------
/** Runs a form schema; on failure returns one message per field, in the order the form shows them. */
export function validateForm<S extends z.ZodType>(schema: S, input: unknown, fieldOrder: readonly string[]): FormResult<z.output<S>> {
  // A body that is not an object (a JSON array or scalar) is a form with every field empty, so
  // it is refused field by field with the usual messages rather than as a whole.
  const fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  const rank = (f: string) => {
    const i = fieldOrder.indexOf(f);
    return i === -1 ? fieldOrder.length : i;
  };
  const errors = [...byField.entries()]
    .map(([field, message]) => ({ field, message }))
    .sort((a, b) => rank(a.field) - rank(b.field));
  return { ok: false, errors };
}
