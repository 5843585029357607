// Server-side tokens. The access token, its expiry and the API's refresh cookie live in their
// own record keyed by the session id, not inside the express-session object: express-session
// writes the whole object back when a request ends, so a slow request holding an old copy
// would overwrite a token pair another request had just refreshed.
//
// Refresh is refresh-ahead (a request that finds less than 60 s left refreshes first) and
// single-flight: concurrent requests of one session share one in-process promise, and portal
// instances sharing Redis take a short lock (SET NX PX) while waiters re-read the record.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from './logger.js';
import { withTimeout, type RedisClient } from './redis.js';

export const tokenRecordSchema = z.object({
  accessToken: z.string().min(1),
  /** When the access token stops working, ms since epoch (portal clock: now + expiresIn). */
  expiresAt: z.number(),
  /** Cookies the API set on sign-in or refresh (its refresh cookie), name → value. */
  cookies: z.record(z.string(), z.string()),
  userId: z.string(),
  leaId: z.number().int().nullable(),
  /**
   * Changes on every write. Waiters compare it, not the token: an API may hand out a
   * byte-identical token when it refreshes within the same second.
   */
  rev: z.string(),
});
export type TokenRecord = z.infer<typeof tokenRecordSchema>;
/** A record as the API's answer gives it, before the store assigns its revision. */
export type NewTokenRecord = Omit<TokenRecord, 'rev'>;

export interface TokenStore {
  get(sid: string): Promise<TokenRecord | null>;
  put(sid: string, record: TokenRecord): Promise<void>;
  delete(sid: string): Promise<void>;
  /** Takes the refresh lock; returns its owner token, or null when someone else holds it. */
  tryLock(sid: string, ttlMs: number): Promise<string | null>;
  unlock(sid: string, owner: string): Promise<void>;
  addUserSession(userId: string, sid: string): Promise<void>;
  removeUserSession(userId: string, sid: string): Promise<void>;
  userSessions(userId: string): Promise<string[]>;
  /** True when the backing store answers (readiness). */
  ping(): Promise<boolean>;
}

