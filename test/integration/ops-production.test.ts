// The production path: the agency API and the portal started from the built dist/ exactly as the
// Dockerfile runs them (`node dist/node/api/main.js`, `node dist/node/server/main.js`, both with
// NODE_ENV=production, PostgreSQL and Redis), a sign-in through them, and graceful shutdown on
// SIGTERM. CI builds before it tests; without a build this suite is skipped and says why.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import {
  csrfOf,
  missingBuild,
  pathOf,
  ProxiedBrowser,
  sleep,
  spawnNode,
  startFaultProxy,
  startProductionApi,
  startProductionPortal,
  type FaultProxy,
  type ProductionApi,
  type ProductionPortal,
  waitForUrl,
} from './ops-helpers.js';
import { startTcpProxy, TEST_REDIS_URL, type SwitchableProxy } from '../helpers/portal.js';

const missing = missingBuild();
if (missing.length) {
  console.warn(`ops-production: skipped, the build is missing (${missing.join(', ')}). Run \`npm run build\` first.`);
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe.skipIf(missing.length > 0)('production processes from dist/', () => {
  let api: ProductionApi;
  let apiProxy: FaultProxy;
  let portal: ProductionPortal;
  let redisProxy: SwitchableProxy;

  beforeAll(async () => {
    api = await startProductionApi();
    apiProxy = await startFaultProxy(api.url);
    redisProxy = await startTcpProxy('127.0.0.1', Number(new URL(TEST_REDIS_URL).port || 6379));
    portal = await startProductionPortal(apiProxy.url, { REDIS_URL: redisProxy.url });
  }, 90_000);
  afterAll(async () => {
    await portal?.close();
    await redisProxy?.close();
    await apiProxy?.close();
    await api?.close();
  });

  it('refuses to start in production without REDIS_URL and SESSION_SECRET, saying what is missing', async () => {
    const proc = spawnNode('dist/node/server/main.js', { NODE_ENV: 'production', PORT: '0', API_BASE_URL: api.url }, 0);
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    expect(proc.output.join('')).toContain('NODE_ENV=production requires REDIS_URL and SESSION_SECRET');
    const apiProc = spawnNode('dist/node/api/main.js', { NODE_ENV: 'production', API_PORT: '0' }, 0);
    expect((await apiProc.exited).code).not.toBe(0);
    expect(apiProc.output.join('')).toContain('JWT_SECRET is required when NODE_ENV=production');
  });

  it('refuses the public development DR_PUBLIC_BASIC and a silent lack of bot check in production (issue 10, finding 5)', async () => {
    const secrets = { NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 'x'.repeat(40) };
    const portalDev = spawnNode('dist/node/server/main.js', { ...secrets, PORT: '0', API_BASE_URL: api.url, DR_PUBLIC_BASIC: 'dr-public:dr-public-dev-secret' }, 0);
    expect((await portalDev.exited).code).toBe(1);
    expect(portalDev.output.join('')).toContain('NODE_ENV=production requires DR_PUBLIC_BASIC');
    const apiEnv = { NODE_ENV: 'production', API_PORT: '0', JWT_SECRET: 'j'.repeat(40) };
    const apiDev = spawnNode('dist/node/api/main.js', apiEnv, 0);
    expect((await apiDev.exited).code).not.toBe(0);
    expect(apiDev.output.join('')).toContain('DR_PUBLIC_BASIC must be set to a secret');
    const noBotCheck = spawnNode('dist/node/api/main.js', { ...apiEnv, DR_PUBLIC_BASIC: 'portal:a-real-secret' }, 0);
    expect((await noBotCheck.exited).code).not.toBe(0);
    expect(noBotCheck.output.join('')).toContain('RECAPTCHA_SECRET is required when NODE_ENV=production; set BOT_CHECK=off');
  });

  it('is live and ready, and signs in with the __Host- cookie behind a TLS proxy', async () => {
    const health = await fetch(`${portal.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${portal.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { redis: 'up', api: 'up' } });

    const browser = new ProxiedBrowser(portal.url);
    const login = await browser.get('/auth/login');
    expect(login.status).toBe(200);
    // Production hardening is on: HSTS, a nonce CSP, no framework banner.
    expect(login.headers.get('strict-transport-security')).toContain('max-age=');
    expect(login.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    expect(login.headers.get('x-powered-by')).toBeNull();
    // Signed out, no session: only the form's double-submit cookie (issue 10, finding 7).
    expect(login.headers.getSetCookie().find((c) => c.startsWith('__Host-portal.sid='))).toBeUndefined();
    const anonymousCookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-portal.csrf='));
    expect(anonymousCookie).toMatch(/; Path=\/; .*HttpOnly; Secure; SameSite=Lax/);

    // The stylesheet the page links is served from the build, cached for good.
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(login.text)?.[1];
    expect(css).toBeTruthy();
    const cssRes = await fetch(portal.url + css!);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get('cache-control')).toContain('immutable');

    const before = browser.cookies.get('__Host-portal.sid');
    const signedIn = await browser.post('/auth/login', { _csrf: csrfOf(login.text), userName: 'state.admin@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/');
    // A new session id at sign-in.
    expect(browser.cookies.get('__Host-portal.sid')).toBeTruthy();
    expect(browser.cookies.get('__Host-portal.sid')).not.toBe(before);

    const home = await browser.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Avery State Admin');
    // Tokens stay on the server: nothing but the session cookie (and the was-signed-in marker,
    // a bare "1" that lets sign-in say "Session expired") reached the browser.
    expect([...browser.cookies.keys()].sort()).toEqual(['__Host-portal.sid', '__Host-portal.was-signed-in']);
    expect(browser.cookies.get('__Host-portal.was-signed-in')).toBe('1');
    expect(home.text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  });

  it('keeps running through a Redis outage and a dead API, answering clear pages, and recovers by itself', async () => {
    const browser = new ProxiedBrowser(portal.url);
    expect((await browser.signIn('state.user@demo.example')).status).toBe(303);

    await redisProxy.stop();
    try {
      for (const pathname of ['/', '/auth/login']) {
        const res = await browser.get(pathname);
        expect(res.status, pathname).toBe(503);
        expect(res.ms, pathname).toBeLessThan(2_000);
        expect(res.text).toContain(errorMessages.serviceUnavailable);
      }
      expect((await fetch(`${portal.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
    } finally {
      await redisProxy.start();
    }
    await waitForUrl(portal, '/readyz', 10_000);
    const home = await browser.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Jordan State User');

    await apiProxy.stop();
    try {
      const stranger = new ProxiedBrowser(portal.url);
      const login = await stranger.get('/auth/login');
      expect(login.status).toBe(200);
      const res = await stranger.post('/auth/login', { _csrf: csrfOf(login.text), userName: 'vendor@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
      expect(res.ms).toBeLessThan(2_000);
      expect(res.text).toContain(errorMessages.noNetwork);
      expect((await fetch(`${portal.url}/readyz`)).status).toBe(503);
    } finally {
      await apiProxy.start();
    }
    // The process never went down.
    expect(portal.child.exitCode).toBeNull();
    expect((await new ProxiedBrowser(portal.url).signIn('vendor@demo.example')).status).toBe(303);
  });

  it('on SIGTERM finishes a request in flight, refuses new connections, and exits 0 within 10 s', async () => {
    const doomed = await startProductionPortal(apiProxy.url);
    try {
      const browser = new ProxiedBrowser(doomed.url);
      const login = await browser.get('/auth/login');
      // The sign-in call to the API takes 2.5 s: the request is in flight when SIGTERM comes.
      apiProxy.rules.push({ match: (r) => pathOf(r) === '/api/auth/token', delayMs: 2_500 });
      const slow = browser.post('/auth/login', { _csrf: csrfOf(login.text), userName: 'district.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
      const sentAt = Date.now();
      await apiProxy.arrived((r) => pathOf(r) === '/api/auth/token' && r.at >= sentAt);
      const signalAt = Date.now();
      doomed.child.kill('SIGTERM');

      // The listener closes at once: new connections are refused while the slow request runs.
      let refusedAt = 0;
      while (Date.now() - signalAt < 2_000) {
        if (await refused(doomed.port)) {
          refusedAt = Date.now();
          break;
        }
        await sleep(25);
      }
      expect(refusedAt, 'new connections refused').toBeGreaterThan(0);
      expect(doomed.child.exitCode, 'still finishing the request in flight').toBeNull();

      const res = await slow;
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('__Host-portal.sid='))).toBe(true);
      expect(refusedAt).toBeLessThan(signalAt + res.ms);

      const exit = await doomed.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - signalAt).toBeLessThan(10_000);
      expect(doomed.output.join('')).not.toContain('shutdown deadline passed');
    } finally {
      apiProxy.rules.length = 0;
      await doomed.close();
    }
  });

  it('the API exits 0 on SIGTERM', async () => {
    const second = await startProductionApi();
    const signalAt = Date.now();
    second.child.kill('SIGTERM');
    const exit = await second.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(10_000);
    await second.close();
  }, 60_000);
});
