// A value kept per session beside the session object (the shell's LEA and school-year lists,
// the dashboard's text block and messages): in Redis with an expiry when there is one, so every
// portal instance shares it, else in a bounded map in this process. Every Redis operation is
// bounded (withTimeout); a value that no longer matches its schema reads as missing.
import type { z } from 'zod';
import type { AppDeps } from './deps.js';
import { withTimeout } from './redis.js';

const CACHE_OP_TIMEOUT_MS = 500;
const MAX_LOCAL_ENTRIES = 5_000;

export class SessionValueCache<T> {
  private readonly local = new Map<string, { value: T; until: number }>();

  /** `name` is the key's middle part (`<REDIS_PREFIX><name>:<session id>`) and the logs' word for it. */
  constructor(
    private readonly deps: Pick<AppDeps, 'redis' | 'config'>,
    private readonly name: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  private key(sid: string): string {
    return `${this.deps.config.redisPrefix}${this.name}:${sid}`;
  }

  async get(sid: string): Promise<T | null> {
    const redis = this.deps.redis;
    if (redis) {
      const raw = await withTimeout(redis.get(this.key(sid)), CACHE_OP_TIMEOUT_MS, `${this.name} cache read`);
      if (!raw) return null;
      const parsed = this.schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    }
    const hit = this.local.get(sid);
    if (!hit) return null;
    if (hit.until <= Date.now()) {
      this.local.delete(sid);
      return null;
    }
    return hit.value;
  }

  async set(sid: string, value: T, ttlMs: number): Promise<void> {
    const redis = this.deps.redis;
    if (redis) {
      await withTimeout(
        redis.set(this.key(sid), JSON.stringify(value), { expiration: { type: 'PX', value: ttlMs } }),
        CACHE_OP_TIMEOUT_MS,
        `${this.name} cache write`,
      );
      return;
    }
    this.local.delete(sid);
    if (this.local.size >= MAX_LOCAL_ENTRIES) {
      const now = Date.now();
      for (const [k, v] of this.local) if (v.until <= now) this.local.delete(k);
      // Still full: drop the oldest entries (Map keeps insertion order).
      for (const k of this.local.keys()) {
        if (this.local.size < MAX_LOCAL_ENTRIES) break;
        this.local.delete(k);
      }
    }
    this.local.set(sid, { value, until: Date.now() + ttlMs });
  }

  async forget(sid: string): Promise<void> {
    this.local.delete(sid);
    if (this.deps.redis) await withTimeout(this.deps.redis.del(this.key(sid)), CACHE_OP_TIMEOUT_MS, `${this.name} cache delete`);
  }
}
