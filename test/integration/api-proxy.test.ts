// The portal's /api proxy for islands, through the real portal and agency API with a recording
// proxy between them that also adds a Set-Cookie to every API answer: only allow-listed calls
// reach the API (404 for the rest), they carry the session's token and the header contract and
// nothing of the browser's (cookies, Authorization, X-Forwarded-*), the API's Set-Cookie never
// reaches the browser, unsafe methods need the CSRF token, and bodies and queries are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { lea, pagedPeople, subscription } from '../../lib/contract.js';
import { API_ACCEPT, APP_VERSION, errorMessages } from '../../lib/messages.js';
import { ALLOWED } from '../../server/routes/api-proxy.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { demoEmails, signedInAgent, type Agent } from './dashboard-helpers.js';

let api: TestApi;
let proxy: FaultProxy;
let portal: TestPortal;
let agent: Agent;
let csrf: string;

beforeAll(async () => {
  api = await startTestApi('pglite');
  proxy = await startFaultProxy(api.url);
  // Every API answer also sets a cookie of the API's own: it must never reach the browser.
  proxy.rules.push({ match: () => true, addResponseHeaders: { 'set-cookie': 'api-secret=from-the-api; Path=/; HttpOnly' } });
  portal = await startTestPortal({ apiBaseUrl: proxy.url });
  agent = await signedInAgent(portal.url, demoEmails.admin);
  csrf = csrfFrom((await agent.get('/notification-settings')).text);
}, 120_000);

afterAll(async () => {
  await portal?.close();
  await proxy?.close();
  await api?.close();
});

/** The requests the API received for a path since `from` (an index into proxy.requests). */
const seenSince = (from: number, path: string) => proxy.requests.slice(from).filter((s) => s.path.split('?')[0] === path);

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
};

describe('forwarding', () => {
  it('forwards an allowed call with the session\u2019s token and the header contract, and nothing of the browser\u2019s', async () => {
    const from = proxy.requests.length;
    const res = await agent
      .get('/api/event-notification/subscriptions/user')
      .set('Accept', 'application/json')
      .set('Authorization', 'Bearer browser-supplied-token')
      .set('Cookie', 'refreshToken=stolen; other=1')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Forwarded-Host', 'evil.example');
    expect(res.status).toBe(200);
    expect(subscription.array().parse(res.body).length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');

    const [call] = seenSince(from, '/api/event-notification/subscriptions/user');
    expect(call).toBeDefined();
    const h = call!.headers;
    expect(h.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(h.authorization).not.toContain('browser-supplied-token');
    expect(h.cookie).toBeUndefined();
    // Only the portal's own view of the client address goes on (for the API's per-client limits),
    // never what the browser claimed (the portal trusts no proxy here).
    expect(Object.keys(h).filter((k) => k.startsWith('x-forwarded-'))).toEqual(['x-forwarded-for']);
    expect(h['x-forwarded-for']).not.toContain('203.0.113.9');
    expect(h['x-forwarded-for']).toMatch(/127\.0\.0\.1|::1/);
    expect(h.accept).toBe(API_ACCEPT);
    expect(h['app-version']).toBe(APP_VERSION);
    expect(h).toHaveProperty('currentleaid');
    expect(h.activeschoolyear).toMatch(/^\d{4}-\d{4}$/);
  });

  it('never passes the API\u2019s Set-Cookie back to the browser', async () => {
    const res = await agent.get('/api/leas/users').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(lea.array().parse(res.body).length).toBeGreaterThan(0);
    expect(setCookies(res).some((c) => c.includes('api-secret'))).toBe(false);
    // The recording proxy did add it: the portal dropped it.
    expect(proxy.requests.some((s) => s.path === '/api/leas/users')).toBe(true);
  });

  it('forwards only the allowed query parameters', async () => {
    const from = proxy.requests.length;
    const res = await agent.get('/api/people?lastName=A&pageSize=5&evil=1&externalIds=1,2').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(pagedPeople.parse(res.body).items.length).toBeLessThanOrEqual(5);
    const [call] = seenSince(from, '/api/people');
    const forwarded = new URL(call!.path, 'http://api').searchParams;
    expect([...forwarded.keys()].sort()).toEqual(['lastName', 'pageSize']);
  });

  it('passes the API\u2019s refusal on with its status and message', async () => {
    const res = await agent.delete('/api/event-notification/subscriptions/unsubscribe/999999').set('x-csrf-token', csrf).set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'No such subscription.' });
  });

  it('saves a subscription with a valid body and the CSRF token', async () => {
    const subs = subscription.array().parse((await agent.get('/api/event-notification/subscriptions/user').set('Accept', 'application/json')).body);
    const target = subs.find((s) => s.name === 'Account Changes')!;
    const res = await agent
      .post('/api/event-notification/subscriptions')
      .set('x-csrf-token', csrf)
      .send({
        isInApp: true,
        isEmail: false,
        frequency: 2,
        isSubscribed: true,
        eventNotificationSubscriptionId: target.eventNotificationSubscriptionId,
        eventNotificationTypeId: target.eventNotificationTypeId,
        subscribedLeaIds: [],
      });
    expect(res.status).toBe(200);
    expect(subscription.parse(res.body)).toMatchObject({ isSubscribed: true, isInApp: true, isEmail: false, frequency: 2 });
  });
});

