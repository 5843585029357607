// The agency API failing, page by page: refusing connections ("No Network: The server cannot be
// reached." within 2 s) and answering past the configured timeout (the 504 page), while pages
// and probes that do not need the slow call stay fast. Every GET page the app declares is
// visited, so pages added later are covered without being listed here.
import { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages } from '../../lib/messages.js';
import { REVOKE_WAIT_MS, requireSignedIn } from '../../server/auth-session.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { fillPath, listRoutes, PASSWORD, pathOf, startFaultProxy, type FaultProxy } from './ops-helpers.js';

/** The configured bound on a call to the API in this suite. */
const TIMEOUT_MS = 800;

type Agent = ReturnType<typeof request.agent>;

/** A page that needs the API on every request: the signed-in user's own record. */
function testRouters(): Router[] {
  const router = Router();
  router.get('/test/me', requireSignedIn, async (_req, res) => {
    const me = await res.locals.api.call({ path: '/api/account/users/me', schema: z.object({ fullName: z.string() }) });
    res.type('text').send(`me:${me.fullName}`);
  });
  return [router];
}

let api: TestApi;
let proxy: FaultProxy;
let portal: TestPortal;

beforeAll(async () => {
  api = await startTestApi('pglite');
  proxy = await startFaultProxy(api.url);
  portal = await startTestPortal({ api, apiBaseUrl: proxy.url, extraRouters: testRouters(), env: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) } });
});
afterAll(async () => {
  await portal?.close();
  await proxy?.close();
  await api?.close();
});
beforeEach(async () => {
  await proxy.start();
  proxy.rules.length = 0;
  proxy.release();
});

async function signIn(agent: Agent, userName = 'state.admin@demo.example'): Promise<string> {
  const page = await agent.get('/auth/login').expect(200);
  await agent.post('/auth/login').type('form').send({ _csrf: csrfFrom(page.text), userName, password: PASSWORD, returnUrl: '/' }).expect(303);
  // The first page after sign-in also saves the active school year in the session.
  await agent.get('/test/me').expect(200);
  return csrfFrom((await agent.get('/').expect(200)).text);
}

/** The GET pages of the app (and the test page that always needs the API), with params filled. */
function pagePaths(): string[] {
  const pages = listRoutes(portal.app)
    .filter((r) => r.method === 'GET' && !['/healthz', '/readyz'].includes(r.path))
    .map((r) => fillPath(r.path));
  return [...new Set(pages)];
}

interface Visit {
  path: string;
  status: number;
  ms: number;
  text: string;
  location?: string;
}

/**
 * A JSON endpoint an island calls (/api/...): it answers with a message of its own for the
 * island to show, in time; a gateway status (502-504) is fine there, an error page is not.
 */
function isIslandEndpoint(v: Visit): boolean {
  if (!v.path.startsWith('/api/')) return false;
  expect(v.status === 200 || (v.status >= 400 && v.status <= 504 && v.status !== 500), `${v.path} answered ${v.status}`).toBe(true);
  if (v.status !== 200) expect(typeof (JSON.parse(v.text) as { message?: unknown }).message, `${v.path} says why`).toBe('string');
  return true;
}

/** Visits each path, a few at a time (so a page's time is its own, not a queue's). */
async function visitAll(agent: Agent, paths: string[]): Promise<Visit[]> {
  const visits: Visit[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const started = Date.now();
        const res = await agent.get(path).redirects(0);
        visits.push({ path, status: res.status, ms: Date.now() - started, text: res.text, location: res.headers.location as string | undefined });
      }
    }),
  );
  return visits;
}

