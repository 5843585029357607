// Issue 10 (security), findings 10 and 11, against the real agency API on every test database:
// the email log holds no working link, and what is out of a caller's reach looks exactly like
// what does not exist.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { z } from 'zod';
import { REDACTED } from '../../api/email-redaction.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, createUser, demo, leaIdByCode, linkParam, STRONG_PASSWORD, uniqueEmail, waitForMails } from './api-auth-helpers.js';

const logEntries = z.object({ items: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), body: z.string() })) });

describe.each(testDbs)('leaks on %s', (db) => {
  let api: TestApi;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(db);
    admin = await accessToken(api, demo.admin);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('finding 10: the email log shows reset and verification emails without their one-time secrets', async () => {
    const person = await createUser(api, admin);
    expect((await request(api.url).post('/api/account/recover/password').send({ email: person.email })).status).toBe(200);
    const [reset] = await waitForMails(api, person.email);
    const token = linkParam(reset!.text, 'token');
    expect(token.length).toBeGreaterThan(10);

    const registered = uniqueEmail('parent');
    const reg = await request(api.url).post('/api/auth/register').send({ fullName: 'Pat Parent', email: registered, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, recaptchaToken: '' });
    expect(reg.status).toBe(201);
    const [verify] = await waitForMails(api, registered);
    const uid = linkParam(verify!.text, 'uid');

    for (const [to, secret] of [
      [person.email, token],
      [registered, uid],
    ] as const) {
      const list = logEntries.parse((await request(api.url).get('/api/emails').query({ to }).set(as(admin))).body);
      expect(list.items).toHaveLength(1);
      const entry = list.items[0]!;
      expect(entry.body).not.toContain(secret);
      expect(entry.body).toContain(REDACTED);
      const one = await request(api.url).get(`/api/emails/${entry.id}`).set(as(admin));
      expect(JSON.stringify(one.body)).not.toContain(secret);
    }
    // The link that was sent still works for its owner.
    const used = await request(api.url).post('/api/account/reset/password').send({ email: person.email, token, newPassword: 'Owner-Chose-This-8!' });
    expect(used.status).toBe(200);
  });

  it('finding 10: entries logged before the rule are shown redacted too', async () => {
    const to = uniqueEmail('old-entry');
    await api.ctx.db.query(`INSERT INTO email_log (to_address, subject, body, status, created_by, updated_by) VALUES ($1, 'Reset your password', $2, 'Sent', 'system', 'system')`, [
      to,
      `Reset your password: http://portal.example/auth/reset-password?email=x&token=${randomUUID()}secret`,
    ]);
    const list = logEntries.parse((await request(api.url).get('/api/emails').query({ to }).set(as(admin))).body);
    expect(list.items[0]!.body).toContain(`token=${REDACTED}`);
    expect(list.items[0]!.body).not.toContain('secret');
  });

  it('finding 11: a user outside a local admin’s LEAs answers /leas exactly as an id that does not exist', async () => {
    const prairieView = await leaIdByCode(api, '55-0101-000');
    const riverbend = await leaIdByCode(api, '28-0102-000');
    const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [prairieView] });
    const token = await accessToken(api, localAdmin.email, STRONG_PASSWORD);
    const outside = await createUser(api, admin, { leaIds: [riverbend] });
    const inside = await createUser(api, admin, { leaIds: [prairieView] });

    const theirs = await request(api.url).get(`/api/users/${outside.id}/leas`).set(as(token));
    const nobody = await request(api.url).get(`/api/users/${randomUUID()}/leas`).set(as(token));
    expect(nobody.status).toBe(404);
    expect([theirs.status, theirs.body]).toEqual([nobody.status, nobody.body]);
    const mine = await request(api.url).get(`/api/users/${inside.id}/leas`).set(as(token));
    expect(mine.status).toBe(200);
    expect((mine.body as { id: number }[]).map((l) => l.id)).toEqual([prairieView]);
  });
});
