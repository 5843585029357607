// Validation of the Manage Users and Manage Roles forms (/admin/manage-users, /admin/manage-roles).
// Every rule answers with a generic field message of spec §5 (lib/field-rules.ts) or the
// password policy's messages (lib/password-policy.ts), so what the admin reads matches the rest
// of the portal. Choices (LEAs, roles, permissions) are checked against the options the page
// offered by `unknownChoices`, since only the server knows them.
import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { emailError, lettersOnlyError, patternError } from '../field-rules.js';
import { formText, textField } from './fields.js';
import { passwordRequirements } from '../password-policy.js';
import type { FieldError } from './auth.js';

/** A repeated field (a checkbox group) as its trimmed, non-empty values; anything else is dropped. */
export const formList = z
  .unknown()
  .optional()
  .transform((v): string[] => {
    const list: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
    const strings = list.filter((x): x is string => typeof x === 'string').map((s) => s.trim());
    return [...new Set(strings.filter((s) => s !== ''))];
  });

const ID = /^\d{1,9}$/;

/** Checked LEA ids; a value that is not an id is refused as 'Input not in correct format'. */
const idList = formList.superRefine((values, ctx) => {
  if (values.some((x) => !ID.test(x))) ctx.addIssue({ code: 'custom', message: m.incorrectFormat });
}).transform((values) => values.filter((x) => ID.test(x)).map(Number));

/** An optional id from a select: '' is none. */
const optionalId = formText.superRefine((value, ctx) => {
  if (value !== '' && !ID.test(value)) ctx.addIssue({ code: 'custom', message: m.incorrectFormat });
}).transform((value): number | null => (ID.test(value) ? Number(value) : null));

/** Phone numbers as the agency API stores them: digits, + ( ) . - spaces, an optional extension. */
const PHONE = /^[0-9+().\-\s]*(?:\s*(?:x|ext\.?)\s*[0-9]+)?$/i;
export const PHONE_MAX_LENGTH = 40;
export const ROLE_NAME_MAX_LENGTH = 100;
export const ROLE_DESCRIPTION_MAX_LENGTH = 500;
/** The agency API refuses longer email addresses (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

// ---- user details (create and edit) -----------------------------------------------------------

export const userDetailFields = ['fullName', 'email', 'jobTitle', 'phoneNumber', 'leaId', 'leaIds', 'roles'] as const;

export const userDetailsSchema = z.object({
  fullName: textField({ required: true, rules: [lettersOnlyError] }),
  email: textField({ required: true, maxLength: EMAIL_MAX_LENGTH, rules: [emailError] }),
  jobTitle: textField(),
  phoneNumber: textField({ maxLength: PHONE_MAX_LENGTH, rules: [(v) => patternError(v, PHONE)] }),
  leaId: optionalId,
  leaIds: idList,
  roles: formList,
});
export type UserDetailsForm = z.output<typeof userDetailsSchema>;

/** What the edit form compares and sends: the editable fields of an account. */
export interface UserDetailValues {
  fullName: string;
  email: string;
  jobTitle: string;
  phoneNumber: string;
  leaId: number | null;
  leaIds: number[];
}

