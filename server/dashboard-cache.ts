// What the dashboard keeps per session so a reload does not ask the API again (issue 6's
// budget, and a busy API): the main-dashboard-text block for a minute, and the user's messages
// for MESSAGES_CACHE_SECONDS (15 s by default; 0 turns it off). One Redis key per session holds
// both (so a dashboard view is one read), or a bounded map in this process without Redis.
//
// What the user does to their own messages shows at once: opening or dismissing one (through a
// form or an island's /api call) forgets the cached list. A message the agency sends reaches
// the dashboard within the messages window.
import { z } from 'zod';
import { notificationMessage, textBlock } from '../lib/contract.js';
import type { AppDeps } from './deps.js';
import { withTimeout } from './redis.js';

export const DASHBOARD_TEXT_TTL_MS = 60_000;
const CACHE_OP_TIMEOUT_MS = 500;
const MAX_LOCAL_ENTRIES = 5_000;

const cachedEntry = z.object({
  /** The block, or null when the API has none (no need to ask again for a minute). */
  block: z.object({ value: textBlock.nullable(), until: z.number() }).optional(),
  messages: z.object({ value: z.array(notificationMessage), until: z.number() }).optional(),
});
export type DashboardEntry = z.infer<typeof cachedEntry>;

/** An entry without what has expired. */
function fresh(entry: DashboardEntry, now: number): DashboardEntry {
  return {
    ...(entry.block && entry.block.until > now ? { block: entry.block } : {}),
    ...(entry.messages && entry.messages.until > now ? { messages: entry.messages } : {}),
  };
}

export class DashboardCache {
  private readonly local = new Map<string, DashboardEntry>();

  constructor(private readonly deps: Pick<AppDeps, 'redis' | 'config'>) {}

  get messagesTtlMs(): number {
    return this.deps.config.messagesCacheSeconds * 1000;
  }

  private key(sid: string): string {
    return `${this.deps.config.redisPrefix}dashboard:${sid}`;
  }

  async get(sid: string): Promise<DashboardEntry> {
    const now = Date.now();
    const redis = this.deps.redis;
    if (!redis) return fresh(this.local.get(sid) ?? {}, now);
    const raw = await withTimeout(redis.get(this.key(sid)), CACHE_OP_TIMEOUT_MS, 'dashboard cache read');
    if (!raw) return {};
    const parsed = cachedEntry.safeParse(JSON.parse(raw));
    return parsed.success ? fresh(parsed.data, now) : {};
  }

  async set(sid: string, entry: DashboardEntry): Promise<void> {
    const now = Date.now();
    const kept = fresh(entry, now);
    const until = Math.max(kept.block?.until ?? 0, kept.messages?.until ?? 0);
    if (until <= now) return this.forget(sid);
    const redis = this.deps.redis;
    if (redis) {
      await withTimeout(
        redis.set(this.key(sid), JSON.stringify(kept), { expiration: { type: 'PX', value: until - now } }),
        CACHE_OP_TIMEOUT_MS,
        'dashboard cache write',
      );
      return;
    }
    // Bounded: drop the oldest entry (Map keeps insertion order) when full.
    this.local.delete(sid);
    if (this.local.size >= MAX_LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value ?? '');
    this.local.set(sid, kept);
  }

  /** Forgets what is kept for the session (the user changed their messages). */
  async forget(sid: string): Promise<void> {
    this.local.delete(sid);
    if (this.deps.redis) await withTimeout(this.deps.redis.del(this.key(sid)), CACHE_OP_TIMEOUT_MS, 'dashboard cache delete');
  }
}

const caches = new WeakMap<Pick<AppDeps, 'redis' | 'config'>, DashboardCache>();

export function dashboardCache(deps: Pick<AppDeps, 'redis' | 'config'>): DashboardCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new DashboardCache(deps);
    caches.set(deps, cache);
  }
  return cache;
}
