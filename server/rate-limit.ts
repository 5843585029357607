// Sign-in rate limit per client IP (20 failed sign-ins per 15 minutes). Only failed attempts
// count: a sign-in that succeeds answers with a redirect and is taken off the count. The count
// per account is the agency API's (a growing delay, issue 10 finding 6): a hard per-account
// limit here would let anyone lock anyone out again. With Redis the counters are shared by
// every portal instance; without it they live in this process (development).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Options, type RateLimitRequestHandler, type Store, type ClientRateLimitInfo, type IncrementResponse } from 'express-rate-limit';
import { RedisStore as RateLimitRedisStore } from 'rate-limit-redis';
import type { Logger } from './logger.js';
import { withTimeout, type RedisClient } from './redis.js';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMIT_PER_IP = 20;
/** Signed-out forms that send email, create accounts or hash a password, per client address. */
export const ANONYMOUS_POST_WINDOW_MS = 15 * 60_000;
export const ANONYMOUS_POST_LIMIT_PER_IP = 20;

/** Renders the answer to a limited request (the login page with the message, status 429). */
export type LimitedHandler = (req: Request, res: Response) => void | Promise<void>;

export interface SignInLimiters {
  ip: RateLimitRequestHandler;
  /** Every post of a signed-out form (forgot password, register, resend, reset), per client. */
  anonymous: RateLimitRequestHandler;
}

const STORE_TIMEOUT_MS = 1_000;

/**
 * rate-limit-redis loads its Lua scripts once, in init(); if Redis was down then, every later
 * call would fail for good. This wrapper re-initialises after a failure, so the limiter
 * recovers with Redis, and bounds every call.
 */
export class ResilientRedisRateLimitStore implements Store {
  readonly localKeys = false;
  private inner: RateLimitRedisStore;
  private options: Options | null = null;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly redis: RedisClient,
    readonly prefix: string,
  ) {
    this.inner = this.makeInner();
  }

  private makeInner(): RateLimitRedisStore {
    return new RateLimitRedisStore({
      prefix: this.prefix,
      sendCommand: (...args: string[]) => this.redis.sendCommand(args) as Promise<never>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.ready = this.inner.init(options).catch(() => {
      this.ready = null;
    });
  }

  private async ensure(): Promise<RateLimitRedisStore> {
    if (!this.options) throw new Error('rate limit store used before init');
    if (!this.ready) {
      this.inner = this.makeInner();
      const options = this.options;
      this.ready = this.inner.init(options);
    }
    try {
      await withTimeout(this.ready, STORE_TIMEOUT_MS, 'rate limit init');
    } catch (err) {
      this.ready = null;
      throw err;
    }
    return this.inner;
  }

  private async run<T>(what: string, op: (store: RateLimitRedisStore) => Promise<T>): Promise<T> {
    const store = await this.ensure();
    return withTimeout(op(store), STORE_TIMEOUT_MS, `rate limit ${what}`);
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.run('get', (s) => s.get(key));
  }
  increment(key: string): Promise<IncrementResponse> {
    return this.run('increment', (s) => s.increment(key));
  }
  decrement(key: string): Promise<void> {
    return this.run('decrement', (s) => s.decrement(key));
  }
  resetKey(key: string): Promise<void> {
    return this.run('reset', (s) => s.resetKey(key));
  }
}

const onLimitedKey = Symbol('signInOnLimited');
type WithHandler = Response & { [onLimitedKey]?: LimitedHandler };

export function createSignInLimiters(opts: {
  redis: RedisClient | null;
  redisPrefix: string;
  log: Logger;
  /** The answer when no route-specific handler was given (a 429 page). */
  defaultLimited: LimitedHandler;
  /** The answer past the signed-out forms' limit. */
  anonymousLimited: LimitedHandler;
  /** RATE_LIMIT_SCALE: test rigs where every browser shares one address. */
  scale?: number;
}): SignInLimiters {
  const common = {
    windowMs: SIGN_IN_WINDOW_MS,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    // A successful sign-in redirects (303); re-rendered failures (4xx) are what we count.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req: Request, res: Response) => res.statusCode >= 300 && res.statusCode < 400,
    handler: (req: Request, res: Response, next: NextFunction) => {
      const handler = (res as WithHandler)[onLimitedKey] ?? opts.defaultLimited;
      Promise.resolve(handler(req, res)).catch(next);
    },
    logger: {
      error: (...args: unknown[]) => opts.log.error({ args }, 'rate limiter error'),
      warn: (...args: unknown[]) => opts.log.warn({ args }, 'rate limiter warning'),
    },
  };
  const store = (name: string): Store | undefined =>
    opts.redis ? new ResilientRedisRateLimitStore(opts.redis, `${opts.redisPrefix}rl:${name}:`) : undefined;
  return {
    ip: rateLimit({ ...common, limit: SIGN_IN_LIMIT_PER_IP, store: store('ip'), identifier: 'sign-in-ip' }),
    anonymous: rateLimit({
      ...common,
      windowMs: ANONYMOUS_POST_WINDOW_MS,
      limit: ANONYMOUS_POST_LIMIT_PER_IP * (opts.scale ?? 1),
      // Each post costs an email, an account or a hash, whatever its answer: all count.
      skipSuccessfulRequests: false,
      store: store('anon'),
      identifier: 'signed-out-forms-ip',
      handler: (req: Request, res: Response, next: NextFunction) => {
        Promise.resolve(opts.anonymousLimited(req, res)).catch(next);
      },
    }),
  };
}

/**
 * Middleware for POST /auth/login: the per-client limit, answered by `onLimited` when one is exceeded
 * (else a 429 page with errorMessages.tooManySignIns). Needs createApp's middleware before it.
 */
export function signInRateLimit(onLimited?: LimitedHandler): RequestHandler {
  return (req, res, next) => {
    const limiters = res.locals.deps?.signInLimiters;
    if (!limiters) return next(new Error('signInRateLimit used outside the portal app'));
    if (onLimited) (res as WithHandler)[onLimitedKey] = onLimited;
    limiters.ip(req, res, next);
  };
}

/** Middleware for the signed-out forms' POSTs (issue 10, findings 4 and 5). */
export const anonymousPostLimit: RequestHandler = (req, res, next) => {
  const limiters = res.locals.deps?.signInLimiters;
  if (!limiters) return next(new Error('anonymousPostLimit used outside the portal app'));
  limiters.anonymous(req, res, next);
};
