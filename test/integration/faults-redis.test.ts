// Redis going away, beyond what portal-redis-outage.test.ts shows for three GET pages: every
// page and form of the app answers a clear 503 within 2 s (JSON for islands), nothing crashes
// (no unhandled rejection, the server keeps answering), the probes say so, and the portal
// recovers by itself, including when Redis was already down when it started.
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { csrfFrom, startTcpProxy, startTestPortal, TEST_REDIS_URL, type SwitchableProxy, type TestPortal } from '../helpers/portal.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { fillPath, listRoutes, PASSWORD } from './ops-helpers.js';

const redisPort = Number(new URL(TEST_REDIS_URL).port || 6379);

let api: TestApi;
let redisProxy: SwitchableProxy;
let portal: TestPortal;
const crashes: unknown[] = [];
const onCrash = (err: unknown) => crashes.push(err);

beforeAll(async () => {
  api = await startTestApi('pglite');
  redisProxy = await startTcpProxy('127.0.0.1', redisPort);
  portal = await startTestPortal({ api, redis: redisProxy.url });
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
});
afterAll(async () => {
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
  await redisProxy?.start();
  for (let i = 0; i < 40 && !portal?.redis?.isReady; i++) await new Promise((r) => setTimeout(r, 50));
  await portal?.close();
  await redisProxy?.close();
  await api?.close();
});
beforeEach(() => {
  crashes.length = 0;
});
afterEach(async () => {
  await redisProxy.start();
  expect(crashes, 'unhandled rejections or exceptions').toEqual([]);
});

type Agent = ReturnType<typeof request.agent>;

async function signIn(agent: Agent, userName: string): Promise<string> {
  const page = await agent.get('/auth/login').expect(200);
  await agent.post('/auth/login').type('form').send({ _csrf: csrfFrom(page.text), userName, password: PASSWORD, returnUrl: '/' }).expect(303);
  return csrfFrom((await agent.get('/').expect(200)).text);
}

async function recovered(agent: Agent, path = '/', timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await agent.get(path)).status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} did not recover within ${timeoutMs} ms`);
}

describe('while Redis is down', () => {
  it('every page of the app answers a clear 503 within 2 s, and the probes tell the orchestrator', async () => {
    const agent = request.agent(portal.url);
    await signIn(agent, 'state.admin@demo.example');
    const pages = listRoutes(portal.app).filter((r) => r.method === 'GET' && !['/healthz', '/readyz'].includes(r.path));
    expect(pages.length).toBeGreaterThan(5);

    await redisProxy.stop();
    for (const route of pages) {
      const path = fillPath(route.path);
      const started = Date.now();
      const res = await agent.get(path).redirects(0);
      const elapsed = Date.now() - started;
      expect(res.status, path).toBe(503);
      expect(elapsed, path).toBeLessThan(2_000);
      expect(res.text, path).toContain(errorMessages.serviceUnavailable);
      expect(res.headers['retry-after'], path).toBe('5');
    }
    const ready = await request(portal.url).get('/readyz').expect(503);
    expect(ready.body.checks.redis).toBe('down');
    await request(portal.url).get('/healthz').expect(200);

    await redisProxy.start();
    await recovered(agent);
    await request(portal.url).get('/readyz').expect(200);
  });

  it('forms get the 503 page, islands get JSON, and signing in works again once Redis is back', async () => {
    const agent = request.agent(portal.url);
    const csrf = await signIn(agent, 'state.user@demo.example');
    const anonymous = request.agent(portal.url);
    const loginCsrf = csrfFrom((await anonymous.get('/auth/login').expect(200)).text);

    await redisProxy.stop();
    const posts = [
      () => anonymous.post('/auth/login').type('form').send({ _csrf: loginCsrf, userName: 'vendor@demo.example', password: PASSWORD, returnUrl: '/' }),
      () => agent.post('/auth/logout').type('form').send({ _csrf: csrf }),
    ];
    for (const post of posts) {
      const started = Date.now();
      const res = await post();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.status).toBe(503);
      expect(res.text).toContain(errorMessages.serviceUnavailable);
    }
    // An island's fetch call (x-csrf-token, JSON) gets a JSON answer it can show.
    const json = await agent.post('/auth/logout').set('x-csrf-token', csrf).set('accept', 'application/json').send({});
    expect(json.status).toBe(503);
    expect(json.body).toEqual({ message: errorMessages.serviceUnavailable });

    await redisProxy.start();
    await recovered(agent);
    // The failed sign-out did not sign anybody out, and sign-in (session + rate limit store) works.
    expect((await agent.get('/').expect(200)).text).toContain('Jordan State User');
    const page = await anonymous.get('/auth/login').expect(200);
    await anonymous.post('/auth/login').type('form').send({ _csrf: csrfFrom(page.text), userName: 'vendor@demo.example', password: PASSWORD, returnUrl: '/' }).expect(303);
  });
});

describe('when Redis is down as the portal starts', () => {
  it('starts anyway, answers 503, and serves normally once Redis comes up', async () => {
    const lateProxy = await startTcpProxy('127.0.0.1', redisPort);
    await lateProxy.stop();
    const late = await startTestPortal({ api, redis: lateProxy.url });
    try {
      const started = Date.now();
      const res = await request(late.url).get('/auth/login');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.status).toBe(503);
      expect(res.text).toContain(errorMessages.serviceUnavailable);
      await request(late.url).get('/readyz').expect(503);

      await lateProxy.start();
      const agent = request.agent(late.url);
      await recovered(agent, '/auth/login', 8_000);
      await signIn(agent, 'district.user@demo.example');
      await request(late.url).get('/readyz').expect(200);
    } finally {
      await late.close();
      await lateProxy.close();
    }
  });
});
