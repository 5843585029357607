// The portal foundation through its public behaviour: the real app (createApp), real Redis
// under its own prefix, the real agency API behind a recording proxy that can be stopped.
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages } from '../../lib/messages.js';
import { requireSignedIn } from '../../server/auth-session.js';
import { tokenRecordSchema, type TokenRecord } from '../../server/token-store.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';

const PASSWORD = 'Demo-Password-1!';
const ADMIN = 'state.admin@demo.example';

type Agent = ReturnType<typeof request.agent>;

/** A page that needs the API: the signed-in user's own record. */
function testRouters(): Router[] {
  const router = Router();
  router.get('/test/me', requireSignedIn, async (_req, res) => {
    const me = await res.locals.api.call({ path: '/api/account/users/me', schema: z.object({ fullName: z.string(), email: z.string() }) });
    res.type('text').send(`me:${me.fullName}`);
  });
  return [router];
}

let api: TestApi;
let proxy: FaultProxy;
let portal: TestPortal;
const sessionSecret = randomBytes(32).toString('hex');

beforeAll(async () => {
  api = await startTestApi('pglite');
  proxy = await startFaultProxy(api.url);
  portal = await startTestPortal({ api, apiBaseUrl: proxy.url, extraRouters: testRouters(), env: { SESSION_SECRET: sessionSecret } });
});
afterAll(async () => {
  await portal?.close();
  await proxy?.close();
  await api?.close();
});
beforeEach(async () => {
  await proxy.start();
  proxy.requests.length = 0;
});

function sidFromSetCookie(setCookie: string[] | string | undefined): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const raw = list.find((c) => c.startsWith('portal.sid='));
  if (!raw) return null;
  const value = decodeURIComponent(raw.slice('portal.sid='.length).split(';')[0] ?? '');
  return value.startsWith('s:') ? (value.slice(2).split('.')[0] ?? null) : null;
}

async function signIn(agent: Agent, userName = ADMIN): Promise<{ sid: string; setCookie: string }> {
  const page = await agent.get('/auth/login').expect(200);
  const res = await agent.post('/auth/login').type('form').send({ _csrf: csrfFrom(page.text), userName, password: PASSWORD, returnUrl: '/' });
  expect(res.status).toBe(303);
  const setCookie = res.headers['set-cookie'] as unknown as string[];
  const sid = sidFromSetCookie(setCookie);
  expect(sid).toBeTruthy();
  return { sid: sid!, setCookie: setCookie.find((c) => c.startsWith('portal.sid='))! };
}

async function tokenRecord(sid: string): Promise<TokenRecord | null> {
  const raw = await portal.redis!.get(`${portal.redisPrefix}tok:${sid}`);
  return raw ? tokenRecordSchema.parse(JSON.parse(raw)) : null;
}

async function writeRecord(sid: string, change: Partial<TokenRecord>): Promise<void> {
  const current = await tokenRecord(sid);
  await portal.redis!.set(`${portal.redisPrefix}tok:${sid}`, JSON.stringify({ ...current, ...change }), { expiration: { type: 'EX', value: 600 } });
}

const paths = () => proxy.requests.map((r) => r.path.split('?')[0]);

describe('sign-in and the session cookie', () => {
  it('signs in, regenerates the session id, and keeps tokens server-side only', async () => {
    const agent = request.agent(portal.url);
    const anonymous = await agent.get('/auth/login');
    const before = sidFromSetCookie(anonymous.headers['set-cookie']);
    const { sid, setCookie } = await signIn(agent);
    expect(sid).not.toBe(before);
    expect(setCookie).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // not production

    const home = await agent.get('/').expect(200);
    expect(home.text).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(home.text).toMatch(/Good (Morning|Afternoon|Evening), Avery State Admin/);
    expect(home.text).toContain('<title>Dashboard - Compliance Portal</title>');
    expect(home.text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./); // no JWT in the page

    // Tokens live in their own record, not in the session object.
    const session = await portal.redis!.get(`${portal.redisPrefix}sess:${sid}`);
    expect(session).toBeTruthy();
    expect(session).not.toMatch(/accessToken|refreshToken|eyJ/);
    const record = await tokenRecord(sid);
    expect(record?.accessToken).toMatch(/^eyJ/);
    expect(Object.keys(record?.cookies ?? {})).toContain('refreshToken');
    // The user's sessions are indexed for a later "sign out everywhere".
    expect(await portal.redis!.sMembers(`${portal.redisPrefix}user-sessions:${record!.userId}`)).toContain(sid);
  });

  it('sends anonymous visitors of / to sign in with the return address', async () => {
    const res = await request(portal.url).get('/?tab=1').expect(302);
    expect(res.headers.location).toBe('/auth/login?returnUrl=%2F%3Ftab%3D1');
  });

  it('a new sign-in while signed in signs out first: the old session and its refresh token are gone', async () => {
    const agent = request.agent(portal.url);
    const first = await signIn(agent);
    const oldRecord = await tokenRecord(first.sid);
    const second = await signIn(agent, 'state.user@demo.example');
    expect(second.sid).not.toBe(first.sid);
    expect(await portal.redis!.exists(`${portal.redisPrefix}sess:${first.sid}`)).toBe(0);
    expect(await tokenRecord(first.sid)).toBeNull();
    const refresh = await request(api.url).post('/api/auth/refresh-token').set('Cookie', `refreshToken=${oldRecord!.cookies.refreshToken}`).send({});
    expect(refresh.status).toBe(401);
    expect((await agent.get('/test/me').expect(200)).text).not.toContain('Avery State Admin');
  });
});