describe('the API refusing connections', () => {
  it('every page answers at once: either without the API or "No Network" (503), never an error page', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    await proxy.stop();
    const visits = await visitAll(agent, pagePaths());
    for (const v of visits) {
      expect(v.ms, v.path).toBeLessThan(2_000);
      if (isIslandEndpoint(v)) continue;
      // A page that needs no API call answers as usual (a 4xx for a link missing its parameters).
      expect(v.status < 500 || v.status === 503, `${v.path} answered ${v.status}`).toBe(true);
      if (v.status === 503) expect(v.text, v.path).toContain(errorMessages.noNetwork);
      // A redirect never goes to sign in: the session is kept through an API outage.
      if (v.location) expect(v.location, v.path).not.toMatch(/^\/auth\/login/);
    }
    expect(visits.find((v) => v.path === '/test/me')?.status).toBe(503);

    // Islands get the same message as JSON.
    const json = await agent.get('/test/me').set('accept', 'application/json');
    expect(json.status).toBe(503);
    expect(json.body).toEqual({ message: errorMessages.noNetwork });
    // And so does the person picker's in-place search.
    const people = await agent.get('/api/portal/people?lastName=a').set('accept', 'application/json');
    expect(people.status).toBe(503);
    expect(people.body).toEqual({ message: errorMessages.noNetwork });

    await proxy.start();
    await agent.get('/test/me').expect(200);
  });

  it('sign-in says "No Network" within 2 s and keeps the email typed', async () => {
    const agent = request.agent(portal.url);
    const page = await agent.get('/auth/login').expect(200);
    await proxy.stop();
    const started = Date.now();
    const res = await agent.post('/auth/login').type('form').send({ _csrf: csrfFrom(page.text), userName: 'vendor@demo.example', password: PASSWORD, returnUrl: '/' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBeLessThan(600);
    expect(res.status).not.toBe(500);
    expect(res.text).toContain(errorMessages.noNetwork);
    expect(res.text).toContain('value="vendor@demo.example"');
    expect(res.text).not.toContain(PASSWORD);
  });
});

describe('the API answering past the configured timeout', () => {
  it('pages that need it answer the 504 page within the bound; the others are unaffected', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    // Every data call is slow; sign-in, refresh and revoke are not (they are not what is tested).
    proxy.rules.push({ match: (r) => !pathOf(r).startsWith('/api/auth/'), delayMs: TIMEOUT_MS * 3 });
    const visits = await visitAll(agent, pagePaths());
    for (const v of visits) {
      expect(v.ms, v.path).toBeLessThan(TIMEOUT_MS + 1_500);
      if (isIslandEndpoint(v)) continue;
      expect(v.status < 500 || v.status === 504, `${v.path} answered ${v.status}`).toBe(true);
      if (v.status === 504) {
        expect(v.text, v.path).toContain(errorMessages.upstreamTimeout);
      }
      if (v.location) expect(v.location, v.path).not.toMatch(/^\/auth\/login/);
    }
    expect(visits.find((v) => v.path === '/test/me')?.status).toBe(504);
    const json = await agent.get('/test/me').set('accept', 'application/json');
    expect(json.status).toBe(504);
    expect(json.body).toEqual({ message: errorMessages.upstreamTimeout });
  });

  it('signing out does not wait for a slow revoke: the session ends within REVOKE_WAIT_MS', async () => {
    // A portal whose calls may take 6 s: longer than anyone should wait to sign out.
    const patient = await startTestPortal({ api, apiBaseUrl: proxy.url, extraRouters: testRouters(), env: { UPSTREAM_TIMEOUT_MS: '6000' } });
    try {
      const agent = request.agent(patient.url);
      const csrf = await signIn(agent);
      proxy.rules.push({ match: (r) => pathOf(r) === '/api/auth/revoke-token', delayMs: 4_000 });
      const started = Date.now();
      const res = await agent.post('/auth/logout').type('form').send({ _csrf: csrf });
      expect(Date.now() - started).toBeLessThan(REVOKE_WAIT_MS + 1_000);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/auth/login');
      // Signed out for real: the next page sends the browser to sign in.
      expect((await agent.get('/test/me')).status).toBe(302);
    } finally {
      await patient.close();
    }
  });

  it('twenty requests stuck on one slow call do not hold up anything else', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    proxy.rules.push({ match: (r) => pathOf(r) === '/api/account/users/me', hold: true });
    const sentAt = Date.now();
    const stuck = Array.from({ length: 20 }, () => agent.get('/test/me').then((res) => ({ status: res.status, text: res.text, ms: Date.now() - sentAt })));
    // All twenty are waiting on the API at once.
    const deadline = Date.now() + 2_000;
    while (proxy.requests.filter((r) => pathOf(r) === '/api/account/users/me' && r.at >= sentAt).length < 20 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(proxy.requests.filter((r) => pathOf(r) === '/api/account/users/me' && r.at >= sentAt)).toHaveLength(20);

    for (const path of ['/', '/auth/login', '/healthz']) {
      const started = Date.now();
      const res = await (path === '/auth/login' ? request(portal.url).get(path) : agent.get(path));
      expect(res.status, path).toBe(200);
      expect(Date.now() - started, path).toBeLessThan(400);
    }
    const results = await Promise.all(stuck);
    for (const r of results) {
      expect(r.status).toBe(504);
      expect(r.text).toContain(errorMessages.upstreamTimeout);
      expect(r.ms).toBeLessThan(TIMEOUT_MS + 1_500);
    }
    proxy.rules.length = 0;
    proxy.release();
    // Still signed in, and the API is used normally again.
    expect((await agent.get('/test/me').expect(200)).text).toBe('me:Avery State Admin');
  });
});