describe('refusals', () => {
  it.each([
    ['GET', '/api/account/users'],
    ['GET', '/api/roles'],
    ['GET', '/api/auth/refresh-token'],
    ['GET', '/api/notificationmesages'],
    ['GET', '/api/event-notification/subscriptions/user/extra'],
    ['GET', '/api/leas/users/../../account/users'],
    ['POST', '/api/event-notification/subscriptions/user'],
    ['POST', '/api/event-notification/message/queue'],
    ['DELETE', '/api/roles/1'],
    ['PUT', '/api/text-blocks/1'],
  ])('answers 404 to %s %s, without calling the API', async (method, path) => {
    const from = proxy.requests.length;
    const res = await agent[method.toLowerCase() as 'get' | 'post' | 'delete' | 'put'](path).set('x-csrf-token', csrf).set('Accept', 'application/json').send(method === 'GET' ? undefined : {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: errorMessages.pageNotFound });
    expect(seenSince(from, new URL(path, 'http://portal').pathname)).toEqual([]);
  });

  it('needs the CSRF token for unsafe methods', async () => {
    const from = proxy.requests.length;
    const res = await agent.delete('/api/event-notification/subscriptions/unsubscribe/1').set('Accept', 'application/json');
    expect(res.status).toBe(403);
    const put = await agent.put('/api/event-notification/message/dismiss/1').set('x-csrf-token', 'not-the-token').set('Accept', 'application/json');
    expect(put.status).toBe(403);
    expect(seenSince(from, '/api/event-notification/subscriptions/unsubscribe/1')).toEqual([]);
  });

  it('refuses a body that breaks the contract, before calling the API', async () => {
    const from = proxy.requests.length;
    const res = await agent
      .post('/api/event-notification/subscriptions')
      .set('x-csrf-token', csrf)
      .send({ isInApp: 'yes', frequency: 9, eventNotificationTypeId: 1 });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['isInApp', 'frequency', 'isEmail']),
    );
    const form = await agent.post('/api/event-notification/subscriptions').set('x-csrf-token', csrf).type('form').send({ isInApp: 'true' });
    expect(form.status).toBe(415);
    expect(seenSince(from, '/api/event-notification/subscriptions')).toEqual([]);
  });

  it('refuses a query that breaks its rules', async () => {
    const res = await agent.get('/api/people?leaId=abc').set('Accept', 'application/json');
    expect(res.status).toBe(400);
    const repeated = await agent.get('/api/people?lastName=a&lastName=b').set('Accept', 'application/json');
    expect(repeated.status).toBe(400);
  });

  it('answers 401 with where to sign in when nobody is signed in', async () => {
    const res = await request(portal.url).get('/api/leas/users').set('Accept', 'application/json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: errorMessages.sessionExpired, location: '/auth/login?returnUrl=%2F' });
  });

  it('allow-lists only paths below /api with whole-path patterns', () => {
    for (const route of ALLOWED) {
      expect(route.path.source.startsWith('^\\/api\\/') || route.path.source.startsWith('^/api/')).toBe(true);
      expect(route.path.source.endsWith('$')).toBe(true);
    }
  });
});
