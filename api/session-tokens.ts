// Builds the sign-in answer (lib/contract tokenResponse) and its access token from the user's
// current row, roles and permissions, so a role change shows in the next token.
import type { TokenResponse } from '../lib/contract.js';
import type { ApiContext } from './context.js';
import type { Queryable } from './db.js';
import { signAccessToken } from './tokens.js';
import { parseConfiguration, userPermissions } from './users.js';

interface ActiveUserRow {
  id: string;
  user_name: string;
  full_name: string;
  email: string;
  job_title: string;
  phone_number: string;
  lea_id: number | null;
  configuration: unknown;
  security_stamp: number;
}

/** One value when there is one, a list when several (spec §3); absent when none. */
function oneOrMany(values: string[]): string | string[] | undefined {
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

/** A fresh token response, or null when the user may no longer sign in (disabled, deleted, gone). */
export async function tokenResponseFor(ctx: ApiContext, q: Queryable, userId: string, familyId?: string): Promise<TokenResponse | null> {
  const r = await q.query<ActiveUserRow>(
    `SELECT id, user_name, full_name, email, job_title, phone_number, lea_id, configuration, security_stamp
     FROM users WHERE id = $1 AND is_enabled AND NOT is_deleted AND email_confirmed`,
    [userId],
  );
  const user = r.rows[0];
  if (!user) return null;
  const { roles, permissions } = await userPermissions(q, user.id);
  const role = oneOrMany(roles);
  const permission = oneOrMany(permissions);
  const accessToken = await signAccessToken(
    ctx.config.jwtSecret,
    {
      sub: user.id,
      name: user.user_name,
      fullname: user.full_name,
      email: user.email,
      jobtitle: user.job_title,
      phone_number: user.phone_number,
      ...(role === undefined ? {} : { role }),
      ...(permission === undefined ? {} : { permission }),
      configuration: JSON.stringify(parseConfiguration(user.configuration)),
      stamp: Number(user.security_stamp),
      ...(familyId === undefined ? {} : { sid: familyId }),
    },
    ctx.config.accessTokenTtlSeconds,
    ctx.now(),
  );
  return { accessToken, expiresIn: ctx.config.accessTokenTtlSeconds, leaId: user.lea_id, id: user.id };
}
