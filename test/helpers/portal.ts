// Starts the real portal app for a test file: real Redis under a prefix of its own
// (`test:<random>:`), a real agency API (test/helpers/api.ts) unless one is given, listening on
// a random port. Use `supertest.agent(portal.app)` or `portal.url`; always `await close()`.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Express, Router } from 'express';
import pino from 'pino';
import { createApp } from '../../server/app.js';
import { loadPortalConfig, type PortalConfig } from '../../server/config.js';
import { createServices, type AppDeps, type PageAssets } from '../../server/deps.js';
import { closeRedis, connectRedis, createRedis, deleteByPrefix, type RedisClient } from '../../server/redis.js';
import { InProcessSessionStore } from '../../server/session.js';
import { startTestApi, type TestApi } from './api.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Stand-in for the client build: pages link these URLs; nothing is served from them. */
export const testAssets: PageAssets = {
  css: ['/assets/main-test.css'],
  scriptsFor: (names) => (names.length ? { entry: '/assets/client-test.js', preloads: names.map((n) => `/assets/${n}.island-test.js`) } : null),
  buildId: 'test-build',
};

export interface StartTestPortalOptions {
  /** An API to use (the caller closes it); by default one is started on PGlite and closed with the portal. */
  api?: TestApi;
  /** Point the portal at this URL instead and start no API (e.g. a dead port for "API down"). */
  apiBaseUrl?: string;
  /** true (default): the test Redis; a string: that Redis URL; false: in-process stores. */
  redis?: boolean | string;
  /** Reuse a Redis key prefix (two portal instances sharing one Redis). */
  redisPrefix?: string;
  /** Extra portal environment (UPSTREAM_TIMEOUT_MS, SESSION_IDLE_MINUTES...). */
  env?: Record<string, string>;
  assets?: PageAssets;
  extraRouters?: Router[] | ((deps: AppDeps) => Router[]);
}

export interface TestPortal {
  app: Express;
  url: string;
  server: Server;
  api: TestApi | null;
  redis: RedisClient | null;
  redisPrefix: string;
  config: PortalConfig;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startTestPortal(opts: StartTestPortalOptions = {}): Promise<TestPortal> {
  const ownsApi = !opts.api && !opts.apiBaseUrl;
  const api = opts.api ?? (opts.apiBaseUrl ? null : await startTestApi('pglite'));
  const apiBaseUrl = opts.apiBaseUrl ?? api?.url;
  const redisPrefix = opts.redisPrefix ?? `test:${randomBytes(6).toString('hex')}:`;
  const redisUrl = opts.redis === false ? undefined : typeof opts.redis === 'string' ? opts.redis : TEST_REDIS_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadPortalConfig({
    NODE_ENV: 'test',
    PORT: '0',
    API_BASE_URL: apiBaseUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: '3000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    // Every request of a suite comes from one address (the security suites set 1).
    RATE_LIMIT_SCALE: '100',
    ...opts.env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  let redis: RedisClient | null = null;
  if (redisUrl) {
    redis = createRedis({ url: redisUrl, log });
    await connectRedis(redis, log, 3_000);
  }
  const deps = createServices(config, {
    log,
    redis,
    assets: opts.assets ?? testAssets,
    paths: { assetsDir: path.join(dataDir, 'no-assets'), publicDir: path.join(dataDir, 'no-public') },
  });
  const extraRouters = typeof opts.extraRouters === 'function' ? opts.extraRouters(deps) : opts.extraRouters;
  const app = createApp(config, deps, { extraRouters });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;

  return {
    app,
    url: `http://127.0.0.1:${port}`,
    server,
    api,
    redis,
    redisPrefix,
    config,
    deps: { ...deps, config },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await deps.upstream.close();
      if (deps.sessionStore instanceof InProcessSessionStore) deps.sessionStore.close();
      if (redis) {
        if (redis.isReady && !opts.redisPrefix) await deleteByPrefix(redis, redisPrefix).catch(() => undefined);
        await closeRedis(redis);
      }
      if (ownsApi && api) await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- outages on demand -------------------------------------------------------------------------
// A proxy between the portal and Redis that can be stopped and started again on the same port,
// so a test can take Redis away and bring it back (the API's: test/helpers/fault-proxy.ts).

export interface SwitchableProxy {
  url: string;
  port: number;
  /** Stop accepting and drop open connections: the target "goes down". */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  /** Keep connections open but hold every byte (a hung server), until resume(). */
  hang?(): void;
  resume?(): void;
  close(): Promise<void>;
}

async function listenOn(server: import('node:net').Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A TCP proxy in front of `host:port` (Redis) that can cut every connection at once, or hang. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<SwitchableProxy> {
  const net = await import('node:net');
  type Socket = import('node:net').Socket;
  const sockets = new Set<Socket>();
  const held: { to: Socket; data: Buffer }[] = [];
  let hung = false;
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (data: Buffer) => {
      if (hung) held.push({ to, data });
      else to.write(data);
    });
  };
  const make = () =>
    net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      forward(client, upstream);
      forward(upstream, client);
    });
  let server = make();
  const port = await listenOn(server, 0);
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    hung = false;
    held.length = 0;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async start() {
      if (running) return;
      server = make();
      await listenOn(server, port);
      running = true;
    },
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    close: stop,
  };
}

/** The CSRF token of a rendered page (hidden field or meta tag). */
export function csrfFrom(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html) ?? /<meta name="csrf-token" content="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF token on the page');
  return match[1];
}
