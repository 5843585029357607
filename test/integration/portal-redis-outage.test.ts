// Redis going away must fail fast (a 503 page in about a second, not a hung request) and the
// portal must recover by itself when it returns. Redis sits behind a TCP proxy we can cut.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { csrfFrom, startTcpProxy, startTestPortal, type SwitchableProxy, type TestPortal } from '../helpers/portal.js';

let redisProxy: SwitchableProxy;
let portal: TestPortal;

beforeAll(async () => {
  redisProxy = await startTcpProxy('127.0.0.1', 6379);
  portal = await startTestPortal({ redis: redisProxy.url });
});
afterAll(async () => {
  await redisProxy?.start();
  // Give the client a moment to reconnect so close() can clean up the keys.
  for (let i = 0; i < 40 && !portal?.redis?.isReady; i++) await new Promise((r) => setTimeout(r, 50));
  await portal?.close();
  await redisProxy?.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not recovered within ${timeoutMs} ms`);
}

describe('Redis outage', () => {
  it('answers 503 within about a second while Redis is down, then recovers with the session intact', async () => {
    const agent = request.agent(portal.url);
    const page = await agent.get('/auth/login').expect(200);
    await agent
      .post('/auth/login')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), userName: 'district.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' })
      .expect(303);
    await agent.get('/').expect(200);

    await redisProxy.stop();
    for (const path of ['/', '/auth/login', '/no/such/page']) {
      const started = Date.now();
      const res = await agent.get(path);
      const elapsed = Date.now() - started;
      expect(res.status, path).toBe(503);
      expect(elapsed, path).toBeLessThan(1_200);
      expect(res.text).toContain(errorMessages.serviceUnavailable);
      expect(res.headers['retry-after']).toBe('5');
    }
    // The probes say so too; liveness does not depend on Redis.
    const ready = await request(portal.url).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.redis).toBe('down');
    await request(portal.url).get('/healthz').expect(200);

    await redisProxy.start();
    const recoveredIn = await waitFor(async () => (await agent.get('/')).status === 200, 5_000);
    expect(recoveredIn).toBeLessThan(5_000);
    const home = await agent.get('/').expect(200);
    expect(home.text).toMatch(/Good (Morning|Afternoon|Evening), Riley District User/);
    await request(portal.url).get('/readyz').expect(200);
  });

  it('answers 503 within about a second while Redis hangs without closing, then recovers', async () => {
    const agent = request.agent(portal.url);
    const page = await agent.get('/auth/login').expect(200);
    await agent
      .post('/auth/login')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), userName: 'state.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' })
      .expect(303);
    await agent.get('/').expect(200);

    redisProxy.hang!();
    const started = Date.now();
    const res = await agent.get('/');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(res.status).toBe(503);
    expect(res.text).toContain(errorMessages.serviceUnavailable);

    redisProxy.resume!();
    await waitFor(async () => (await agent.get('/')).status === 200, 5_000);
    // The session survived the hang (nothing deleted it on the way out), and replies that were
    // held up were not handed to later commands: the page is this user's.
    const home = await agent.get('/').expect(200);
    expect(home.text).toMatch(/Good (Morning|Afternoon|Evening), Jordan State User/);
  });
});
