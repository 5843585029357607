// express-session wiring: the cookie, the store (Redis in any shared deployment, an in-process
// store for a developer's machine), and promise helpers for the session lifecycle.
import type { CookieOptions, Request, RequestHandler } from 'express';
import session, { Store, type SessionData } from 'express-session';
import { RedisStore } from 'connect-redis';
import type { PortalConfig } from './config.js';
import type { Logger } from './logger.js';
import { StoreUnavailableError, withTimeout, type RedisClient } from './redis.js';
import type { PortalSessionData } from './session-types.js';

declare module 'express-session' {
  interface SessionData extends PortalSessionData {}
}

/** `__Host-` binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure). */
export function sessionCookieName(config: Pick<PortalConfig, 'isProduction'>): string {
  return config.isProduction ? '__Host-portal.sid' : 'portal.sid';
}

/**
 * A cookie that says "this browser was signed in" and outlives the session it belonged to: set at
 * sign-in, cleared at sign-out. A browser that still has it but no session was signed out by
 * something else (expiry, an admin's End Sessions, a disabled account) and is told so.
 */
export function signedInMarkerName(config: Pick<PortalConfig, 'isProduction'>): string {
  return config.isProduction ? '__Host-portal.was-signed-in' : 'portal.was-signed-in';
}

