// `npm run bench`: load figures and page weights of a production build, checked against the
// budgets in README.md ("Performance budgets"); the exit code is 1 when one is missed.
//
//   1. Starts the agency API (`node dist/node/api/main.js`, PostgreSQL in a schema of its own,
//      PGlite when PostgreSQL is not there) and the portal (`node dist/node/server/main.js`,
//      Redis), both NODE_ENV=production, as the Dockerfile runs them, on ports 3700-3702
//      (BENCH_PORT_BASE moves them). Logs go to bench-results/*.log.
//   2. Signs in once (state.admin@demo.example, every tile and menu) for the signed-in targets.
//   3. autocannon, after a warm-up, for BENCH_DURATION seconds (10) with BENCH_CONNECTIONS (50):
//      the signed-out /auth/login, the dashboard /, /notification-settings, one /api call an
//      island makes, and a bare node:http server answering the dashboard's bytes (the limit of
//      this machine for that page). Requests per second, p50 and p99, and each one's share of
//      that limit.
//   4. Page weight from the build: every page reachable from the sign-in page and the signed-in
//      navigation is fetched; the scripts and stylesheets it links are gzip-sized from dist/, and
//      the scripts are checked against vite's manifest for the islands on the page.
//   5. Writes bench-results/bench.json.
//
// Runs on Node 24 with type stripping (`node scripts/bench.ts`): erasable TypeScript only, and
// no imports of the project's .ts modules.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// ---- budgets (README.md "Performance budgets"; 1 KB = 1024 bytes) ---------------------------
const KB = 1024;
const BUDGET_JS_HEAVIEST_PAGE = 100 * KB;
/** Island code (ours and libraries other than React) on any page, beyond React's shared chunk. */
const BUDGET_JS_BEYOND_REACT = 30 * KB;
/** React 19's shared chunk (vite.config.ts codeSplitting group "react"). */
const REACT_CHUNK = /^\/assets\/react-[\w-]+\.js$/;
const BUDGET_CSS = 30 * KB;
const BUDGET_DASHBOARD_P99_MS = 150;
/** Dispute resolution (issue 13): the staff case list at 50 connections, and Table 7, on BENCH_DR_CASES cases. */
const BUDGET_DR_LIST_P99_MS = 150;
const BUDGET_DR_TABLE7_MS = 1000;
const DR_CASES = Number(process.env.BENCH_DR_CASES ?? 10_000);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench-results');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3700);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USER = 'state.admin@demo.example';
const PASSWORD = 'Demo-Password-1!';
const API_CALL = '/api/event-notification/subscriptions/user';
const MAX_PAGES = 80;
/** BENCH_PROFILE_DIR: the API and the portal write V8 CPU profiles there (`--cpu-prof`) when they stop. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : null;
/** BENCH_ONLY=dashboard,api: run only these load targets (limit, login, dashboard, settings, api, dr); the budgets still apply. */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const runs = (target: string): boolean => ONLY.size === 0 || ONLY.has(target);
/** `npm run bench -- --sizes-only`: page weights and their budgets, no load runs. */
const SIZES_ONLY = process.argv.includes('--sizes-only');

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
interface AutocannonOptions {
  url: string;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---- processes --------------------------------------------------------------------------------

const children: ChildProcess[] = [];

function startNode(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const log = createWriteStream(path.join(RESULTS, `${name}.log`));
  const profile = PROFILE_DIR && name !== 'bare' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}-\${pid}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  children.push(child);
  return child;
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}); see bench-results/${name}.log`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms; see bench-results/${name}.log`);
}

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port), u.hostname);
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function portFree(port: number): Promise<boolean> {
  return !(await reachable(`http://127.0.0.1:${port}`));
}

// ---- a signed-in client -----------------------------------------------------------------------

const FORWARDED = { 'x-forwarded-proto': 'https' };