function parseRecord(raw: string | null): TokenRecord | null {
  if (!raw) return null;
  try {
    const parsed = tokenRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// Compare-and-delete: only the owner releases the lock (an expired lock may belong to another).
const UNLOCK_SCRIPT = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

export const TOKEN_OP_TIMEOUT_MS = 800;

export class RedisTokenStore implements TokenStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    /** Record lifetime, extended on every read; longer than the session's idle timeout. */
    private readonly recordTtlSeconds: number,
    private readonly userIndexTtlSeconds = 60 * 60 * 24 * 14,
  ) {}

  private key(sid: string): string {
    return `${this.prefix}tok:${sid}`;
  }
  private lockKey(sid: string): string {
    return `${this.prefix}tok-lock:${sid}`;
  }
  private userKey(userId: string): string {
    return `${this.prefix}user-sessions:${userId}`;
  }

  async get(sid: string): Promise<TokenRecord | null> {
    const raw = await withTimeout(this.redis.getEx(this.key(sid), { type: 'EX', value: this.recordTtlSeconds }), TOKEN_OP_TIMEOUT_MS, 'token read');
    return parseRecord(raw);
  }

  async put(sid: string, record: TokenRecord): Promise<void> {
    await withTimeout(
      this.redis.set(this.key(sid), JSON.stringify(record), { expiration: { type: 'EX', value: this.recordTtlSeconds } }),
      TOKEN_OP_TIMEOUT_MS,
      'token write',
    );
  }

  async delete(sid: string): Promise<void> {
    await withTimeout(this.redis.del(this.key(sid)), TOKEN_OP_TIMEOUT_MS, 'token delete');
  }

  async tryLock(sid: string, ttlMs: number): Promise<string | null> {
    const owner = randomBytes(12).toString('hex');
    const ok = await withTimeout(
      this.redis.set(this.lockKey(sid), owner, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
      TOKEN_OP_TIMEOUT_MS,
      'refresh lock',
    );
    return ok === 'OK' ? owner : null;
  }

  async unlock(sid: string, owner: string): Promise<void> {
    await withTimeout(this.redis.eval(UNLOCK_SCRIPT, { keys: [this.lockKey(sid)], arguments: [owner] }), TOKEN_OP_TIMEOUT_MS, 'refresh unlock');
  }

  async addUserSession(userId: string, sid: string): Promise<void> {
    const key = this.userKey(userId);
    await withTimeout(
      this.redis.multi().sAdd(key, sid).expire(key, this.userIndexTtlSeconds).exec(),
      TOKEN_OP_TIMEOUT_MS,
      'user session index',
    );
  }

  async removeUserSession(userId: string, sid: string): Promise<void> {
    await withTimeout(this.redis.sRem(this.userKey(userId), sid), TOKEN_OP_TIMEOUT_MS, 'user session index');
  }

  async userSessions(userId: string): Promise<string[]> {
    return withTimeout(this.redis.sMembers(this.userKey(userId)), TOKEN_OP_TIMEOUT_MS, 'user session index');
  }

  async ping(): Promise<boolean> {
    try {
      return (await withTimeout(this.redis.ping(), 500, 'redis ping')) === 'PONG';
    } catch {
      return false;
    }
  }
}

/** Development store in this process (no Redis): same semantics, not shared between instances. */
export class InProcessTokenStore implements TokenStore {
  private readonly records = new Map<string, { json: string; expiresAt: number }>();
  private readonly locks = new Map<string, { owner: string; expiresAt: number }>();
  private readonly users = new Map<string, Set<string>>();

  constructor(private readonly recordTtlSeconds: number) {}

  async get(sid: string): Promise<TokenRecord | null> {
    const entry = this.records.get(sid);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.records.delete(sid);
      return null;
    }
    entry.expiresAt = Date.now() + this.recordTtlSeconds * 1000;
    return parseRecord(entry.json);
  }

  async put(sid: string, record: TokenRecord): Promise<void> {
    this.prune();
    this.records.set(sid, { json: JSON.stringify(record), expiresAt: Date.now() + this.recordTtlSeconds * 1000 });
  }

  async delete(sid: string): Promise<void> {
    this.records.delete(sid);
  }

  async tryLock(sid: string, ttlMs: number): Promise<string | null> {
    const held = this.locks.get(sid);
    if (held && held.expiresAt > Date.now()) return null;
    const owner = randomBytes(12).toString('hex');
    this.locks.set(sid, { owner, expiresAt: Date.now() + ttlMs });
    return owner;
  }

  async unlock(sid: string, owner: string): Promise<void> {
    if (this.locks.get(sid)?.owner === owner) this.locks.delete(sid);
  }

  async addUserSession(userId: string, sid: string): Promise<void> {
    const set = this.users.get(userId) ?? new Set<string>();
    set.add(sid);
    this.users.set(userId, set);
  }

  async removeUserSession(userId: string, sid: string): Promise<void> {
    const set = this.users.get(userId);
    set?.delete(sid);
    if (set && set.size === 0) this.users.delete(userId);
  }

  async userSessions(userId: string): Promise<string[]> {
    return [...(this.users.get(userId) ?? [])];
  }

  async ping(): Promise<boolean> {
    return true;
  }

  private prune(): void {
    const now = Date.now();
    for (const [sid, entry] of this.records) if (entry.expiresAt <= now) this.records.delete(sid);
    for (const [sid, lock] of this.locks) if (lock.expiresAt <= now) this.locks.delete(sid);
  }
}

/** What a refresh needs from the session that asks for it (spec §4: refresh sends the school year). */
export interface RefreshContext {
  currentLeaId: number | null;
  schoolYear: string | undefined;
  requestId?: string;
}

/** Exchanges a record for a fresh one; throws RefreshRejectedError when the API refuses. */
export type Refresher = (record: TokenRecord, ctx: RefreshContext) => Promise<NewTokenRecord>;

