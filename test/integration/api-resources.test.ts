// Contract tests of the agency API's resource endpoints: roles, applications, LEAs, school years,
// schools and the email log, against a real API on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { application, emailLogEntry, lea, pagedSchools, role, school, schoolYear } from '../../lib/contract.js';
import { allPermissionValues, P, PUBLIC_DR_ROLE } from '../../lib/permissions.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { signAccessToken } from '../../api/tokens.js';
import { userPermissions } from '../../api/users.js';
import { ROLE_MESSAGES } from '../../api/routes/roles.js';
import { LEA_MESSAGES } from '../../api/routes/leas.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';

const STATE_LEA = '00-0000-000';
const DISTRICT_LEA = '55-0101-000';

async function userId(api: TestApi, email: string): Promise<string> {
  const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`no demo user ${email}`);
  return id;
}

/** An access token for a demo user with the permissions their roles grant (or the ones given). */
async function tokenFor(api: TestApi, email: string, permissions?: string[]): Promise<string> {
  const id = await userId(api, email);
  const held = await userPermissions(api.ctx.db, id);
  return signAccessToken(
    api.ctx.config.jwtSecret,
    {
      sub: id,
      name: email,
      fullname: email,
      email,
      jobtitle: '',
      phone_number: '',
      role: held.roles,
      permission: permissions ?? held.permissions,
      configuration: '{}',
    },
    900,
    api.ctx.now(),
  );
}

async function leaIdOf(api: TestApi, code: string): Promise<number> {
  const r = await api.ctx.db.query<{ id: number }>('SELECT id FROM leas WHERE lea_code = $1', [code]);
  return r.rows[0]!.id;
}