function cookieFrom(res: Response, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

async function signIn(base: string): Promise<string> {
  const page = await fetch(`${base}/auth/login`, { headers: FORWARDED });
  const html = await page.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  // Signed out, the form's token is bound to a double-submit cookie, not a session (issue 10).
  const anonymous = cookieFrom(page, '__Host-portal.csrf');
  if (!csrf || !anonymous) throw new Error(`the sign-in page has no form or no csrf cookie (status ${page.status})`);
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORWARDED, cookie: anonymous, origin: `https://${new URL(base).host}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, userName: USER, password: PASSWORD, returnUrl: '/' }).toString(),
  });
  await res.arrayBuffer();
  const cookie = cookieFrom(res, '__Host-portal.sid');
  if (res.status !== 303 || !cookie) throw new Error(`sign-in failed: status ${res.status}`);
  return cookie;
}

// ---- page weight --------------------------------------------------------------------------------

interface PageWeight {
  path: string;
  signedIn: boolean;
  islands: string[];
  js: { file: string; gzip: number }[];
  jsGzip: number;
  /** The page's JavaScript without React's shared chunk. */
  jsBeyondReactGzip: number;
  cssGzip: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files a page with these islands must load, from vite's manifest: the client entry and each island, with their imports. */
function manifestScripts(islands: readonly string[]): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'public', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/assets/${chunk.file}`)) return;
    files.add(`/assets/${chunk.file}`);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  if (islands.length === 0) return files;
  add('islands/client.ts');
  for (const name of islands) add(`islands/${name}.island.tsx`);
  return files;
}

const gzipCache = new Map<string, number>();
function gzipSizeOf(url: string): number {
  const file = path.join(ROOT, 'dist', 'public', url.replace(/^\/assets\//, ''));
  let size = gzipCache.get(file);
  if (size === undefined) {
    if (!existsSync(file)) throw new Error(`a page links ${url}, which is not in dist/public`);
    size = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

function weigh(pagePath: string, signedIn: boolean, html: string): PageWeight {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const islands = [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!))].sort();
  const js = [...new Set([...scripts, ...preloads])].filter((u) => u.startsWith('/assets/')).map((file) => ({ file, gzip: gzipSizeOf(file) }));
  return {
    path: pagePath,
    signedIn,
    islands,
    js,
    jsGzip: js.reduce((sum, f) => sum + f.gzip, 0),
    jsBeyondReactGzip: js.filter((f) => !REACT_CHUNK.test(f.file)).reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: css.filter((u) => u.startsWith('/assets/')).reduce((sum, u) => sum + gzipSizeOf(u), 0),
  };
}

function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"#?]*)/g)]
    .map((m) => m[1]!)
    .filter((href) => !href.startsWith('//') && !href.startsWith('/assets/') && !href.startsWith('/api/'));
}

/** Every page reachable by links from the start pages, anonymous and signed in. */
async function crawl(base: string, cookie: string): Promise<PageWeight[]> {
  const out: PageWeight[] = [];
  const starts: { path: string; signedIn: boolean }[] = [
    { path: '/auth/login', signedIn: false },
    { path: '/auth/register', signedIn: false },
    { path: '/auth/forgot-password', signedIn: false },
    { path: '/dr-request', signedIn: false },
    { path: '/', signedIn: true },
    { path: '/notification-settings', signedIn: true },
  ];
  for (const signedIn of [false, true]) {
    const queue = starts.filter((s) => s.signedIn === signedIn).map((s) => s.path);
    const seen = new Set(queue);
    while (queue.length && out.length < MAX_PAGES) {
      const pagePath = queue.shift()!;
      const res = await fetch(base + pagePath, {
        headers: { ...FORWARDED, accept: 'text/html', ...(signedIn ? { cookie } : {}) },
        redirect: 'manual',
      });
      const html = await res.text();
      if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('text/html')) continue;
      out.push(weigh(pagePath, signedIn, html));
      for (const link of linksIn(html)) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
  }
  return out;
}

// ---- load -------------------------------------------------------------------------------------

interface LoadFigure {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system) the portal and the API spent per answered request; steadier than latency on a busy machine. */
  portalCpuMsPerRequest: number | null;
  apiCpuMsPerRequest: number | null;
  ratioToLimit: number;
}

