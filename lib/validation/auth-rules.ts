// The rules of the auth and registration forms (spec §5), without zod: the islands import
// these, so a message shown on blur in the browser is exactly the one the server answers with
// when JavaScript is off (lib/validation/auth.ts builds the server's zod schemas from the same
// functions). Keeping zod out of this module keeps it out of the browser bundles, where it
// would be the largest thing a form page loads after React. A field shows only its first
// failing rule; fields are checked in display order.
import { errorMessages, validationMessages as m } from '../messages.js';
import { passwordRequirements } from '../password-policy.js';

export interface FieldError {
  field: string;
  message: string;
}

/** Default text field limit (spec §5: small 200). */
export const TEXT_MAX_LENGTH = 200;

/**
 * zod's email pattern (`z.regexes.email` in zod 4), so a value is judged the same way in the
 * browser and on the server; test/unit/ops-validation-rules.test.ts keeps the two equal.
 */
export const emailPattern = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

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

export const forgotPasswordFields = ['email'] as const;

// ---- simple register form (/auth/register) -----------------------------------------------------
export const simpleRegisterFields = ['email', 'firstName', 'lastName', 'password', 'confirmPassword'] as const;
export type SimpleRegisterField = (typeof simpleRegisterFields)[number];
export type SimpleRegisterValues = Record<SimpleRegisterField, string>;

// Names and the address count without surrounding spaces, in the browser as on the server: a
// name of spaces only is a missing name on both sides (one set of rules, issue 12).
const trimmedRegisterFields: ReadonlySet<SimpleRegisterField> = new Set(['email', 'firstName', 'lastName']);

/** One field's message given all values (confirmPassword depends on password). */
export function simpleRegisterFieldError(field: SimpleRegisterField, values: SimpleRegisterValues): string | null {
  const value = trimmedRegisterFields.has(field) ? values[field].trim() : values[field];
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

// ---- helpers --------------------------------------------------------------------------------
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