describe('CSRF', () => {
  it('refuses a POST without the token with the form-expired page, and the user stays signed in', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    const res = await agent.post('/auth/logout').type('form').send({});
    expect(res.status).toBe(403);
    expect(res.text).toContain(errorMessages.csrfInvalid);
    await agent.get('/').expect(200);
  });

  it('refuses a POST from another origin even with a valid token', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    const token = csrfFrom((await agent.get('/')).text);
    const evil = await agent.post('/auth/logout').set('Origin', 'https://evil.example').type('form').send({ _csrf: token });
    expect(evil.status).toBe(403);
    expect(evil.text).toContain(errorMessages.csrfInvalid);
    const nullOrigin = await agent.post('/auth/logout').set('Origin', 'null').type('form').send({ _csrf: token });
    expect(nullOrigin.status).toBe(403);
    const badReferer = await agent.post('/auth/logout').set('Referer', 'https://evil.example/page').type('form').send({ _csrf: token });
    expect(badReferer.status).toBe(403);
    await agent.get('/').expect(200);
    // Same origin (the browser's Origin header) goes through.
    const ok = await agent.post('/auth/logout').set('Origin', portal.url).type('form').send({ _csrf: token });
    expect(ok.status).toBe(303);
  });

  it('accepts the token in the x-csrf-token header (islands) and answers JSON errors to fetch calls', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    const refused = await agent.post('/auth/logout').set('Accept', 'application/json').set('x-csrf-token', 'wrong').send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: errorMessages.csrfInvalid });
    const token = csrfFrom((await agent.get('/')).text);
    await agent.post('/auth/logout').set('x-csrf-token', token).expect(303);
  });
});