/** Whether the request carries the signed-in marker. */
export function hasSignedInMarker(cookieHeader: string | undefined, config: Pick<PortalConfig, 'isProduction'>): boolean {
  const name = signedInMarkerName(config);
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${name}=1`);
}

export function sessionCookieOptions(config: Pick<PortalConfig, 'isProduction' | 'sessionIdleMinutes'>): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
    maxAge: config.sessionIdleMinutes * 60_000,
  };
}

type Callback = (err?: unknown, value?: unknown) => void;

/**
 * Bounds every store operation so a Redis that is down or hanging turns into a 503 within
 * about a second instead of a request that waits forever.
 */
export class ResilientStore extends Store {
  constructor(
    private readonly inner: Store,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  private run(what: string, op: (cb: Callback) => void, cb: Callback | undefined): void {
    const promise = new Promise<unknown>((resolve, reject) => {
      op((err, value) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(value)));
    });
    withTimeout(promise, this.timeoutMs, `session ${what}`).then(
      (value) => cb?.(undefined, value),
      (err: unknown) => cb?.(err instanceof StoreUnavailableError ? err : new StoreUnavailableError(String(err))),
    );
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.run('get', (cb) => this.inner.get(sid, (err, s) => cb(err, s)), (err, value) => callback(err, (value as SessionData | null | undefined) ?? null));
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    this.run('set', (cb) => this.inner.set(sid, sess, (err) => cb(err)), (err) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.run('destroy', (cb) => this.inner.destroy(sid, (err) => cb(err)), (err) => callback?.(err));
  }

  override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const inner = this.inner;
    if (!inner.touch) {
      callback?.();
      return;
    }
    this.run('touch', (cb) => inner.touch!(sid, sess, (err?: unknown) => cb(err)), (err) => callback?.(err));
  }
}

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * A development-only store in this process. Unlike express-session's MemoryStore it prunes
 * expired sessions, but it is still lost on restart and not shared between instances.
 */
export class InProcessSessionStore extends Store {
  private readonly sessions = new Map<string, Entry>();
  /** Ended sessions (sid → until when), so a request in flight cannot write one back. */
  private readonly ended = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly defaultTtlMs: number) {
    super();
    this.sweeper = setInterval(() => this.prune(), 60_000);
    this.sweeper.unref();
  }

  private expiry(sess: SessionData): number {
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : NaN;
    return Number.isFinite(expires) ? expires : Date.now() + this.defaultTtlMs;
  }

  prune(now = Date.now()): void {
    for (const [sid, entry] of this.sessions) if (entry.expiresAt <= now) this.sessions.delete(sid);
    for (const [sid, until] of this.ended) if (until <= now) this.ended.delete(sid);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const entry = this.sessions.get(sid);
    if (!entry || entry.expiresAt <= Date.now()) {
      if (entry) this.sessions.delete(sid);
      queueMicrotask(() => callback(null, null));
      return;
    }
    const sess = JSON.parse(entry.json) as SessionData;
    queueMicrotask(() => callback(null, sess));
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    if (!this.ended.has(sid)) this.sessions.set(sid, { json: JSON.stringify(sess), expiresAt: this.expiry(sess) });
    queueMicrotask(() => callback?.());
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.sessions.delete(sid);
    this.ended.set(sid, Date.now() + Math.max(this.defaultTtlMs, 600_000));
    queueMicrotask(() => callback?.());
  }

  override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const entry = this.sessions.get(sid);
    if (entry) entry.expiresAt = this.expiry(sess);
    queueMicrotask(() => callback?.());
  }

  override length(callback: (err: unknown, length?: number) => void): void {
    this.prune();
    queueMicrotask(() => callback(null, this.sessions.size));
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

export const SESSION_STORE_TIMEOUT_MS = 800;

/** Seconds left on a session's cookie (connect-redis's rule), or `fallback` without an expiry. */
function secondsLeft(sess: SessionData, fallback: number): number {
  const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : NaN;
  return Number.isFinite(expires) ? Math.ceil((expires - Date.now()) / 1000) : fallback;
}

// Writes the session only if it has not been ended (KEYS[2] is the tombstone destroy() leaves).
const SET_UNLESS_ENDED =
  "if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) return 1";

/**
 * connect-redis, except that an ended session stays ended. A request still in flight when the
 * user signs out (or the id is regenerated) saves its stale copy of the session when it ends;
 * a plain SET would sign the user in again. destroy() leaves a tombstone for as long as a
 * session could live, and set() writes only when there is none.
 */
export class EndedAwareRedisStore extends RedisStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly endedTtlSeconds: number,
  ) {
    super({ client: redis, prefix: `${keyPrefix}sess:` });
  }

  private endedKey(sid: string): string {
    return `${this.keyPrefix}sess-ended:${sid}`;
  }

  override async set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): Promise<void> {
    try {
      const ttl = secondsLeft(sess, this.endedTtlSeconds);
      if (ttl <= 0) return void (await this.destroy(sid, cb));
      await this.redis.eval(SET_UNLESS_ENDED, { keys: [this.prefix + sid, this.endedKey(sid)], arguments: [JSON.stringify(sess), String(ttl)] });
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }

  override async destroy(sid: string, cb?: (err?: unknown) => void): Promise<void> {
    try {
      await this.redis
        .multi()
        .del(this.prefix + sid)
        .set(this.endedKey(sid), '1', { expiration: { type: 'EX', value: this.endedTtlSeconds } })
        .exec();
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }
}

export function createSessionStore(config: PortalConfig, redis: RedisClient | null, log: Logger): Store {
  if (redis) {
    // A stale write can only come from a request that started before the session ended, so a
    // tombstone that outlives the idle timeout (and any request) is enough.
    const store = new EndedAwareRedisStore(redis, config.redisPrefix, Math.max(config.sessionIdleMinutes * 60, 600));
    return new ResilientStore(store, SESSION_STORE_TIMEOUT_MS);
  }
  log.warn(
    '*** REDIS_URL is not set: sessions are kept in this process only. They are lost on restart and ' +
      'cannot be shared between instances. Use this for local development only. ***',
  );
  return new InProcessSessionStore(config.sessionIdleMinutes * 60_000);
}

export function sessionMiddleware(config: PortalConfig, store: Store): RequestHandler {
  return session({
    name: sessionCookieName(config),
    secret: config.sessionSecret,
    store,
    resave: false,
    // No session (and no cookie) until something is stored: a visit does not cost a Redis key.
    saveUninitialized: false,
    // Idle timeout: every response moves the expiry forward.
    rolling: true,
    // 'keep', not 'destroy': when the store fails to load a session, req.session is unset, and
    // 'destroy' would then delete the user's session in Redis on the way out. Sessions end
    // only through req.session.destroy() (sign-out, expiry).
    unset: 'keep',
    cookie: sessionCookieOptions(config),
  });
}

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err: unknown) => (err ? reject(err) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err: unknown) => (err ? reject(err) : resolve()));
  });
}
