// Contract tests of the admin utilities' API additions (api/routes/admin-org-extra.ts) against a
// real API on PGlite and on PostgreSQL: POST /api/emails/test, POST
// /api/account/users/{id}/revoke-sessions and POST /api/event-notification/message/queue-all.
// Each refuses callers without its permission, refuses bad input with field messages, does what
// it says, and leaves an audit log entry naming who did it.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBody, notificationMessage, pagedAuditEntries } from '../../lib/contract.js';
import { validationMessages as m } from '../../lib/messages.js';
import { ADMIN_ORG_MESSAGES } from '../../api/routes/admin-org-extra.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, mailsTo, refreshCookie, signIn } from './api-auth-helpers.js';

const errorsOf = (body: unknown) => (apiErrorBody.parse(body).errors ?? []).map((e) => `${e.field}: ${e.message}`);

describe.each(testDbs)('admin utilities API on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let stateUser: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function userId(email: string): Promise<string> {
    const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
    return r.rows[0]!.id;
  }

  async function latestAudit(action: string) {
    const res = await request(api.url).get('/api/audit').query({ action, pageSize: 1 }).set(as(admin));
    expect(res.status).toBe(200);
    return pagedAuditEntries.parse(res.body).items[0];
  }

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    admin = await accessToken(api, demo.admin);
    stateUser = await accessToken(api, demo.stateUser);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  describe('POST /api/emails/test', () => {
    it('needs a signed-in caller with App.roles.manage', async () => {
      expect((await request(api.url).post('/api/emails/test').send({ to: 'a@test.example' })).status).toBe(401);
      expect((await request(api.url).post('/api/emails/test').set(as(stateUser)).send({ to: 'a@test.example' })).status).toBe(403);
    });

    it('refuses a missing or bad address with the field messages', async () => {
      const missing = await request(api.url).post('/api/emails/test').set(as(admin)).send({});
      expect(missing.status).toBe(400);
      expect(errorsOf(missing.body)).toEqual([`to: ${m.fieldRequired}`]);
      const bad = await request(api.url).post('/api/emails/test').set(as(admin)).send({ to: 'not-an-address' });
      expect(bad.status).toBe(400);
      expect(errorsOf(bad.body)).toEqual([`to: ${m.validEmail}`]);
    });

    it('sends the test email, logs it, and records who asked', async () => {
      const to = `utility-${randomUUID().slice(0, 8)}@test.example`;
      const res = await request(api.url).post('/api/emails/test').set(as(admin)).send({ to });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ to });
      const mails = await mailsTo(api, to);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(ADMIN_ORG_MESSAGES.testEmailSubject);
      expect(mails[0]?.text).toContain('Avery State Admin');
      const log = await request(api.url).get('/api/emails').query({ to }).set(as(admin));
      expect(log.body.totalCount).toBe(1);
      const entry = await latestAudit('email.test');
      expect(entry?.entityId).toBe(to);
      expect(entry?.actorUserId).toBe(await userId(demo.admin));
    });
  });

  describe('POST /api/account/users/{id}/revoke-sessions', () => {
    it('needs App.roles.manage, a user id, and a user that exists', async () => {
      const id = await userId(demo.vendor);
      expect((await request(api.url).post(`/api/account/users/${id}/revoke-sessions`).set(as(stateUser))).status).toBe(403);
      const bad = await request(api.url).post('/api/account/users/not-a-guid/revoke-sessions').set(as(admin));
      expect(bad.status).toBe(400);
      expect(errorsOf(bad.body)).toEqual([`id: ${m.incorrectFormat}`]);
      const none = await request(api.url).post(`/api/account/users/${randomUUID()}/revoke-sessions`).set(as(admin));
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(ADMIN_ORG_MESSAGES.userNotFound);
    });

    it("revokes every refresh token of the user: none of their sessions can be renewed", async () => {
      const first = refreshCookie(await signIn(api, demo.vendor));
      const second = refreshCookie(await signIn(api, demo.vendor));
      expect(first && second).toBeTruthy();
      const id = await userId(demo.vendor);
      const res = await request(api.url).post(`/api/account/users/${id}/revoke-sessions`).set(as(admin));
      expect(res.status).toBe(200);
      expect(res.body.revoked).toBeGreaterThanOrEqual(2);
      for (const cookie of [first!, second!]) {
        const refresh = await request(api.url).post('/api/auth/refresh-token').set('Cookie', cookie.cookie).send({});
        expect(refresh.status).toBe(401);
      }
      const entry = await latestAudit('user.sessions-revoke');
      expect(entry?.entityId).toBe(id.toLowerCase());
      // Others keep theirs.
      const adminCookie = refreshCookie(await signIn(api, demo.admin));
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', adminCookie!.cookie).send({})).status).toBe(200);
    });
  });

  describe('POST /api/event-notification/message/queue-all', () => {
    it('needs App.notification.manage and a message', async () => {
      expect((await request(api.url).post('/api/event-notification/message/queue-all').set(as(stateUser)).send({ message: 'x' })).status).toBe(403);
      const bad = await request(api.url).post('/api/event-notification/message/queue-all').set(as(admin)).send({ message: ' ', openUrl: 'javascript:alert(1)' });
      expect(bad.status).toBe(400);
      expect(errorsOf(bad.body)).toEqual([`message: ${m.fieldRequired}`, `openUrl: ${ADMIN_ORG_MESSAGES.openUrl}`]);
      // Issue 10, finding 3: a path that normalises into another origin is refused when saved.
      for (const openUrl of ['/.//evil.example/x', '/a/..//evil.example', '/%2e//evil.example/x']) {
        const sneaky = await request(api.url).post('/api/event-notification/message/queue-all').set(as(admin)).send({ message: 'Open me', openUrl });
        expect(sneaky.status, openUrl).toBe(400);
        expect(errorsOf(sneaky.body)).toEqual([`openUrl: ${ADMIN_ORG_MESSAGES.openUrl}`]);
      }
    });

    it('queues the message to every user who is not deleted', async () => {
      const users = await api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE NOT is_deleted');
      const text = `Everyone, ${randomUUID().slice(0, 8)}`;
      const res = await request(api.url).post('/api/event-notification/message/queue-all').set(as(admin)).send({ message: text, openUrl: '/notification-settings' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ queued: Number(users.rows[0]?.n) });
      const inbox = await request(api.url).get('/api/event-notification/message/user-messages').set(as(stateUser));
      const mine = z.array(notificationMessage).parse(inbox.body).find((x) => x.message === text);
      expect(mine).toMatchObject({ status: 0, openUrl: '/notification-settings' });
      const entry = await latestAudit('notification-message.queue');
      expect(entry?.changes.recipients).toEqual({ to: { count: Number(users.rows[0]?.n), everyone: true } });
    });
  });
});
