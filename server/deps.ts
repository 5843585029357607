// What the portal's routers are built from (AppDeps), and how those services are made from the
// configuration. main.ts and test/helpers/portal.ts both go through createServices.
import path from 'node:path';
import type { Store } from 'express-session';
import type { PortalConfig } from './config.js';
import type { Logger } from './logger.js';
import type { RedisClient } from './redis.js';
import { createSessionStore } from './session.js';
import type { SessionUser } from './session-types.js';
import { renderTooManyRequests, renderTooManySignIns } from './errors.js';
import { createSignInLimiters, type SignInLimiters } from './rate-limit.js';
import { InProcessTokenStore, RedisTokenStore, TokenManager, type TokenStore } from './token-store.js';
import { createRefresher, SchoolYearCache, UpstreamHttp, type ApiClient } from './upstream.js';

/** The client build as the server needs it (server/assets.ts provides it from vite's manifest). */
export interface PageAssets {
  /** Stylesheet URLs, on every page. */
  css: string[];
  /** The client entry and module preloads for these islands; null when there is no build. */
  scriptsFor(islandNames: string[]): { entry: string; preloads: string[] } | null;
  buildId: string;
}

export interface AppPaths {
  /** dist/public: the hashed client build, served under /assets/. */
  assetsDir: string;
  /** public/: static files served as they are at /. */
  publicDir: string;
}

export interface AppDeps {
  config: PortalConfig;
  log: Logger;
  /** null: no REDIS_URL (development, in-process stores). */
  redis: RedisClient | null;
  sessionStore: Store;
  tokens: TokenManager;
  upstream: UpstreamHttp;
  schoolYears: SchoolYearCache;
  signInLimiters: SignInLimiters;
  assets: PageAssets;
  paths: AppPaths;
}

declare global {
  namespace Express {
    interface Locals {
      requestId: string;
      /** This response's CSP nonce (server/security.ts). */
      nonce: string;
      deps: AppDeps;
      /** The agency API client for this request (server/upstream.ts). */
      api: ApiClient;
      user: SessionUser | null;
      currentLeaId: number | null;
      schoolYear: string | null;
    }
  }
}

export function defaultPaths(projectRoot: string): AppPaths {
  return { assetsDir: path.join(projectRoot, 'dist', 'public'), publicDir: path.join(projectRoot, 'public') };
}

export interface ServiceInputs {
  log: Logger;
  redis: RedisClient | null;
  assets: PageAssets;
  paths: AppPaths;
}

export function createServices(config: PortalConfig, inputs: ServiceInputs): AppDeps {
  if (!config.apiBaseUrl) throw new Error('createServices: config.apiBaseUrl must be set (main.ts starts the embedded API first)');
  const { log, redis } = inputs;
  // The record outlives the session's idle timeout; every read extends it.
  const recordTtlSeconds = Math.max(config.sessionIdleMinutes * 60 * 2, 60 * 60);
  const store: TokenStore = redis
    ? new RedisTokenStore(redis, config.redisPrefix, recordTtlSeconds)
    : new InProcessTokenStore(recordTtlSeconds);
  const upstream = new UpstreamHttp(config.apiBaseUrl, config.upstreamTimeoutMs);
  const tokens = new TokenManager(store, createRefresher(upstream, config.drPublicBasic), {
    lockTtlMs: config.upstreamTimeoutMs + 2_000,
    waitTimeoutMs: config.upstreamTimeoutMs * 2 + 2_000,
    log,
  });
  return {
    config,
    log,
    redis,
    sessionStore: createSessionStore(config, redis, log),
    tokens,
    upstream,
    schoolYears: new SchoolYearCache(),
    signInLimiters: createSignInLimiters({
      redis,
      redisPrefix: config.redisPrefix,
      log,
      defaultLimited: renderTooManySignIns,
      anonymousLimited: renderTooManyRequests,
      scale: config.rateLimitScale,
    }),
    assets: inputs.assets,
    paths: inputs.paths,
  };
}
