// Holidays and school calendars on PGlite and PostgreSQL (api/shared/calendars.ts; DR spec §10,
// §12, §13): the seeded holidays 2025-2027 and demo calendars, the state-holidays lookup list as
// the same data, the CSV import (all or nothing, row errors and their CSV report, idempotent with
// created/replaced/unchanged counts), holidays added and removed, permissions, and the change
// listeners a module recomputes its deadlines in (inside the change's transaction).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCalendarsChanged, type CalendarChange } from '../../api/shared/calendars.js';
import { LIST_MESSAGES } from '../../api/routes/lists.js';
import { nevadaHolidays, schoolDaysOf, holidayDates } from '../../lib/calendar.js';
import { calendarText as t } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo } from './api-auth-helpers.js';

const BASE = '/api/disputeresolution';
const HEADER = 'leaCode,schoolYear,date,dayType';

describe.each(testDbs)('calendars API on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let stateUser: string;
  let district: string;
  let leaCodes: string[];
  const changes: CalendarChange[] = [];
  let failListener = false;
  let stopListening: () => void;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
  const importFile = (bytes: Buffer, token = admin) => request(api.url).post(`${BASE}/calendars/import`).set(as(token)).attach('file', bytes, 'calendars.csv');

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    admin = await accessToken(api, demo.admin);
    stateUser = await accessToken(api, demo.stateUser);
    district = await accessToken(api, demo.district);
    leaCodes = (await api.ctx.db.query<{ lea_code: string }>('SELECT lea_code FROM leas WHERE NOT is_nde_level_district ORDER BY lea_code')).rows.map((r) => r.lea_code);
    stopListening = onCalendarsChanged(async (change, q) => {
      // Inside the change's transaction: what a listener writes commits or rolls back with it.
      await q.query(`INSERT INTO seed_marks (key) VALUES ($1)`, [`listener:${Date.now()}:${Math.random()}`]);
      if (failListener) throw new Error('recalculation failed');
      changes.push(change);
    });
  }, 60_000);

  afterAll(async () => {
    stopListening?.();
    await api?.close();
  });

  describe('seeded data', () => {
    it('holds the Nevada holidays of 2025-2027 (DR spec §13)', async () => {
      const res = await request(api.url).get(`${BASE}/holidays`).query({ year: 2026 }).set(as(admin));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(nevadaHolidays(2026));
      const all = await request(api.url).get(`${BASE}/holidays`).set(as(admin));
      for (const year of [2025, 2026, 2027]) for (const h of nevadaHolidays(year)) expect(all.body).toContainEqual(h);
    });

    it('holds the demo calendars for every LEA but the state-level district, with their school days', async () => {
      const res = await request(api.url).get(`${BASE}/calendars`).set(as(admin));
      expect(res.status).toBe(200);
      const items = res.body.items as { leaCode: string; schoolYear: string; firstDay: string; lastDay: string; nonSchoolDays: string[]; schoolDayCount: number }[];
      expect(res.body.totalCount).toBe(leaCodes.length * 2);
      expect([...new Set(items.map((c) => c.leaCode))].sort()).toEqual(leaCodes);
      const c2526 = items.find((c) => c.schoolYear === '2025-2026')!;
      expect(c2526).toMatchObject({ firstDay: '2025-08-11', lastDay: '2026-05-28' });
      expect(c2526.nonSchoolDays).toHaveLength(3 + 10 + 5); // the weekdays of the three ranges
      // DR spec §6.3's calendar: 209 weekdays, 18 of them non-school, 9 other holidays.
      expect(c2526.schoolDayCount).toBe(182);
      const c2627 = items.find((c) => c.schoolYear === '2026-2027')!;
      expect(c2627).toMatchObject({ firstDay: '2026-08-10', lastDay: '2027-05-27' });
      const holidays = holidayDates([...nevadaHolidays(2026), ...nevadaHolidays(2027)]);
      expect(c2627.schoolDayCount).toBe(schoolDaysOf(c2627, holidays).length);
    });

    it('is the state-holidays list of the list manager: the same holidays, items not edited there', async () => {
      const list = await request(api.url).get('/api/lists/by-name/state-holidays').set(as(stateUser));
      expect(list.status).toBe(200);
      const codes = (list.body.items as { code: string; label: string }[]).map((i) => i.code);
      expect(codes).toEqual(expect.arrayContaining(nevadaHolidays(2026).map((h) => h.date)));
      expect(list.body.items).toContainEqual(expect.objectContaining({ code: '2025-10-31', label: 'Nevada Day' }));
      expect(list.body.isBuiltIn).toBe(true);
      const add = await request(api.url).post(`/api/lists/${list.body.id}/items`).set(as(admin)).send({ code: '2026-12-24', label: 'Christmas Eve' });
      expect(add.status).toBe(409);
      expect(add.body.message).toBe(LIST_MESSAGES.derivedItems);
    });
  });

  describe('permissions', () => {
    it('lets view holders read calendars, and only DR state users change anything', async () => {
      expect((await request(api.url).get(`${BASE}/calendars`).set(as(stateUser))).status).toBe(200);
      // The district user holds disputerequests.view (DR District User): reading, not changing.
      expect((await request(api.url).get(`${BASE}/calendars`).set(as(district))).status).toBe(200);
      expect((await request(api.url).post(`${BASE}/holidays`).set(as(district)).send({ date: '2026-12-24', name: 'x', kind: 'State' })).status).toBe(403);
      expect((await request(api.url).get(`${BASE}/holidays`).set(as(district))).status).toBe(403);
      expect((await importFile(csv([]), district)).status).toBe(403);
      expect((await request(api.url).get(`${BASE}/calendars`)).status).toBe(401);
    });
  });

  describe('import (DR spec §10)', () => {
    // Two demo LEAs (not the state-level district).
    let a = '';
    let b = '';
    beforeAll(() => {
      [a, b] = leaCodes as [string, string];
    });

    it('offers the template: the header row only', async () => {
      const res = await request(api.url).get(`${BASE}/calendars/template.csv`).set(as(admin));
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.text).toBe(`\uFEFF${HEADER}\r\n`);
    });

    it('rejects a file with errors, imports nothing, and offers the error report line,column,message', async () => {
      const before = (await request(api.url).get(`${BASE}/calendars`).set(as(admin))).body;
      const res = await importFile(csv([`${a},2027-2028,2027-08-09,FirstDay`, `${a},2027-2028,2028-05-25,LastDay`, `ZZ-9999-000,2027-2028,2027-08-09,FirstDay`, `${b},2027-2028,2027-13-01,FirstDay`]));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'rejected', rowCount: 4 });
      expect(res.body.errors).toEqual([
        { line: 4, column: 'leaCode', value: 'ZZ-9999-000', message: t.unknownLea('ZZ-9999-000') },
        { line: 5, column: 'date', value: '2027-13-01', message: t.invalidDate },
        { line: 5, column: 'dayType', value: '', message: t.firstAndLast(b, '2027-2028') },
      ]);
      const report = await request(api.url).get(`${BASE}/calendars/imports/${res.body.importId}/errors.csv`).set(as(admin));
      expect(report.headers['content-disposition']).toBe('attachment; filename=school-calendar-import-errors.csv');
      expect(report.text).toBe(
        `\uFEFFline,column,message\r\n4,leaCode,Unknown LEA code ZZ-9999-000.\r\n5,date,Invalid date format\r\n5,dayType,${b} 2027-2028 needs exactly one FirstDay and one LastDay.\r\n`,
      );
      expect((await request(api.url).get(`${BASE}/calendars`).set(as(admin))).body).toEqual(before);
      expect(changes).toEqual([]);
    });

    it('refuses a wrong header and a file that is too large as the whole file', async () => {
      const wrong = await importFile(Buffer.from('leaCode,year,date,dayType\r\n'));
      expect(wrong.body).toMatchObject({ status: 'rejected', errors: [{ line: 1, column: '', message: `The header row must be exactly: ${HEADER}` }] });
      const big = await importFile(Buffer.concat([csv([]), Buffer.alloc(5 * 1024 * 1024, 0x20)]));
      expect(big.status).toBe(400);
      expect(big.body.errors).toEqual([{ field: 'file', message: 'The file is larger than 5 MB. Upload a smaller file.' }]);
    });

    const good = () => [
      // A new year for two LEAs.
      `${a},2027-2028,2027-08-09,FirstDay`,
      `${a},2027-2028,2028-05-25,LastDay`,
      `${a},2027-2028,2027-11-22,NonSchoolDay`,
      `${b},2027-2028,2027-08-09,FirstDay`,
      `${b},2027-2028,2028-05-25,LastDay`,
      // The demo 2025-2026 calendar of A again, unchanged (rows in another order).
      `${a},2025-2026,2026-05-28,LastDay`,
      `${a},2025-2026,2025-08-11,FirstDay`,
      ...['2025-11-24', '2025-11-25', '2025-11-26', '2025-12-22', '2025-12-23', '2025-12-24', '2025-12-25', '2025-12-26', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'].map(
        (d) => `${a},2025-2026,${d},NonSchoolDay`,
      ),
      // B's 2026-2027 calendar with a different last day: replaced.
      `${b},2026-2027,2026-08-10,FirstDay`,
      `${b},2026-2027,2027-05-28,LastDay`,
    ];

    it('imports a good file: created, replaced and unchanged calendars, and tells the listeners', async () => {
      const res = await importFile(csv(good()));
      expect(res.body).toMatchObject({ status: 'imported', calendarsCreated: 2, calendarsReplaced: 1, calendarsUnchanged: 1 });
      const ids = new Map((await api.ctx.db.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas')).rows.map((r) => [r.lea_code, r.id]));
      expect(changes).toEqual([
        {
          kind: 'school-calendars',
          calendars: [
            { leaId: ids.get(a), schoolYear: '2027-2028' },
            { leaId: ids.get(b), schoolYear: '2027-2028' },
            { leaId: ids.get(b), schoolYear: '2026-2027' },
          ],
        },
      ]);
      const list = await request(api.url).get(`${BASE}/calendars`).query({ leaId: ids.get(b), schoolYear: '2026-2027' }).set(as(admin));
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0]).toMatchObject({ leaCode: b, lastDay: '2027-05-28', nonSchoolDays: [] });
    });

    it('changes nothing when the same file comes again: 0, 0, n', async () => {
      changes.length = 0;
      const res = await importFile(csv(good()));
      expect(res.body).toMatchObject({ status: 'imported', calendarsCreated: 0, calendarsReplaced: 0, calendarsUnchanged: 4 });
      expect(changes).toEqual([]);
    });

    it('rolls the import back when a listener fails, so calendars and deadlines never disagree', async () => {
      failListener = true;
      try {
        const res = await importFile(csv([`${a},2028-2029,2028-08-14,FirstDay`, `${a},2028-2029,2029-05-24,LastDay`]));
        expect(res.status).toBe(500);
      } finally {
        failListener = false;
      }
      const list = await request(api.url).get(`${BASE}/calendars`).query({ schoolYear: '2028-2029' }).set(as(admin));
      expect(list.body.items).toEqual([]);
    });
  });

  it('describes the shared endpoints in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [
      ['/api/jobs', 'get'],
      ['/api/jobs/{name}/run', 'post'],
      [`${BASE}/calendars`, 'get'],
      [`${BASE}/calendars/import`, 'post'],
      [`${BASE}/calendars/template.csv`, 'get'],
      [`${BASE}/calendars/imports/{id}/errors.csv`, 'get'],
      [`${BASE}/holidays`, 'get'],
      [`${BASE}/holidays`, 'post'],
      [`${BASE}/holidays/{date}`, 'delete'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  describe('holidays', () => {
    it('adds a holiday, refuses a second on the same day, and removes it; listeners hear of both', async () => {
      changes.length = 0;
      const add = await request(api.url).post(`${BASE}/holidays`).set(as(admin)).send({ date: '2026-12-24', name: 'Christmas Eve', kind: 'State' });
      expect(add.status).toBe(201);
      expect(add.body).toEqual({ date: '2026-12-24', name: 'Christmas Eve', kind: 'State' });
      const again = await request(api.url).post(`${BASE}/holidays`).set(as(admin)).send({ date: '2026-12-24', name: 'Again', kind: 'State' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(t.holidayExists('2026-12-24'));
      // The list manager's state-holidays list shows it at once: one set of data.
      const list = await request(api.url).get('/api/lists/by-name/state-holidays').set(as(admin));
      expect(list.body.items).toContainEqual(expect.objectContaining({ code: '2026-12-24', label: 'Christmas Eve' }));
      const removed = await request(api.url).delete(`${BASE}/holidays/2026-12-24`).set(as(admin));
      expect(removed.body).toEqual({ date: '2026-12-24', name: 'Christmas Eve', kind: 'State' });
      expect((await request(api.url).delete(`${BASE}/holidays/2026-12-24`).set(as(admin))).body).toEqual({ message: t.holidayNotFound });
      expect(changes).toEqual([
        { kind: 'holidays', dates: ['2026-12-24'] },
        { kind: 'holidays', dates: ['2026-12-24'] },
      ]);
    });

    it('refuses a bad holiday with a message per field', async () => {
      const res = await request(api.url).post(`${BASE}/holidays`).set(as(admin)).send({ date: '2026-02-30', name: ' ', kind: 'Local' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'date', message: t.validDate },
        { field: 'name', message: t.holidayName },
        { field: 'kind', message: t.holidayKind },
      ]);
    });
  });
});
