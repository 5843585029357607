// Who may manage whom (shared by the account routes and the LEA membership routes):
// - App.users.view reaches every user; any other manager only the users sharing one of their LEAs;
// - nobody manages an account, or gives or takes away a role, granting permissions they do not
//   hold themselves (so App.users.manage cannot be turned into Site Admin).
import { P } from '../lib/permissions.js';
import { can, type AuthContext } from './auth-middleware.js';
import type { Queryable } from './db.js';
import { userLeaIds } from './users.js';

/** The users a caller may see and manage: all, or those sharing one of these LEAs. */
export type ManagerScope = number[] | 'all';

export const MANAGE_MESSAGES = {
  jurisdictionLeas: 'You can only give or take away LEAs of your own jurisdiction.',
  strongerRole: 'You cannot give or take away a role with permissions you do not hold yourself.',
  strongerAccount: 'This account has permissions you do not hold, so you cannot manage it.',
  otherLeas: 'This account also belongs to LEAs outside yours, so you cannot manage it.',
} as const;

export async function managerScope(q: Queryable, auth: AuthContext): Promise<ManagerScope> {
  return can(auth, P.usersView) ? 'all' : userLeaIds(q, auth.userId);
}

/** Whether a user with these LEAs is within the scope (the caller always sees themselves). */
export function inScope(scope: ManagerScope, auth: AuthContext, userId: string, leaIds: readonly number[]): boolean {
  return scope === 'all' || userId.toLowerCase() === auth.userId.toLowerCase() || leaIds.some((id) => scope.includes(id));
}

/**
 * Whether the caller may manage (edit, set the password of, disable, delete) a user with these
 * LEAs: seeing a user who shares one LEA is not enough, since managing them reaches every other
 * LEA they belong to; each of their LEAs must be inside the caller's.
 */
export function manageable(scope: ManagerScope, auth: AuthContext, userId: string, leaIds: readonly number[]): boolean {
  if (scope === 'all' || userId.toLowerCase() === auth.userId.toLowerCase()) return true;
  return leaIds.length > 0 && leaIds.every((id) => scope.includes(id));
}

/** Whether the caller holds every permission the named roles grant. */
export async function holdsEverything(q: Queryable, auth: AuthContext, roleNames: readonly string[]): Promise<boolean> {
  if (roleNames.length === 0) return true;
  const granted = await q.query<{ value: string }>(
    `SELECT DISTINCT rp.permission_value AS value FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
     WHERE r.name = ANY($1::text[])`,
    [[...roleNames]],
  );
  const held = new Set(auth.permissions);
  return granted.rows.every((p) => held.has(p.value));
}
