// Issue 10 (security), findings 4, 5, 6 and 9, against the real agency API on every test database
// with its real limits (RATE_LIMIT_SCALE 1): anonymous requests that cost CPU or send email are
// limited per client and per address, a bad reset token costs no hashing, and an own-password
// change counts wrong current passwords; sign-in guesses wait progressively, per account and per
// client, and unknown names are answered as known ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { LIMITS } from '../../api/rate-limits.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { errorMessages } from '../../lib/messages.js';
import { ANONYMOUS_POST_LIMIT_PER_IP } from '../../server/rate-limit.js';
import { FREE_GUESSES } from '../../api/lockout.js';
import { accessToken, createUser, DEMO_PASSWORD, demo, mailsTo, STRONG_PASSWORD, uniqueEmail, withClockAhead } from './api-auth-helpers.js';

const NEW_PASSWORD = 'Another-Secret-42?';

describe.each(testDbs)('rate limits on %s', (db) => {
  let api: TestApi;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** Each test is its own client, as the portal reports it (the API trusts loopback). */
  const client = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}` });

  beforeAll(async () => {
    api = await startTestApi(db, { RATE_LIMIT_SCALE: '1' });
    admin = await accessToken(api, demo.admin);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('finding 5: forgot-password sends at most 3 emails an hour to one address, with the same answer every time', async () => {
    const person = await createUser(api, admin);
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(await request(api.url).post('/api/account/recover/password').set(client(10 + i)).send({ email: person.email }));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(api, person.email)).toHaveLength(LIMITS.recoverPerAddress.limit);
  });

  it('finding 5: one client registering many accounts is refused with 429 after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.registerPerClient.limit + 2; i++) {
      const res = await request(api.url)
        .post('/api/auth/register')
        .set(client(30))
        .send({ fullName: 'Flood Person', email: uniqueEmail('flood'), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, recaptchaToken: '' });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, LIMITS.registerPerClient.limit)).toEqual(Array(LIMITS.registerPerClient.limit).fill(201));
    expect(statuses.slice(LIMITS.registerPerClient.limit)).toEqual([429, 429]);
    // Another client is not held back by the first one's flood.
    const other = await request(api.url)
      .post('/api/auth/register')
      .set(client(31))
      .send({ fullName: 'Other Person', email: uniqueEmail('other'), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, recaptchaToken: '' });
    expect(other.status).toBe(201);
  });

  it('finding 5: resend-verification by address sends at most 3 emails an hour, answering the same', async () => {
    const email = uniqueEmail('resend');
    const reg = await request(api.url).post('/api/auth/register').set(client(40)).send({ fullName: 'Pat Resend', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, recaptchaToken: '' });
    expect(reg.status).toBe(201);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await request(api.url).post('/api/auth/resend-verification').set(client(41 + i)).send({ email }));
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
  });

  it('finding 4: a reset with a bad token is refused before any hashing, and a client is limited', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.resetPerClient.limit + 1; i++) {
      const res = await request(api.url).post('/api/account/reset/password').set(client(50)).send({ email: demo.vendor, token: `bogus-${i}`, newPassword: NEW_PASSWORD });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMITS.resetPerClient.limit)).toEqual(Array(LIMITS.resetPerClient.limit).fill(400));
    expect(statuses.at(-1)).toBe(429);
    // Ten refusals without scrypt take well under the ~50 ms a hash takes each on this machine.
    expect(Date.now() - started).toBeLessThan(LIMITS.resetPerClient.limit * 50 + 1_000);
  });

  it('finding 9: wrong current passwords on an own-password change count with sign-in guesses; past five even the right one waits', async () => {
    const person = await createUser(api, admin);
    const token = await accessToken(api, person.email, STRONG_PASSWORD);
    const change = (currentPassword: string) =>
      request(api.url).put(`/api/account/users/${person.id}/password`).set(as(token)).send({ id: person.id, currentPassword, newPassword: NEW_PASSWORD });
    for (let i = 0; i < FREE_GUESSES; i++) expect((await change(`Wrong-Guess-${i}!x`)).status).toBe(400);
    const refused = await change(STRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same count holds at the sign-in page, so a stolen session cannot go on guessing there.
    expect((await guessAt(person.email, STRONG_PASSWORD, 40)).status).toBe(429);
  });

  const guessAt = (username: string, password: string, clientNo: number) =>
    request(api.url).post('/api/auth/token').set(client(clientNo)).type('form').send({ username, password, recaptchaToken: '' });

  it('finding 6: five wrong passwords make the next guess wait a minute, not a 15-minute lock, and the right password then works', async () => {
    const person = await createUser(api, admin);
    const statuses: number[] = [];
    for (let i = 0; i < FREE_GUESSES; i++) statuses.push((await guessAt(person.email, `Wrong-Guess-${i}!x`, 50 + i)).status);
    expect(statuses).toEqual(Array(FREE_GUESSES).fill(400));
    const waiting = await guessAt(person.email, STRONG_PASSWORD, 56);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ message: errorMessages.accountLocked, code: 'locked', retryAfterSeconds: expect.any(Number) });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Meanwhile the admin screens show the account as locked, and Unblock is there.
    expect((await request(api.url).get(`/api/account/users/${person.id}`).set(as(admin))).body.isLockedOut).toBe(true);
    await withClockAhead(api, 61_000, async () => {
      expect((await guessAt(person.email, STRONG_PASSWORD, 57)).status).toBe(200);
      // A right password forgets the count: five free guesses again.
      for (let i = 0; i < FREE_GUESSES; i++) expect((await guessAt(person.email, `Wrong-Again-${i}!x`, 58)).status).toBe(400);
    });
  });

  it('finding 6: an unknown address is answered exactly as a known one, guess for guess', async () => {
    const person = await createUser(api, admin);
    const unknown = uniqueEmail('nobody');
    const answers = async (username: string, clientBase: number) => {
      const out: string[] = [];
      for (let i = 0; i < FREE_GUESSES + 2; i++) {
        const res = await guessAt(username, `Wrong-Guess-${i}!x`, clientBase + i);
        out.push(`${res.status} ${JSON.stringify({ ...res.body, retryAfterSeconds: res.body.retryAfterSeconds === undefined ? undefined : 'n' })} ${res.headers['retry-after'] === undefined ? '' : 'retry'}`);
      }
      return out;
    };
    const known = await answers(person.email, 60);
    expect(await answers(unknown, 70)).toEqual(known);
    expect(known.at(-1)).toContain('429');
  });

  it('finding 6: a parallel burst of wrong passwords gets exactly five checked', async () => {
    const person = await createUser(api, admin);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => guessAt(person.email, `Wrong-Guess-${i}!x`, 80 + i)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(FREE_GUESSES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - FREE_GUESSES);
  });

  it('finding 6: one client guessing across many accounts is refused after 20 wrong passwords, and right ones do not count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signInPerClient.limit; i++) {
      if (i % 5 === 0) expect((await guessAt(demo.district, DEMO_PASSWORD, 99)).status).toBe(200);
      statuses.push((await guessAt(uniqueEmail(`spray${i}`), 'Wrong-Guess-1!x', 99)).status);
    }
    expect(statuses).toEqual(Array(LIMITS.signInPerClient.limit).fill(400));
    const refused = await guessAt(demo.district, DEMO_PASSWORD, 99);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(errorMessages.tooManySignIns);
    // Another client is not affected.
    expect((await guessAt(demo.district, DEMO_PASSWORD, 98)).status).toBe(200);
  });
});

describe('the portal’s limit on signed-out forms (findings 4 and 5)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ env: { RATE_LIMIT_SCALE: '1' } });
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('answers 429 with a clear message once one client has posted the signed-out forms too often', async () => {
    const agent = request.agent(portal.app);
    const page = await agent.get('/auth/forgot-password').expect(200);
    const csrf = csrfFrom(page.text);
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_POST_LIMIT_PER_IP; i++) {
      statuses.push((await agent.post('/auth/forgot-password').type('form').send({ _csrf: csrf, email: uniqueEmail('forgot') })).status);
    }
    expect(statuses.every((s) => s < 400)).toBe(true);
    const limited = await agent.post('/auth/register').type('form').send({ _csrf: csrf, fullName: 'Too Many', email: uniqueEmail('many') });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(errorMessages.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
