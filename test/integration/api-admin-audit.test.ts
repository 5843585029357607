// The audit log of admin changes (GET /api/audit) and the user administration the admin screens
// rely on: every write of the existing admin endpoints leaves an entry naming who and when, never
// a secret; role assignment; and role changes reaching signed-in users at their next refresh.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBody, auditEntry, pagedAuditEntries, role as roleSchema, tokenResponse, user as userSchema, type AuditEntry } from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { recordAudit } from '../../api/audit.js';
import { signAccessToken } from '../../api/tokens.js';
import { MANAGE_MESSAGES } from '../../api/user-management.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import {
  accessToken,
  claimsOf,
  createUser,
  demo,
  leaIdByCode,
  linkParam,
  refreshCookie,
  signIn,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMails,
} from './api-auth-helpers.js';

const DISTRICT_LEA = '55-0101-000';
const OTHER_LEA = '28-0102-000';
const SECRET_KEY = /password|hash|token|secret/i;

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

async function userIdOf(api: TestApi, email: string): Promise<string> {
  const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return r.rows[0]!.id;
}

async function tokenWith(api: TestApi, email: string, permissions: string[]): Promise<string> {
  const id = await userIdOf(api, email);
  return signAccessToken(
    api.ctx.config.jwtSecret,
    { sub: id, name: email, fullname: email, email, jobtitle: '', phone_number: '', permission: permissions, configuration: '{}' },
    900,
    api.ctx.now(),
  );
}

