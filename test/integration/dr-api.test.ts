// The dispute resolution API (DR spec §12) on PGlite and PostgreSQL, against the demo seed (§13):
// Table 7 of the prior reporting year with the spec's numbers (JSON and CSV agree), scope (a
// district user gets 404 for another district's case, a public filer sees only their own), the
// wizard's drafts and submission with the first legal dates, status moves, actions that move
// deadlines, extensions, links, withdrawals and the summary and state tracking CSVs.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEndedYear } from '../../api/dr/routes.js';
import { addDays, agencyToday } from '../../lib/day.js';
import { ISSUES_CSV_HEADER, SUMMARY_CSV_HEADER, TRACKING_CSV_HEADER } from '../../lib/dr/reports.js';
import { wizardMessages } from '../../lib/dr/request.js';
import { requestMessages, statusMessages } from '../../lib/dr/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, leaIdByCode, mailsTo } from './api-auth-helpers.js';

const BASE = '/api/disputeresolution';

const SPEC_TABLE7: Record<string, number> = {
  '1': 12, '1.1': 7, '1.1(a)': 4, '1.1(b)': 5, '1.1(c)': 1, '1.2': 2, '1.2(a)': 1, '1.3': 3,
  '2': 15, '2.1': 11, '2.1(a)': 4, '2.1(a)(i)': 3, '2.1(b)': 7, '2.1(b)(i)': 5, '2.2': 1, '2.3': 3,
  '3': 10, '3.1': 6, '3.1(a)': 2, '3.2': 3, '3.2(a)': 2, '3.2(b)': 1, '3.3': 1, '3.4': 6,
  '4': 2, '4.1': 1, '4.1(a)': 0, '4.2': 1, '4.2(a)': 1, '4.3': 0, '4.4': 1,
};

