// Security stamps (issue 10, finding 2): every access token carries the stamp its user had when
// it was issued; the API refuses a token whose stamp has moved on, or whose user is disabled or
// deleted, so access ends at once instead of when the token expires. The stamp is read on every
// request, so it is cached briefly per API process (bounded staleness across processes) and
// dropped from this process's cache when it is bumped here.
import type { ApiContext } from './context.js';
import type { Queryable } from './db.js';

export interface StampState {
  stamp: number;
  active: boolean;
}

const CACHE_MS = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const caches = new WeakMap<ApiContext, Map<string, { state: StampState | null; until: number }>>();

function cacheOf(ctx: ApiContext): Map<string, { state: StampState | null; until: number }> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

/** The user's current stamp and whether they may still use the portal; null for no such user. */
export async function stampOf(ctx: ApiContext, userId: string): Promise<StampState | null> {
  if (!UUID.test(userId)) return null;
  const key = userId.toLowerCase();
  const cache = cacheOf(ctx);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.state;
  const r = await ctx.db.query<{ security_stamp: number; active: boolean }>(
    'SELECT security_stamp, (is_enabled AND NOT is_deleted) AS active FROM users WHERE id = $1',
    [userId],
  );
  const row = r.rows[0];
  const state = row ? { stamp: Number(row.security_stamp), active: row.active } : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { state, until: now + CACHE_MS });
  return state;
}

/** Forgets the cached stamps of these users in this process (after a bump is committed). */
export function forgetStamps(ctx: ApiContext, userIds: readonly string[]): void {
  const cache = cacheOf(ctx);
  for (const id of userIds) cache.delete(id.toLowerCase());
}

/** Moves the stamp of these users on: every access token issued before stops working. */
export async function bumpStamps(ctx: ApiContext, q: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query('UPDATE users SET security_stamp = security_stamp + 1 WHERE id = ANY($1::uuid[])', [[...userIds]]);
  forgetStamps(ctx, userIds);
}

/** Moves the stamp of every user holding a role whose permissions changed; returns their ids. */
export async function bumpRoleHolders(ctx: ApiContext, q: Queryable, roleId: number): Promise<string[]> {
  const r = await q.query<{ user_id: string }>('SELECT user_id FROM user_roles WHERE role_id = $1', [roleId]);
  const ids = r.rows.map((row) => row.user_id);
  await bumpStamps(ctx, q, ids);
  return ids;
}
