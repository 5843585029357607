// The Early Childhood Outcomes reports API (ECO spec §3.1, §3.7, §3.8, §7, §10) on PGlite and
// PostgreSQL, against the demo seed (§11): the prior-year APR reproduces §11's table for Prairie
// View and statewide, on both bases; JSON and CSV agree with §7's headers and file names; scope;
// state tracking and its CSV; the dashboard; the reminder; the daily job's idempotency; the seed's.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECO_OPEN_UNLOCK_REASON, seedEarlyChildhood } from '../../api/eco/seed.js';
import { loadEcoRows } from '../../api/eco/reports.js';
import { recordFlags } from '../../lib/eco/quality.js';
import { sendScoresDue } from '../../api/eco/jobs.js';
import { agencyToday } from '../../lib/day.js';
import { APR_SUMMARY_HEADER, CHILD_DATA_HEADER, STATE_TRACKING_HEADER } from '../../lib/eco/csv.js';
import { ecoAprReport, ecoDashboard, ecoStateTracking, type EcoAprReport } from '../../lib/eco/report-contract.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, leaIdByCode } from './api-auth-helpers.js';

const BASE = '/api/eco';
const PV = '55-0101-000';

const line = (o: EcoAprReport['outcomes'][number]) => [
  Object.values(o.categories).map((c) => c.count).join('/'),
  o.ss1.percent?.toFixed(2) ?? '—',
  o.ss2.percent?.toFixed(2) ?? '—',
];
const csvLines = (text: string) => text.replace(/^\uFEFF/, '').trim().split(/\r\n/);