describe.each(testDbs)('audit log and user administration on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let adminId: string;
  let district: string;
  let districtLea: number;
  let otherLea: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** The audit entries matching a query, newest first (as the admin). */
  async function audit(query: Record<string, string | number>): Promise<AuditEntry[]> {
    const res = await request(api.url).get('/api/audit').query({ pageSize: 500, ...query }).set(as(admin));
    expect(res.status).toBe(200);
    return pagedAuditEntries.parse(res.body).items;
  }

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [admin, district] = await Promise.all([accessToken(api, demo.admin), accessToken(api, demo.district)]);
    adminId = await userIdOf(api, demo.admin);
    districtLea = await leaIdByCode(api, DISTRICT_LEA);
    otherLea = await leaIdByCode(api, OTHER_LEA);
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('GET /api/audit', () => {
    it('needs App.roles.manage or App.users.manage and refuses bad queries', async () => {
      expect((await request(api.url).get('/api/audit')).status).toBe(401);
      expect((await request(api.url).get('/api/audit').set(as(district))).status).toBe(403);
      expect((await request(api.url).get('/api/audit').set(as(await accessToken(api, demo.stateUser)))).status).toBe(403);
      for (const permission of [P.rolesManage, P.usersManage]) {
        expect((await request(api.url).get('/api/audit').set(as(await tokenWith(api, demo.vendor, [permission])))).status).toBe(200);
      }
      const bad = await request(api.url).get('/api/audit?pageSize=0&pageNumber=x&entityType=Not%20A%20Type&action=DROP%20TABLE').set(as(admin));
      expect(bad.status).toBe(400);
      expect(apiErrorBody.parse(bad.body).errors!.map((e) => e.field)).toEqual(expect.arrayContaining(['pageSize', 'pageNumber', 'entityType', 'action']));
      expect((await request(api.url).get(`/api/audit?entityId=${'x'.repeat(101)}`).set(as(admin))).status).toBe(400);
    });

    it('records who changed a user and how, newest first, and never a password, hash or token', async () => {
      const email = uniqueEmail('audited');
      const before = Date.now();
      const created = await createUser(api, admin, { email, fullName: 'Audit Subject', roles: ['Local User'], leaIds: [districtLea] });
      await request(api.url).put(`/api/account/users/${created.id}`).set(as(admin)).send({ fullName: 'Audit Subject Renamed', email, roles: ['Local User', 'State User'] }).expect(200);
      await request(api.url).patch(`/api/account/users/${created.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: false }]).expect(200);
      await request(api.url).patch(`/api/account/users/${created.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: true }]).expect(200);
      await request(api.url).put(`/api/account/users/unblock/${created.id}`).set(as(admin)).expect(200);
      await request(api.url).post(`/api/account/reset/user-password/${created.id}`).set(as(admin)).expect(200);
      const newPassword = 'Audit-Secret-Password-77!';
      await request(api.url).put('/api/account/admin/changeuser-password').set(as(admin)).send({ id: created.id, newPassword }).expect(200);
      await request(api.url).delete(`/api/account/users/${created.id}`).set(as(admin)).expect(204);

      const entries = await audit({ entityType: 'user', entityId: created.id.toUpperCase() });
      expect(entries.map((e) => e.action)).toEqual([
        'user.delete',
        'user.password-set',
        'user.reset-link-sent',
        'user.unblock',
        'user.update',
        'user.update',
        'user.update',
        'user.create',
      ]);
      for (const e of entries) {
        expect(e).toMatchObject({ actorUserId: adminId, actorName: 'Avery State Admin', entityType: 'user', entityId: created.id });
        expect(new Date(e.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(new Date(e.at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
      const [deleted, , , , reEnabled, disabled, renamed, made] = entries;
      expect(made!.changes).toMatchObject({ email: { to: email }, fullName: { to: 'Audit Subject' }, roles: { to: ['Local User'] }, leaIds: { to: [districtLea] } });
      expect(renamed!.changes).toEqual({ fullName: { from: 'Audit Subject', to: 'Audit Subject Renamed' }, roles: { added: ['State User'], removed: [] } });
      expect(disabled!.changes).toEqual({ isEnabled: { from: true, to: false } });
      expect(reEnabled!.changes).toEqual({ isEnabled: { from: false, to: true } });
      expect(deleted!.changes).toMatchObject({ isDeleted: { from: false, to: true } });

      // No secret anywhere: not the password given, not its hash, not the emailed reset token.
      const hash = (await api.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [created.id])).rows[0]!.password_hash;
      const resetToken = linkParam((await waitForMails(api, email, 1)).at(-1)!.text, 'token');
      const stored = JSON.stringify((await api.ctx.db.query('SELECT * FROM audit_log WHERE entity_id = $1', [created.id])).rows);
      for (const secret of [STRONG_PASSWORD, newPassword, hash, resetToken]) expect(stored).not.toContain(secret);
      expect(keysOf(entries.map((e) => e.changes)).filter((k) => SECRET_KEY.test(k))).toEqual([]);
    });

    it('filters by actor and action and pages with a total', async () => {
      // A user without roles: a State Admin lacks some Local User permissions, so could not manage one.
      const u = await createUser(api, admin, { roles: [], leaIds: [districtLea] });
      const manager = await createUser(api, admin, { roles: ['State Admin'], email: uniqueEmail('state-admin') });
      const managerToken = await accessToken(api, manager.email, STRONG_PASSWORD);
      await request(api.url).put(`/api/account/users/${u.id}`).set(as(managerToken)).send({ fullName: 'Changed By Another Admin', email: u.email }).expect(200);
      const byManager = await audit({ actor: manager.id });
      expect(byManager.map((e) => [e.action, e.entityId])).toEqual([['user.update', u.id]]);
      expect(byManager[0]!.actorName).toBe('Test Person');

      const creates = await audit({ action: 'user.create' });
      expect(creates.length).toBeGreaterThanOrEqual(3);
      expect(creates.every((e) => e.action === 'user.create')).toBe(true);
      const page1 = pagedAuditEntries.parse((await request(api.url).get('/api/audit?action=user.create&pageSize=1&pageNumber=1').set(as(admin))).body);
      const page2 = pagedAuditEntries.parse((await request(api.url).get('/api/audit?action=user.create&pageSize=1&pageNumber=2').set(as(admin))).body);
      expect(page1.totalCount).toBe(creates.length);
      expect(page1.items[0]!.id).toBe(creates[0]!.id);
      expect(page2.items[0]!.id).toBe(creates[1]!.id);
      const all = pagedAuditEntries.parse((await request(api.url).get('/api/audit').set(as(admin))).body);
      expect(all.items).toHaveLength(Math.min(25, all.totalCount));
      const times = all.items.map((e) => new Date(e.at).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('records role, LEA, school, text block and message changes', async () => {
      // Roles
      const created = roleSchema.parse(
        (await request(api.url).post('/api/roles').set(as(admin)).send({ name: 'Audit Role', permissions: ['Eco.access'] })).body,
      );
      await request(api.url).put('/api/roles').set(as(admin)).send({ id: created.id, name: 'Audit Role Renamed', permissions: ['Eco.access', 'Eco.reports.view'] }).expect(200);
      await request(api.url).delete(`/api/roles/${created.id}`).set(as(admin)).expect(204);
      const roleEntries = await audit({ entityType: 'role', entityId: created.id });
      expect(roleEntries.map((e) => e.action)).toEqual(['role.delete', 'role.update', 'role.create']);
      expect(roleEntries[1]!.changes).toEqual({ name: { from: 'Audit Role', to: 'Audit Role Renamed' }, permissions: { added: ['Eco.reports.view'], removed: [] } });
      expect(roleEntries[2]!.changes).toMatchObject({ name: { to: 'Audit Role' }, permissions: { to: ['Eco.access'] } });
      expect(roleEntries[0]!.changes).toMatchObject({ name: { from: 'Audit Role Renamed' } });

      // LEAs, with their contacts and years, filed under the LEA
      const lea = (await request(api.url).post('/api/leas').set(as(admin)).send({ name: 'Audit Valley Schools', leaCode: '99-0999-000', city: 'Kearney' })).body as { id: number };
      await request(api.url).put('/api/leas').set(as(admin)).send({ id: lea.id, city: 'Grand Island' }).expect(200);
      const contact = (await request(api.url).post(`/api/leas/${lea.id}/contacts`).set(as(admin)).send({ name: 'Sam Reyes', email: 'sam.reyes@audit.example' })).body as { id: number };
      await request(api.url).put(`/api/leas/${lea.id}/years`).set(as(admin)).send({ years: [] }).expect(200);
      await request(api.url).delete(`/api/leas/${lea.id}/contacts/${contact.id}`).set(as(admin)).expect(204);
      // Schools
      const school = (await request(api.url).post('/api/schools').set(as(admin)).send({ leaId: lea.id, name: 'Audit Elementary' })).body as { id: number };
      await request(api.url).put('/api/schools').set(as(admin)).send({ id: school.id, leaId: lea.id, name: 'Audit Primary' }).expect(200);
      await request(api.url).delete(`/api/schools/${school.id}`).set(as(admin)).expect(204);
      await request(api.url).delete(`/api/leas/${lea.id}`).set(as(admin)).expect(204);
      const leaEntries = await audit({ entityType: 'lea', entityId: lea.id });
      expect(leaEntries.map((e) => e.action)).toEqual(['lea.delete', 'lea.contact-delete', 'lea.contact-create', 'lea.update', 'lea.create']);
      expect(leaEntries.find((e) => e.action === 'lea.update')!.changes).toEqual({ city: { from: 'Kearney', to: 'Grand Island' } });
      expect(leaEntries.find((e) => e.action === 'lea.contact-create')!.changes).toMatchObject({ contactId: { to: contact.id }, name: { to: 'Sam Reyes' } });
      const schoolEntries = await audit({ entityType: 'school', entityId: school.id });
      expect(schoolEntries.map((e) => e.action)).toEqual(['school.delete', 'school.update', 'school.create']);
      expect(schoolEntries[1]!.changes).toEqual({ name: { from: 'Audit Elementary', to: 'Audit Primary' } });

      // Text blocks: the stored (sanitised) HTML before and after
      const block = (await request(api.url).get('/api/text-blocks/by-block-code/main-dashboard-text')).body as { id: number; title: string; html: string; isVisible: boolean; format: string };
      await request(api.url)
        .put(`/api/text-blocks/${block.id}`)
        .set(as(admin))
        .send({ title: block.title, html: '<p>Welcome back.</p><script>alert(1)</script>', isVisible: block.isVisible, format: block.format })
        .expect(200);
      const [blockEntry] = await audit({ entityType: 'text-block', entityId: block.id });
      expect(blockEntry).toMatchObject({ action: 'text-block.update', changes: { html: { from: block.html, to: '<p>Welcome back.</p>' } } });

      // System messages sent by an admin
      const sent = await request(api.url).post('/api/notificationmesages').set(as(admin)).send({ userId: adminId, message: 'Audit note.' });
      expect(sent.status).toBe(201);
      const [messageEntry] = await audit({ entityType: 'notification-message', entityId: sent.body.id });
      expect(messageEntry).toMatchObject({ action: 'notification-message.create', changes: { message: { to: 'Audit note.' } } });
      await request(api.url).post('/api/event-notification/message/queue').set(as(admin)).send({ message: 'Maintenance tonight.', leaId: districtLea }).expect(200);
      const [queued] = await audit({ action: 'notification-message.queue' });
      expect(queued!.changes).toMatchObject({ message: { to: 'Maintenance tonight.' }, recipients: { to: { leaId: districtLea } } });

      // Admin-area additions are audited as well
      await request(api.url).put('/api/lists/999999').set(as(admin)).send({ displayName: 'Nope' }).expect(404);
      const list = (await request(api.url).post('/api/lists').set(as(admin)).send({ name: 'audit-list', displayName: 'Audit List' })).body as { id: number };
      await request(api.url).post(`/api/lists/${list.id}/items`).set(as(admin)).send({ code: 'a', label: 'A' }).expect(201);
      const listEntries = await audit({ entityType: 'lookup-list', entityId: list.id });
      expect(listEntries.map((e) => e.action)).toEqual(['lookup-list.item-create', 'lookup-list.create']);
    });

    it('writes no entry when a form is saved without a change, and one when something did change', async () => {
      const email = uniqueEmail('unchanged');
      const created = await createUser(api, admin, { email, fullName: 'Same Person', roles: ['Local User'], leaIds: [districtLea] });
      const lea = { id: districtLea };
      const school = (await request(api.url).post('/api/schools').set(as(admin)).send({ leaId: lea.id, name: 'Unchanged Elementary' })).body as { id: number };
      for (let i = 0; i < 2; i++) {
        await request(api.url).put(`/api/account/users/${created.id}`).set(as(admin)).send({ fullName: 'Same Person', email, roles: ['Local User'], leaIds: [districtLea] }).expect(200);
        await request(api.url).put('/api/schools').set(as(admin)).send({ id: school.id, leaId: lea.id, name: 'Unchanged Elementary' }).expect(200);
      }
      expect((await audit({ entityType: 'user', entityId: created.id })).map((e) => e.action)).toEqual(['user.create']);
      expect((await audit({ entityType: 'school', entityId: String(school.id) })).map((e) => e.action)).toEqual(['school.create']);
      await request(api.url).put('/api/schools').set(as(admin)).send({ id: school.id, leaId: lea.id, name: 'Changed Elementary' }).expect(200);
      expect((await audit({ entityType: 'school', entityId: String(school.id) })).map((e) => e.action)).toEqual(['school.update', 'school.create']);
    });

    it('drops secret keys and shortens long values before storing', async () => {
      await recordAudit(api.ctx.db, {
        actor: adminId,
        action: 'probe.write',
        entityType: 'probe',
        entityId: 1,
        changes: { password: 'p', nested: { refreshToken: 't', passwordHash: 'h', kept: 'yes' }, note: 'x'.repeat(5000), list: [{ apiSecret: 's', ok: 1 }] },
      });
      const [entry] = await audit({ entityType: 'probe' });
      expect(auditEntry.parse(entry)).toMatchObject({ changes: { nested: { kept: 'yes' }, list: [{ ok: 1 }] } });
      expect(keysOf(entry!.changes).sort()).toEqual(['kept', 'list', 'nested', 'note', 'ok']);
      expect(String(entry!.changes.note).length).toBeLessThan(2100);
    });

    it('shows a district administrator only the entries about users of their own LEAs', async () => {
      const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [districtLea], email: uniqueEmail('audit-local') });
      const token = await accessToken(api, localAdmin.email, STRONG_PASSWORD);
      const mine = await createUser(api, admin, { leaIds: [districtLea] });
      const theirs = await createUser(api, admin, { leaIds: [otherLea] });
      const res = pagedAuditEntries.parse((await request(api.url).get('/api/audit?pageSize=500').set(as(token))).body);
      const ids = new Set(res.items.map((e) => e.entityId));
      expect(ids.has(mine.id)).toBe(true);
      expect(ids.has(theirs.id)).toBe(false);
      expect(res.items.every((e) => e.entityType === 'user')).toBe(true);
      const filtered = pagedAuditEntries.parse((await request(api.url).get(`/api/audit?entityType=user&entityId=${theirs.id}`).set(as(token))).body);
      expect(filtered.totalCount).toBe(0);
    });
  });

  describe('user administration', () => {
    it('sets a user’s roles for App.roles.assign holders, within what they hold themselves', async () => {
      const u = await createUser(api, admin, { roles: [], leaIds: [districtLea] });
      const path = `/api/account/users/${u.id}/roles`;
      expect((await request(api.url).put(path).send({ roles: ['Local User'] })).status).toBe(401);
      expect((await request(api.url).put(path).set(as(district)).send({ roles: ['Local User'] })).status).toBe(403);

      const localUserPermissions = roleSchema.parse((await request(api.url).get('/api/account/roles/name/Local%20User').set(as(admin))).body).permissions!;
      const assigner = await tokenWith(api, demo.stateUser, [P.rolesAssign, P.usersView, ...localUserPermissions]);
      const stronger = await request(api.url).put(path).set(as(assigner)).send({ roles: ['Site Admin'] });
      expect(stronger.status).toBe(403);
      expect(stronger.body.message).toBe(MANAGE_MESSAGES.strongerRole);
      const ok = await request(api.url).put(path).set(as(assigner)).send({ roles: ['Local User', 'Local User'] });
      expect(ok.status).toBe(200);
      expect(userSchema.parse(ok.body).roles).toEqual(['Local User']);
      const [entry] = await audit({ entityType: 'user', entityId: u.id, action: 'user.update' });
      expect(entry!.changes).toEqual({ roles: { added: ['Local User'], removed: [] } });

      const unknown = await request(api.url).put(path).set(as(admin)).send({ roles: ['No Such Role'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'roles', message: 'Unknown role: No Such Role' }]);
      expect((await request(api.url).put(path).set(as(admin)).send({ roles: 'Local User' })).status).toBe(400);
      expect((await request(api.url).put('/api/account/users/00000000-0000-4000-8000-000000000000/roles').set(as(admin)).send({ roles: [] })).status).toBe(404);
      expect((await request(api.url).put('/api/account/users/not-a-uuid/roles').set(as(admin)).send({ roles: [] })).status).toBe(400);
      // A manager of one district cannot reach users elsewhere.
      const elsewhere = await createUser(api, admin, { leaIds: [otherLea] });
      const districtAssigner = await tokenWith(api, demo.district, [P.rolesAssign, ...localUserPermissions]);
      expect((await request(api.url).put(`/api/account/users/${elsewhere.id}/roles`).set(as(districtAssigner)).send({ roles: [] })).status).toBe(404);
    });

    it('searches, filters, sorts and pages users the way the Manage Users screen asks', async () => {
      const tag = `zz${Date.now().toString(36)}`;
      const a = await createUser(api, admin, { fullName: `Aaron ${tag}`, email: `aaron.${tag}@test.example`, leaIds: [otherLea], roles: ['Local User'] });
      const b = await createUser(api, admin, { fullName: `Beth ${tag}`, email: `beth.${tag}@test.example`, leaIds: [otherLea], roles: ['State User'] });
      const c = await createUser(api, admin, { fullName: `Cara ${tag}`, email: `cara.${tag}@test.example`, leaIds: [districtLea], roles: ['Local User'] });
      const page = async (query: string) => {
        const res = await request(api.url).get(`/api/account/users?search=${tag}&${query}`).set(as(admin));
        expect(res.status).toBe(200);
        return res.body as { items: { id: string }[]; totalCount: number };
      };
      expect((await page('sortField=fullName&sortDirection=desc')).items.map((u) => u.id)).toEqual([c.id, b.id, a.id]);
      expect((await page(`leaId=${otherLea}&role=Local%20User`)).items.map((u) => u.id)).toEqual([a.id]);
      const second = await page('pageSize=2&pageNumber=2&sortField=email');
      expect(second).toMatchObject({ totalCount: 3, items: [{ id: c.id }] });
      // Disable, then enable: the account stops and starts signing in.
      await request(api.url).patch(`/api/account/users/${b.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: false }]).expect(200);
      expect((await signIn(api, b.email, STRONG_PASSWORD)).status).toBe(400);
      await request(api.url).patch(`/api/account/users/${b.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: true }]).expect(200);
      expect((await signIn(api, b.email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('gives signed-in users their changed permissions at the next token refresh', async () => {
      const probeRole = roleSchema.parse((await request(api.url).post('/api/roles').set(as(admin)).send({ name: 'Refresh Probe', permissions: ['App.emaillogs.view'] })).body);
      const u = await createUser(api, admin, { roles: ['Refresh Probe'], leaIds: [districtLea] });
      const signedIn = await signIn(api, u.email, STRONG_PASSWORD);
      const cookie = refreshCookie(signedIn)!;
      const oldToken = tokenResponse.parse(signedIn.body).accessToken;
      expect(claimsOf(oldToken).permission).toBe('App.emaillogs.view');

      // The role gains a permission: the next access-token call carries it.
      await request(api.url).put('/api/roles').set(as(admin)).send({ id: probeRole.id, name: 'Refresh Probe', permissions: ['App.emaillogs.view', 'App.textblocks.manage'] }).expect(200);
      const access = await request(api.url).post('/api/auth/access-token').set('Cookie', cookie.cookie);
      expect(access.status).toBe(200);
      expect(claimsOf(tokenResponse.parse(access.body).accessToken).permission).toEqual(['App.emaillogs.view', 'App.textblocks.manage']);

      // The user loses the role: the next refresh-token call drops its permissions.
      await request(api.url).put(`/api/account/users/${u.id}/roles`).set(as(admin)).send({ roles: ['Local User'] }).expect(200);
      const refreshed = await request(api.url).post('/api/auth/refresh-token').set('Cookie', cookie.cookie).send({});
      expect(refreshed.status).toBe(200);
      const claims = claimsOf(tokenResponse.parse(refreshed.body).accessToken);
      expect(claims.role).toBe('Local User');
      expect(claims.permission).not.toContain('App.emaillogs.view');
      // The old access token still says what it said: the change lands at the refresh, no later.
      expect(claimsOf(oldToken).permission).toBe('App.emaillogs.view');

      // A disabled account gets no new token at all.
      await request(api.url).patch(`/api/account/users/${u.id}`).set(as(admin)).send([{ op: 'replace', path: '/isEnabled', value: false }]).expect(200);
      const next = refreshCookie(refreshed)!;
      expect((await request(api.url).post('/api/auth/refresh-token').set('Cookie', next.cookie).send({})).status).toBe(401);
      await request(api.url).delete(`/api/roles/${probeRole.id}`).set(as(admin)).expect(204);
      expect(z.array(z.unknown()).parse((await audit({ entityType: 'role', entityId: probeRole.id }))).length).toBe(3);
    });
  });
});