/** CPU seconds a child process has used so far (Linux /proc), or null elsewhere. */
function cpuSeconds(child: ChildProcess | undefined): number | null {
  if (!child?.pid) return null;
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command name: utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The portal and API processes, for CPU accounting of the load runs. */
const measured: { portal?: ChildProcess; api?: ChildProcess } = {};

async function load(name: string, url: string, headers: Record<string, string>, portalRun = true): Promise<Omit<LoadFigure, 'ratioToLimit'>> {
  if (WARMUP > 0) await autocannon({ url, duration: WARMUP, connections: CONNECTIONS, headers });
  const before = portalRun ? { portal: cpuSeconds(measured.portal), api: cpuSeconds(measured.api) } : { portal: null, api: null };
  const r = await autocannon({ url, duration: DURATION, connections: CONNECTIONS, headers });
  const perRequest = (start: number | null, end: number | null): number | null =>
    start === null || end === null || r.requests.total === 0 ? null : Math.round(((end - start) * 1000 * 100) / r.requests.total) / 100;
  return {
    portalCpuMsPerRequest: perRequest(before.portal, cpuSeconds(measured.portal)),
    apiCpuMsPerRequest: perRequest(before.api, cpuSeconds(measured.api)),
    name,
    url: new URL(url).pathname,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A bare node:http server answering `file` with the dashboard's content type: the machine's limit. */
function startBareServer(port: number, file: string): ChildProcess {
  const code = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' });
      res.end(body);
    }).listen(${port}, '127.0.0.1');
  `;
  return startNode('bare', ['-e', code], {});
}

// ---- the run --------------------------------------------------------------------------------

function pad(value: string | number, width: number, right = false): string {
  const s = String(value);
  return right ? s.padStart(width) : s.padEnd(width);
}

async function main(): Promise<number> {
  const needed = ['dist/node/server/main.js', 'dist/node/api/main.js', 'dist/public/.vite/manifest.json'];
  const missing = needed.filter((f) => !existsSync(path.join(ROOT, f)));
  if (missing.length) {
    console.error(`bench: the production build is missing (${missing.join(', ')}). Run \`npm run build\` first.`);
    return 1;
  }
  if (!(await reachable(REDIS_URL))) {
    console.error(`bench: Redis is not reachable at ${REDIS_URL} (set REDIS_URL).`);
    return 1;
  }
  const [portalPort, apiPort, barePort] = [PORT_BASE, PORT_BASE + 1, PORT_BASE + 2];
  for (const port of [portalPort, apiPort, barePort]) {
    if (!(await portFree(port))) {
      console.error(`bench: port ${port} is in use (set BENCH_PORT_BASE).`);
      return 1;
    }
  }
  mkdirSync(RESULTS, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const usePostgres = await reachable(DATABASE_URL.replace(/^postgres(ql)?:/, 'http:'));
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}:`;
  leftovers = { redisPrefix, schema: usePostgres ? schema : null, dataDir };

  // Production refuses the public development DR_PUBLIC_BASIC and an unset bot check (issue 10).
  const drPublicBasic = `dr-public:${randomBytes(16).toString('hex')}`;
  const api = startNode('api', ['dist/node/api/main.js'], {
    NODE_ENV: 'production',
    DR_PUBLIC_BASIC: drPublicBasic,
    BOT_CHECK: 'off',
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'on',
    BENCH_DR_CASES: String(DR_CASES),
    DATA_DIR: path.join(dataDir, 'api'),
    ...(usePostgres ? { DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`, api, 'api');
  const portal = startNode('portal', ['dist/node/server/main.js'], {
    NODE_ENV: 'production',
    DR_PUBLIC_BASIC: drPublicBasic,
    PORT: String(portalPort),
    API_BASE_URL: `http://127.0.0.1:${apiPort}`,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'loopback',
    DATA_DIR: path.join(dataDir, 'portal'),
    // MESSAGES_CACHE_SECONDS=0 npm run bench: the dashboard with a messages call on every view.
    ...(process.env.MESSAGES_CACHE_SECONDS ? { MESSAGES_CACHE_SECONDS: process.env.MESSAGES_CACHE_SECONDS } : {}),
  });
  const base = `http://127.0.0.1:${portalPort}`;
  await waitFor(`${base}/readyz`, portal, 'portal');
  measured.portal = portal;
  measured.api = api;

  const cookie = await signIn(base);
  const signedIn = { ...FORWARDED, cookie, accept: 'text/html' };

  // The dashboard's bytes, for the bare server.
  const dashboard = await fetch(`${base}/`, { headers: signedIn, redirect: 'manual' });
  const dashboardHtml = await dashboard.text();
  if (dashboard.status !== 200) throw new Error(`the dashboard answered ${dashboard.status}`);
  const apiProbe = await fetch(base + API_CALL, { headers: { ...FORWARDED, cookie, accept: 'application/json' } });
  await apiProbe.arrayBuffer();
  if (apiProbe.status !== 200) throw new Error(`${API_CALL} answered ${apiProbe.status}: is the /api proxy mounted?`);
  const htmlFile = path.join(RESULTS, 'dashboard.html');
  writeFileSync(htmlFile, dashboardHtml);

  const pages = await crawl(base, cookie);

  const loadRuns: Omit<LoadFigure, 'ratioToLimit'>[] = [];
  if (!SIZES_ONLY) {
    const bare = startBareServer(barePort, htmlFile);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare, 'bare');
    console.log(`bench: ${DURATION} s, ${CONNECTIONS} connections, after ${WARMUP} s of warm-up; Node ${process.version}, ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)}; API on ${usePostgres ? 'PostgreSQL' : 'PGlite'}`);
    if (runs('limit')) loadRuns.push(await load('limit: bare node:http, dashboard bytes', `http://127.0.0.1:${barePort}/`, {}, false));
    if (runs('login')) loadRuns.push(await load('signed out: /auth/login', `${base}/auth/login`, { ...FORWARDED, accept: 'text/html' }));
    if (runs('dashboard')) loadRuns.push(await load('signed in: / (dashboard)', `${base}/`, signedIn));
    if (runs('settings')) loadRuns.push(await load('signed in: /notification-settings', `${base}/notification-settings`, signedIn));
    if (runs('api')) loadRuns.push(await load(`signed in: ${API_CALL}`, base + API_CALL, { ...FORWARDED, cookie, accept: 'application/json' }));
    if (runs('dr')) loadRuns.push(await load(`signed in: /dispute-resolution/dashboard (${DR_CASES} cases)`, `${base}/dispute-resolution/dashboard`, signedIn));
  }
  // Table 7 of each bench year, one request at a time: the slowest of five per year.
  const table7Ms: { schoolYear: string; ms: number }[] = [];
  if (!SIZES_ONLY && runs('dr')) {
    const current = Number(new Date().toISOString().slice(0, 4)) - (new Date().getMonth() < 6 ? 1 : 0);
    for (const start of [current - 3, current - 2, current - 1]) {
      const year = `${start}-${start + 1}`;
      let worst = 0;
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${base}/dispute-resolution/reports?schoolYear=${year}`, { headers: signedIn });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`Table 7 for ${year} answered ${res.status}`);
        worst = Math.max(worst, performance.now() - t0);
      }
      table7Ms.push({ schoolYear: year, ms: Math.round(worst) });
    }
    console.log(`Table 7 on ${DR_CASES} bench cases (slowest of 5 per year): ${table7Ms.map((t) => `${t.schoolYear} ${t.ms} ms`).join(', ')} (budget < ${BUDGET_DR_TABLE7_MS} ms)`);
  }
  const limit = loadRuns.find((r) => r.name.startsWith('limit'))?.requestsPerSecond ?? 0;
  const figures: LoadFigure[] = loadRuns.map((r) => ({ ...r, ratioToLimit: limit ? Math.round((r.requestsPerSecond / limit) * 1000) / 1000 : 0 }));

  console.log('');
  if (figures.length) console.log(`${pad('target', 58)} ${pad('req/s', 8, true)} ${pad('p50 ms', 7, true)} ${pad('p99 ms', 7, true)} ${pad('of limit', 9, true)} ${pad('non-2xx', 8, true)} ${pad('portal CPU ms/req', 18, true)} ${pad('API CPU ms/req', 15, true)}`);
  for (const f of figures) {
    console.log(`${pad(f.name, 58)} ${pad(f.requestsPerSecond, 8, true)} ${pad(f.p50, 7, true)} ${pad(f.p99, 7, true)} ${pad(`${(f.ratioToLimit * 100).toFixed(1)}%`, 9, true)} ${pad(f.non2xx + f.errors, 8, true)} ${pad(f.portalCpuMsPerRequest ?? '-', 18, true)} ${pad(f.apiCpuMsPerRequest ?? '-', 15, true)}`);
  }

  console.log('');
  // Pages with the same islands load the same scripts: one line per set of islands.
  const groups = new Map<string, PageWeight[]>();
  for (const p of pages) groups.set(`${p.islands.join(',')}|${p.jsGzip}|${p.cssGzip}`, [...(groups.get(`${p.islands.join(',')}|${p.jsGzip}|${p.cssGzip}`) ?? []), p]);
  console.log(`${pad('pages (example, count)', 46)} ${pad('islands', 56)} ${pad('JS KB gz', 9, true)} ${pad('beyond React', 13, true)} ${pad('CSS KB gz', 10, true)}`);
  for (const group of [...groups.values()].sort((a, b) => b[0]!.jsGzip - a[0]!.jsGzip)) {
    const p = group[0]!;
    const label = `${p.signedIn ? 'in ' : 'out'} ${p.path}${group.length > 1 ? ` (+${group.length - 1})` : ''}`;
    console.log(`${pad(label.slice(0, 46), 46)} ${pad(p.islands.join(',').slice(0, 56) || '-', 56)} ${pad((p.jsGzip / KB).toFixed(1), 9, true)} ${pad((p.jsBeyondReactGzip / KB).toFixed(1), 13, true)} ${pad((p.cssGzip / KB).toFixed(1), 10, true)}`);
  }

  // ---- budgets ----
  const failures: string[] = [];
  const heaviest = pages.reduce<PageWeight | null>((max, p) => (max && max.jsGzip >= p.jsGzip ? max : p), null);
  for (const p of pages) {
    if (p.islands.length === 0 && p.js.length > 0) failures.push(`${p.path} has no islands but loads ${p.js.length} script(s)`);
    // The weights are those of the build: what the page links is what the manifest says its islands need.
    const expected = [...manifestScripts(p.islands)].sort();
    const linked = p.js.map((f) => f.file).sort();
    if (expected.join() !== linked.join()) failures.push(`${p.path} links other scripts than the manifest gives for ${p.islands.join(', ') || 'no islands'}`);
    if (p.jsBeyondReactGzip > BUDGET_JS_BEYOND_REACT) {
      failures.push(`${p.path}: ${(p.jsBeyondReactGzip / KB).toFixed(1)} KB gzip of JavaScript beyond React > ${BUDGET_JS_BEYOND_REACT / KB} KB`);
    }
    if (p.cssGzip > BUDGET_CSS) failures.push(`${p.path}: CSS ${(p.cssGzip / KB).toFixed(1)} KB gzip > ${BUDGET_CSS / KB} KB`);
  }
  if (heaviest && heaviest.jsGzip > BUDGET_JS_HEAVIEST_PAGE) {
    failures.push(`heaviest page ${heaviest.path}: JavaScript ${(heaviest.jsGzip / KB).toFixed(1)} KB gzip > ${BUDGET_JS_HEAVIEST_PAGE / KB} KB`);
  }
  const dash = figures.find((f) => f.name.includes('(dashboard)'));
  if (!SIZES_ONLY && !dash) failures.push('the dashboard was not measured');
  if (dash && dash.p99 >= BUDGET_DASHBOARD_P99_MS) failures.push(`dashboard p99 ${dash.p99} ms >= ${BUDGET_DASHBOARD_P99_MS} ms at ${CONNECTIONS} connections`);
  const drList = figures.find((f) => f.name.includes('/dispute-resolution/dashboard'));
  if (drList && drList.p99 >= BUDGET_DR_LIST_P99_MS) failures.push(`dispute resolution case list p99 ${drList.p99} ms >= ${BUDGET_DR_LIST_P99_MS} ms at ${CONNECTIONS} connections`);
  for (const t of table7Ms) if (t.ms >= BUDGET_DR_TABLE7_MS) failures.push(`Table 7 ${t.schoolYear}: ${t.ms} ms >= ${BUDGET_DR_TABLE7_MS} ms`);
  for (const f of figures) if (f.non2xx + f.errors > 0) failures.push(`${f.name}: ${f.non2xx} non-2xx answers and ${f.errors} errors (the figures are not valid)`);

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    loadAverage: os.loadavg(),
    sizesOnly: SIZES_ONLY,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    apiDatabase: usePostgres ? 'postgresql' : 'pglite',
    budgets: {
      heaviestPageJsGzipBytes: BUDGET_JS_HEAVIEST_PAGE,
      jsBeyondReactGzipBytes: BUDGET_JS_BEYOND_REACT,
      cssGzipBytes: BUDGET_CSS,
      dashboardP99Ms: BUDGET_DASHBOARD_P99_MS,
      drCaseListP99Ms: BUDGET_DR_LIST_P99_MS,
      drTable7Ms: BUDGET_DR_TABLE7_MS,
      noJavaScriptWithoutIslands: true,
    },
    load: figures,
    drCases: DR_CASES,
    table7Ms,
    pages,
    heaviestPage: heaviest ? { path: heaviest.path, jsGzipBytes: heaviest.jsGzip, jsBeyondReactGzipBytes: heaviest.jsBeyondReactGzip } : null,
    failures,
  };
  writeFileSync(path.join(RESULTS, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  const mostBeyond = Math.max(0, ...pages.map((p) => p.jsBeyondReactGzip));
  console.log(`heaviest page: ${heaviest?.path} ${((heaviest?.jsGzip ?? 0) / KB).toFixed(1)} KB JS gzip (budget ${BUDGET_JS_HEAVIEST_PAGE / KB}); at most ${(mostBeyond / KB).toFixed(1)} KB beyond React on a page (budget ${BUDGET_JS_BEYOND_REACT / KB}); CSS ${(Math.max(...pages.map((p) => p.cssGzip)) / KB).toFixed(1)} KB gzip (budget ${BUDGET_CSS / KB}); dashboard p99 ${dash ? `${dash.p99} ms` : 'not measured'} (budget < ${BUDGET_DASHBOARD_P99_MS} ms)`);
  console.log(`figures written to ${path.relative(process.cwd(), path.join(RESULTS, 'bench.json')) || 'bench-results/bench.json'}`);
  if (failures.length) {
    console.error(`\nbudgets missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('all budgets met');
  return 0;
}

/** What a run leaves behind: its Redis keys, its database schema, its data folder. */
let leftovers: { redisPrefix: string; schema: string | null; dataDir: string } | null = null;

/** Removes what the run left behind (best effort), once the processes have stopped. */
async function cleanup(): Promise<void> {
  if (!leftovers) return;
  const { redisPrefix, schema, dataDir } = leftovers;
  rmSync(dataDir, { recursive: true, force: true });
  const require = createRequire(import.meta.url);
  try {
    const { createClient } = require('redis') as { createClient: (o: { url: string }) => RedisLike };
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) if (keys.length) await client.del(keys);
    await client.close();
  } catch (err) {
    console.warn(`bench: could not remove the Redis keys under ${redisPrefix}: ${String(err)}`);
  }
  if (schema) {
    try {
      const pg = require('pg') as { Client: new (o: { connectionString: string }) => PgLike };
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    } catch (err) {
      console.warn(`bench: could not drop the schema ${schema}: ${String(err)}`);
    }
  }
}

interface RedisLike {
  connect(): Promise<unknown>;
  scanIterator(o: { MATCH: string; COUNT: number }): AsyncIterable<string[]>;
  del(keys: string[]): Promise<number>;
  close(): Promise<void>;
}
interface PgLike {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await stopAll();
  await cleanup();
}
process.exit(code);
