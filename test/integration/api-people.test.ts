// Contract tests of GET /api/people (the person picker's search), against a real API on PGlite
// and on PostgreSQL: who may search, which LEAs' people they see (spec §6), the filters, the
// id lookup, paging, and refusing bad input with a 400 (never a 5xx).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedPeople, type PersonRecord } from '../../lib/contract.js';
import { FIRST_EXTERNAL_ID, STAFF_PER_SCHOOL, STUDENTS_PER_SCHOOL } from '../../api/seed-data/people.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo } from './api-auth-helpers.js';

const STATE_LEA = '00-0000-000';
const DISTRICT_LEA = '55-0101-000';
const PER_SCHOOL = STUDENTS_PER_SCHOOL + STAFF_PER_SCHOOL;

describe.each(testDbs)('GET /api/people on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let stateUser: string;
  let district: string;
  let drPublic: string;
  let districtLeaId: number;
  let stateLeaId: number;
  let schoolCount: number;

  const search = (token: string | null, query: Record<string, string | number> = {}) => {
    const r = request(api.url).get('/api/people').query(query).set('Accept', 'application/vnd.portal.v1+json').set('App-Version', '2.7.0');
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };
  const people = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await search(token, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pagedPeople.parse(res.body);
  };

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [admin, stateUser, district, drPublic] = await Promise.all([
      accessToken(api, demo.admin),
      accessToken(api, demo.stateUser),
      accessToken(api, demo.district),
      accessToken(api, demo.drPublic),
    ]);
    const leas = await api.ctx.db.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas WHERE lea_code = ANY($1)', [[STATE_LEA, DISTRICT_LEA]]);
    districtLeaId = leas.rows.find((r) => r.lea_code === DISTRICT_LEA)!.id;
    stateLeaId = leas.rows.find((r) => r.lea_code === STATE_LEA)!.id;
    schoolCount = Number((await api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schools')).rows[0]!.n);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('needs a signed-in caller', async () => {
    const res = await search(null);
    expect(res.status).toBe(401);
  });

  it('seeds students and staff at every demo school, each with a positive external id', async () => {
    const all = await people(admin, { pageSize: 100 });
    expect(all.totalCount).toBe(schoolCount * PER_SCHOOL);
    expect(all.items).toHaveLength(100);
    for (const p of all.items) {
      expect(p.externalId).toBeGreaterThanOrEqual(FIRST_EXTERNAL_ID);
      expect(p.fullName).toBe(`${p.firstName} ${p.lastName}`);
      expect(p.schoolId).not.toBeNull();
    }
    expect(new Set(all.items.map((p) => p.role))).toEqual(new Set(['Student', 'Staff']));
  });

  it('sorts by last name, then first name', async () => {
    const page = await people(admin, { pageSize: 100 });
    const keys = page.items.map((p) => `${p.lastName.toLowerCase()}\u0000${p.firstName.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('shows a local user only the people of their own LEA', async () => {
    const mine = await people(district, { pageSize: 100 });
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.items.every((p) => p.leaId === districtLeaId)).toBe(true);
    // Naming another LEA does not widen the view.
    const other = await people(district, { leaId: stateLeaId });
    expect(other.totalCount).toBe(0);
  });

  it('shows users with every-LEA access the state-level district too, and a user without LEAs nobody', async () => {
    const state = await people(stateUser, { leaId: stateLeaId });
    expect(state.totalCount).toBe(2 * PER_SCHOOL);
    expect(state.items.every((p) => p.leaId === stateLeaId)).toBe(true);
    expect((await people(drPublic)).totalCount).toBe(0);
  });

  it('filters by school and by first and last name prefixes, ignoring case', async () => {
    const inDistrict = await people(admin, { leaId: districtLeaId, pageSize: 100 });
    const target: PersonRecord = inDistrict.items[0]!;
    const bySchool = await people(admin, { schoolId: target.schoolId! });
    expect(bySchool.totalCount).toBe(PER_SCHOOL);
    expect(bySchool.items.every((p) => p.schoolId === target.schoolId && p.schoolName === target.schoolName)).toBe(true);

    const byName = await people(admin, {
      firstName: target.firstName.slice(0, 3).toUpperCase(),
      lastName: target.lastName.slice(0, 4).toLowerCase(),
    });
    expect(byName.items.map((p) => p.externalId)).toContain(target.externalId);
    expect(byName.items.every((p) => p.firstName.toLowerCase().startsWith(target.firstName.slice(0, 3).toLowerCase()))).toBe(true);
    expect(byName.items.every((p) => p.lastName.toLowerCase().startsWith(target.lastName.slice(0, 4).toLowerCase()))).toBe(true);
  });

  it('takes LIKE wildcards in names literally', async () => {
    expect((await people(admin, { lastName: '%' })).totalCount).toBe(0);
    expect((await people(admin, { firstName: '_' })).totalCount).toBe(0);
  });

  it('looks people up by external id, within the caller\u2019s LEAs', async () => {
    const all = await people(admin, { pageSize: 100 });
    const inDistrict = all.items.find((p) => p.leaId === districtLeaId)!;
    const elsewhere = all.items.find((p) => p.leaId !== districtLeaId)!;
    const ids = `${inDistrict.externalId},${elsewhere.externalId},${inDistrict.externalId}`;
    expect((await people(admin, { externalIds: ids })).items.map((p) => p.externalId).sort()).toEqual(
      [inDistrict.externalId, elsewhere.externalId].sort(),
    );
    expect((await people(district, { externalIds: ids })).items.map((p) => p.externalId)).toEqual([inDistrict.externalId]);
  });

  it('pages the results', async () => {
    const first = await people(admin, { pageSize: 5, pageNumber: 1 });
    const second = await people(admin, { pageSize: 5, pageNumber: 2 });
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(first.totalCount).toBe(second.totalCount);
    const overlap = first.items.filter((p) => second.items.some((q) => q.id === p.id));
    expect(overlap).toEqual([]);
  });

  it.each<Record<string, string | number>>([
    { pageSize: 101 },
    { pageSize: 0 },
    { leaId: 'abc' },
    { schoolId: -1 },
    { externalIds: '1,,2' },
    { externalIds: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
    { role: 'Parent' },
    { firstName: 'x'.repeat(201) },
  ])('refuses %j with a 400 naming the field', async (query) => {
    const res = await search(admin, query);
    expect(res.status).toBe(400);
    const field = Object.keys(query)[0]!;
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
  });
});
