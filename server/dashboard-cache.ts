// What the dashboard keeps per session so a reload does not ask the API again (issue 6's
// budget, and a busy API): the main-dashboard-text block for a minute, and the user's messages
// for MESSAGES_CACHE_SECONDS (15 s by default; 0 turns it off). One value per session holds both
// (so a dashboard view is one read): server/session-cache.ts.
//
// What the user does to their own messages shows at once: opening or dismissing one (through a
// form or an island's /api call) forgets the cached list. A message the agency sends reaches
// the dashboard within the messages window.
import { z } from 'zod';
import { notificationMessage, textBlock } from '../lib/contract.js';
import type { AppDeps } from './deps.js';
import { SessionValueCache } from './session-cache.js';

export const DASHBOARD_TEXT_TTL_MS = 60_000;

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
  private readonly values: SessionValueCache<DashboardEntry>;

  constructor(private readonly deps: Pick<AppDeps, 'redis' | 'config'>) {
    this.values = new SessionValueCache(deps, 'dashboard', cachedEntry);
  }

  get messagesTtlMs(): number {
    return this.deps.config.messagesCacheSeconds * 1000;
  }

  async get(sid: string): Promise<DashboardEntry> {
    return fresh((await this.values.get(sid)) ?? {}, Date.now());
  }

  /** Keeps what has not expired, until the later of the two expiries. */
  async set(sid: string, entry: DashboardEntry): Promise<void> {
    const now = Date.now();
    const kept = fresh(entry, now);
    const until = Math.max(kept.block?.until ?? 0, kept.messages?.until ?? 0);
    if (until <= now) return this.forget(sid);
    await this.values.set(sid, kept, until - now);
  }

  /** Forgets what is kept for the session (the user changed their messages). */
  forget(sid: string): Promise<void> {
    return this.values.forget(sid);
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
