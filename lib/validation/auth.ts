// Validation of the auth and registration forms (spec §5). The server handlers and the islands
// import the same schemas, so a message shown on blur in the browser is exactly the one the
// server answers with when JavaScript is off. Each schema first coerces every field to a
// string (a form post can only be refused field by field, never as a whole), then checks the
// fields in display order; a field shows only its first failing rule.
import { z } from 'zod';
import { errorMessages, validationMessages as m } from '../messages.js';
import { passwordRequirements } from '../password-policy.js';

export interface FieldError {
  field: string;
  message: string;
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** Default text field limit (spec §5: small 200). */
export const TEXT_MAX_LENGTH = 200;

const emailPattern = z.regexes.email;

/** A form value as a string: a missing or non-text value is treated as empty. */
const text = z
  .unknown()
  .optional()
  .transform((v) => (Array.isArray(v) ? (v[0] as unknown) : v))
  .transform((v) => (typeof v === 'string' ? v : ''));
const trimmedText = text.transform((v) => v.trim());
/** A checkbox: "on"/"true" from a form post, true from JSON. */
const checkbox = z.unknown().optional().transform((v) => v === true || v === 'on' || v === 'true');

type Check = (value: string) => string | null;

function firstFailure(value: string, checks: readonly Check[]): string | null {
  for (const check of checks) {
    const message = check(value);
    if (message) return message;
  }
  return null;
}

const required = (message: string): Check => (v) => (v.length === 0 ? message : null);
const email = (message: string): Check => (v) => (emailPattern.test(v) ? null : message);
const maxLength = (n: number): Check => (v) => ([...v].length > n ? m.maxLength(n) : null);

// ---- login (/auth/login) and the reset-password dialog ---------------------------------------
export const loginFields = ['userName', 'password'] as const;
export type LoginField = (typeof loginFields)[number];

/** The login email rules, shared by the reset-password dialog (spec §5: "same email rules"). */
export function loginEmailError(value: string): string | null {
  return firstFailure(value, [required(m.valueRequired), email(m.validEmailRequired), maxLength(TEXT_MAX_LENGTH)]);
}

export function loginFieldError(field: LoginField, value: string): string | null {
  return field === 'userName' ? loginEmailError(value) : firstFailure(value, [required(m.valueRequired)]);
}

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

export const forgotPasswordFields = ['email'] as const;
export const forgotPasswordSchema = z.object({ email: trimmedText }).superRefine((v, ctx) => {
  const message = loginEmailError(v.email);
  if (message) ctx.addIssue({ code: 'custom', path: ['email'], message });
});
export type ForgotPasswordForm = z.output<typeof forgotPasswordSchema>;

// ---- simple register form (/auth/register) -----------------------------------------------------
export const simpleRegisterFields = ['email', 'firstName', 'lastName', 'password', 'confirmPassword'] as const;
export type SimpleRegisterField = (typeof simpleRegisterFields)[number];
export type SimpleRegisterValues = Record<SimpleRegisterField, string>;

/** One field's message given all values (confirmPassword depends on password). */
export function simpleRegisterFieldError(field: SimpleRegisterField, values: SimpleRegisterValues): string | null {
  const value = values[field];
  switch (field) {
    case 'email':
      return firstFailure(value, [required(m.mustEnterValue), email(m.notValidEmail), maxLength(TEXT_MAX_LENGTH)]);
    case 'firstName':
    case 'lastName':
      return firstFailure(value, [required(m.mustEnterValue), maxLength(TEXT_MAX_LENGTH)]);
    case 'password':
      return firstFailure(value, [required(m.mustEnterValue), maxLength(TEXT_MAX_LENGTH)]);
    case 'confirmPassword':
      return firstFailure(value, [required(m.mustEnterValue), (v) => (v === values.password ? null : m.passwordsMustMatch)]);
  }
}

export const simpleRegisterSchema = z
  .object({ email: trimmedText, firstName: trimmedText, lastName: trimmedText, password: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    for (const f of simpleRegisterFields) {
      const message = simpleRegisterFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- reset password (/auth/reset-password) --------------------------------------------------
export const resetPasswordFields = ['newPassword', 'confirmPassword'] as const;
export type ResetPasswordField = (typeof resetPasswordFields)[number];

/** Both fields are required (spec §5); the confirmation must repeat the new password. The
 *  strength rules are the agency API's to enforce: its reasons are listed on the page. */
export function resetPasswordFieldError(field: ResetPasswordField, values: Record<ResetPasswordField, string>): string | null {
  if (field === 'newPassword') return firstFailure(values.newPassword, [required(m.valueRequired), maxLength(TEXT_MAX_LENGTH)]);
  return firstFailure(values.confirmPassword, [
    required(m.valueRequired),
    (v) => (v === values.newPassword ? null : m.passwordsDoNotMatch),
  ]);
}

export const resetPasswordSchema = z
  .object({ email: trimmedText, token: text, newPassword: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    for (const f of resetPasswordFields) {
      const message = resetPasswordFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- dispute resolution registration (/dr-request) ---------------------------------------------
export const drRegistrationFields = ['fullName', 'password', 'email', 'confirmPassword', 'agreement'] as const;
export type DrRegistrationField = (typeof drRegistrationFields)[number];
export interface DrRegistrationValues {
  fullName: string;
  password: string;
  email: string;
  confirmPassword: string;
  agreement: boolean;
}

const passwordComplexity: Check = (v) => {
  const needed = ['lower', 'upper', 'digit', 'symbol'] as const;
  const ok = needed.every((id) => passwordRequirements.find((r) => r.id === id)?.test(v) ?? false);
  return ok ? null : m.passwordComplexity;
};
const passwordLength: Check = (v) => (passwordRequirements.find((r) => r.id === 'length')?.test(v) ? null : m.passwordMinLength);

export function drRegistrationFieldError(field: DrRegistrationField, values: DrRegistrationValues): string | null {
  switch (field) {
    case 'fullName':
      return firstFailure(values.fullName, [required(m.fullNameRequired), maxLength(TEXT_MAX_LENGTH)]);
    case 'email':
      return firstFailure(values.email, [required(m.emailRequired), email(m.emailInvalid), maxLength(TEXT_MAX_LENGTH)]);
    case 'password':
      return firstFailure(values.password, [required(m.passwordRequired), passwordLength, passwordComplexity, maxLength(TEXT_MAX_LENGTH)]);
    case 'confirmPassword':
      return firstFailure(values.confirmPassword, [
        required(m.confirmPasswordRequired),
        (v) => (v === values.password ? null : m.passwordsDoNotMatch),
      ]);
    case 'agreement':
      return values.agreement ? null : m.agreementRequired;
  }
}

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
  const result = schema.safeParse(input ?? {});
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

/** The message for one field, if any. */
export function errorFor(errors: readonly FieldError[] | undefined, field: string): string | undefined {
  return errors?.find((e) => e.field === field)?.message;
}

/** Coerces a raw body into the string values a form re-renders with (never the passwords). */
export function formText(input: unknown, field: string): string {
  if (typeof input !== 'object' || input === null) return '';
  const value = (input as Record<string, unknown>)[field];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

// ---- upstream failures shown on the auth screens (spec §8) -------------------------------------
export interface UpstreamFailureBody {
  message?: string;
  code?: string;
  errors?: readonly unknown[];
  reasons?: readonly string[];
}

/** Reset password failure: the API's reasons, each with "non alphanumeric" said as "symbol";
 *  otherwise "Invalid Information." when the error has a code or field errors; otherwise the
 *  fallback (the upstream client's catalogue message, e.g. no network). */
export function resetPasswordFailureMessages(body: UpstreamFailureBody | null | undefined, fallback: string): string[] {
  const reasons = body?.reasons?.filter((r) => r.trim().length > 0) ?? [];
  if (reasons.length > 0) return reasons.map((r) => r.replace(/non[- ]alphanumeric/giu, 'symbol'));
  if (body?.code || (body?.errors && body.errors.length > 0)) return [errorMessages.invalidInformation];
  return [fallback];
}

/** Password recovery failure: the server's message, else "Could not reset password.". */
export function recoveryFailureMessage(body: UpstreamFailureBody | null | undefined): string {
  const message = body?.message?.trim();
  return message ? message : errorMessages.passwordRecoveryFailed;
}