describe.each(testDbs)('agency API resources on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let stateUser: string;
  let district: string;
  let drPublic: string;
  let noPermissions: string;
  let stateLeaId: number;
  let districtLeaId: number;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    admin = await tokenFor(api, 'state.admin@demo.example');
    stateUser = await tokenFor(api, 'state.user@demo.example');
    district = await tokenFor(api, 'district.user@demo.example');
    drPublic = await tokenFor(api, 'dr.public@demo.example');
    noPermissions = await tokenFor(api, 'vendor@demo.example', []);
    stateLeaId = await leaIdOf(api, STATE_LEA);
    districtLeaId = await leaIdOf(api, DISTRICT_LEA);
  });
  afterAll(async () => {
    await api?.close();
  });

  // ---- roles ----------------------------------------------------------------------------------
  describe('roles', () => {
    it('needs a token and a role permission', async () => {
      expect((await request(api.server).get('/api/roles')).status).toBe(401);
      expect((await request(api.server).get('/api/roles').set(bearer('not.a.token'))).status).toBe(401);
      const denied = await request(api.server).get('/api/roles').set(bearer(district));
      expect(denied.status).toBe(403);
      expect(denied.body.message).toEqual(expect.any(String));
      expect((await request(api.server).get('/api/roles/1').set(bearer(district))).status).toBe(403);
      expect((await request(api.server).post('/api/roles').set(bearer(stateUser)).send({ name: 'X' })).status).toBe(403);
    });

    it('lists the built-in roles with their permissions and user counts', async () => {
      const res = await request(api.server).get('/api/roles').set(bearer(admin));
      expect(res.status).toBe(200);
      const roles = z.array(role).parse(res.body);
      const byName = new Map(roles.map((r) => [r.name, r]));
      for (const name of ['Site Admin', 'State Admin', 'State User', 'Local Admin', 'Local User', 'Post-School Outcomes Vendor', PUBLIC_DR_ROLE]) {
        expect(byName.has(name), name).toBe(true);
      }
      expect([...(byName.get('Site Admin')?.permissions ?? [])].sort()).toEqual([...allPermissionValues].sort());
      expect(byName.get('Site Admin')?.usersCount).toBe(1);
      expect(byName.get('Local User')?.permissions).not.toContain(P.siteAdmin);
      // users.manage alone is enough to read roles (the user admin screen assigns them).
      const userAdmin = await tokenFor(api, 'state.user@demo.example', [P.usersManage]);
      expect((await request(api.server).get('/api/roles').set(bearer(userAdmin))).status).toBe(200);
    });

    it('reads one role by id and by name', async () => {
      const byName = await request(api.server).get(`/api/account/roles/name/${PUBLIC_DR_ROLE}`).set(bearer(admin));
      expect(byName.status).toBe(200);
      const publicRole = role.parse(byName.body);
      expect(publicRole.permissions).toEqual(
        expect.arrayContaining(['DisputeResolution.access', 'DisputeResolution.disputerequests.view', 'DisputeResolution.disputerequests.create', P.drPublicUser]),
      );
      const byId = await request(api.server).get(`/api/roles/${publicRole.id}`).set(bearer(admin));
      expect(role.parse(byId.body).name).toBe(PUBLIC_DR_ROLE);
      expect((await request(api.server).get('/api/account/roles/name/No%20Such%20Role').set(bearer(admin))).status).toBe(404);
      expect((await request(api.server).get('/api/roles/999999').set(bearer(admin))).status).toBe(404);
      for (const bad of ['abc', '-1', '0', '99999999999', '1.5']) {
        const res = await request(api.server).get(`/api/roles/${bad}`).set(bearer(admin));
        expect(res.status, bad).toBe(400);
        expect(res.body.errors?.[0]?.field).toBe('id');
      }
    });

    it('creates, renames and deletes a role, recording each change', async () => {
      const since = new Date(Date.now() - 1000).toISOString();
      const created = await request(api.server)
        .post('/api/roles')
        .set(bearer(admin))
        .send({ name: 'Data Steward', description: 'Checks district data.', permissions: ['Eco.access', 'Eco.reports.view', 'Eco.access'] });
      expect(created.status).toBe(201);
      const steward = role.parse(created.body);
      expect(steward.permissions).toEqual(['Eco.access', 'Eco.reports.view']);
      expect(steward.usersCount).toBe(0);

      const duplicate = await request(api.server).post('/api/roles').set(bearer(admin)).send({ name: 'data steward' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe(ROLE_MESSAGES.nameTaken);

      const renamed = await request(api.server)
        .put('/api/roles')
        .set(bearer(admin))
        .send({ id: steward.id, name: 'Data Stewards', permissions: ['Monitoring.access'] });
      expect(renamed.status).toBe(200);
      expect(role.parse(renamed.body)).toMatchObject({ name: 'Data Stewards', description: 'Checks district data.', permissions: ['Monitoring.access'] });
      expect((await request(api.server).put('/api/roles').set(bearer(admin)).send({ id: steward.id, name: 'Local User' })).status).toBe(409);
      expect((await request(api.server).put('/api/roles').set(bearer(admin)).send({ id: 999999, name: 'Nobody' })).status).toBe(404);

      // Held by a user: refused with the exact message; free again: deleted.
      const holder = await userId(api, 'vendor@demo.example');
      await api.ctx.db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [holder, steward.id]);
      const held = await request(api.server).delete(`/api/roles/${steward.id}`).set(bearer(admin));
      expect(held.status).toBe(409);
      expect(held.body.message).toBe('This role cannot be deleted while users are assigned to it.');
      const counted = await request(api.server).get(`/api/roles/${steward.id}`).set(bearer(admin));
      expect(counted.body.usersCount).toBe(1);
      await api.ctx.db.query('DELETE FROM user_roles WHERE user_id = $1 AND role_id = $2', [holder, steward.id]);
      expect((await request(api.server).delete(`/api/roles/${steward.id}`).set(bearer(admin))).status).toBe(204);
      expect((await request(api.server).get(`/api/roles/${steward.id}`).set(bearer(admin))).status).toBe(404);
      expect((await request(api.server).delete(`/api/roles/${steward.id}`).set(bearer(admin))).status).toBe(404);

      const changes = await request(api.server).get('/api/roles/changes').query({ since }).set(bearer(admin));
      expect(changes.status).toBe(200);
      const mine = (changes.body as { op: string; roleId: number; roleName: string; changedBy: string }[]).filter((c) => c.roleId === steward.id);
      expect(mine.map((c) => [c.op, c.roleName])).toEqual([
        ['add', 'Data Steward'],
        ['modify', 'Data Stewards'],
        ['delete', 'Data Stewards'],
      ]);
      expect(mine[0]?.changedBy).toBe(await userId(api, 'state.admin@demo.example'));
      expect((await request(api.server).get('/api/roles/changes').query({ since: 'yesterday' }).set(bearer(admin))).status).toBe(400);
      expect((await request(api.server).get('/api/roles/changes').set(bearer(district))).status).toBe(403);
    });

    it('protects built-in roles from renaming and deletion', async () => {
      const localUser = role.parse((await request(api.server).get('/api/account/roles/name/Local%20User').set(bearer(admin))).body);
      const rename = await request(api.server).put('/api/roles').set(bearer(admin)).send({ id: localUser.id, name: 'District Staff' });
      expect(rename.status).toBe(409);
      const vendorRole = role.parse((await request(api.server).get('/api/account/roles/name/State%20Admin').set(bearer(admin))).body);
      expect((await request(api.server).delete(`/api/roles/${vendorRole.id}`).set(bearer(admin))).status).toBe(409);
    });

    it('refuses bad role bodies with field errors', async () => {
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(101) }, 'name'],
        [{ name: ['A'] }, 'name'],
        [{ name: 'Ok', permissions: 'Eco.access' }, 'permissions'],
        [{ name: 'Ok', permissions: ['Eco.nope'] }, 'permissions.0'],
        [{ name: 'Ok', description: 5 }, 'description'],
      ];
      for (const [body, field] of cases) {
        const res = await request(api.server).post('/api/roles').set(bearer(admin)).send(body as object);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      const put = await request(api.server).put('/api/roles').set(bearer(admin)).send({ id: 3_000_000_000, name: 'Big' });
      expect(put.status).toBe(400);
      const malformed = await request(api.server).post('/api/roles').set(bearer(admin)).set('Content-Type', 'application/json').send('{"name":');
      expect(malformed.status).toBe(400);
    });
  });

  // ---- applications ---------------------------------------------------------------------------
  describe('applications', () => {
    it('lists every application to any signed-in user, and the allowed ones by permission', async () => {
      expect((await request(api.server).get('/api/applications')).status).toBe(401);
      expect((await request(api.server).get('/api/applications/allowed')).status).toBe(401);
      const all = z.array(application).parse((await request(api.server).get('/api/applications').set(bearer(noPermissions))).body);
      expect(all.map((a) => a.name)).toEqual([
        'Early Childhood Outcomes',
        'Restraint and Aversive Intervention',
        'Post-School Outcomes Survey',
        'Dispute Resolution',
        'Monitoring',
        'Admin',
      ]);
      const allowed = async (token: string) =>
        z.array(application).parse((await request(api.server).get('/api/applications/allowed').set(bearer(token))).body).map((a) => a.name);
      expect(await allowed(admin)).toHaveLength(6);
      expect(await allowed(district)).toEqual(['Early Childhood Outcomes', 'Restraint and Aversive Intervention', 'Post-School Outcomes Survey', 'Dispute Resolution', 'Monitoring']);
      expect(await allowed(drPublic)).toEqual(['Dispute Resolution']);
      expect(await allowed(noPermissions)).toEqual([]);
      // Site admin sees everything even without the module permissions.
      expect(await allowed(await tokenFor(api, 'vendor@demo.example', [P.siteAdmin]))).toHaveLength(6);
    });
  });

  // ---- LEAs -----------------------------------------------------------------------------------
  describe('LEAs', () => {
    it('needs a token for LEA lists', async () => {
      for (const path of ['/api/leas/users', '/api/leas/nousers', '/api/leas/1', '/api/leas/schools', '/api/leas/schools/1', '/api/leas/schoolyear']) {
        expect((await request(api.server).get(path)).status, path).toBe(401);
      }
    });

    it('shows an all-LEAs user every LEA, the state-level district included', async () => {
      const res = await request(api.server).get('/api/leas/users').set(bearer(stateUser));
      expect(res.status).toBe(200);
      const leas = z.array(lea).parse(res.body);
      expect(leas).toHaveLength(12);
      const state = leas.find((l) => l.isNdeLevelDistrict);
      expect(state?.leaCode).toBe(STATE_LEA);
      expect(state?.userLeas?.length).toBeGreaterThan(0);
      expect(new Set(leas.map((l) => l.leaType))).toEqual(new Set(['District', 'Charter']));
      const light = await request(api.server).get('/api/leas/nousers').set(bearer(stateUser));
      const lightLeas = z.array(lea).parse(light.body);
      expect(lightLeas).toHaveLength(12);
      expect(light.body[0]).not.toHaveProperty('userLeas');
      const full = lea.parse((await request(api.server).get(`/api/leas/${stateLeaId}`).set(bearer(stateUser))).body);
      expect(full.isNdeLevelDistrict).toBe(true);
    });

    it('shows a district user only their own LEAs, never a state-level one', async () => {
      const districtUserId = await userId(api, 'district.user@demo.example');
      // Even a membership row for the state-level district does not make it visible.
      await api.ctx.db.query('INSERT INTO user_leas (user_id, lea_id) VALUES ($1, $2)', [districtUserId, stateLeaId]);
      try {
        const leas = z.array(lea).parse((await request(api.server).get('/api/leas/users').set(bearer(district))).body);
        expect(leas.map((l) => l.leaCode)).toEqual([DISTRICT_LEA]);
        const light = z.array(lea).parse((await request(api.server).get('/api/leas/nousers').set(bearer(district))).body);
        expect(light.map((l) => l.leaCode)).toEqual([DISTRICT_LEA]);
        expect((await request(api.server).get(`/api/leas/${stateLeaId}`).set(bearer(district))).status).toBe(404);
        expect((await request(api.server).get(`/api/leas/schools/${stateLeaId}`).set(bearer(district))).status).toBe(404);
        const theirs = z.array(lea).parse((await request(api.server).get(`/api/users/${districtUserId}/leas`).set(bearer(district))).body);
        expect(theirs.map((l) => l.leaCode)).toEqual([DISTRICT_LEA]);
        const asAdmin = z.array(lea).parse((await request(api.server).get(`/api/users/${districtUserId}/leas`).set(bearer(admin))).body);
        expect(asAdmin.map((l) => l.leaCode).sort()).toEqual([STATE_LEA, DISTRICT_LEA].sort());
      } finally {
        await api.ctx.db.query('DELETE FROM user_leas WHERE user_id = $1 AND lea_id = $2', [districtUserId, stateLeaId]);
      }
      const other = await leaIdOf(api, '28-0102-000');
      expect((await request(api.server).get(`/api/leas/${other}`).set(bearer(district))).status).toBe(404);
    });

    it('returns one LEA with its years, contacts and members', async () => {
      const res = await request(api.server).get(`/api/leas/${districtLeaId}`).set(bearer(district));
      expect(res.status).toBe(200);
      const one = lea.parse(res.body);
      const current = schoolYearForDate(new Date());
      expect(one.leaYears.map((y) => y.name)).toEqual([current, priorSchoolYear(current)]);
      expect(one.leaContacts?.length).toBe(2);
      expect(one.userLeas?.map((u) => u.userId)).toContain(await userId(api, 'district.user@demo.example'));
      expect(one).toMatchObject({ name: 'Prairie View Public Schools', county: 'Lancaster', zip: '68510', isNdeLevelDistrict: false });
      expect((await request(api.server).get('/api/leas/999999').set(bearer(admin))).status).toBe(404);
      expect((await request(api.server).get('/api/leas/abc').set(bearer(admin))).status).toBe(400);
      expect((await request(api.server).get('/api/leas/4294967296').set(bearer(admin))).status).toBe(400);
    });

    it('lists the users of an LEA to user viewers, within their jurisdiction', async () => {
      const districtUserId = await userId(api, 'district.user@demo.example');
      const asAdmin = await request(api.server).get(`/api/leas/${districtLeaId}/users`).set(bearer(admin));
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.map((u: { id: string }) => u.id)).toContain(districtUserId);
      expect(asAdmin.body[0]).toHaveProperty('fullName');
      expect((await request(api.server).get(`/api/leas/${districtLeaId}/users`).set(bearer(district))).status).toBe(403);
      const jurisdiction = await tokenFor(api, 'district.user@demo.example', [P.jurisdictionUsersView]);
      const own = await request(api.server).get(`/api/leas/${districtLeaId}/users`).set(bearer(jurisdiction));
      expect(own.status).toBe(200);
      expect(own.body.map((u: { email: string }) => u.email)).toEqual(['district.user@demo.example']);
      const other = await leaIdOf(api, '28-0102-000');
      expect((await request(api.server).get(`/api/leas/${other}/users`).set(bearer(jurisdiction))).status).toBe(404);
    });

    it('lists schools of an LEA, lookups, and the schools of the current LEA', async () => {
      const schools = z.array(school).parse((await request(api.server).get(`/api/leas/schools/${districtLeaId}`).set(bearer(district))).body);
      expect(schools.map((s) => s.name)).toEqual(['Cottonwood Elementary School', 'Meadowlark Elementary School', 'Prairie View High School', 'Prairie View Middle School']);
      expect(schools.every((s) => s.leaId === districtLeaId && s.leaName === 'Prairie View Public Schools')).toBe(true);
      const lookups = await request(api.server).get(`/api/leas/school-lookups/${districtLeaId}`).set(bearer(district));
      expect(lookups.body).toEqual(schools.map((s) => ({ id: s.id, name: s.name })));

      const mine = z.array(school).parse((await request(api.server).get('/api/leas/schools').set(bearer(district))).body);
      expect(mine).toHaveLength(4);
      const riverbend = await leaIdOf(api, '28-0102-000');
      const current = z
        .array(school)
        .parse((await request(api.server).get('/api/leas/schools').set(bearer(admin)).set('CurrentLeaId', String(riverbend))).body);
      expect(current.map((s) => s.leaId)).toEqual([riverbend, riverbend, riverbend]);
      const allSchools = z.array(school).parse((await request(api.server).get('/api/leas/schools').set(bearer(admin))).body);
      expect(allSchools.length).toBe(33);
      expect((await request(api.server).get('/api/leas/schools').set(bearer(district)).set('CurrentLeaId', String(riverbend))).status).toBe(404);
      expect((await request(api.server).get('/api/leas/schools').set(bearer(district)).set('CurrentLeaId', 'abc')).status).toBe(400);
    });

    it('serves school years: all (current first), the current one, and the current LEA’s', async () => {
      const current = schoolYearForDate(new Date());
      const years = await request(api.server).get('/api/leas/school-years');
      expect(years.status).toBe(200);
      const list = z.array(schoolYear).parse(years.body);
      expect(list.map((y) => y.key)).toEqual([current, priorSchoolYear(current)]);
      expect(list[0]?.isCurrent).toBe(true);
      expect(schoolYear.parse((await request(api.server).get('/api/leas/current-year')).body)).toEqual({ key: current, label: current, isCurrent: true });

      // A later year added by the agency sorts after the current one.
      const next = `${Number(current.slice(0, 4)) + 1}-${Number(current.slice(0, 4)) + 2}`;
      await api.ctx.db.query('INSERT INTO school_years (key, label) VALUES ($1, $1)', [next]);
      try {
        const again = z.array(schoolYear).parse((await request(api.server).get('/api/leas/school-years')).body);
        expect(again.map((y) => y.key)).toEqual([current, next, priorSchoolYear(current)]);
        const leaYears = await request(api.server).get('/api/leas/schoolyear').set(bearer(district)).set('CurrentLeaId', String(districtLeaId));
        expect(z.array(schoolYear).parse(leaYears.body).map((y) => y.key)).toEqual([current, priorSchoolYear(current)]);
        const withoutLea = await request(api.server).get('/api/leas/schoolyear').set(bearer(district));
        expect(withoutLea.body).toHaveLength(3);
      } finally {
        await api.ctx.db.query('DELETE FROM school_years WHERE key = $1', [next]);
      }
    });

    it('refuses users/{id}/leas for other users without a user permission', async () => {
      const adminId = await userId(api, 'state.admin@demo.example');
      expect((await request(api.server).get(`/api/users/${adminId}/leas`).set(bearer(district))).status).toBe(403);
      expect((await request(api.server).get('/api/users/not-a-uuid/leas').set(bearer(admin))).status).toBe(400);
      expect((await request(api.server).get(`/api/users/${randomUUID()}/leas`).set(bearer(admin))).status).toBe(404);
      expect((await request(api.server).get(`/api/users/${adminId}/leas`)).status).toBe(401);
    });

    it('creates, updates and deletes an LEA', async () => {
      const current = schoolYearForDate(new Date());
      const body = {
        name: 'Cedar Creek Public Schools',
        leaCode: '13-0199-000',
        leaType: 'District',
        contactEmail: 'office@cedarcreek.k12.example',
        ziplineAPIDistrictId: '0199',
        streetAddress: '100 Main St',
        city: 'Louisville',
        zip: '68037',
        county: 'Cass',
        isIncludedInCharterGroup: false,
        isNdeLevelDistrict: false,
        isStateSponsoredCharterAuthority: false,
        leaYears: [{ name: current }],
        leaContacts: [{ name: 'Pat Rivera', email: 'pat.rivera@cedarcreek.k12.example', phone: '402-555-0199', title: 'Principal' }],
      };
      expect((await request(api.server).post('/api/leas').send(body)).status).toBe(401);
      expect((await request(api.server).post('/api/leas').set(bearer(district)).send(body)).status).toBe(403);
      const created = await request(api.server).post('/api/leas').set(bearer(admin)).send(body);
      expect(created.status).toBe(201);
      const made = lea.parse(created.body);
      expect(made).toMatchObject({ name: body.name, leaCode: body.leaCode, leaType: 'District', county: 'Cass', leaYears: [{ name: current }] });
      expect(made.leaContacts?.[0]).toMatchObject({ name: 'Pat Rivera', title: 'Principal' });

      const dup = await request(api.server).post('/api/leas').set(bearer(admin)).send({ ...body, name: 'Other' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(LEA_MESSAGES.codeTaken);

      const invalid: [object, string][] = [
        [{ ...body, leaCode: 'X-1', zip: '6803' }, 'zip'],
        [{ ...body, leaCode: 'X-2', contactEmail: 'not-an-email' }, 'contactEmail'],
        [{ ...body, leaCode: 'X-3', leaYears: [{ name: '1999-2000' }] }, 'leaYears.0.name'],
        [{ ...body, leaCode: 'X-4', leaYears: [{ name: 'soon' }] }, 'leaYears.0.name'],
        [{ ...body, leaCode: 'X-5', leaType: 'Private' }, 'leaType'],
        [{ ...body, leaCode: 'X-6', userLeas: [{ userId: randomUUID() }] }, 'userLeas.0.userId'],
        [{ ...body, leaCode: 'X-7', isNdeLevelDistrict: 'yes' }, 'isNdeLevelDistrict'],
        [{ ...body, name: undefined, leaCode: 'X-8' }, 'name'],
      ];
      for (const [bad, field] of invalid) {
        const res = await request(api.server).post('/api/leas').set(bearer(admin)).send(bad);
        expect(res.status, field).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      // Refused bodies leave nothing behind.
      const codes = await api.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM leas WHERE lea_code LIKE 'X-%'");
      expect(codes.rows[0]?.n).toBe(0);

      // PUT changes what it is given and keeps the rest; members block deletion.
      const vendorId = await userId(api, 'vendor@demo.example');
      const contactId = made.leaContacts![0]!.id;
      const updated = await request(api.server)
        .put('/api/leas')
        .set(bearer(admin))
        .send({
          id: made.id,
          name: 'Cedar Creek Schools',
          leaType: 'Charter',
          userLeas: [{ userId: vendorId }],
          leaContacts: [{ id: contactId, name: 'Pat Rivera', email: 'pat.rivera@cedarcreek.k12.example', title: 'Superintendent' }],
        });
      expect(updated.status).toBe(200);
      const after = lea.parse(updated.body);
      expect(after).toMatchObject({ name: 'Cedar Creek Schools', leaType: 'Charter', county: 'Cass', zip: '68037', leaYears: [{ name: current }] });
      expect(after.leaContacts).toEqual([expect.objectContaining({ id: contactId, title: 'Superintendent' })]);
      expect(after.userLeas?.map((u) => u.userId)).toEqual([vendorId]);
      expect((await request(api.server).put('/api/leas').set(bearer(admin)).send({ id: made.id, leaCode: DISTRICT_LEA })).status).toBe(409);
      expect((await request(api.server).put('/api/leas').set(bearer(admin)).send({ id: 999999, name: 'Nobody' })).status).toBe(404);

      const refused = await request(api.server).delete(`/api/leas/${made.id}`).set(bearer(admin));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(LEA_MESSAGES.inUse);
      expect((await request(api.server).put('/api/leas').set(bearer(admin)).send({ id: made.id, userLeas: [] })).status).toBe(200);
      expect((await request(api.server).delete(`/api/leas/${made.id}`).set(bearer(district))).status).toBe(403);
      expect((await request(api.server).delete(`/api/leas/${made.id}`).set(bearer(admin))).status).toBe(204);
      expect((await request(api.server).get(`/api/leas/${made.id}`).set(bearer(admin))).status).toBe(404);
    });
  });

  // ---- schools --------------------------------------------------------------------------------
  describe('schools', () => {
    it('pages and sorts schools within the visible LEAs', async () => {
      expect((await request(api.server).get('/api/schools')).status).toBe(401);
      const page = async (token: string, query: Record<string, string | number | boolean>) => {
        const res = await request(api.server).get('/api/schools').query(query).set(bearer(token));
        expect(res.status, JSON.stringify(query)).toBe(200);
        return pagedSchools.parse(res.body);
      };
      const first = await page(admin, { pageNumber: 1, pageSize: 5, sortField: 'name', sortDirection: 'asc' });
      expect(first.items).toHaveLength(5);
      expect(first.totalCount).toBe(33);
      const names = first.items.map((s) => s.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      const second = await page(admin, { pageNumber: 2, pageSize: 5, sortField: 'name', sortDirection: 'asc' });
      expect(second.items[0]!.name.localeCompare(names[4]!)).toBeGreaterThan(0);
      const last = await page(admin, { pageNumber: 7, pageSize: 5 });
      expect(last.items).toHaveLength(3);

      const desc = await page(admin, { pageSize: 1000, sortField: 'name', sortDirection: 'DESC' });
      const descNames = desc.items.map((s) => s.name.toLowerCase());
      expect(descNames).toEqual([...descNames].sort().reverse());

      const byLea = await page(admin, { pageSize: 1000, sortField: 'leaName' });
      const leaNames = byLea.items.map((s) => s.leaName!.toLowerCase());
      expect(leaNames).toEqual([...leaNames].sort());

      const parent = await page(admin, { pageSize: 1000, sortField: 'name', isOrderByParentField: true });
      const pairs = parent.items.map((s) => [s.leaName!.toLowerCase(), s.name.toLowerCase()] as const);
      const sortedPairs = [...pairs].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
      expect(pairs).toEqual(sortedPairs);
      expect(parent.items[0]?.leaName).toBe('Bluffs Area Schools');

      const byId = await page(admin, { pageSize: 3, sortField: 'id', sortDirection: 'desc' });
      expect(byId.items[0]!.id).toBeGreaterThan(byId.items[1]!.id);

      const theirs = await page(district, { pageSize: 100 });
      expect(theirs.totalCount).toBe(4);
      expect(new Set(theirs.items.map((s) => s.leaId))).toEqual(new Set([districtLeaId]));
    });

    it('refuses bad paging and sorting with 400', async () => {
      const bad = [
        { pageSize: 0 },
        { pageSize: -5 },
        { pageSize: 1001 },
        { pageSize: 'ten' },
        { pageNumber: 0 },
        { pageNumber: '99999999999' },
        { sortField: 'password' },
        { sortDirection: 'sideways' },
        { isOrderByParentField: 'maybe' },
      ];
      for (const query of bad) {
        const res = await request(api.server).get('/api/schools').query(query).set(bearer(admin));
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.errors.length).toBeGreaterThan(0);
      }
      const repeated = await request(api.server).get('/api/schools?pageSize=5&pageSize=6').set(bearer(admin));
      expect(repeated.status).toBe(400);
    });

    it('creates, reads, updates and deletes a school', async () => {
      const body = { leaId: districtLeaId, name: 'Prairie View Early Learning Center', ziplineAPISchoolId: '0101099' };
      expect((await request(api.server).post('/api/schools').set(bearer(district)).send(body)).status).toBe(403);
      const created = await request(api.server).post('/api/schools').set(bearer(admin)).send(body);
      expect(created.status).toBe(201);
      const made = school.parse(created.body);
      expect(made).toMatchObject({ ...body, leaName: 'Prairie View Public Schools' });
      expect(school.parse((await request(api.server).get(`/api/schools/${made.id}`).set(bearer(district))).body).name).toBe(body.name);

      const updated = await request(api.server).put('/api/schools').set(bearer(admin)).send({ id: made.id, leaId: districtLeaId, name: 'PV Early Learning Center' });
      expect(school.parse(updated.body)).toMatchObject({ name: 'PV Early Learning Center', ziplineAPISchoolId: '0101099' });

      const unknownLea = await request(api.server).post('/api/schools').set(bearer(admin)).send({ ...body, leaId: 999999 });
      expect(unknownLea.status).toBe(400);
      expect(unknownLea.body.errors[0].field).toBe('leaId');
      expect((await request(api.server).post('/api/schools').set(bearer(admin)).send({ ...body, name: '' })).status).toBe(400);
      expect((await request(api.server).post('/api/schools').set(bearer(admin)).send({ ...body, leaId: '5' })).status).toBe(400);
      expect((await request(api.server).put('/api/schools').set(bearer(admin)).send({ ...body, id: 999999 })).status).toBe(404);

      const stateSchool = await api.ctx.db.query<{ id: number }>('SELECT id FROM schools WHERE lea_id = $1 LIMIT 1', [stateLeaId]);
      expect((await request(api.server).get(`/api/schools/${stateSchool.rows[0]!.id}`).set(bearer(district))).status).toBe(404);
      expect((await request(api.server).get('/api/schools/abc').set(bearer(district))).status).toBe(400);

      expect((await request(api.server).delete(`/api/schools/${made.id}`).set(bearer(district))).status).toBe(403);
      expect((await request(api.server).delete(`/api/schools/${made.id}`).set(bearer(admin))).status).toBe(204);
      expect((await request(api.server).get(`/api/schools/${made.id}`).set(bearer(admin))).status).toBe(404);
    });
  });

  // ---- email log ------------------------------------------------------------------------------
  describe('email log', () => {
    it('lists logged emails newest first with filters and paging', async () => {
      await api.ctx.db.query(
        `INSERT INTO email_log (to_address, subject, body, status, sent_at) VALUES
          ('riley@district.example', 'Verify your email', 'Open the link', 'Logged', '2024-01-10T10:00:00Z'),
          ('riley@district.example', 'Reset your password', 'Open the link', 'Sent', '2024-02-10T10:00:00Z'),
          ('avery@state.example', 'Welcome 100%_done', 'Hello', 'Failed', '2024-03-10T10:00:00Z')`,
      );
      expect((await request(api.server).get('/api/emails')).status).toBe(401);
      expect((await request(api.server).get('/api/emails').set(bearer(district))).status).toBe(403);
      const list = async (query: Record<string, string | number>) => {
        const res = await request(api.server).get('/api/emails').query(query).set(bearer(admin));
        expect(res.status, JSON.stringify(query)).toBe(200);
        return z.object({ items: z.array(emailLogEntry), totalCount: z.number() }).parse(res.body);
      };
      const all = await list({ until: '2024-12-31' });
      expect(all.items.map((e) => e.subject)).toEqual(['Welcome 100%_done', 'Reset your password', 'Verify your email']);
      expect((await list({ to: 'RILEY@' })).totalCount).toBe(2);
      expect((await list({ subject: '100%_' })).items.map((e) => e.subject)).toEqual(['Welcome 100%_done']);
      expect((await list({ subject: '%' })).totalCount).toBe(1);
      expect((await list({ status: 'Sent' })).items.map((e) => e.subject)).toEqual(['Reset your password']);
      expect((await list({ from: '2024-02-01', until: '2024-02-28T23:59:59Z' })).items.map((e) => e.subject)).toEqual(['Reset your password']);
      const paged = await list({ until: '2024-12-31', pageSize: 2, pageNumber: 2 });
      expect(paged.totalCount).toBe(3);
      expect(paged.items.map((e) => e.subject)).toEqual(['Verify your email']);

      const one = await request(api.server).get(`/api/emails/${all.items[0]!.id}`).set(bearer(admin));
      expect(emailLogEntry.parse(one.body).to).toBe('avery@state.example');
      expect((await request(api.server).get('/api/emails/999999').set(bearer(admin))).status).toBe(404);
      for (const query of [{ status: 'Bounced' }, { from: 'last week' }, { pageSize: 0 }, { pageNumber: -1 }]) {
        expect((await request(api.server).get('/api/emails').query(query).set(bearer(admin))).status, JSON.stringify(query)).toBe(400);
      }
    });
  });
});
