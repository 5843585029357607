// Which LEAs a caller may see (spec §6): with App.data.allleas every LEA, state-level districts
// included; otherwise only the LEAs the caller belongs to, never a state-level district.
import { P } from '../lib/permissions.js';
import type { AuthContext } from './auth-middleware.js';
import { can } from './auth-middleware.js';
import type { Queryable } from './db.js';

export type VisibleLeas = 'all' | number[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function visibleLeaIds(q: Queryable, auth: AuthContext): Promise<VisibleLeas> {
  if (can(auth, P.allLeas)) return 'all';
  if (!UUID.test(auth.userId)) return [];
  // A user's LEAs are their user_leas rows plus their primary LEA (as api/users.ts counts them).
  const r = await q.query<{ id: number }>(
    `SELECT l.id FROM leas l
      WHERE NOT l.is_nde_level_district
        AND l.id IN (SELECT lea_id FROM user_leas WHERE user_id = $1
                     UNION SELECT lea_id FROM users WHERE id = $1 AND lea_id IS NOT NULL)
      ORDER BY l.id`,
    [auth.userId],
  );
  return r.rows.map((row) => row.id);
}

export function isVisible(visible: VisibleLeas, leaId: number): boolean {
  return visible === 'all' || visible.includes(leaId);
}

/**
 * A SQL condition limiting `column` to the visible LEAs. It appends its parameter to `params`
 * (when needed) and returns the condition text.
 */
export function leaCondition(visible: VisibleLeas, column: string, params: unknown[]): string {
  if (visible === 'all') return 'true';
  params.push(visible);
  return `${column} = ANY($${params.length}::integer[])`;
}
