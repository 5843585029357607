// Issue 10 (security), findings 1 and 2, against the real agency API on every test database:
// who may manage an account that belongs to several LEAs, email changes confirmed by the new
// address, and access that ends at once when an account is disabled, deleted, demoted or its
// password changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { user as userSchema } from '../../lib/contract.js';
import { MANAGE_MESSAGES } from '../../api/user-management.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, createUser, demo, leaIdByCode, linkParam, mailsTo, refreshCookie, signIn, STRONG_PASSWORD, uniqueEmail, waitForMails } from './api-auth-helpers.js';

const PRAIRIE_VIEW = '55-0101-000';
const RIVERBEND = '28-0102-000';
const NEW_PASSWORD = 'Taken-Over-Account-7!';

describe.each(testDbs)('account security on %s', (db) => {
  let api: TestApi;
  let admin: string;
  let prairieView: number;
  let riverbend: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(db);
    admin = await accessToken(api, demo.admin);
    prairieView = await leaIdByCode(api, PRAIRIE_VIEW);
    riverbend = await leaIdByCode(api, RIVERBEND);
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('finding 1: a local admin cannot take over an account reaching another district', () => {
    it('refuses to set the password of, edit or disable a user who also belongs to another LEA', async () => {
      const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [prairieView] });
      const token = await accessToken(api, localAdmin.email, STRONG_PASSWORD);
      const shared = await createUser(api, admin, { leaIds: [prairieView, riverbend] });

      // Seeing the shared user is fine (they share Prairie View) ...
      expect((await request(api.url).get(`/api/account/users/${shared.id}`).set(as(token))).status).toBe(200);
      // ... managing them is not: it would reach Riverbend.
      const setPassword = await request(api.url).put('/api/account/admin/changeuser-password').set(as(token)).send({ id: shared.id, newPassword: NEW_PASSWORD });
      expect(setPassword.status).toBe(403);
      expect(JSON.stringify(setPassword.body)).toContain(MANAGE_MESSAGES.otherLeas);
      const edit = await request(api.url).put(`/api/account/users/${shared.id}`).set(as(token)).send({ fullName: 'Hijacked', email: uniqueEmail('attacker') });
      expect(edit.status).toBe(403);
      const disable = await request(api.url).put(`/api/account/users/${shared.id}`).set(as(token)).send({ fullName: 'Test Person', email: shared.email, isEnabled: false });
      expect(disable.status).toBe(403);
      // The password did not change: the owner still signs in with theirs.
      expect((await request(api.url).post('/api/auth/token').type('form').send({ username: shared.email, password: NEW_PASSWORD, recaptchaToken: '' })).status).not.toBe(200);
      await accessToken(api, shared.email, STRONG_PASSWORD);

      // A user wholly inside Prairie View stays manageable.
      const local = await createUser(api, admin, { leaIds: [prairieView] });
      expect((await request(api.url).put('/api/account/admin/changeuser-password').set(as(token)).send({ id: local.id, newPassword: NEW_PASSWORD })).status).toBe(200);
    });

    it('changes an email only when the new address confirms it, and tells the old one', async () => {
      const person = await createUser(api, admin, { leaIds: [prairieView] });
      const newEmail = uniqueEmail('moved');
      const res = await request(api.url).put(`/api/account/users/${person.id}`).set(as(admin)).send({ fullName: 'Test Person', email: newEmail });
      expect(res.status).toBe(200);
      const saved = userSchema.parse(res.body);
      expect(saved.email).toBe(person.email);
      expect(saved.pendingEmail).toBe(newEmail);

      // Until confirmed, the account keeps its address: Forgot Password goes to the old one.
      const [confirmMail] = await waitForMails(api, newEmail);
      const [notice] = await waitForMails(api, person.email);
      expect(notice!.subject).toBe('A change of your email address was requested');
      expect(notice!.text).toContain(newEmail);
      expect(notice!.text).not.toMatch(/token=/);
      const token = linkParam(confirmMail!.text, 'token');
      expect(confirmMail!.text).toContain('/auth/confirm-email?token=');
      expect((await request(api.url).post('/api/auth/token').type('form').send({ username: newEmail, password: STRONG_PASSWORD, recaptchaToken: '' })).status).not.toBe(200);

      const bogus = await request(api.url).post('/api/account/email/confirm').send({ token: 'not-a-token' });
      expect(bogus.body).toEqual({ outcome: 'invalid' });
      const confirmed = await request(api.url).post('/api/account/email/confirm').send({ token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ outcome: 'confirmed' });
      // Used once only.
      expect((await request(api.url).post('/api/account/email/confirm').send({ token })).body).toEqual({ outcome: 'invalid' });
      const after = userSchema.parse((await request(api.url).get(`/api/account/users/${person.id}`).set(as(admin))).body);
      expect(after.email).toBe(newEmail);
      await accessToken(api, newEmail, STRONG_PASSWORD);
      expect(await mailsTo(api, newEmail)).toHaveLength(1);
    });
  });

  describe('finding 2: access ends at once on disable, delete, demotion, permission and password changes', () => {
    const me = (token: string) => request(api.url).get('/api/account/users/me').set(as(token));

    it('refuses a disabled or deleted user’s access token at once, not when it expires', async () => {
      const disabled = await createUser(api, admin, { leaIds: [prairieView] });
      const token = await accessToken(api, disabled.email, STRONG_PASSWORD);
      expect((await me(token)).status).toBe(200);
      expect((await request(api.url).put(`/api/account/users/${disabled.id}`).set(as(admin)).send({ fullName: 'Test Person', email: disabled.email, isEnabled: false })).status).toBe(200);
      expect((await me(token)).status).toBe(401);

      const deleted = await createUser(api, admin, { leaIds: [prairieView] });
      const token2 = await accessToken(api, deleted.email, STRONG_PASSWORD);
      expect((await request(api.url).delete(`/api/account/users/${deleted.id}`).set(as(admin))).status).toBe(204);
      expect((await me(token2)).status).toBe(401);
    });

    it('ends a demoted local admin’s old token, and a role holder’s when the role’s permissions change', async () => {
      const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [prairieView] });
      const signedIn = await signIn(api, localAdmin.email, STRONG_PASSWORD);
      const token = (signedIn.body as { accessToken: string }).accessToken;
      const victim = await createUser(api, admin, { leaIds: [prairieView] });
      expect((await request(api.url).put(`/api/account/users/${localAdmin.id}/roles`).set(as(admin)).send({ roles: ['Local User'] })).status).toBe(200);
      const late = await request(api.url).put('/api/account/admin/changeuser-password').set(as(token)).send({ id: victim.id, newPassword: NEW_PASSWORD });
      expect(late.status).toBe(401);
      // The session itself goes on with a token carrying the new roles.
      const refreshed = await request(api.url).post('/api/auth/refresh-token').set('Cookie', refreshCookie(signedIn)!.cookie).send({});
      expect(refreshed.status).toBe(200);
      const fresh = (refreshed.body as { accessToken: string }).accessToken;
      expect((await me(fresh)).status).toBe(200);
      expect((await request(api.url).put('/api/account/admin/changeuser-password').set(as(fresh)).send({ id: victim.id, newPassword: NEW_PASSWORD })).status).toBe(403);

      // A role's permissions change: its holders' tokens end too.
      const created = await request(api.url).post('/api/roles').set(as(admin)).send({ name: `Stamp Role ${Date.now()}`, permissions: ['App.users.view'] });
      expect(created.status).toBe(201);
      const role = created.body as { id: number; name: string };
      const holder = await createUser(api, admin, { roles: [role.name], leaIds: [prairieView] });
      const holderToken = await accessToken(api, holder.email, STRONG_PASSWORD);
      expect((await me(holderToken)).status).toBe(200);
      expect((await request(api.url).put('/api/roles').set(as(admin)).send({ id: role.id, name: role.name, permissions: [] })).status).toBe(200);
      expect((await me(holderToken)).status).toBe(401);
    });

    it('ends every other sign-in when a user changes their own password, keeping theirs', async () => {
      const person = await createUser(api, admin, { leaIds: [prairieView] });
      const mine = await signIn(api, person.email, STRONG_PASSWORD);
      const stolen = await signIn(api, person.email, STRONG_PASSWORD);
      const myToken = (mine.body as { accessToken: string }).accessToken;
      const stolenToken = (stolen.body as { accessToken: string }).accessToken;
      const changed = await request(api.url)
        .put(`/api/account/users/${person.id}/password`)
        .set(as(myToken))
        .send({ id: person.id, currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      const fresh = (changed.body as { accessToken: string }).accessToken;
      expect((await me(fresh)).status).toBe(200);
      // The other sign-in: its access token and its refresh token are both refused.
      expect((await me(stolenToken)).status).toBe(401);
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', refreshCookie(stolen)!.cookie).send({})).status).toBe(401);
      // The caller's own sign-in goes on refreshing.
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', refreshCookie(mine)!.cookie).send({})).status).toBe(200);
    });
  });
});
