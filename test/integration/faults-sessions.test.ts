// Sessions under concurrency: two portal instances sharing one Redis behave as one (a session
// made on one works on the other, sign-out on one ends it on both), a burst of requests for
// several sessions spread over both instances near token expiry makes exactly one upstream
// refresh per session and signs nobody out, and a sign-out during a slow request is not undone
// when that request ends and saves its session.
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireSignedIn } from '../../server/auth-session.js';
import { addFlash } from '../../server/flash.js';
import { tokenRecordSchema, type TokenRecord } from '../../server/token-store.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { PASSWORD, pathOf, startFaultProxy, type FaultProxy } from './ops-helpers.js';

function testRouters(): Router[] {
  const router = Router();
  // A page that needs the API on every request.
  router.get('/test/me', requireSignedIn, async (_req, res) => {
    const me = await res.locals.api.call({ path: '/api/account/users/me', schema: z.object({ fullName: z.string() }) });
    res.type('text').send(`me:${me.fullName}`);
  });
  // Like a form handler: an API call, then a flash saved in the session as the request ends.
  router.get('/test/me-and-flash', requireSignedIn, async (req, res) => {
    const me = await res.locals.api.call({ path: '/api/account/users/me', schema: z.object({ fullName: z.string() }) });
    addFlash(req, { type: 'info', text: `Loaded ${me.fullName}` });
    res.type('text').send(`me:${me.fullName}`);
  });
  return [router];
}

let api: TestApi;
let proxy: FaultProxy;
let a: TestPortal;
let b: TestPortal;
const sessionSecret = randomBytes(32).toString('hex');

beforeAll(async () => {
  api = await startTestApi('pglite');
  proxy = await startFaultProxy(api.url);
  a = await startTestPortal({ api, apiBaseUrl: proxy.url, extraRouters: testRouters(), env: { SESSION_SECRET: sessionSecret } });
  b = await startTestPortal({ api, apiBaseUrl: proxy.url, redisPrefix: a.redisPrefix, extraRouters: testRouters(), env: { SESSION_SECRET: sessionSecret } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await proxy?.close();
  await api?.close();
});
beforeEach(() => {
  proxy.rules.length = 0;
  proxy.release();
});

interface SignedIn {
  cookie: string;
  sid: string;
}

/** Signs in on `portal` and returns the session cookie (to present to either instance). */
async function signIn(portal: TestPortal, userName: string): Promise<SignedIn> {
  const page = await request(portal.url).get('/auth/login').expect(200);
  const anonymous = String((page.headers['set-cookie'] as unknown as string[])[0]).split(';')[0]!;
  const res = await request(portal.url)
    .post('/auth/login')
    .set('Cookie', anonymous)
    .type('form')
    .send({ _csrf: csrfFrom(page.text), userName, password: PASSWORD, returnUrl: '/' })
    .expect(303);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('portal.sid='))!.split(';')[0]!;
  const value = decodeURIComponent(cookie.slice('portal.sid='.length));
  return { cookie, sid: value.slice(2).split('.')[0]! };
}

async function tokenRecord(sid: string): Promise<TokenRecord | null> {
  const raw = await a.redis!.get(`${a.redisPrefix}tok:${sid}`);
  return raw ? tokenRecordSchema.parse(JSON.parse(raw)) : null;
}

async function expireSoon(sid: string, inMs: number): Promise<void> {
  const current = await tokenRecord(sid);
  await a.redis!.set(`${a.redisPrefix}tok:${sid}`, JSON.stringify({ ...current, expiresAt: Date.now() + inMs }), { expiration: { type: 'EX', value: 600 } });
}

const get = (portal: TestPortal, path: string, s: SignedIn) => request(portal.url).get(path).set('Cookie', s.cookie).redirects(0);

describe('two portal instances sharing one Redis', () => {
  it('a session made on one works on the other, and signing out on one ends it on both', async () => {
    const s = await signIn(a, 'district.user@demo.example');
    const onB = await get(b, '/', s).expect(200);
    expect(onB.text).toContain('Riley District User');
    expect((await get(b, '/test/me', s).expect(200)).text).toBe('me:Riley District User');

    const logout = await request(b.url).post('/auth/logout').set('Cookie', s.cookie).type('form').send({ _csrf: csrfFrom(onB.text) });
    expect(logout.status).toBe(303);
    for (const portal of [a, b]) {
      const res = await get(portal, '/', s);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/auth/login?returnUrl=%2F');
    }
  });

  it('a burst over both near token expiry: one refresh per session, nobody signed out', async () => {
    const users = ['state.admin@demo.example', 'state.user@demo.example', 'district.user@demo.example'];
    const sessions = await Promise.all(users.map((u, i) => signIn(i % 2 ? b : a, u)));
    for (const s of sessions) await get(a, '/test/me', s).expect(200);
    const before = await Promise.all(sessions.map((s) => tokenRecord(s.sid)));
    for (const s of sessions) await expireSoon(s.sid, 5_000);

    const startedAt = Date.now();
    // 48 requests, interleaved over sessions and instances, all at once.
    const results = await Promise.all(
      Array.from({ length: 48 }, (_, i) => get(i % 2 ? b : a, '/test/me', sessions[i % sessions.length]!).then((r) => r.status)),
    );
    expect(results).toEqual(Array(48).fill(200));

    const refreshes = proxy.requests.filter((r) => pathOf(r) === '/api/auth/refresh-token' && r.at >= startedAt);
    expect(refreshes).toHaveLength(sessions.length);
    // One per session: each refresh presented a different session's refresh cookie.
    const presented = new Set(refreshes.map((r) => r.headers.cookie));
    expect([...presented].sort()).toEqual(before.map((r) => `refreshToken=${r!.cookies.refreshToken}`).sort());

    // Nobody was signed out, and each rotated refresh token still works (no family revoked).
    for (const [i, s] of sessions.entries()) {
      const after = await tokenRecord(s.sid);
      expect(after!.rev).not.toBe(before[i]!.rev);
      expect(after!.expiresAt).toBeGreaterThan(Date.now() + 60_000);
      await expireSoon(s.sid, 1_000);
      await get(i % 2 ? a : b, '/test/me', s).expect(200);
      expect((await tokenRecord(s.sid))!.rev).not.toBe(after!.rev);
    }
  });
});

describe('sign-out during a slow request', () => {
  it('the slow request ending afterwards does not bring the session back', async () => {
    const s = await signIn(a, 'vendor@demo.example');
    await get(a, '/test/me', s).expect(200);
    const csrf = csrfFrom((await get(a, '/', s).expect(200)).text);

    proxy.rules.push({ match: (r) => pathOf(r) === '/api/account/users/me', hold: true });
    const sentAt = Date.now();
    const slow = get(b, '/test/me-and-flash', s).then((r) => r.status);
    await proxy.arrived((r) => pathOf(r) === '/api/account/users/me' && r.at >= sentAt);

    const logout = await request(a.url).post('/auth/logout').set('Cookie', s.cookie).type('form').send({ _csrf: csrf });
    expect(logout.status).toBe(303);
    expect(await a.redis!.exists(`${a.redisPrefix}sess:${s.sid}`)).toBe(0);

    proxy.release();
    // The slow request finishes however it can; what matters is what it leaves behind.
    expect(await slow).toBeLessThan(500);
    expect(await a.redis!.exists(`${a.redisPrefix}sess:${s.sid}`)).toBe(0);
    expect(await tokenRecord(s.sid)).toBeNull();
    for (const portal of [a, b]) {
      const res = await get(portal, '/', s);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/auth\/login/);
    }
  });
});
