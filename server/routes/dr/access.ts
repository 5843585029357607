// Who the signed-in user is to the dispute resolution pages: one reading of their permissions for
// every DR router (state staff, district contacts, neutrals, public filers).
import type { Request } from 'express';
import { hasAnyPermission } from '../../../lib/permissions.js';
import { currentUser } from '../../auth-session.js';
import { SessionExpiredError } from '../../upstream.js';

export const DR = 'DisputeResolution';

/** The signed-in user's permissions; no user means the session ended. */
export function drPermissionsOf(req: Request): readonly string[] {
  const user = currentUser(req);
  if (!user) throw new SessionExpiredError();
  return user.permissions;
}

/** Holds any of these DisputeResolution permissions ('stateuser', 'roles.leauser', ...). */
export const drHas = (req: Request, ...names: string[]): boolean => hasAnyPermission(drPermissionsOf(req), names.map((n) => `${DR}.${n}`));

/** State staff: intake, the roster, state tracking, certification. */
export const isDrStateStaff = (req: Request): boolean => drHas(req, 'stateuser');
