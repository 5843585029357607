// Setting who belongs to an LEA (PUT /api/leas/{id}/users, and userLeas of POST/PUT /api/leas),
// under the same rules as editing a user's LEAs in api/routes/account.ts: App.users.manage, the
// LEA inside the manager's jurisdiction, and only users the manager may manage. A user's LEAs are
// their user_leas rows plus their primary lea_id, so the primary LEA moves along with them.
import { P } from '../lib/permissions.js';
import { recordAudit } from './audit.js';
import { can, type AuthContext } from './auth-middleware.js';
import type { Queryable } from './db.js';
import { badRequest, forbidden } from './http.js';
import { holdsEverything, inScope, MANAGE_MESSAGES, managerScope } from './user-management.js';

export const MEMBER_MESSAGES = {
  unknownUser: 'Not a known user.',
  needsUsersManage: 'Changing who belongs to an LEA needs the Manage users permission.',
} as const;

interface MemberRow {
  id: string;
  lea_id: number | null;
  lea_ids: number[] | null;
  roles: string[] | null;
}

const MEMBER_SELECT = `
  SELECT u.id::text AS id, u.lea_id,
         (SELECT array_agg(x.lea_id ORDER BY x.lea_id) FROM (SELECT ul.lea_id FROM user_leas ul WHERE ul.user_id = u.id
                                                             UNION SELECT u.lea_id WHERE u.lea_id IS NOT NULL) x) AS lea_ids,
         (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
    FROM users u`;

export interface MembershipChange {
  added: string[];
  removed: string[];
}

/**
 * Makes exactly `userIds` the (not deleted) members of the LEA. Unknown or invisible users answer
 * 400 naming the field (`fieldOf(index)`); a change beyond the caller's reach answers 403. Each
 * user whose LEAs changed gets an audit entry, and so does the LEA.
 */
export async function setLeaMembers(
  q: Queryable,
  auth: AuthContext,
  leaId: number,
  userIds: readonly string[],
  fieldOf: (index: number) => string,
): Promise<MembershipChange> {
  const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const found = await q.query<MemberRow>(`${MEMBER_SELECT} WHERE u.id = ANY($1::uuid[]) AND NOT u.is_deleted`, [wanted]);
  const byId = new Map(found.rows.map((r) => [r.id.toLowerCase(), r]));
  const current = await q.query<MemberRow>(
    `${MEMBER_SELECT} WHERE NOT u.is_deleted AND (u.lea_id = $1 OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = $1))`,
    [leaId],
  );
  const currentById = new Map(current.rows.map((r) => [r.id.toLowerCase(), r]));
  const added = wanted.filter((id) => !currentById.has(id));
  const removed = [...currentById.keys()].filter((id) => !wanted.includes(id));

  const unknown = userIds.flatMap((raw, i) => (byId.has(raw.toLowerCase()) ? [] : [{ field: fieldOf(i), message: MEMBER_MESSAGES.unknownUser }]));
  if (unknown.length) throw badRequest('The body is not valid.', { errors: unknown });
  if (added.length === 0 && removed.length === 0) {
    // Rows for members held only through their primary LEA, so the LEA lists them (userLeas).
    await insertRows(q, leaId, wanted, auth.userId);
    return { added, removed };
  }

  if (!can(auth, P.usersManage)) throw forbidden(MEMBER_MESSAGES.needsUsersManage);
  const scope = await managerScope(q, auth);
  if (scope !== 'all' && !scope.includes(leaId)) throw forbidden(MANAGE_MESSAGES.jurisdictionLeas);
  // Someone the caller may not see is "not known" to them, as the account routes answer 404.
  const invisible = userIds.flatMap((raw, i) => {
    const row = byId.get(raw.toLowerCase())!;
    return currentById.has(row.id.toLowerCase()) || inScope(scope, auth, row.id, row.lea_ids ?? []) ? [] : [{ field: fieldOf(i), message: MEMBER_MESSAGES.unknownUser }];
  });
  if (invisible.length) throw badRequest('The body is not valid.', { errors: invisible });
  for (const id of [...added, ...removed]) {
    const row = byId.get(id) ?? currentById.get(id);
    if (row && id !== auth.userId.toLowerCase() && !(await holdsEverything(q, auth, row.roles ?? []))) {
      throw forbidden(MANAGE_MESSAGES.strongerAccount);
    }
  }

  if (removed.length) {
    await q.query('DELETE FROM user_leas WHERE lea_id = $1 AND user_id = ANY($2::uuid[])', [leaId, removed]);
    // The primary LEA is always one of the user's LEAs: the lowest remaining one, or none.
    await q.query(
      `UPDATE users u SET lea_id = (SELECT min(ul.lea_id) FROM user_leas ul WHERE ul.user_id = u.id), updated_at = now(), updated_by = $3
        WHERE u.id = ANY($2::uuid[]) AND u.lea_id = $1`,
      [leaId, removed, auth.userId],
    );
  }
  await insertRows(q, leaId, wanted, auth.userId);
  if (added.length) {
    await q.query(`UPDATE users SET lea_id = $1, updated_at = now(), updated_by = $3 WHERE id = ANY($2::uuid[]) AND lea_id IS NULL`, [
      leaId,
      added,
      auth.userId,
    ]);
  }

  await recordAudit(q, { actor: auth.userId, action: 'lea.users-update', entityType: 'lea', entityId: leaId, changes: { userIds: { added, removed } } });
  for (const id of added) {
    await recordAudit(q, { actor: auth.userId, action: 'user.update', entityType: 'user', entityId: id, changes: { leaIds: { added: [leaId], removed: [] } } });
  }
  for (const id of removed) {
    await recordAudit(q, { actor: auth.userId, action: 'user.update', entityType: 'user', entityId: id, changes: { leaIds: { added: [], removed: [leaId] } } });
  }
  return { added, removed };
}

async function insertRows(q: Queryable, leaId: number, userIds: string[], by: string): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    `INSERT INTO user_leas (user_id, lea_id, created_by, updated_by)
     SELECT u, $1, $3, $3 FROM unnest($2::uuid[]) AS u ON CONFLICT DO NOTHING`,
    [leaId, userIds, by],
  );
}