/** The API refused the refresh (401/403/400): the session is over. */
export class RefreshRejectedError extends Error {
  override readonly name = 'RefreshRejectedError';
}

/** No refresh result within the bound (a stuck lock holder): fail instead of hanging. */
export class RefreshTimeoutError extends Error {
  override readonly name = 'RefreshTimeoutError';
}

export interface TokenManagerOptions {
  /** Refresh when less than this is left (spec §9: 60 s). */
  refreshAheadMs?: number;
  /** How long one refresh may hold the cross-instance lock. */
  lockTtlMs: number;
  /** How long a request waits in total for someone else's refresh. */
  waitTimeoutMs: number;
  pollMs?: number;
  now?: () => number;
  log?: Logger;
}

export const REFRESH_AHEAD_MS = 60_000;

export class TokenManager {
  private readonly inflight = new Map<string, Promise<TokenRecord | null>>();
  private readonly refreshAheadMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;

  constructor(
    readonly store: TokenStore,
    private readonly refresher: Refresher,
    private readonly options: TokenManagerOptions,
  ) {
    this.refreshAheadMs = options.refreshAheadMs ?? REFRESH_AHEAD_MS;
    this.pollMs = options.pollMs ?? 40;
    this.now = options.now ?? Date.now;
  }

  needsRefresh(record: TokenRecord): boolean {
    return record.expiresAt - this.now() < this.refreshAheadMs;
  }

  async save(sid: string, record: NewTokenRecord): Promise<TokenRecord> {
    const saved: TokenRecord = { ...record, rev: randomBytes(8).toString('hex') };
    await this.store.put(sid, saved);
    await this.store.addUserSession(record.userId, sid);
    return saved;
  }

  async remove(sid: string): Promise<TokenRecord | null> {
    const record = await this.store.get(sid);
    await this.store.delete(sid);
    if (record) await this.store.removeUserSession(record.userId, sid);
    return record;
  }

  /** The session's usable record (refreshed first when it is about to expire), or null when signed out. */
  async current(sid: string, ctx: RefreshContext): Promise<TokenRecord | null> {
    const record = await this.store.get(sid);
    if (!record) return null;
    if (!this.needsRefresh(record)) return record;
    return this.refresh(sid, record.rev, ctx);
  }

  /**
   * Refreshes unless someone already replaced the record of revision `staleRev`; null when the
   * session has ended (refresh refused, or the record is gone).
   */
  refresh(sid: string, staleRev: string, ctx: RefreshContext): Promise<TokenRecord | null> {
    const running = this.inflight.get(sid);
    if (running) return running;
    const started = this.refreshOnce(sid, staleRev, ctx).finally(() => this.inflight.delete(sid));
    this.inflight.set(sid, started);
    return started;
  }

  private async refreshOnce(sid: string, staleRev: string, ctx: RefreshContext): Promise<TokenRecord | null> {
    const deadline = this.now() + this.options.waitTimeoutMs;
    for (;;) {
      const owner = await this.store.tryLock(sid, this.options.lockTtlMs);
      if (owner) {
        try {
          // Re-read under the lock: another instance may have refreshed while we queued.
          const record = await this.store.get(sid);
          if (!record) return null;
          if (record.rev !== staleRev) return record;
          let next: NewTokenRecord;
          try {
            next = await this.refresher(record, ctx);
          } catch (err) {
            if (err instanceof RefreshRejectedError) {
              this.options.log?.info({ sid: sid.slice(0, 6) }, 'token refresh refused; ending session');
              await this.store.delete(sid);
              await this.store.removeUserSession(record.userId, sid).catch(() => undefined);
              return null;
            }
            throw err;
          }
          return await this.save(sid, next);
        } finally {
          await this.store.unlock(sid, owner).catch(() => undefined);
        }
      }
      // Someone else is refreshing: wait for the record to change (or the lock to go).
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      const record = await this.store.get(sid);
      if (!record) return null;
      if (record.rev !== staleRev) return record;
      if (this.now() > deadline) throw new RefreshTimeoutError('Timed out waiting for a token refresh.');
    }
  }
}