export interface PatchOp {
  op: 'test' | 'replace';
  path: string;
  value: unknown;
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * JSON Patch operations for the fields the admin changed (and only those). Each changed text
 * field is preceded by a `test` of the value the admin saw, so a change someone else saved in
 * the meantime is refused (409) instead of silently overwritten.
 */
export function userPatchOperations(before: UserDetailValues, after: UserDetailValues): PatchOp[] {
  const ops: PatchOp[] = [];
  for (const field of ['fullName', 'email', 'jobTitle', 'phoneNumber'] as const) {
    if (before[field] === after[field]) continue;
    ops.push({ op: 'test', path: `/${field}`, value: before[field] }, { op: 'replace', path: `/${field}`, value: after[field] });
  }
  const leasChanged = JSON.stringify(sortedIds(before.leaIds)) !== JSON.stringify(sortedIds(after.leaIds));
  if (leasChanged) ops.push({ op: 'replace', path: '/leaIds', value: sortedIds(after.leaIds) });
  if (before.leaId !== after.leaId) ops.push({ op: 'replace', path: '/leaId', value: after.leaId });
  return ops;
}

// ---- roles of a user ---------------------------------------------------------------------------

export const userRolesFields = ['roles'] as const;
export const userRolesSchema = z.object({ roles: formList });

// ---- set a user's password ---------------------------------------------------------------------

export const setPasswordFields = ['newPassword', 'confirmPassword'] as const;
export type SetPasswordField = (typeof setPasswordFields)[number];

/** A password field's text as typed (never trimmed: spaces may be part of a password). */
export const passwordText = z
  .unknown()
  .optional()
  .transform((v): string => {
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : '';
  });

const requirement = (id: 'length' | 'symbol' | 'digit' | 'upper' | 'lower') => (p: string) =>
  passwordRequirements.find((r) => r.id === id)?.test(p) ?? false;

/** The first failing rule of a field: required, then the password policy, then the match. */
export function setPasswordFieldError(field: SetPasswordField, values: Record<SetPasswordField, string>): string | null {
  if (field === 'newPassword') {
    const p = values.newPassword;
    if (p === '') return m.fieldRequired;
    if (!requirement('length')(p)) return m.passwordMinLength;
    if (!(['lower', 'upper', 'digit', 'symbol'] as const).every((id) => requirement(id)(p))) return m.passwordComplexity;
    return [...p].length > 1024 ? m.maxLength(1024) : null;
  }
  if (values.confirmPassword === '') return m.fieldRequired;
  return values.confirmPassword === values.newPassword ? null : m.passwordsDoNotMatch;
}

export const setPasswordSchema = z
  .object({ newPassword: passwordText, confirmPassword: passwordText })
  .superRefine((v, ctx) => {
    for (const f of setPasswordFields) {
      const message = setPasswordFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

// ---- roles -------------------------------------------------------------------------------------

export const roleFields = ['name', 'description'] as const;
export const roleSchema = z.object({
  name: textField({ required: true, maxLength: ROLE_NAME_MAX_LENGTH }),
  description: textField({ maxLength: ROLE_DESCRIPTION_MAX_LENGTH }),
});
export type RoleForm = z.output<typeof roleSchema>;

export const rolePermissionsFields = ['permissions'] as const;
export const rolePermissionsSchema = z.object({ permissions: formList });

// ---- choices -----------------------------------------------------------------------------------

/**
 * 'A value must be selected from the list' for a field holding values the page did not offer
 * (a stale page or a hand-made post); empty when every value is one of the options.
 */
export function unknownChoices<T extends string | number>(field: string, values: readonly T[], options: readonly T[]): FieldError[] {
  const offered = new Set(options);
  return values.some((v) => !offered.has(v)) ? [{ field, message: m.selectFromList }] : [];
}

// ---- the users list's filters -------------------------------------------------------------------

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface UserListFilters {
  search: string;
  leaId: number | null;
  role: string;
  /** Only enabled or only disabled accounts; null for both. */
  status: UserStatus | null;
}

/** The list's filters from the query string; a value that cannot be one is left out, never an error. */
export function parseUserListFilters(query: unknown): UserListFilters {
  const q = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  const search = formText.parse(q.search);
  const lea = formText.parse(q.leaId);
  const role = formText.parse(q.role);
  const status = formText.parse(q.status);
  return {
    search: [...search].length <= 200 ? search : '',
    leaId: ID.test(lea) && Number(lea) > 0 ? Number(lea) : null,
    role: [...role].length <= ROLE_NAME_MAX_LENGTH ? role : '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : null,
  };
}

/** The filters as query parameters (only those set), for links and hidden fields. */
export function userListFilterParams(filters: UserListFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.search) out.search = filters.search;
  if (filters.leaId !== null) out.leaId = String(filters.leaId);
  if (filters.role) out.role = filters.role;
  if (filters.status) out.status = filters.status;
  return out;
}