describe.each(testDbs)('ECO reports API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  let pvId: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (token: string, path: string) => request(api.url).get(`${BASE}${path}`).set(as(token));
  /** A CSV download: 200, its file name, §7's header; answers the response and its lines. */
  const csvFile = async (token: string, path: string, query: object, fileName: string, header: readonly string[]) => {
    const res = await get(token, path).query(query);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(fileName);
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(header.join(','));
    return { res, lines };
  };
  const current = schoolYearForDate(new Date());
  const prior = priorSchoolYear(current);
  const ffy = Number(prior.slice(0, 4));

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.district)]);
    pvId = await leaIdByCode(api, PV);
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  describe('the prior-year APR (§11)', () => {
    it('reads Prairie View and the statewide table exactly', async () => {
      const pv = await get(state, '/apr').query({ schoolYear: prior, leaId: pvId });
      expect(pv.status).toBe(200);
      const report = ecoAprReport.parse(pv.body);
      expect(report.ffy).toBe(ffy);
      expect(report.outcomes.map(line)).toEqual([
        ['1/2/3/4/2', '70.00', '50.00'],
        ['0/3/4/3/2', '70.00', '41.67'],
        ['1/1/2/5/3', '77.78', '66.67'],
      ]);
      expect(report.completeness).toMatchObject({ numerator: 12, denominator: 14, percent: 85.71, flag: 'Completeness below 90.00%' });
      expect(report.counts).toMatchObject({ exits: 15, eligibleExits: 14, includedInAll: 12 });
      expect(report.notIncluded).toEqual({ 'short-stay': 1, 'exit-not-collected': 1, 'exit-missing': 1 });
      expect(report.outcomes[0]!.ss1).toMatchObject({ target: 72, met: 'Not met', ciLower: 46.16, ciUpper: 93.84, comparison: 'No meaningful difference' });

      const st = await get(state, '/apr').query({ schoolYear: prior });
      const sw = ecoAprReport.parse(st.body);
      expect(sw.scope.kind).toBe('State');
      expect(sw.outcomes.map((o) => o.n)).toEqual([30, 30, 30]);
      expect(sw.outcomes.map(line)).toEqual([
        ['2/3/7/12/6', '79.17', '60.00'],
        ['0/5/10/9/6', '79.17', '50.00'],
        ['2/2/3/14/9', '80.95', '76.67'],
      ]);
      expect(sw.byLea.map((l) => l.leaName)).toEqual(['Horizon Academy Charter', 'Platte Valley Public Schools', 'Prairie View Public Schools', 'Riverbend Community Schools']);
    });

    it("reads 'Finalized only' for Prairie View", async () => {
      const res = await get(district, '/apr').query({ schoolYear: prior, basis: 'finalized' });
      expect(res.status).toBe(200);
      const report = ecoAprReport.parse(res.body);
      expect(report.scope.leaId).toBe(pvId);
      expect(report.outcomes.map(line)).toEqual([
        ['1/2/2/4/1', '66.67', '50.00'],
        ['0/3/3/3/1', '66.67', '40.00'],
        ['1/1/2/4/2', '75.00', '60.00'],
      ]);
      expect(report.notIncluded['not-finalized']).toBe(2);
    });

    it('exports the summary CSV with §7 header and file name, agreeing with the JSON, and logs it', async () => {
      const { res, lines } = await csvFile(district, '/apr.csv', { schoolYear: prior }, `eco-apr-${prior}-${PV}.csv`, APR_SUMMARY_HEADER);
      expect(lines[1]).toBe(`${ffy},${prior},LEA,${PV},Prairie View Public Schools,submitted,A,12,1,2,3,4,2,8.33,16.67,25.00,33.33,16.67,7,10,70.00,72.00,Not met,6,12,50.00,55.00,Not met`);
      expect(lines).toHaveLength(4);
      const same = await get(district, '/apr').query({ schoolYear: prior, format: 'csv' });
      expect(same.text).toBe(res.text);
      const logged = await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'report.export' AND entity_id = 'eco/apr-summary'`);
      expect(logged.rows.length).toBeGreaterThan(0);
      const events = await api.ctx.db.query(`SELECT 1 FROM eco_events WHERE action = 'export' AND lea_id = $1`, [pvId]);
      expect(events.rows.length).toBeGreaterThan(0);

      const sw = await get(state, '/apr.csv').query({ schoolYear: prior });
      expect(sw.headers['content-disposition']).toContain(`eco-apr-${prior}-statewide.csv`);
      expect(csvLines(sw.text)[1]).toContain(`${ffy},${prior},State,,,submitted,A,30,2,3,7,12,6,`);
    });

    it('exports the by-LEA CSV for the state only (3 rows per LEA, then State)', async () => {
      const { lines } = await csvFile(state, '/apr/by-lea.csv', { schoolYear: prior }, `eco-apr-${prior}-by-lea.csv`, APR_SUMMARY_HEADER);
      expect(lines).toHaveLength(1 + 4 * 3 + 3);
      expect(lines.slice(-3).every((l) => l.includes(',State,,,'))).toBe(true);
      expect((await get(district, '/apr/by-lea.csv').query({ schoolYear: prior })).status).toBe(403);
    });

    it('exports the child data CSV in scope, with the not-included children; row 9 has a large change', async () => {
      const { lines } = await csvFile(district, '/apr/children.csv', { schoolYear: prior }, `eco-children-${prior}-${PV}.csv`, CHILD_DATA_HEADER);
      expect(lines).toHaveLength(1 + 15);
      expect(lines.filter((l) => l.endsWith(',Y,')).length).toBe(12);
      expect(lines.some((l) => l.endsWith(',N,short-stay'))).toBe(true);
      expect(lines.every((l, i) => i === 0 || l.includes(PV))).toBe(true);
      const rows = await loadEcoRows(api.ctx.db, prior, [pvId]);
      const large = rows.filter((r) => recordFlags({ entryDate: r.entryDate, firstSubmittedOn: r.entryFirstSubmittedOn, entry: r.entry, exit: r.exit }).includes('Large change'));
      expect(large.map((r) => `${r.entry.A}/${r.exit.A} ${r.entry.B}/${r.exit.B} ${r.entry.C}/${r.exit.C}`)).toEqual(['2/6 5/6 5/7']);
    });

    it('keeps a district user to their LEA: another LEA is 404, bad input is 400', async () => {
      const other = await leaIdByCode(api, '28-0102-000');
      expect((await get(district, '/apr').query({ schoolYear: prior, leaId: other })).status).toBe(404);
      const bad = await get(district, '/apr').query({ schoolYear: 'last year', basis: 'maybe' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['basis', 'schoolYear']);
    });
  });

  describe('state tracking (§3.7)', () => {
    it('has one row per LEA plus the State total, and its CSV', async () => {
      const res = await get(state, '/state-tracking').query({ schoolYear: prior });
      expect(res.status).toBe(200);
      const t = ecoStateTracking.parse(res.body);
      const pv = t.rows.find((r) => r.leaCode === PV)!;
      expect(pv).toMatchObject({ exitsInYear: 15, eligibleExits: 14, includedExits: 12, completenessPercent: 85.71, exitOverdue: 1, notIncluded: 2, status: 'Needs attention' });
      expect(t.total.leaName).toBe('State total');
      expect(t.total.includedExits).toBe(30);
      const pioneer = t.rows.find((r) => r.leaName === 'Pioneer STEM Charter School')!;
      expect(pioneer.status).toBe('No preschool children');
      const charters = ecoStateTracking.parse((await get(state, '/state-tracking').query({ schoolYear: prior, leaType: 'Charter' })).body);
      expect(charters.rows.every((r) => r.leaType === 'Charter')).toBe(true);

      const { lines } = await csvFile(state, '/state-tracking.csv', { schoolYear: current }, `eco-state-tracking-${current}.csv`, STATE_TRACKING_HEADER);
      expect(lines.at(-1)).toContain(',State total,');
      const cur = ecoStateTracking.parse((await get(state, '/state-tracking').query({ schoolYear: current })).body);
      expect(cur.rows.find((r) => r.leaCode === PV)).toMatchObject({ activeChildren: 10, entryPending: 3, entryOverdue: 2, openUnlockRequests: 1 });
      expect(lines).toHaveLength(1 + cur.rows.length + 1);
      expect(cur.total.entryTimelinessPercent).not.toBeNull();
      expect((await get(district, '/state-tracking')).status).toBe(403);
    });

    it('sends a reminder to the LEA users who submit ratings', async () => {
      const res = await request(api.url).post(`${BASE}/state-tracking/${pvId}/remind`).set(as(state));
      expect(res.status).toBe(200);
      expect(res.body.sent).toBeGreaterThanOrEqual(1);
      expect(res.body.message).toBe(`Reminder sent to ${res.body.sent} users.`);
      const msg = await api.ctx.db.query<{ message: string }>(
        `SELECT m.message FROM notification_messages m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.open_url = '/child-search/child-list'`,
        [demo.district],
      );
      expect(msg.rows[0]?.message).toMatch(/^Prairie View Public Schools: 2 entry ratings overdue, \d+ due within 7 days, 1 exit ratings overdue\.$/);
      expect((await request(api.url).post(`${BASE}/state-tracking/${pvId}/remind`).set(as(district))).status).toBe(403);
    });
  });

  describe('dashboard (§3.1)', () => {
    it('counts the tiles, the statements and the recent activity in scope', async () => {
      const res = await get(district, '/dashboard').query({ schoolYear: current });
      expect(res.status).toBe(200);
      const d = ecoDashboard.parse(res.body);
      expect(d.scope.leaId).toBe(pvId);
      expect(d.tiles).toMatchObject({ entryOverdue: 2, kindergartenBound: 1, awaitingFinalization: null, openUnlockRequests: null });
      expect(d.recentEvents).toHaveLength(10);
      expect(d.recentEvents.every((e) => e.child === '' || /^[A-Z][a-z]+ [A-Z]\.$/.test(e.child))).toBe(true);
      const past = ecoDashboard.parse((await get(district, '/dashboard').query({ schoolYear: prior })).body);
      expect(past.statements?.A1).toMatchObject({ lea: 70, state: 79.17, target: 72, met: 'Not met' });
      expect(past.tiles.completeness).toBe(85.71);
    });
  });

  it('describes every report endpoint in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    for (const p of ['/dashboard', '/state-tracking', '/state-tracking.csv', '/apr', '/apr.csv', '/apr/by-lea.csv', '/apr/children.csv']) expect(paths[`${BASE}${p}`]?.get).toBeDefined();
    expect(paths[`${BASE}/state-tracking/{id}/remind`]?.post).toBeDefined();
  });

  describe('the daily job and the seed', () => {
    it("sends 'Early Childhood Scores Due' once per LEA and day", async () => {
      const day = agencyToday(api.ctx.now());
      // Prairie View, Riverbend and Horizon have overdue ratings; Platte Valley's one pending entry is due in 35 days.
      expect(await sendScoresDue(api.ctx, day)).toBe(3);
      expect(await sendScoresDue(api.ctx, day)).toBe(0);
      const notice = await api.ctx.db.query<{ subject: string; link: string }>('SELECT subject, link FROM notices WHERE key = $1', [`eco-scores-due:${pvId}:${day}`]);
      expect(notice.rows[0]?.subject).toMatch(/^Prairie View Public Schools: 2 entry ratings overdue, \d+ due within 7 days, 1 exit ratings overdue\.$/);
      expect(notice.rows[0]?.link).toBe('/child-search/child-list');
      const run = await api.ctx.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM notices WHERE key LIKE 'eco-scores-due:%'`);
      expect(run.rows[0]!.n).toBe('3');
    });

    it('seeds the open unlock request, the past unlock, and adds nothing the second time', async () => {
      const counts = async () =>
        (await api.ctx.db.query<{ n: string }>(`SELECT (SELECT count(*) FROM eco_children) + (SELECT count(*) FROM eco_records) + (SELECT count(*) FROM eco_assessments) + (SELECT count(*) FROM eco_events WHERE action <> 'export') AS n`)).rows[0]!.n;
      const before = await counts();
      await api.ctx.db.tx((q) => seedEarlyChildhood(q, api.ctx.now()));
      expect(await counts()).toBe(before);
      const req = await api.ctx.db.query<{ reason: string }>(`SELECT reason FROM eco_unlock_requests WHERE status = 'open'`);
      expect(req.rows.map((r) => r.reason)).toEqual([ECO_OPEN_UNLOCK_REASON]);
      const unlocked = await api.ctx.db.query<{ reason: string }>(`SELECT reason FROM eco_events WHERE action = 'entry-unlocked'`);
      expect(unlocked.rows).toHaveLength(1);
      expect(unlocked.rows[0]!.reason.length).toBeGreaterThanOrEqual(10);
      const ssids = await api.ctx.db.query<{ min: string }>('SELECT min(state_student_id) AS min FROM eco_children');
      expect(ssids.rows[0]!.min).toBe('9000000001');
      const lists = await api.ctx.db.query<{ name: string; n: string }>(
        `SELECT l.name, count(i.id)::text AS n FROM lookup_lists l JOIN lookup_list_items i ON i.list_id = l.id WHERE l.name LIKE 'eco-%' GROUP BY l.name ORDER BY l.name`,
      );
      expect(lists.rows).toEqual([{ name: 'eco-assessment-sources', n: '7' }, { name: 'eco-exit-reasons', n: '8' }, { name: 'eco-team-roles', n: '9' }]);
    });
  });
});
