// Password failures worded as ASP.NET Core Identity words them: the portal shows each reason,
// replacing "non alphanumeric" with "symbol" (spec §8). The rule itself is lib/password-policy.ts.
import { unmetPasswordRequirements, PASSWORD_MIN_LENGTH, type PasswordRequirement } from '../lib/password-policy.js';

export const passwordReasonText: Record<PasswordRequirement['id'], string> = {
  length: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  symbol: 'Passwords must have at least one non alphanumeric character.',
  digit: "Passwords must have at least one digit ('0'-'9').",
  upper: "Passwords must have at least one uppercase ('A'-'Z').",
  lower: "Passwords must have at least one lowercase ('a'-'z').",
};

export const INVALID_TOKEN_REASON = 'Invalid token.';
export const INCORRECT_PASSWORD_REASON = 'Incorrect password.';

/** The reasons a password is refused, in the policy's order; empty when it is acceptable. */
export function passwordReasons(password: string): string[] {
  return unmetPasswordRequirements(password).map((r) => passwordReasonText[r.id]);
}
