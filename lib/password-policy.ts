// The one password rule (spec §5, §9), used by the agency API when it stores a password and
// by the portal's forms and islands when they check one.

export const PASSWORD_MIN_LENGTH = 12;

export interface PasswordRequirement {
  id: 'length' | 'symbol' | 'digit' | 'upper' | 'lower';
  label: string;
  test: (password: string) => boolean;
}

export const passwordRequirements: readonly PasswordRequirement[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: 'symbol', label: 'At least one symbol', test: (p) => /[^A-Za-z0-9\s]/u.test(p) },
  { id: 'digit', label: 'At least one digit', test: (p) => /[0-9]/.test(p) },
  { id: 'upper', label: 'At least one uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lower', label: 'At least one lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
];

/** The requirements a password fails, in display order; empty when it passes. */
export function unmetPasswordRequirements(password: string): PasswordRequirement[] {
  return passwordRequirements.filter((r) => !r.test(password));
}

export function isStrongPassword(password: string): boolean {
  return unmetPasswordRequirements(password).length === 0;
}