describe('security headers', () => {
  it('every page has a nonce CSP without unsafe-inline, and frames are refused', async () => {
    const res = await request(portal.url).get('/auth/login').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    // Every script element on the page carries this response's nonce (JSON data blocks aside).
    for (const tag of res.text.match(/<script(?![^>]*application\/json)[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown pages with the 404 page', async () => {
    const res = await request(portal.url).get('/no/such/page').expect(404);
    expect(res.text).toContain('<h1>Page not found</h1>');
    expect(res.text).toContain('<title>Page not found - Compliance Portal</title>');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('when the API is unreachable', () => {
  it('answers "No Network" quickly with 503, and the session survives', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent);
    await agent.get('/test/me').expect(200);
    await proxy.stop();
    const started = Date.now();
    const res = await agent.get('/test/me');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(res.status).toBe(503);
    expect(res.text).toContain(`<h1>${errorMessages.noNetwork}</h1>`);
    // Still signed in: the shell shows the user and a Sign Out button.
    expect(res.text).toContain('Avery State Admin');
    await proxy.start();
    expect((await agent.get('/test/me').expect(200)).text).toBe('me:Avery State Admin');
  });

  it('/readyz reports the API down and /healthz stays up', async () => {
    const ready = await request(portal.url).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { redis: 'up', api: 'up' } });
    await proxy.stop();
    const notReady = await request(portal.url).get('/readyz').expect(503);
    expect(notReady.body.checks).toEqual({ redis: 'up', api: 'down' });
    const health = await request(portal.url).get('/healthz').expect(200);
    expect(health.body.status).toBe('ok');
    expect(health.headers['set-cookie']).toBeUndefined();
  });
});

describe('token refresh', () => {
  it('on an upstream 401: one refresh, one retry, and the page works', async () => {
    const agent = request.agent(portal.url);
    const { sid } = await signIn(agent);
    await agent.get('/test/me').expect(200); // first call also saves the school year
    const before = await tokenRecord(sid);
    // The API no longer accepts the access token (its signature is broken), though it looks fresh.
    const broken = `${before!.accessToken.slice(0, -4)}AAAA`;
    await writeRecord(sid, { accessToken: broken });
    proxy.requests.length = 0;
    const res = await agent.get('/test/me');
    expect(res.status).toBe(200);
    expect(res.text).toBe('me:Avery State Admin');
    expect(paths()).toEqual(['/api/account/users/me', '/api/auth/refresh-token', '/api/account/users/me']);
    const after = await tokenRecord(sid);
    expect(after!.accessToken).not.toBe(broken);
    expect(after!.rev).not.toBe(before!.rev);
    expect(after!.cookies.refreshToken).not.toBe(before!.cookies.refreshToken);
    // The refresh presents the refresh cookie and the active school year (spec §4).
    const refresh = proxy.requests.find((r) => r.path === '/api/auth/refresh-token')!;
    expect(refresh.headers.cookie).toBe(`refreshToken=${before!.cookies.refreshToken}`);
    expect(refresh.headers.activeschoolyear).toMatch(/^\d{4}-\d{4}$/);
  });

  it('refreshes ahead when less than 60 s are left', async () => {
    const agent = request.agent(portal.url);
    const { sid } = await signIn(agent);
    await agent.get('/test/me').expect(200);
    await writeRecord(sid, { expiresAt: Date.now() + 30_000 });
    proxy.requests.length = 0;
    await agent.get('/test/me').expect(200);
    expect(paths()).toEqual(['/api/auth/refresh-token', '/api/account/users/me']);
    expect((await tokenRecord(sid))!.expiresAt).toBeGreaterThan(Date.now() + 60_000);
  });

  it('a burst of requests makes one refresh (the API would revoke the family on a second)', async () => {
    const agent = request.agent(portal.url);
    const { sid } = await signIn(agent);
    await writeRecord(sid, { expiresAt: Date.now() + 5_000 });
    proxy.requests.length = 0;
    const results = await Promise.all(Array.from({ length: 12 }, () => agent.get('/test/me')));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(paths().filter((p) => p === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('two portal instances sharing Redis refresh a session once between them', async () => {
    const second = await startTestPortal({
      api,
      apiBaseUrl: proxy.url,
      redisPrefix: portal.redisPrefix,
      extraRouters: testRouters(),
      env: { SESSION_SECRET: sessionSecret },
    });
    try {
      const agent = request.agent(portal.url);
      const { sid, setCookie } = await signIn(agent);
      const cookie = setCookie.split(';')[0]!;
      await writeRecord(sid, { expiresAt: Date.now() + 5_000 });
      proxy.requests.length = 0;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => request(i % 2 ? portal.url : second.url).get('/test/me').set('Cookie', cookie)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(paths().filter((p) => p === '/api/auth/refresh-token')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a failed refresh ends the session and sends the user to sign in with returnUrl and "Session expired"', async () => {
    const agent = request.agent(portal.url);
    const { sid } = await signIn(agent);
    const before = await tokenRecord(sid);
    await writeRecord(sid, { accessToken: `${before!.accessToken.slice(0, -4)}AAAA`, cookies: { refreshToken: 'revoked-or-forged' } });
    const res = await agent.get('/test/me?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/login?returnUrl=%2Ftest%2Fme%3Fx%3D1');
    expect(await portal.redis!.exists(`${portal.redisPrefix}sess:${sid}`)).toBe(0);
    expect(await tokenRecord(sid)).toBeNull();
    const login = await agent.get(res.headers.location as string).expect(200);
    expect(login.text).toContain(errorMessages.sessionExpired);
    await agent.get('/').expect(302);
  });
});

describe('sign out', () => {
  it('POST /auth/logout revokes upstream, destroys the session, clears the cookie and goes to sign in', async () => {
    const agent = request.agent(portal.url);
    const { sid } = await signIn(agent);
    const record = await tokenRecord(sid);
    const token = csrfFrom((await agent.get('/')).text);
    proxy.requests.length = 0;
    const res = await agent.post('/auth/logout').type('form').send({ _csrf: token });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/auth/login');
    expect(String(res.headers['set-cookie'])).toMatch(/portal\.sid=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(paths()).toContain('/api/auth/revoke-token');
    expect(await portal.redis!.exists(`${portal.redisPrefix}sess:${sid}`)).toBe(0);
    expect(await tokenRecord(sid)).toBeNull();
    expect(await portal.redis!.sMembers(`${portal.redisPrefix}user-sessions:${record!.userId}`)).not.toContain(sid);
    // The refresh token is dead upstream too.
    const refresh = await request(api.url).post('/api/auth/refresh-token').set('Cookie', `refreshToken=${record!.cookies.refreshToken}`).send({});
    expect(refresh.status).toBe(401);
    await agent.get('/').expect(302);
  });
});

describe('sign-in rate limits', () => {
  it('after 5 failed attempts for one account the next waits (429, Retry-After), whatever the case of the name', async () => {
    const agent = request.agent(portal.url);
    const page = await agent.get('/auth/login');
    const csrf = csrfFrom(page.text);
    const account = `nobody-${randomBytes(4).toString('hex')}@example.gov`;
    for (let i = 0; i < 5; i++) {
      const res = await agent.post('/auth/login').type('form').send({ _csrf: csrf, userName: i % 2 ? account.toUpperCase() : account, password: 'wrong-password', returnUrl: '/' });
      expect(res.status).toBe(401);
    }
    const limited = await agent.post('/auth/login').type('form').send({ _csrf: csrf, userName: account, password: 'wrong-password', returnUrl: '/' });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(errorMessages.accountLocked);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is still allowed to try.
    const other = await agent.post('/auth/login').type('form').send({ _csrf: csrf, userName: ADMIN, password: PASSWORD, returnUrl: '/' });
    expect(other.status).toBe(303);
  });
});

describe('sign-in rate limit per address', () => {
  it('after 20 failed attempts from one address, even for different accounts, the next is refused', async () => {
    const fresh = await startTestPortal({ api, apiBaseUrl: proxy.url });
    try {
      const agent = request.agent(fresh.url);
      const csrf = csrfFrom((await agent.get('/auth/login')).text);
      for (let i = 0; i < 20; i++) {
        const res = await agent.post('/auth/login').type('form').send({ _csrf: csrf, userName: `n${i}-${randomBytes(3).toString('hex')}@example.gov`, password: 'x', returnUrl: '/' });
        expect(res.status).toBe(401);
      }
      const limited = await agent.post('/auth/login').type('form').send({ _csrf: csrf, userName: ADMIN, password: PASSWORD, returnUrl: '/' });
      expect(limited.status).toBe(429);
      expect(limited.text).toContain(errorMessages.tooManySignIns);
      // The counters live in Redis under the portal's prefix (shared by every instance).
      expect(await fresh.redis!.keys(`${fresh.redisPrefix}rl:ip:*`)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('in production behind a TLS proxy', () => {
  it('uses the __Host- cookie with Secure, only over HTTPS as the proxy reports it', async () => {
    const prod = await startTestPortal({
      api,
      apiBaseUrl: proxy.url,
      env: { NODE_ENV: 'production', TRUST_PROXY: 'loopback', DR_PUBLIC_BASIC: 'dr-public:production-test-secret' },
    });
    try {
      const https = await request(prod.url).get('/auth/login').set('X-Forwarded-Proto', 'https').expect(200);
      // Signed out, only the form's double-submit cookie (issue 10, finding 7); the session
      // cookie comes with the sign-in.
      const csrfCookie = String(https.headers['set-cookie']);
      expect(csrfCookie).toMatch(/^__Host-portal\.csrf=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      expect(String(https.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const signedIn = await request(prod.url)
        .post('/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', csrfCookie.split(';')[0]!)
        .type('form')
        .send({ _csrf: csrfFrom(https.text), userName: 'state.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
      expect(signedIn.status).toBe(303);
      const cookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-portal.sid=')) ?? '';
      expect(cookie).toMatch(/^__Host-portal\.sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
      // Over plain HTTP the Secure cookie is never sent.
      const http = await request(prod.url).get('/auth/login').expect(200);
      expect(http.headers['set-cookie']).toBeUndefined();
      // A sane request id from the trusted proxy is kept for the logs.
      const traced = await request(prod.url).get('/healthz').set('X-Request-Id', 'proxy-abc-12345');
      expect(traced.headers['x-request-id']).toBe('proxy-abc-12345');
      const forged = await request(prod.url).get('/healthz').set('X-Request-Id', 'bad id\twith spaces');
      expect(forged.headers['x-request-id']).not.toContain('bad');
    } finally {
      await prod.close();
    }
  });
});

describe('without Redis (development)', () => {
  it('signs in and out with the in-process stores', async () => {
    const local = await startTestPortal({ api, apiBaseUrl: proxy.url, redis: false, extraRouters: testRouters() });
    try {
      const agent = request.agent(local.url);
      await signIn(agent);
      expect((await agent.get('/test/me').expect(200)).text).toBe('me:Avery State Admin');
      const ready = await request(local.url).get('/readyz').expect(200);
      expect(ready.body.checks.redis).toBe('not configured');
      const token = csrfFrom((await agent.get('/')).text);
      await agent.post('/auth/logout').type('form').send({ _csrf: token }).expect(303);
      await agent.get('/').expect(302);
    } finally {
      await local.close();
    }
  });
});