describe.each(testDbs)('dispute resolution API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  let publicUser: string;
  let mediator: string;
  let districtLea: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (token: string, path: string) => request(api.url).get(`${BASE}${path}`).set(as(token));
  const send = (method: 'post' | 'put' | 'delete', token: string, path: string, body: object = {}) => request(api.url)[method](`${BASE}${path}`).set(as(token)).send(body);
  const today = agencyToday();
  const priorYear = lastEndedYear(today);

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district, publicUser, mediator] = await Promise.all([
      accessToken(api, demo.stateUser),
      accessToken(api, demo.district),
      accessToken(api, demo.drPublic),
      accessToken(api, 'mediator1@demo.example'),
    ]);
    districtLea = await leaIdByCode(api, '55-0101-000');
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  describe('Table 7 on the seeded prior year (§9.1, §13)', () => {
    it('reads the spec numbers, passes every edit check, and B15 and B16 are 33.33% and 72.73%', async () => {
      const res = await get(state, '/reports/table7').query({ schoolYear: priorYear });
      expect(res.status).toBe(200);
      const values = Object.fromEntries((res.body.rows as { row: string; value: number }[]).map((r) => [r.row, r.value]));
      expect(values).toEqual(SPEC_TABLE7);
      expect(res.body.b15).toBe('33.33%');
      expect(res.body.b16).toBe('72.73%');
      expect((res.body.checks as { pass: boolean }[]).every((c) => c.pass)).toBe(true);
      expect(res.body.notes).toEqual(['Fewer than 10 resolution meetings: no baseline or target is required.']);
    });

    it.runIf(dbKind === 'postgres')('runs without JIT compiling, which cost Table 7 most of a second', async () => {
      const r = await api.ctx.db.query<{ jit: string }>('SHOW jit');
      expect(r.rows[0]?.jit).toBe('off');
    });

    it('exports the same numbers as CSV with the federal header and file name, and logs the export', async () => {
      const res = await get(state, '/reports/table7').query({ schoolYear: priorYear, format: 'csv' });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`table7-${priorYear}.csv`);
      const lines = res.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
      expect(lines[0]).toBe('Row,Label,Value');
      expect(lines[1]).toBe('1,Total number of written signed complaints filed.,12');
      expect(lines).toContain('B15,Resolution meetings resolved through settlement agreements (%),33.33');
      expect(lines).toContain('B16,Mediations held that resulted in agreements (%),72.73');
      const logged = await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'report.export' AND entity_id LIKE '%table7%'`);
      expect(logged.rows.length).toBeGreaterThan(0);
    });

    it('lets a district user see their LEAs only, labelled as filtered, and refuses another LEA', async () => {
      const own = await get(district, '/reports/table7').query({ schoolYear: priorYear });
      expect(own.status).toBe(200);
      expect(own.body.filtered).toBe(true);
      expect(own.body.rows[0].value).toBeLessThan(12);
      const other = await leaIdByCode(api, '28-0102-000');
      expect((await get(district, '/reports/table7').query({ leaId: other })).status).toBe(404);
    });

    it('drills down from a value to its cases, initials only', async () => {
      const res = await get(state, '/reports/table7/cases').query({ schoolYear: priorYear, row: '2.1(a)' });
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(4);
      expect((res.body.items as { caseNumber: string }[]).every((c) => c.caseNumber.startsWith('MED-'))).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/Lindgren|Petrakis|Okonkwo|Vasquez/);
      expect((await get(state, '/reports/table7/cases').query({ schoolYear: priorYear, row: '9.9' })).status).toBe(422);
    });

    it('certifies a year for state staff and keeps the snapshot', async () => {
      expect((await send('post', district, '/reports/table7/certify', { schoolYear: priorYear })).status).toBe(403);
      const res = await send('post', state, '/reports/table7/certify', { schoolYear: priorYear });
      expect(res.status).toBe(200);
      expect(res.body.certified.rows['1']).toBe(12);
      expect(res.body.certified.b16).toBe('72.73%');
    });
  });

  it('warns when a case of a certified year is reopened: the certified Table 7 will not change', async () => {
    const closed = (await api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE school_year = $1 AND status = 4 AND dispute_type = 1 LIMIT 1`, [priorYear])).rows[0]?.id as string;
    const res = await send('post', state, `/cases/${closed}/status`, { toStatus: 'Active', reason: 'Closed by mistake.' });
    if (res.status === 200) {
      expect(res.body.warnings).toEqual([statusMessages.certifiedYear(priorYear)]);
      await send('post', state, `/cases/${closed}/status`, { toStatus: 'Closed', outcome: 11 });
    } else {
      // Closed more than 365 days ago: the reopen is refused instead.
      expect(res.body.errors[0].message).toBe(statusMessages.reopenTooLate);
    }
  });

  describe('scope (§2)', () => {
    it('shows a district user only the cases of their LEA and answers 404 for another district’s case', async () => {
      const mine = await get(district, '/cases').query({ pageSize: 100 });
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBeGreaterThan(0);
      expect((mine.body.items as { leaId: number }[]).every((c) => c.leaId === districtLea)).toBe(true);
      const other = await api.ctx.db.query<{ id: string }>('SELECT id FROM dr_cases WHERE lea_id <> $1 AND status <> 0 LIMIT 1', [districtLea]);
      const id = other.rows[0]?.id as string;
      expect((await get(district, `/cases/${id}`)).status).toBe(404);
      expect((await get(state, `/cases/${id}`)).status).toBe(200);
    });

    it('shows the public filer their own cases and draft only, and a neutral only assigned cases', async () => {
      const mine = await get(publicUser, '/cases').query({ pageSize: 100 });
      expect(mine.status).toBe(200);
      expect(mine.body.items.length).toBeGreaterThanOrEqual(3);
      expect((mine.body.items as { isOwner: boolean }[]).every((c) => c.isOwner)).toBe(true);
      expect((mine.body.items as { status: number }[]).some((c) => c.status === 0)).toBe(true);
      const assigned = await get(mediator, '/cases');
      expect(assigned.body.total).toBe(1);
    });

    // The list filters by scopeSql and a record answers by caseInScope: two writings of §2 that
    // must agree, for every kind of viewer and every case.
    it('lists exactly the cases each viewer may open, and no other', async () => {
      const all = (await api.ctx.db.query<{ id: string }>('SELECT id FROM dr_cases WHERE NOT is_deleted')).rows.map((r) => r.id);
      for (const token of [state, district, publicUser, mediator]) {
        const listed = new Set<string>();
        for (let page = 1; ; page += 1) {
          const res = await get(token, '/cases').query({ pageSize: 100, pageNumber: page });
          for (const c of res.body.items as { id: string }[]) listed.add(c.id);
          if (page * 100 >= res.body.total) break;
        }
        const opened = new Set<string>();
        for (const id of all) if ((await get(token, `/cases/${id}`)).status === 200) opened.add(id);
        expect([...listed].sort()).toEqual([...opened].sort());
      }
    });

    it("counts the dashboard's open-case tiles as the case list does, in each viewer's scope", async () => {
      for (const token of [state, district]) {
        const tiles = (await get(token, '/dashboard')).body as { openByType: Record<string, number>; overdue: number; dueIn7Days: number };
        for (const type of [1, 2, 3, 4, 5]) {
          let open = 0;
          for (const status of [1, 2, 3]) open += (await get(token, '/cases').query({ type, status })).body.total as number;
          expect(tiles.openByType[String(type)], `type ${type}`).toBe(open);
        }
        expect(tiles.overdue).toBeGreaterThanOrEqual(0);
      }
    });

    it('keeps the list total true the moment a case changes, though totals are reused between changes', async () => {
      const before = (await get(district, '/cases')).body.total as number;
      expect((await get(district, '/cases')).body.total).toBe(before);
      const one = (await api.ctx.db.query<{ id: string }>('SELECT id FROM dr_cases WHERE lea_id = $1 AND status <> 0 AND NOT is_deleted LIMIT 1', [districtLea])).rows[0]!.id;
      await api.ctx.db.query('UPDATE dr_cases SET is_deleted = true WHERE id = $1', [one]);
      expect((await get(district, '/cases')).body.total).toBe(before - 1);
      await api.ctx.db.query('UPDATE dr_cases SET is_deleted = false WHERE id = $1', [one]);
      expect((await get(district, '/cases')).body.total).toBe(before);
    });

    it('shows list rows with initials only, never names', async () => {
      const res = await get(state, '/cases').query({ pageSize: 25 });
      expect(JSON.stringify(res.body)).not.toMatch(/Lindgren|Petrakis/);
      expect(res.body.items[0].studentInitials).toMatch(/^[A-Z]\.[A-Z]\.$/);
    });
  });

  describe('the Create Request wizard (§4.2, §7)', () => {
    it('refuses a step with the spec’s messages, saves it once valid, and submits a due process complaint with its first dates', async () => {
      const created = await send('post', publicUser, '/cases');
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const step1 = await send('put', publicUser, `/cases/${id}/draft`, { step: 1, data: {} });
      expect(step1.status).toBe(422);
      expect(step1.body.errors).toContainEqual({ field: 'requesterType', message: wizardMessages.requesterType });
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 1, requesterType: 1 })).status).toBe(200);
      const noOption = await send('put', publicUser, `/cases/${id}/draft`, { step: 2 });
      expect(noOption.body.errors).toContainEqual({ field: 'option', message: wizardMessages.option });
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 2, option: 'DP' })).status).toBe(200);
      const student = { firstName: 'Test', lastName: 'Student', dateOfBirth: addDays(today, -10 * 365), isHomeless: false, residenceAddress: '1 Main St', schoolId: 'other', schoolNameOther: 'Other School', grade: '05' };
      const badAge = await send('put', publicUser, `/cases/${id}/draft`, { step: 3, leaId: districtLea, data: { student: { ...student, dateOfBirth: addDays(today, -30 * 365) } } });
      expect(badAge.body.errors).toContainEqual({ field: 'student.dateOfBirth', message: requestMessages.ageRange });
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 3, leaId: districtLea, data: { student } })).status).toBe(200);
      const old = await send('put', publicUser, `/cases/${id}/draft`, { step: 4, data: { issues: ['EVAL'], problemDescription: 'No evaluation.', proposedResolution: 'Evaluate.', knewDate: addDays(today, -800) } });
      expect(old.body.errors).toContainEqual({ field: 'knewDateUnderstood', message: requestMessages.olderThanTwoYears });
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 4, data: { issues: ['EVAL'], problemDescription: 'No evaluation.', proposedResolution: 'Evaluate.', knewDate: addDays(today, -30) } })).status).toBe(200);
      const noAnswers = await send('put', publicUser, `/cases/${id}/draft`, { step: 5 });
      expect(noAnswers.body.errors).toContainEqual({ field: 'dpAnswers.q1Expedited', message: wizardMessages.answer });
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 5, data: { dpAnswers: { q1Expedited: false, q2RequestMediation: true, q3HasAttorney: false } } })).status).toBe(200);
      const wrongName = await send('post', publicUser, `/cases/${id}/submit`, { typedName: 'Someone Else', agreed: false });
      expect(wrongName.status).toBe(422);
      expect(wrongName.body.errors).toContainEqual({ field: 'typedName', message: requestMessages.signatureMismatch('Casey Public Parent') });
      expect(wrongName.body.errors).toContainEqual({ field: 'agreed', message: wizardMessages.agree });
      const submitted = await send('post', publicUser, `/cases/${id}/submit`, { typedName: ' casey public parent ', agreed: true });
      expect(submitted.status).toBe(200);
      expect(submitted.body.caseNumber).toMatch(/^DP-\d{4}-\d{3}$/);
      expect(submitted.body.receivedDate).toBe(today);
      // The signature keeps the version of each signing text the filer was shown (§11).
      const stored = await api.ctx.db.query<{ versions: Record<string, string> }>(`SELECT data->'signature'->'textVersions' AS versions FROM dr_cases WHERE id = $1`, [id]);
      expect(Object.keys(stored.rows[0]!.versions).sort()).toEqual(['electronic-signature-submission', 'signature-disclaimer']);
      expect(stored.rows[0]!.versions['signature-disclaimer']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const codes = Object.fromEntries((submitted.body.deadlines as { code: string; originalDueDate: string }[]).map((d) => [d.code, d.originalDueDate]));
      expect(codes.DP_RESOLUTION_MEETING).toBe(addDays(today, 15));
      expect(codes.DP_RESOLUTION_PERIOD_END).toBe(addDays(today, 30));
      expect(codes.DP_DECISION).toBe(addDays(today, 75));
      // DR Request Submitted reaches the filer (a system message).
      const notice = await api.ctx.db.query(`SELECT 1 FROM notices WHERE key = $1`, [`dr-submitted:${id}`]);
      expect(notice.rows).toHaveLength(1);
      // Question 2 = yes: a linked mediation request (relation 2).
      expect(submitted.body.linkedMediation).toMatch(/^MED-/);
      const links = await get(publicUser, `/cases/${id}/links`);
      expect(links.body).toHaveLength(1);
      expect(links.body[0].relation).toBe(2);
      // Submitted: no more draft edits; the state sees it, the district of the respondent LEA too.
      expect((await send('put', publicUser, `/cases/${id}/draft`, { step: 1, requesterType: 1 })).status).toBe(422);
      expect((await get(district, `/cases/${id}`)).status).toBe(200);
    });
  });

  describe('staff intake (§4.2)', () => {
    async function draftOf(token: string, option: 'SC' | 'DP'): Promise<string> {
      const id = (await send('post', token, '/cases')).body.id as string;
      const student = { firstName: 'Intake', lastName: 'Student', dateOfBirth: addDays(today, -9 * 365), isHomeless: false, residenceAddress: '2 Main St', schoolId: 'other', schoolNameOther: 'Other School', grade: '04' };
      const steps: object[] = [
        { step: 1, requesterType: 1, data: { requester: { fullName: 'Pat Paper Filer', email: 'pat.filer@family.example' } } },
        { step: 2, option },
        { step: 3, leaId: districtLea, data: { student } },
        option === 'SC'
          ? { step: 4, data: { allegations: [{ requirement: 'IEP not implemented', facts: 'No services.', violationDate: addDays(today, -30) }], proposedResolution: 'Services.' } }
          : { step: 4, data: { issues: ['EVAL'], problemDescription: 'No evaluation.', proposedResolution: 'Evaluate.', knewDate: addDays(today, -30) } },
        ...(option === 'DP' ? [{ step: 5, data: { dpAnswers: { q1Expedited: false, q2RequestMediation: false, q3HasAttorney: false } } }] : []),
      ];
      for (const body of steps) expect((await send('put', token, `/cases/${id}/draft`, body)).status, JSON.stringify(body)).toBe(200);
      return id;
    }

    it('files a paper due process complaint with its received dates: the deadlines run from them (§6.3 example)', async () => {
      const id = await draftOf(state, 'DP');
      expect((await send('post', publicUser, `/cases/${id}/submit`, { intake: { receivedDate: '2025-10-01', receivedVia: 'Mail' } })).status).toBe(404);
      const bad = await send('post', state, `/cases/${id}/submit`, { intake: { receivedDate: addDays(today, 1), receivedVia: 'Pigeon' } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toContainEqual({ field: 'intake.receivedDate', message: 'No future dates allowed' });
      expect(bad.body.errors).toContainEqual({ field: 'intake.receivedVia', message: 'Select how the request was received.' });
      const ok = await send('post', state, `/cases/${id}/submit`, { intake: { receivedDate: '2025-10-01', receivedVia: 'Mail' } });
      expect(ok.status).toBe(200);
      expect(ok.body.receivedDate).toBe('2025-10-01');
      expect(ok.body.caseNumber).toMatch(/^DP-2526-\d{3}$/);
      const due = Object.fromEntries((ok.body.deadlines as { code: string; originalDueDate: string }[]).map((d) => [d.code, d.originalDueDate]));
      expect(due).toMatchObject({ DP_RESPONSE: '2025-10-11', DP_RESOLUTION_MEETING: '2025-10-16', DP_RESOLUTION_PERIOD_END: '2025-10-31', DP_DECISION: '2025-12-15' });
      // DR Request Submitted reaches the paper filer's address by name, not the staff member who took it in (§11).
      const toFiler = (await mailsTo(api, 'pat.filer@family.example')).filter((m) => m.subject.includes(ok.body.caseNumber));
      expect(toFiler.map((m) => m.text.split('\n')[0])).toEqual(['Hello Pat Paper Filer,']);
      expect((await mailsTo(api, demo.stateUser)).some((m) => m.subject.startsWith('Your dispute resolution request'))).toBe(false);
      // Out of the seeded reporting year's numbers again: state staff delete it, with a reason.
      expect((await send('delete', state, `/cases/${id}`, {})).status).toBe(422);
      expect((await send('delete', state, `/cases/${id}`, { reason: 'Test filing.' })).status).toBe(204);
      expect((await get(state, `/cases/${id}`)).status).toBe(404);
    });

    it('keeps an unsigned paper state complaint a draft', async () => {
      const id = await draftOf(state, 'SC');
      const unsigned = await send('post', state, `/cases/${id}/submit`, { intake: { receivedDate: today, receivedVia: 'Email' } });
      expect(unsigned.status).toBe(422);
      expect(unsigned.body.errors[0].field).toBe('intake.signatureOnFile');
      expect((await send('post', state, `/cases/${id}/submit`, { intake: { receivedDate: today, receivedVia: 'Email', signatureOnFile: true } })).status).toBe(200);
    });
  });

  describe('status, actions, extensions, links and withdrawals (§5, §6)', () => {
    let scId: string;

    beforeAll(async () => {
      const r = await api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE dispute_type = 3 AND status = 1 ORDER BY received_date LIMIT 1`);
      scId = r.rows[0]?.id as string;
    });

    it('accepts a complaint only once its content checklist is ticked, and a district user may not', async () => {
      const refused = await send('post', state, `/cases/${scId}/status`, { toStatus: 'Active' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toBe(statusMessages.checklistIncomplete);
      expect((await send('put', state, `/cases/${scId}`, { contentChecklistComplete: true })).status).toBe(200);
      const other = await send('post', district, `/cases/${scId}/status`, { toStatus: 'Active' });
      expect([403, 404]).toContain(other.status);
      const ok = await send('post', state, `/cases/${scId}/status`, { toStatus: 'Active' });
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe(2);
    });

    it('refuses closing without an outcome, and an extension after its due date', async () => {
      const close = await send('post', state, `/cases/${scId}/status`, { toStatus: 'Closed' });
      expect(close.body.errors[0].message).toBe(statusMessages.outcomeRequired);
      const detail = await get(state, `/cases/${scId}`);
      const due = (detail.body.deadlines as { code: string; originalDueDate: string }[]).find((d) => d.code === 'SC_DECISION')?.originalDueDate as string;
      const late = await send('post', state, `/cases/${scId}/extensions`, { deadlineCode: 'SC_DECISION', newDueDate: addDays(due, -1), grantedDate: today, reason: 'EXCEPTIONAL' });
      expect(late.status).toBe(422);
      expect(late.body.errors[0].field).toBe('newDueDate');
      const ok = await send('post', state, `/cases/${scId}/extensions`, { deadlineCode: 'SC_DECISION', newDueDate: addDays(due, 20), grantedDate: today, reason: 'EXCEPTIONAL' });
      expect(ok.status).toBe(201);
      expect((ok.body as { code: string; extendedDueDate: string }[]).find((d) => d.code === 'SC_DECISION')?.extendedDueDate).toBe(addDays(due, 20));
    });

    it('issues a complaint report only once each finding of noncompliance has a corrective action, which the district submits and state staff verify', async () => {
      const close = { toStatus: 'Closed', outcome: 31, reportDate: today };
      expect((await send('put', state, `/cases/${scId}`, { findings: [{ index: 0, finding: 1 }] })).status).toBe(200);
      const noCa = await send('post', state, `/cases/${scId}/status`, close);
      expect(noCa.status).toBe(422);
      expect(noCa.body.errors.map((e: { message: string }) => e.message)).toContain(statusMessages.correctiveActionPerFinding);
      const blank = await send('post', state, `/cases/${scId}/corrective-actions`, { allegation: 0, description: '', dueDate: '' });
      expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual(['Describe the corrective action.', 'Enter the due date of the corrective action.']);
      const added = await send('post', state, `/cases/${scId}/corrective-actions`, { allegation: 0, description: 'Train staff on IEP implementation.', dueDate: addDays(today, 60) });
      expect(added.status).toBe(201);
      const ca = added.body.data.allegations[0].correctiveActions[0] as { id: string; status: string };
      expect(ca.status).toBe('Open');
      expect((await send('put', state, `/cases/${scId}/corrective-actions/${ca.id}`, { status: 'Verified' })).status).toBe(422);
      expect((await send('put', state, `/cases/${scId}/corrective-actions/${ca.id}`, { status: 'Submitted' })).status).toBe(200);
      const findings = ((await get(state, `/cases/${scId}`)).body.data.allegations as unknown[]).map((_, index) => ({ index, finding: index === 0 ? 1 : 2 }));
      expect((await send('put', state, `/cases/${scId}`, { findings })).status).toBe(200);
      const closed = await send('post', state, `/cases/${scId}/status`, close);
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ status: 4, outcome: 31, reportDate: today });
      expect((closed.body.deadlines as { code: string; state: string }[]).find((d) => d.code === 'SC_DECISION')?.state).toBe('Met');
      const verified = await send('put', state, `/cases/${scId}/corrective-actions/${ca.id}`, { status: 'Verified' });
      expect(verified.body.data.allegations[0].correctiveActions[0].status).toBe('Verified');
      // Reopened for the tests after this one (within 365 days, with a reason); its year is not certified.
      const reopened = await send('post', state, `/cases/${scId}/status`, { toStatus: 'Active', reason: 'Reopened for a test.' });
      expect(reopened.status).toBe(200);
      expect(reopened.body.warnings).toEqual([]);
    });

    it('moves a due process decision date when the resolution meeting is waived, and logs the recalculation', async () => {
      const r = await api.ctx.db.query<{ id: string; received: string }>(
        `SELECT c.id, to_char(c.received_date, 'YYYY-MM-DD') AS received FROM dr_cases c WHERE c.dispute_type = 4 AND c.status = 2 AND NOT EXISTS (SELECT 1 FROM dr_case_actions a WHERE a.case_id = c.id) ORDER BY c.received_date DESC LIMIT 1`,
      );
      const dp = r.rows[0] as { id: string; received: string };
      const waived = addDays(dp.received, 2);
      const res = await send('post', state, `/cases/${dp.id}/actions`, { type: 'RESOLUTION_WAIVED', actionDate: waived, note: 'Both parties waived in writing.', visibility: 'Parties' });
      expect(res.status).toBe(201);
      const decision = (res.body.deadlines as { code: string; originalDueDate: string }[]).find((d) => d.code === 'DP_DECISION');
      expect(decision?.originalDueDate).toBe(addDays(waived, 45));
      const actions = await get(state, `/cases/${dp.id}/actions`);
      expect((actions.body as { type: string }[]).map((a) => a.type)).toContain('DUE_DATE_RECALCULATED');
      const future = await send('post', state, `/cases/${dp.id}/actions`, { type: 'HEARING_HELD', actionDate: addDays(today, 3) });
      expect(future.body.errors).toContainEqual({ field: 'actionDate', message: 'No future dates allowed' });
    });

    it('links cases by number, refusing itself and a second link', async () => {
      const detail = await get(state, `/cases/${scId}`);
      const self = await send('post', state, `/cases/${scId}/links`, { caseNumber: detail.body.caseNumber, relation: 1 });
      expect(self.body.errors[0].message).toBe('A case cannot be linked to itself.');
      const other = (await api.ctx.db.query<{ case_number: string }>(`SELECT case_number FROM dr_cases WHERE dispute_type = 2 AND status = 2 LIMIT 1`)).rows[0]?.case_number;
      expect((await send('post', state, `/cases/${scId}/links`, { caseNumber: other, relation: 1 })).status).toBe(201);
      const again = await send('post', state, `/cases/${scId}/links`, { caseNumber: other, relation: 1 });
      expect(again.body.errors[0].message).toBe('These cases are already linked.');
    });

    it('takes one withdrawal request from the filer and closes the case when state staff approve it', async () => {
      const own = await get(publicUser, '/cases').query({ status: 2 });
      const sc = (own.body.items as { id: string; disputeType: number }[]).find((c) => c.disputeType === 3);
      expect(sc).toBeDefined();
      const id = (sc as { id: string }).id;
      expect((await send('post', district, `/cases/${id}/withdrawals`, { reason: 'x' })).status).toBe(403);
      const first = await send('post', publicUser, `/cases/${id}/withdrawals`, { reason: 'We resolved it with the school.' });
      expect(first.status).toBe(201);
      const second = await send('post', publicUser, `/cases/${id}/withdrawals`, { reason: 'Again.' });
      expect(second.body.errors[0].message).toBe('A withdrawal request for this case is already waiting for review.');
      const pending = await get(state, '/withdrawals');
      expect((pending.body as { id: number }[]).some((w) => w.id === first.body.id)).toBe(true);
      const declineNoNote = await send('put', state, `/withdrawals/${first.body.id}`, { status: 'Declined' });
      expect(declineNoNote.status).toBe(422);
      const approved = await send('put', state, `/withdrawals/${first.body.id}`, { status: 'Approved' });
      expect(approved.body.status).toBe('Approved');
      const closed = await get(publicUser, `/cases/${id}`);
      expect(closed.body.status).toBe(4);
      expect(closed.body.outcome).toBe(32);
      const afterClose = await send('post', publicUser, `/cases/${id}/withdrawals`, { reason: 'Once more.' });
      expect(afterClose.body.errors[0].message).toBe('This case is closed and cannot be withdrawn.');
    });
  });

  describe('neutrals and assignments (§4.9, §5.3, §8)', () => {
    it('lists the roster per type with the next in rotation, for state staff only', async () => {
      expect((await get(district, '/neutrals')).status).toBe(403);
      const res = await get(state, '/neutrals').query({ type: 3 });
      expect(res.status).toBe(200);
      const names = (res.body as { name: string }[]).map((n) => n.name);
      expect(names).toContain('Hector Hearing Officer Four');
      expect((res.body as { nextInRotation: boolean }[]).filter((n) => n.nextInRotation)).toHaveLength(1);
    });

    it('refuses a hearing officer whose annual training is overdue', async () => {
      const dp = (await api.ctx.db.query<{ id: string }>(`SELECT c.id FROM dr_cases c WHERE c.dispute_type = 4 AND c.status = 2 AND NOT EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = c.id AND a.neutral_type = 3 AND a.status IN ('Proposed', 'Accepted')) LIMIT 1`)).rows[0];
      const officer4 = (await api.ctx.db.query<{ id: string }>(`SELECT id::text FROM users WHERE email = 'hearingofficer4@demo.example'`)).rows[0]?.id;
      if (!dp) {
        const anyDp = (await api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE dispute_type = 4 AND status = 2 LIMIT 1`)).rows[0]?.id;
        await api.ctx.db.query(`UPDATE dr_assignments SET status = 'Removed' WHERE case_id = $1`, [anyDp]);
      }
      const target = dp?.id ?? (await api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE dispute_type = 4 AND status = 2 LIMIT 1`)).rows[0]?.id;
      const res = await send('post', state, `/cases/${target}/assignments`, { neutralType: 3, method: 4, userId: officer4 });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].message).toBe('Annual training is overdue; this hearing officer cannot be assigned.');
    });

    it('proposes the next mediator by rotation; the mediator must confirm no conflict to accept, and then sees the case', async () => {
      const med = (await api.ctx.db.query<{ id: string }>(`SELECT c.id FROM dr_cases c WHERE c.dispute_type = 2 AND c.status = 2 AND NOT EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = c.id) LIMIT 1`)).rows[0]?.id as string;
      const proposed = await send('post', state, `/cases/${med}/assignments`, { neutralType: 2, method: 1 });
      expect(proposed.status).toBe(201);
      const assignment = (proposed.body as { id: number; userId: string; status: string }[]).find((a) => a.status === 'Proposed');
      expect(assignment).toBeDefined();
      const email = (await api.ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [assignment?.userId])).rows[0]?.email as string;
      const neutral = await accessToken(api, email);
      expect(email).toMatch(/^mediator\d@demo\.example$/);
      expect((await get(neutral, `/cases/${med}`)).status).toBe(404);
      const mine = await get(neutral, '/assignments/mine');
      expect((mine.body as { id: number }[]).map((a) => a.id)).toContain(assignment?.id);
      expect((await send('put', state, `/assignments/${assignment?.id}`, { status: 'Accepted', noConflictConfirmed: true })).status).toBe(403);
      const noStatement = await send('put', neutral, `/assignments/${assignment?.id}`, { status: 'Accepted' });
      expect(noStatement.status).toBe(422);
      expect(noStatement.body.errors[0].message).toBe('Confirm that you have no personal or professional conflict with this case.');
      expect((await send('put', neutral, `/assignments/${assignment?.id}`, { status: 'Accepted', noConflictConfirmed: true })).status).toBe(200);
      expect((await get(neutral, `/cases/${med}`)).status).toBe(200);
      const again = await send('post', state, `/cases/${med}/assignments`, { neutralType: 2, method: 1 });
      expect(again.body.errors[0].message).toBe('A neutral of this type is already proposed or assigned to this case.');
    });
  });

  it('reminds the case manager and the neutral of deadlines 7 and 2 days ahead and the day after, once each', async () => {
    const admin = await accessToken(api, demo.admin);
    const due = (await api.ctx.db.query<{ case_id: string; code: string; due: string }>(
      `SELECT d.case_id, d.code, to_char(COALESCE(d.extended_due_date, d.original_due_date), 'YYYY-MM-DD') AS due
         FROM dr_deadlines d JOIN dr_cases c ON c.id = d.case_id WHERE d.state = 'Pending' AND c.status IN (1, 2, 3) AND c.case_manager_user_id IS NOT NULL
        ORDER BY 3 DESC LIMIT 1`,
    )).rows[0] as { case_id: string; code: string; due: string };
    const runFor = (day: string) => request(api.url).post('/api/jobs/dr-deadline-reminders/run').set(as(admin)).send({ day });
    const first = await runFor(addDays(due.due, -7));
    expect(first.status).toBe(200);
    const keys = async () => (await api.ctx.db.query<{ key: string }>(`SELECT key FROM notices WHERE key LIKE $1`, [`dr-reminder:${due.case_id}:${due.code}:%`])).rows.map((r) => r.key);
    expect(await keys()).toEqual([`dr-reminder:${due.case_id}:${due.code}:${due.due}:approaching-7`]);
    await runFor(addDays(due.due, -7));
    expect(await keys()).toHaveLength(1);
    await runFor(addDays(due.due, -2));
    await runFor(addDays(due.due, 1));
    expect((await keys()).sort()).toEqual(['approaching-2', 'approaching-7', 'missed'].map((k) => `dr-reminder:${due.case_id}:${due.code}:${due.due}:${k}`));
  });

  it('moves an open case’s business-day deadline when a holiday is added before it, and back when it is removed (§6.4)', async () => {
    const row = (await api.ctx.db.query<{ case_id: string; due: string; hearing: string }>(
      `SELECT d.case_id, to_char(d.original_due_date, 'YYYY-MM-DD') AS due, to_char(c.hearing_date, 'YYYY-MM-DD') AS hearing
         FROM dr_deadlines d JOIN dr_cases c ON c.id = d.case_id WHERE d.code = 'DISCLOSURE' AND d.state = 'Pending' AND c.status IN (1, 2, 3) LIMIT 1`,
    )).rows[0] as { case_id: string; due: string; hearing: string };
    // A weekday strictly between the disclosure date and the hearing that is not a holiday yet.
    let day = addDays(row.due, 1);
    const isWeekday = (d: string) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay());
    while (!isWeekday(day) || (await api.ctx.db.query('SELECT 1 FROM holidays WHERE date = $1', [day])).rows.length) day = addDays(day, 1);
    expect(day < row.hearing).toBe(true);
    expect((await send('post', state, '/holidays', { date: day, name: 'Test closure', kind: 'State' })).status).toBe(201);
    const moved = (await get(state, `/cases/${row.case_id}/deadlines`)).body as { code: string; originalDueDate: string }[];
    const after = moved.find((d) => d.code === 'DISCLOSURE')?.originalDueDate as string;
    expect(after < row.due).toBe(true);
    const log = (await get(state, `/cases/${row.case_id}/actions`)).body as { type: string; note: string }[];
    expect(log.some((a) => a.type === 'DUE_DATE_RECALCULATED' && a.note.includes(`${row.due} to ${after}`))).toBe(true);
    expect((await send('delete', state, `/holidays/${day}`)).status).toBeLessThan(300);
    const back = ((await get(state, `/cases/${row.case_id}/deadlines`)).body as { code: string; originalDueDate: string }[]).find((d) => d.code === 'DISCLOSURE');
    expect(back?.originalDueDate).toBe(row.due);
  });

  it('deletes drafts untouched for 90 days, and only those', async () => {
    const admin = await accessToken(api, demo.admin);
    const fresh = (await send('post', publicUser, '/cases')).body.id as string;
    const stale = (await send('post', publicUser, '/cases')).body.id as string;
    await api.ctx.db.query(`UPDATE dr_cases SET updated_at = now() - interval '91 days' WHERE id = $1`, [stale]);
    const run = await request(api.url).post('/api/jobs/dr-stale-drafts/run').set(as(admin)).send({ day: today });
    expect(run.status).toBe(200);
    expect((await get(publicUser, `/cases/${stale}`)).status).toBe(404);
    expect((await get(publicUser, `/cases/${fresh}`)).status).toBe(200);
  });

  it('describes every dispute resolution endpoint in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/cases', 'get'], ['/cases', 'post'], ['/cases/{id}', 'get'], ['/cases/{id}', 'put'], ['/cases/{id}', 'delete'], ['/cases/{id}/draft', 'put'],
      ['/cases/{id}/submit', 'post'], ['/cases/{id}/status', 'post'], ['/cases/{id}/deadlines', 'get'], ['/cases/{id}/extensions', 'post'],
      ['/cases/{id}/actions', 'get'], ['/cases/{id}/actions', 'post'], ['/cases/{id}/links', 'post'], ['/cases/{id}/links/{linkId}', 'delete'],
      ['/cases/{id}/withdrawals', 'post'], ['/withdrawals', 'get'], ['/withdrawals/{id}', 'put'], ['/reports/table7', 'get'], ['/reports/table7/certify', 'post'],
      ['/reports/table7/cases', 'get'], ['/reports/summary', 'get'], ['/reports/state-tracking', 'get'], ['/neutrals', 'get'], ['/neutrals/{userId}', 'put'], ['/cases/{id}/assignments', 'post'],
      ['/assignments/{id}', 'put'], ['/assignments/{id}', 'delete'], ['/assignments/mine', 'get'],
      ['/respondents', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[`${BASE}${path}`]?.[method], `${method} ${path}`).toBeDefined();
  });

  describe('summary and state tracking (§9.2, §9.3)', () => {
    it('exports the summary with its exact header and a statewide total of 45 cases', async () => {
      const res = await get(state, '/reports/summary').query({ schoolYear: priorYear });
      expect(res.status).toBe(200);
      expect(res.body.total.totalRequests).toBe(45);
      const csv = await get(state, '/reports/summary').query({ schoolYear: priorYear, format: 'csv' });
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
      expect(lines[0]).toBe(SUMMARY_CSV_HEADER.join(','));
      expect(lines.at(-1)).toMatch(/^,Statewide total,8,15,12,8,2,45,/);
    });

    it("answers the Issues table, and its CSV holds the same rows under the exact header", async () => {
      // State complaints only: every seeded complaint raises IEP implementation.
      const res = await get(state, '/reports/summary').query({ schoolYear: priorYear, type: 3 });
      const issues = res.body.issues as { code: string; issue: string; cases: number; noncomplianceFindings: number }[];
      const iep = issues.find((r) => r.code === 'IEPIMP');
      expect(iep?.cases).toBe(12);
      expect(iep?.noncomplianceFindings).toBeGreaterThan(0);
      for (const r of issues) expect(r.cases).toBeLessThanOrEqual(12);
      const csv = await get(state, '/reports/summary').query({ schoolYear: priorYear, type: 3, format: 'csv', table: 'issues' });
      expect(csv.headers['content-disposition']).toContain(`dr-summary-issues-${priorYear}.csv`);
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
      expect(lines[0]).toBe(ISSUES_CSV_HEADER.join(','));
      expect(lines.slice(1)).toEqual(issues.map((r) => [r.code, r.issue, r.cases, r.noncomplianceFindings].join(',')));
    });

    it('lists open cases by days left for state staff only, with the exact CSV header', async () => {
      expect((await get(district, '/reports/state-tracking')).status).toBe(403);
      const res = await get(state, '/reports/state-tracking');
      expect(res.status).toBe(200);
      const days = (res.body.rows as { daysLeft: number | null }[]).map((r) => r.daysLeft).filter((d): d is number => d !== null);
      expect(days).toEqual([...days].sort((a, b) => a - b));
      expect(res.body.rows.some((r: { deadlineStatus: string }) => r.deadlineStatus === 'Overdue')).toBe(true);
      const csv = await get(state, '/reports/state-tracking').query({ format: 'csv' });
      expect(csv.text.replace(/^\uFEFF/, '').split(/\r\n/)[0]).toBe(TRACKING_CSV_HEADER.join(','));
    });
  });
});
