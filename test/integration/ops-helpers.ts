// Shared by the ops, fault and bad-input suites: the production processes started from the
// built dist/ exactly as the Dockerfile runs them, an HTTP proxy in front of the agency API that
// can delay, hold or refuse chosen calls and alter answers, and a small cookie-keeping client for
// talking to a production portal (its `__Host-` cookie needs HTTPS, which a TLS proxy would
// report with X-Forwarded-Proto).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import pg from 'pg';
import pino from 'pino';
import { closeRedis, connectRedis, createRedis, deleteByPrefix } from '../../server/redis.js';
import { TEST_DATABASE_URL } from '../helpers/api.js';
import { TEST_REDIS_URL } from '../helpers/portal.js';

/** The portal and the API share this non-development secret in the production suites. */
export const OPS_DR_PUBLIC_BASIC = 'dr-public:ops-suite-secret';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PASSWORD = 'Demo-Password-1!';

// ---- the build -----------------------------------------------------------------------------

const BUILD_FILES = ['dist/node/server/main.js', 'dist/node/api/main.js', 'dist/public/.vite/manifest.json'];

/** What is missing from dist/ for the production processes (empty: they can start). */
export function missingBuild(root = REPO_ROOT): string[] {
  return BUILD_FILES.filter((f) => !existsSync(path.join(root, f)));
}

// ---- processes -------------------------------------------------------------------------------

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface NodeProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process printed (JSON log lines), for failure messages. */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `node <script>` from the repository root with exactly `env` (plus PATH/HOME). */
export function spawnNode(script: string, env: Record<string, string>, port: number, root = REPO_ROOT): NodeProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    output,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers `status` (default 200); fails with the process output if it exits. */
export async function waitForUrl(proc: NodeProcess, pathname: string, timeoutMs = 30_000, status = 200): Promise<void> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}) before ${pathname} answered:\n${proc.output.join('')}`);
    try {
      const res = await fetch(proc.url + pathname, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${proc.url}${pathname} did not answer ${status} within ${timeoutMs} ms (${last}):\n${proc.output.join('')}`);
}

export interface ProductionApi extends NodeProcess {
  jwtSecret: string;
  close(): Promise<void>;
}

/** `node dist/node/api/main.js` on PostgreSQL in a schema of its own, with the demo data. */
export async function startProductionApi(extraEnv: Record<string, string> = {}): Promise<ProductionApi> {
  const port = await freePort();
  const schema = `ops_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-api-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const proc = spawnNode(
    'dist/node/api/main.js',
    {
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: jwtSecret,
      DR_PUBLIC_BASIC: OPS_DR_PUBLIC_BASIC,
      BOT_CHECK: 'off',
      SEED_DEMO: 'on',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    port,
  );
  try {
    await waitForUrl(proc, '/api/health', 60_000);
  } catch (err) {
    await proc.stop(2_000);
    throw err;
  }
  return {
    ...proc,
    jwtSecret,
    async close() {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

export interface ProductionPortal extends NodeProcess {
  redisPrefix: string;
  sessionSecret: string;
  /** Stops the process and removes its Redis keys and data folder. */
  close(): Promise<void>;
}

/** `node dist/node/server/main.js` with Redis, behind a (pretend) TLS proxy on loopback. */
export async function startProductionPortal(
  apiBaseUrl: string,
  extraEnv: Record<string, string> = {},
  options: { waitReady?: boolean } = {},
): Promise<ProductionPortal> {
  const port = await freePort();
  const redisPrefix = extraEnv.REDIS_PREFIX ?? `ops:${randomBytes(6).toString('hex')}:`;
  const sessionSecret = extraEnv.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-portal-'));
  const proc = spawnNode(
    'dist/node/server/main.js',
    {
      NODE_ENV: 'production',
      PORT: String(port),
      API_BASE_URL: apiBaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: sessionSecret,
      TRUST_PROXY: 'loopback',
      DR_PUBLIC_BASIC: OPS_DR_PUBLIC_BASIC,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    port,
  );
  if (options.waitReady !== false) {
    try {
      await waitForUrl(proc, '/healthz', 30_000);
    } catch (err) {
      await proc.stop(2_000);
      throw err;
    }
  }
  return {
    ...proc,
    redisPrefix,
    sessionSecret,
    async close() {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await deleteRedisPrefix(redisPrefix);
    },
  };
}

/** Removes every key a test process wrote under its own prefix. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const log = pino({ level: 'silent' });
  const redis = createRedis({ url: TEST_REDIS_URL, log });
  if (await connectRedis(redis, log, 2_000)) await deleteByPrefix(redis, prefix).catch(() => undefined);
  await closeRedis(redis);
}

// ---- the app's routes -------------------------------------------------------------------------

export interface RouteEntry {
  method: string;
  /** The route's path as declared, e.g. '/auth/login' or '/roles/:id'. */
  path: string;
}

interface StackLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods?: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/**
 * Every method + path the app's routers declare (Express 5: app.router.stack, walking mounted
 * routers), so a suite covers forms and pages added later without being told about them.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') continue;
          for (const [method, on] of Object.entries(layer.route.methods ?? {})) {
            if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: prefix + p });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath.replace(/\/$/, '') : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A concrete URL for a declared path: each `:param` (and `*wildcard`) replaced by `value`. */
export function fillPath(declared: string, value = '1'): string {
  return declared.replace(/\{([^}]*)\}/g, '').replace(/[:*][A-Za-z_][A-Za-z0-9_]*/g, () => encodeURIComponent(value));
}

// ---- a browser for a production portal ----------------------------------------------------

export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

/**
 * Keeps cookies like a browser and presents itself as arriving over HTTPS through the portal's
 * trusted proxy (X-Forwarded-Proto), with a same-origin Origin on posts.
 */
export class ProxiedBrowser {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, pathname: string, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<PageResponse> {
    const started = Date.now();
    const headers: Record<string, string> = {
      'x-forwarded-proto': 'https',
      accept: 'text/html',
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...init.headers,
    };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = `https://${new URL(this.baseUrl).host}`;
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(this.baseUrl + pathname, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    this.remember(res.headers);
    return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
  }

  get(pathname: string, headers?: Record<string, string>): Promise<PageResponse> {
    return this.request('GET', pathname, { headers });
  }

  post(pathname: string, form: Record<string, string>): Promise<PageResponse> {
    return this.request('POST', pathname, { form });
  }

  async signIn(userName: string, password = PASSWORD): Promise<PageResponse> {
    const page = await this.get('/auth/login');
    if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
    return this.post('/auth/login', { _csrf: csrfOf(page.text), userName, password, returnUrl: '/' });
  }
}

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html) ?? /<meta name="csrf-token" content="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF token on the page');
  return match[1];
}

// ---- the fault-injecting proxy (test/helpers/fault-proxy.ts) -----------------------------------

export { startFaultProxy, type FaultProxy, type FaultRule, type ProxyRequest } from '../helpers/fault-proxy.js';

export const pathOf = (r: { path: string }): string => r.path.split('?')[0] ?? r.path;

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
