// Contract tests of the agency API's account and password endpoints (spec §7 Account and
// Passwords), on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { z } from 'zod';
import { apiErrorBody, pagedUsers, permission, user as userSchema, userConfiguration } from '../../lib/contract.js';
import { errorMessages, validationMessages } from '../../lib/messages.js';
import { permissionCatalogue } from '../../lib/permissions.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import {
  accessToken,
  createUser,
  demo,
  DEMO_PASSWORD,
  leaIdByCode,
  linkParam,
  mailsTo,
  refreshCookie,
  signIn,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMails,
  withClockAhead,
} from './api-auth-helpers.js';

const DISTRICT_LEA = '55-0101-000';
const OTHER_LEA = '28-0102-000';
const NEW_PASSWORD = 'Another-Secret-42?';

const ASP_REASONS = {
  length: 'Passwords must be at least 12 characters.',
  symbol: 'Passwords must have at least one non alphanumeric character.',
  digit: "Passwords must have at least one digit ('0'-'9').",
  upper: "Passwords must have at least one uppercase ('A'-'Z').",
  lower: "Passwords must have at least one lowercase ('a'-'z').",
  token: 'Invalid token.',
};

describe.each(testDbs)('account API on %s', (db) => {
  let api: TestApi;
  let admin: string;
  let district: string;
  let vendor: string;
  let stateUser: string;
  let districtLea: number;
  let otherLea: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(db);
    [admin, district, vendor, stateUser] = await Promise.all([
      accessToken(api, demo.admin),
      accessToken(api, demo.district),
      accessToken(api, demo.vendor),
      accessToken(api, demo.stateUser),
    ]);
    districtLea = await leaIdByCode(api, DISTRICT_LEA);
    otherLea = await leaIdByCode(api, OTHER_LEA);
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('authentication and the permission catalogue', () => {
    it('answers 401 without a token and with an invalid one', async () => {
      for (const path of ['/api/account/users', '/api/account/users/me', '/api/account/permissions']) {
        expect((await request(api.url).get(path)).status, path).toBe(401);
        expect((await request(api.url).get(path).set('Authorization', 'Bearer not.a.token')).status, path).toBe(401);
      }
      const forged = `${admin.slice(0, -4)}AAAA`;
      expect((await request(api.url).get('/api/account/users/me').set(as(forged))).status).toBe(401);
    });

    it('lists the permission catalogue to any signed-in user', async () => {
      const res = await request(api.url).get('/api/account/permissions').set(as(vendor));
      expect(res.status).toBe(200);
      const list = z.array(permission).parse(res.body);
      expect(list.map((p) => p.value)).toEqual(permissionCatalogue.map((p) => p.value));
      expect(list.find((p) => p.value === 'App.users.manage')).toMatchObject({ name: 'Manage users', groupName: 'Application' });
    });

    it('accepts the portal headers (Accept vendor type, App-Version, CurrentLeaId, activeschoolyear)', async () => {
      const res = await request(api.url)
        .get('/api/account/users/me')
        .set(as(district))
        .set('Accept', 'application/vnd.portal.v1+json')
        .set('App-Version', '2.7.0')
        .set('CurrentLeaId', String(districtLea))
        .set('activeschoolyear', '2024-2025');
      expect(res.status).toBe(200);
    });
  });

  describe('reading users', () => {
    it('answers the caller as the contract user, names split on the first space', async () => {
      const res = await request(api.url).get('/api/account/users/me').set(as(district));
      expect(res.status).toBe(200);
      const me = userSchema.parse(res.body);
      expect(me.email).toBe(demo.district);
      expect(`${me.firstName} ${me.lastName}`).toBe(me.fullName);
      expect(me.roles).toEqual(['Dispute Resolution LEA User', 'Local User']);
      expect(me.leaData.map((l) => l.id)).toEqual([districtLea]);
      expect(me.leaId).toBe(districtLea);
    });

    it('pages, searches, filters and sorts users for App.users.view', async () => {
      const all = await request(api.url).get('/api/account/users').set(as(admin));
      expect(all.status).toBe(200);
      const page = pagedUsers.parse(all.body);
      expect(page.totalCount).toBeGreaterThanOrEqual(5);

      const two = pagedUsers.parse((await request(api.url).get('/api/account/users?pageNumber=1&pageSize=2').set(as(admin))).body);
      expect(two.items).toHaveLength(2);
      expect(two.totalCount).toBe(page.totalCount);
      const next = pagedUsers.parse((await request(api.url).get('/api/account/users?pageNumber=2&pageSize=2').set(as(admin))).body);
      expect(next.items.map((u) => u.id)).not.toContain(two.items[0]!.id);

      const search = pagedUsers.parse((await request(api.url).get('/api/account/users?search=DISTRICT.user').set(as(admin))).body);
      expect(search.items.map((u) => u.email)).toEqual([demo.district]);

      const byRole = pagedUsers.parse((await request(api.url).get('/api/account/users?role=Site%20Admin').set(as(admin))).body);
      expect(byRole.items.map((u) => u.email)).toContain(demo.admin);
      expect(byRole.items.every((u) => u.roles.includes('Site Admin'))).toBe(true);

      const byLea = pagedUsers.parse((await request(api.url).get(`/api/account/users?leaId=${districtLea}`).set(as(admin))).body);
      expect(byLea.items.map((u) => u.email)).toContain(demo.district);
      expect(byLea.items.every((u) => u.leaData.some((l) => l.id === districtLea))).toBe(true);

      const desc = pagedUsers.parse((await request(api.url).get('/api/account/users?sortField=email&sortDirection=desc&pageSize=100').set(as(admin))).body);
      const emails = desc.items.map((u) => u.email.toLowerCase());
      expect(emails).toEqual([...emails].sort().reverse());

      const path = pagedUsers.parse((await request(api.url).get('/api/account/users/1/3').set(as(admin))).body);
      expect(path.items).toHaveLength(3);
    });

    it('refuses bad list queries with field errors', async () => {
      const res = await request(api.url).get('/api/account/users?pageSize=0&sortField=password&includeDeleted=maybe').set(as(admin));
      expect(res.status).toBe(400);
      const fields = apiErrorBody.parse(res.body).errors!.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['pageSize', 'sortField', 'includeDeleted']));
      expect((await request(api.url).get('/api/account/users/0/10').set(as(admin))).status).toBe(400);
      expect((await request(api.url).get('/api/account/users/not-a-uuid').set(as(admin))).status).toBe(400);
    });

    it('shows a jurisdiction-only viewer just the users sharing one of their LEAs', async () => {
      // The demo state user has App.jurisdiction-users.view but not App.users.view.
      const colleague = await createUser(api, admin, { leaIds: [otherLea], roles: ['Local User'] });
      const stateLevel = (await request(api.url).get('/api/account/users/me').set(as(stateUser))).body as { leaData: { id: number }[] };
      const scope = stateLevel.leaData.map((l) => l.id);
      const res = pagedUsers.parse((await request(api.url).get('/api/account/users?pageSize=1000').set(as(stateUser))).body);
      expect(res.items.length).toBeGreaterThan(0);
      expect(res.items.every((u) => u.leaData.some((l) => scope.includes(l.id)))).toBe(true);
      expect(res.items.map((u) => u.email)).not.toContain(demo.district);

      expect((await request(api.url).get(`/api/account/users/${colleague.id}`).set(as(stateUser))).status).toBe(404);
      expect((await request(api.url).get(`/api/account/users/${colleague.id}`).set(as(admin))).status).toBe(200);

      const jurisdiction = pagedUsers.parse((await request(api.url).get('/api/account/jurisdiction/users').set(as(stateUser))).body);
      expect(jurisdiction.items.map((u) => u.email)).toContain(demo.stateUser);
      expect(jurisdiction.items.map((u) => u.email)).not.toContain(demo.district);
      const paged = pagedUsers.parse((await request(api.url).get('/api/account/jurisdiction/users?pageNumber=1&pageSize=1').set(as(stateUser))).body);
      expect(paged.items).toHaveLength(1);
      expect(paged.totalCount).toBe(jurisdiction.totalCount);

      expect((await request(api.url).get(`/api/account/lea/users/${districtLea}`).set(as(stateUser))).status).toBe(403);
      const leaUsers = z.array(userSchema).parse((await request(api.url).get(`/api/account/lea/users/${otherLea}`).set(as(admin))).body);
      expect(leaUsers.map((u) => u.id)).toContain(colleague.id);
    });

    it('answers 403 to a user without any user-view permission, except for themselves', async () => {
      expect((await request(api.url).get('/api/account/users').set(as(vendor))).status).toBe(403);
      expect((await request(api.url).get('/api/account/jurisdiction/users').set(as(vendor))).status).toBe(403);
      const me = userSchema.parse((await request(api.url).get('/api/account/users/me').set(as(vendor))).body);
      expect((await request(api.url).get(`/api/account/users/${me.id}`).set(as(vendor))).status).toBe(200);
      expect((await request(api.url).get(`/api/account/users/username/${encodeURIComponent(demo.vendor)}`).set(as(vendor))).status).toBe(200);
      expect((await request(api.url).get(`/api/account/users/username/${encodeURIComponent(demo.admin)}`).set(as(vendor))).status).toBe(403);
      const byName = await request(api.url).get(`/api/account/users/username/${encodeURIComponent(demo.district)}`).set(as(admin));
      expect(byName.status).toBe(200);
      expect(byName.body.email).toBe(demo.district);
    });
  });

  describe('writing users', () => {
    it('creates a user with a password who can then sign in', async () => {
      const email = uniqueEmail('created');
      const res = await request(api.url)
        .post('/api/account/users')
        .set(as(admin))
        .send({ fullName: 'Casey  Van Dyke', email, jobTitle: 'Coordinator', phoneNumber: '402-555-0199', leaIds: [districtLea], roles: ['Local User'], password: STRONG_PASSWORD });
      expect(res.status).toBe(201);
      const created = userSchema.parse(res.body);
      expect(created).toMatchObject({ email, userName: email, firstName: 'Casey', lastName: 'Van Dyke', roles: ['Local User'], leaId: districtLea, emailConfirmed: true, isEnabled: true });
      expect(res.headers.location).toBe(`/api/account/users/${created.id}`);
      expect((await signIn(api, email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('creates a user without a password and emails a set-password link that works once', async () => {
      const email = uniqueEmail('invited');
      const res = await request(api.url).post('/api/account/users').set(as(admin)).send({ fullName: 'Invited Person', email, roles: ['Local User'], leaIds: [districtLea] });
      expect(res.status).toBe(201);
      const [mail] = await mailsTo(api, email);
      expect(mail!.text).toContain(`${api.ctx.config.portalPublicUrl}/auth/reset-password?email=${encodeURIComponent(email)}&token=`);
      const token = linkParam(mail!.text, 'token');
      expect((await signIn(api, email, STRONG_PASSWORD)).status).toBe(400);
      const reset = await request(api.url).post('/api/account/reset/password').send({ email, newPassword: STRONG_PASSWORD, token });
      expect(reset.status).toBe(200);
      expect((await signIn(api, email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('refuses a district user creating users (403) and bad input (400, 409)', async () => {
      const body = { fullName: 'Nope', email: uniqueEmail('nope'), roles: [] };
      expect((await request(api.url).post('/api/account/users').set(as(district)).send(body)).status).toBe(403);

      const invalid = await request(api.url).post('/api/account/users').set(as(admin)).send({ fullName: '', email: 'x', leaIds: ['one'] });
      expect(invalid.status).toBe(400);
      expect(apiErrorBody.parse(invalid.body).errors).toEqual(
        expect.arrayContaining([
          { field: 'fullName', message: validationMessages.fullNameRequired },
          { field: 'email', message: validationMessages.emailInvalid },
        ]),
      );
      const unknownRole = await request(api.url).post('/api/account/users').set(as(admin)).send({ ...body, roles: ['Emperor'] });
      expect(unknownRole.status).toBe(400);
      expect(unknownRole.body.errors[0]).toMatchObject({ field: 'roles' });
      const weak = await request(api.url).post('/api/account/users').set(as(admin)).send({ ...body, password: 'weak' });
      expect(weak.status).toBe(400);
      expect(weak.body.reasons).toContain(ASP_REASONS.length);
      expect((await request(api.url).post('/api/account/users').set(as(admin)).send({ ...body, email: demo.vendor })).status).toBe(409);
      expect((await request(api.url).post('/api/account/users').set(as(admin)).type('json').send('{"broken')).status).toBe(400);
    });

    it('keeps a users.manage holder from granting or taking over roles with permissions they lack', async () => {
      // A local admin manages users of their own district only, and cannot mint site admins.
      const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [districtLea] });
      const token = await accessToken(api, localAdmin.email, STRONG_PASSWORD);
      const teammate = await request(api.url).post('/api/account/users').set(as(token)).send({ fullName: 'Team Mate', email: uniqueEmail('mate'), roles: ['Local User'], leaIds: [districtLea] });
      expect(teammate.status).toBe(201);
      const escalate = await request(api.url).post('/api/account/users').set(as(token)).send({ fullName: 'Sneaky', email: uniqueEmail('sneaky'), roles: ['Site Admin'], leaIds: [districtLea] });
      expect(escalate.status).toBe(403);
      const elsewhere = await request(api.url).post('/api/account/users').set(as(token)).send({ fullName: 'Far Away', email: uniqueEmail('far'), roles: ['Local User'], leaIds: [otherLea] });
      expect(elsewhere.status).toBe(403);
      const adminMe = userSchema.parse((await request(api.url).get('/api/account/users/me').set(as(admin))).body);
      const takeover = await request(api.url).put('/api/account/admin/changeuser-password').set(as(token)).send({ id: adminMe.id, newPassword: NEW_PASSWORD });
      expect([403, 404]).toContain(takeover.status);
    });

    it('updates a user with PUT: roles and LEAs replaced, fields left out kept', async () => {
      const u = await createUser(api, admin, { jobTitle: 'Teacher', leaIds: [districtLea] });
      const res = await request(api.url)
        .put(`/api/account/users/${u.id}`)
        .set(as(admin))
        .send({ fullName: 'Renamed Person', email: u.email, roles: ['Local Admin', 'Local User'], leaIds: [otherLea] });
      expect(res.status).toBe(200);
      const saved = userSchema.parse(res.body);
      expect(saved).toMatchObject({ fullName: 'Renamed Person', jobTitle: 'Teacher', roles: ['Local Admin', 'Local User'], leaId: otherLea });
      expect(saved.leaData.map((l) => l.id)).toEqual([otherLea]);
      const row = await api.ctx.db.query<{ updated_by: string }>('SELECT updated_by FROM users WHERE id = $1', [u.id]);
      expect(row.rows[0]!.updated_by).toBe(userSchema.parse((await request(api.url).get('/api/account/users/me').set(as(admin))).body).id);
      expect((await request(api.url).put(`/api/account/users/${u.id}`).set(as(district)).send({ fullName: 'X', email: u.email })).status).toBe(403);
      expect((await request(api.url).put(`/api/account/users/${u.id}`).set(as(admin)).send({ fullName: 'X', email: demo.vendor })).status).toBe(409);
    });

    it('lets the caller edit only their own profile fields with PUT /users/me', async () => {
      const u = await createUser(api, admin, { roles: ['Local User'], leaIds: [districtLea] });
      const token = await accessToken(api, u.email, STRONG_PASSWORD);
      const res = await request(api.url)
        .put('/api/account/users/me')
        .set(as(token))
        .send({ fullName: 'Self Edited', jobTitle: 'Analyst', phoneNumber: '402 555 0142', roles: ['Site Admin'], isEnabled: false, email: 'hijack@test.example' });
      expect(res.status).toBe(200);
      const me = userSchema.parse(res.body);
      expect(me).toMatchObject({ fullName: 'Self Edited', jobTitle: 'Analyst', phoneNumber: '402 555 0142', roles: ['Local User'], isEnabled: true, email: u.email });
    });

    it('applies allow-listed JSON Patch operations and refuses the rest', async () => {
      const u = await createUser(api, admin, { jobTitle: 'Teacher', leaIds: [districtLea] });
      const ok = await request(api.url)
        .patch(`/api/account/users/${u.id}`)
        .set(as(admin))
        .send([
          { op: 'test', path: '/jobTitle', value: 'Teacher' },
          { op: 'replace', path: '/jobTitle', value: 'Principal' },
          { op: 'replace', path: '/configuration/homeUrl', value: '/child-search' },
          { op: 'add', path: '/roles', value: ['Local User', 'State User'] },
          { op: 'remove', path: '/phoneNumber' },
        ]);
      expect(ok.status).toBe(200);
      expect(userSchema.parse(ok.body)).toMatchObject({ jobTitle: 'Principal', roles: ['Local User', 'State User'], phoneNumber: '' });
      expect(ok.body.configuration.homeUrl).toBe('/child-search');

      const forbiddenPath = await request(api.url).patch(`/api/account/users/${u.id}`).set(as(admin)).send([{ op: 'replace', path: '/passwordHash', value: 'x' }]);
      expect(forbiddenPath.status).toBe(400);
      const badType = await request(api.url).patch(`/api/account/users/${u.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: 'yes' }]);
      expect(badType.status).toBe(400);
      const failedTest = await request(api.url).patch(`/api/account/users/${u.id}`).set(as(admin)).send({ operations: [{ op: 'test', path: '/jobTitle', value: 'Teacher' }] });
      expect(failedTest.status).toBe(409);
      expect((await request(api.url).patch(`/api/account/users/${u.id}`).set(as(admin)).send([])).status).toBe(400);

      const token = await accessToken(api, u.email, STRONG_PASSWORD);
      const selfRoles = await request(api.url).patch('/api/account/users/me').set(as(token)).send([{ op: 'replace', path: '/roles', value: ['Site Admin'] }]);
      expect(selfRoles.status).toBe(400);
      const selfName = await request(api.url)
        .patch('/api/account/users/me')
        .set(as(token))
        .set('Content-Type', 'application/json-patch+json')
        .send(JSON.stringify([{ op: 'replace', path: '/FullName', value: 'Patched Self' }]));
      expect(selfName.status).toBe(200);
      expect(selfName.body.fullName).toBe('Patched Self');
    });

    it('reads and saves preferences, refusing a home URL off the portal', async () => {
      const u = await createUser(api, admin);
      const token = await accessToken(api, u.email, STRONG_PASSWORD);
      const initial = await request(api.url).get('/api/account/users/me/preferences').set(as(token));
      expect(userConfiguration.parse(initial.body)).toEqual({ language: 'en', homeUrl: '/', showSelfAssessmentIntro: true });
      const saved = await request(api.url).put('/api/account/users/me/preferences').set(as(token)).send({ homeUrl: '/dispute-resolution', showSelfAssessmentIntro: false });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ language: 'en', homeUrl: '/dispute-resolution', showSelfAssessmentIntro: false });
      expect((await request(api.url).get('/api/account/users/me/preferences').set(as(token))).body).toEqual(saved.body);
      for (const homeUrl of ['https://evil.example', '//evil.example', 'dashboard']) {
        const bad = await request(api.url).put('/api/account/users/me/preferences').set(as(token)).send({ homeUrl });
        expect(bad.status, homeUrl).toBe(400);
      }
      // The next token carries the saved preferences.
      const again = await signIn(api, u.email, STRONG_PASSWORD);
      expect(JSON.parse(String(JSON.parse(Buffer.from(again.body.accessToken.split('.')[1], 'base64url').toString()).configuration))).toMatchObject({
        homeUrl: '/dispute-resolution',
      });
    });

    it('unblocks a locked account', async () => {
      const u = await createUser(api, admin);
      for (let i = 0; i < 5; i++) await signIn(api, u.email, 'Wrong-Password-1!');
      expect((await signIn(api, u.email, STRONG_PASSWORD)).status).toBe(429);
      expect(userSchema.parse((await request(api.url).get(`/api/account/users/${u.id}`).set(as(admin))).body).isLockedOut).toBe(true);
      expect((await request(api.url).put(`/api/account/users/unblock/${u.id}`).set(as(district))).status).toBe(403);
      const res = await request(api.url).put(`/api/account/users/unblock/${u.id}`).set(as(admin));
      expect(res.status).toBe(200);
      expect(res.body.isLockedOut).toBe(false);
      expect((await signIn(api, u.email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('soft-deletes a user, ending their sessions, but never the caller', async () => {
      const u = await createUser(api, admin);
      const cookie = refreshCookie(await signIn(api, u.email, STRONG_PASSWORD))!;
      expect((await request(api.url).delete(`/api/account/users/${u.id}`).set(as(district))).status).toBe(403);
      expect((await request(api.url).delete(`/api/account/users/${u.id}`).set(as(admin))).status).toBe(204);
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', cookie.cookie).send({})).status).toBe(401);
      expect((await signIn(api, u.email, STRONG_PASSWORD)).body.code).toBe('invalid_credentials');
      expect((await request(api.url).delete(`/api/account/users/${u.id}`).set(as(admin))).status).toBe(404);

      const listed = pagedUsers.parse((await request(api.url).get(`/api/account/users?search=${encodeURIComponent(u.email)}`).set(as(admin))).body);
      expect(listed.totalCount).toBe(0);
      const withDeleted = pagedUsers.parse((await request(api.url).get(`/api/account/users?includeDeleted=true&search=${encodeURIComponent(u.email)}`).set(as(admin))).body);
      expect(withDeleted.items).toHaveLength(1);
      expect(withDeleted.items[0]).toMatchObject({ isDeleted: true, isEnabled: false });

      const me = userSchema.parse((await request(api.url).get('/api/account/users/me').set(as(admin))).body);
      expect((await request(api.url).delete(`/api/account/users/${me.id}`).set(as(admin))).status).toBe(400);
    });
  });

  describe('passwords', () => {
    it('answers password recovery the same for an unknown address and emails a 1-hour, single-use link for a known one', async () => {
      const u = await createUser(api, admin);
      const unknown = await request(api.url).post('/api/account/recover/password').send({ email: uniqueEmail('ghost') });
      const known = await request(api.url).post('/api/account/recover/password').send({ email: u.email.toUpperCase() });
      for (const res of [unknown, known]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: errorMessages.passwordRecoverySent });
      }
      const [mail] = await waitForMails(api, u.email);
      expect(mail!.text).toContain(`${api.ctx.config.portalPublicUrl}/auth/reset-password?email=${encodeURIComponent(u.email)}&token=`);
      const token = linkParam(mail!.text, 'token');
      expect(linkParam(mail!.text, 'email')).toBe(u.email);

      await withClockAhead(api, 61 * 60_000, async () => {
        const late = await request(api.url).post('/api/account/reset/password').send({ email: u.email, newPassword: NEW_PASSWORD, token });
        expect(late.status).toBe(400);
        expect(late.body).toEqual({ message: errorMessages.invalidInformation, reasons: [ASP_REASONS.token] });
      });
      expect((await request(api.url).post('/api/account/recover/password').send({ email: 'not-an-email' })).status).toBe(400);
    });

    it('lists every reason a reset fails, ASP.NET Identity style', async () => {
      const res = await request(api.url).post('/api/account/reset/password').send({ email: demo.vendor, newPassword: 'abc', token: 'bogus' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: errorMessages.invalidInformation,
        reasons: [ASP_REASONS.length, ASP_REASONS.symbol, ASP_REASONS.digit, ASP_REASONS.upper, ASP_REASONS.token],
      });
      const onlyToken = await request(api.url).post('/api/account/reset/password').send({ email: demo.vendor, newPassword: NEW_PASSWORD, token: 'bogus' });
      expect(onlyToken.body.reasons).toEqual([ASP_REASONS.token]);
      expect((await request(api.url).post('/api/account/reset/password').send({ email: demo.vendor })).status).toBe(400);
    });

    it('resets with a good token once: lockout cleared, sessions ended, the token spent', async () => {
      const u = await createUser(api, admin);
      const cookie = refreshCookie(await signIn(api, u.email, STRONG_PASSWORD))!;
      for (let i = 0; i < 5; i++) await signIn(api, u.email, 'Wrong-Password-1!');
      await request(api.url).post('/api/account/recover/password').send({ email: u.email });
      const token = linkParam((await waitForMails(api, u.email))[0]!.text, 'token');

      const wrongEmail = await request(api.url).post('/api/account/reset/password').send({ email: demo.vendor, newPassword: NEW_PASSWORD, token });
      expect(wrongEmail.body.reasons).toEqual([ASP_REASONS.token]);
      const weak = await request(api.url).post('/api/account/reset/password').send({ email: u.email, newPassword: 'alllowercase-but-long1', token });
      expect(weak.body.reasons).toEqual([ASP_REASONS.upper]);

      const ok = await request(api.url).post('/api/account/reset/password').send({ email: u.email, newPassword: NEW_PASSWORD, token });
      expect(ok.status).toBe(200);
      expect((await signIn(api, u.email, NEW_PASSWORD)).status).toBe(200);
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', cookie.cookie).send({})).status).toBe(401);
      const reuse = await request(api.url).post('/api/account/reset/password').send({ email: u.email, newPassword: 'Yet-Another-Pass-7!', token });
      expect(reuse.status).toBe(400);
      expect(reuse.body.reasons).toEqual([ASP_REASONS.token]);
    });

    it('changes the caller’s own password after checking the current one', async () => {
      const u = await createUser(api, admin);
      const token = await accessToken(api, u.email, STRONG_PASSWORD);
      const url = `/api/account/users/${u.id}/password`;
      const wrong = await request(api.url).put(url).set(as(token)).send({ id: u.id, currentPassword: 'Not-Current-1!', newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: errorMessages.invalidInformation, reasons: ['Incorrect password.'] });
      const weak = await request(api.url).put(url).set(as(token)).send({ id: u.id, currentPassword: STRONG_PASSWORD, newPassword: 'short' });
      expect(weak.body.reasons).toContain(ASP_REASONS.length);
      const me = userSchema.parse((await request(api.url).get('/api/account/users/me').set(as(district))).body);
      expect((await request(api.url).put(`/api/account/users/${me.id}/password`).set(as(token)).send({ id: me.id, currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(403);
      expect((await request(api.url).put(url).send({ id: u.id, currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
      const ok = await request(api.url).put(url).set(as(token)).send({ id: u.id, currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect((await signIn(api, u.email, STRONG_PASSWORD)).status).toBe(400);
      expect((await signIn(api, u.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('lets a user manager email a reset link or set a password, which ends the user’s sessions', async () => {
      const u = await createUser(api, admin);
      const cookie = refreshCookie(await signIn(api, u.email, STRONG_PASSWORD))!;
      expect((await request(api.url).post(`/api/account/reset/user-password/${u.id}`).set(as(district))).status).toBe(403);
      const sent = await request(api.url).post(`/api/account/reset/user-password/${u.id}`).set(as(admin));
      expect(sent.status).toBe(200);
      expect((await mailsTo(api, u.email)).at(-1)!.text).toContain('/auth/reset-password?email=');

      expect((await request(api.url).put('/api/account/admin/changeuser-password').set(as(district)).send({ id: u.id, newPassword: NEW_PASSWORD })).status).toBe(403);
      const weak = await request(api.url).put('/api/account/admin/changeuser-password').set(as(admin)).send({ id: u.id, newPassword: 'weakweakweak' });
      expect(weak.status).toBe(400);
      expect(weak.body.reasons).toEqual([ASP_REASONS.symbol, ASP_REASONS.digit, ASP_REASONS.upper]);
      const ok = await request(api.url).put('/api/account/admin/changeuser-password').set(as(admin)).send({ id: u.id, newPassword: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect((await signIn(api, u.email, NEW_PASSWORD)).status).toBe(200);
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', cookie.cookie).send({})).status).toBe(401);
    });
  });
});
