// The Early Childhood Outcomes API (ECO spec §10) on PGlite and PostgreSQL, with fixture children
// made through the API (no seeded ECO data): scope (another district's child and record are 404),
// validation messages of §5, the rating transitions of §4 with their permissions, locks and order
// rules, stale versions, bulk finalize, unlock and unlock requests, claims between LEAs (§6.9),
// the child list's masking and sort, the statewide lookup, and the events with their changes.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueCounts, sendScoresDue } from '../../api/eco/jobs.js';
import { addDays, addYears, agencyToday } from '../../lib/day.js';
import { ecoClaimText, ecoNotificationText, ecoStatusMessages as m, ecoValidationMessages as v } from '../../lib/eco/messages.js';
import { ecoChildDetail, ecoRecordList, ecoScorePage } from '../../lib/eco/contract.js';
import { messageDate } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, createUser, demo, leaIdByCode, STRONG_PASSWORD } from './api-auth-helpers.js';

const BASE = '/api/eco';
const today = agencyToday();
const birthDate = addYears(today, -4);
const entryDate = addDays(today, -200);
const exitDate = addDays(today, -5);
const ssid = () => `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

const entryForm = (r: [number, number, number]) => ({
  ratingDate: addDays(entryDate, 10),
  ratingA: r[0],
  ratingB: r[1],
  ratingC: r[2],
  teamMembers: [{ name: 'Pat Teacher', role: 'ecse-teacher' }],
  familyInput: 'received-in-meeting',
  sources: ['observation'],
});
const exitForm = (r: [number, number, number], p: ['Y' | 'N', 'Y' | 'N', 'Y' | 'N']) => ({
  ...entryForm(r),
  ratingDate: exitDate,
  newSkillsA: p[0],
  newSkillsB: p[1],
  newSkillsC: p[2],
});

describe.each(testDbs)('early childhood outcomes API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let admin: string;
  let district: string;
  let riverbend: string;
  let publicUser: string;
  let districtLea: number;
  let riverbendLea: number;
  let districtUserId: string;

  const hdr = (token: string, lea?: number) => ({ Authorization: `Bearer ${token}`, ...(lea ? { CurrentLeaId: String(lea) } : {}) });
  const get = (token: string, path: string, lea?: number) => request(api.url).get(`${BASE}${path}`).set(hdr(token, lea));
  const send = (method: 'post' | 'put' | 'delete', token: string, path: string, body: object = {}, lea?: number) =>
    request(api.url)[method](`${BASE}${path}`).set(hdr(token, lea)).send(body);

  async function newChild(token: string, lea: number, extra: Record<string, unknown> = {}): Promise<{ childId: number; recordId: number; ssid: string }> {
    const id = ssid();
    const res = await send('post', token, '/children', { stateStudentId: id, firstName: 'Avery', lastName: 'Zephyr', birthDate, entryDate, disabilityCategory: 'developmental-delay', ...extra }, lea);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...(res.body as { childId: number; recordId: number }), ssid: (extra.stateStudentId as string | undefined) ?? id };
  }
  const page = async (token: string, recordId: number, type: 'entry' | 'exit') => {
    const res = await get(token, `/records/${recordId}/${type}`);
    expect(res.status).toBe(200);
    return ecoScorePage.parse(res.body);
  };
  const messagesOf = async (userId: string) =>
    (await api.ctx.db.query<{ message: string }>('SELECT message FROM notification_messages WHERE user_id = $1', [userId])).rows.map((r) => r.message);

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, admin, district, publicUser] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.admin), accessToken(api, demo.district), accessToken(api, demo.drPublic)]);
    districtLea = await leaIdByCode(api, '55-0101-000');
    riverbendLea = await leaIdByCode(api, '28-0102-000');
    const rb = await createUser(api, admin, { roles: ['Local User'], leaId: riverbendLea, leaIds: [riverbendLea] });
    riverbend = await accessToken(api, rb.email, STRONG_PASSWORD);
    districtUserId = (await api.ctx.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [demo.district])).rows[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('creates a child with its record, lists it masked, and keeps scope: another district gets 404, the public 403', async () => {
    const c = await newChild(district, districtLea, { entryDate: addDays(today, -10) });
    const detail = await get(district, `/children/${c.childId}`);
    expect(detail.status).toBe(200);
    const parsed = ecoChildDetail.parse(detail.body);
    expect(parsed.child.stateStudentId).toBe(c.ssid);
    expect(parsed.records[0]!.status).toBe('entry-pending');
    expect(parsed.events.map((e) => e.action)).toEqual(['child-created']);
    const viewed = await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'eco.pii-view' AND entity_id = $1`, [String(c.childId)]);
    expect(viewed.rows.length).toBeGreaterThan(0);

    const list = await get(district, '/records', districtLea).query({ pageSize: 'all' });
    expect(list.status).toBe(200);
    const item = ecoRecordList.parse(list.body).items.find((i) => i.childId === c.childId)!;
    expect(item.ssidMasked).toBe(`••••••${c.ssid.slice(-4)}`);
    expect(JSON.stringify(list.body)).not.toContain(c.ssid);
    const csv = await get(district, '/records', districtLea).query({ format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/eco-child-list-\d{4}-\d{4}\.csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('stateStudentId,lastName,firstName,birthDate,schoolName,leaName,entryDate,entryStatus,exitDate,exitStatus,status,notIncludedReason,dueDate,flags');
    expect(lines.some((l) => l.startsWith(`${c.ssid},Zephyr,Avery,`))).toBe(true);
    const exported = await api.ctx.db.query<{ changes: unknown }>(`SELECT changes FROM eco_events WHERE action = 'export' AND user_id = $1`, [districtUserId]);
    expect(exported.rows.length).toBeGreaterThan(0);

    for (const path of [`/children/${c.childId}`, `/records/${c.recordId}/entry`, `/records/${c.recordId}/exit`]) {
      const res = await get(riverbend, path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Not found');
    }
    expect((await send('put', riverbend, `/records/${c.recordId}/entry`, entryForm([3, 3, 3]))).status).toBe(404);
    const pub = await get(publicUser, '/records');
    expect(pub.status).toBe(403);
    expect(pub.body.message).toBe('Access Denied!');
    expect((await get(district, '/records', riverbendLea)).status).toBe(403);
  });

  it('answers bad child input with §5 messages, including the state student ID already recorded here or elsewhere', async () => {
    const res = await send('post', district, '/children', { stateStudentId: '12345', firstName: 'R2D2', lastName: '', birthDate: '2099-01-01', entryDate: 'x', disabilityCategory: 'nope' }, districtLea);
    expect(res.status).toBe(400);
    const byField = Object.fromEntries((res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      stateStudentId: v.ssidDigits,
      firstName: 'Numbers are not allowed',
      lastName: 'Field is required',
      birthDate: 'No future dates allowed',
      disabilityCategory: 'A value must be selected from the list',
    });
    const early = await send('post', district, '/children', { stateStudentId: ssid(), firstName: 'A', lastName: 'B', birthDate, entryDate: addDays(addYears(birthDate, 3), -1), disabilityCategory: 'autism' }, districtLea);
    expect(early.body.errors).toContainEqual({ field: 'entryDate', message: v.entryBeforeThirdBirthday(addYears(birthDate, 3)) });

    const c = await newChild(district, districtLea);
    const again = await send('post', district, '/children', { stateStudentId: c.ssid, firstName: 'A', lastName: 'B', birthDate, entryDate, disabilityCategory: 'autism' }, districtLea);
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toEqual({ field: 'stateStudentId', message: v.ssidInYourLea('Prairie View Public Schools') });
    const other = await send('post', riverbend, '/children', { stateStudentId: c.ssid, firstName: 'A', lastName: 'B', birthDate, entryDate, disabilityCategory: 'autism' });
    expect(other.body.errors[0]).toEqual({ field: 'stateStudentId', message: v.ssidInOtherLea });
    for (const body of [null, [], 'x', { stateStudentId: ['1'], firstName: { $gt: '' } }]) {
      const r = await request(api.url).post(`${BASE}/children`).set(hdr(district, districtLea)).send(body as object);
      expect(r.status).toBeLessThan(500);
    }
  });

  it('refuses ratings 0, 8, 3.5 and x, keeps versions (stale → 409), submits, then locks the ratings and the child', async () => {
    const c = await newChild(district, districtLea);
    for (const bad of [0, 8, 3.5, 'x']) {
      const res = await send('put', district, `/records/${c.recordId}/entry`, { ...entryForm([3, 3, 3]), ratingB: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'ratingB', message: 'Ratings must be whole numbers from 1 to 7.' });
    }
    expect((await page(district, c.recordId, 'entry')).assessment).toBeNull();

    const saved = await send('put', district, `/records/${c.recordId}/entry`, entryForm([3, 3, 3]));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Entry ratings saved as a draft.');
    expect(saved.body.assessment.version).toBe(1);
    const second = await send('put', district, `/records/${c.recordId}/entry`, { ...entryForm([3, 4, 3]), version: 1 });
    expect(second.body.assessment.version).toBe(2);
    const stale = await send('put', district, `/records/${c.recordId}/entry`, { ...entryForm([3, 5, 3]), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(m.staleVersion);
    expect((await send('post', district, `/records/${c.recordId}/entry/submit`, { version: 1 })).status).toBe(409);

    const submitted = await send('post', district, `/records/${c.recordId}/entry/submit`, { version: 2 });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.assessment.status).toBe('submitted');
    expect(submitted.body.message).toBe('Entry ratings submitted.');
    expect(submitted.body.status.status).toBe('entry-submitted');
    const notice = await api.ctx.db.query<{ subject: string }>(`SELECT subject FROM notices WHERE event_type = 'Early Childhood Scores Submitted' AND key LIKE $1`, [`eco-submitted:${submitted.body.assessment.id}:%`]);
    expect(notice.rows.map((r) => r.subject)).toEqual([ecoNotificationText.submitted('entry', 'Prairie View Public Schools')]);

    const locked = await send('put', district, `/records/${c.recordId}/entry`, { ...entryForm([3, 3, 3]), version: 3 });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(m.locked);
    const child = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body).child;
    const edit = await send('put', district, `/children/${c.childId}`, { ...child, birthDate: addDays(birthDate, -1), entryDate, version: child.version });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(m.entryLocksChild);
    const staleChild = await send('put', district, `/children/${c.childId}`, { ...child, firstName: 'Blake', entryDate, version: child.version + 5 });
    expect(staleChild.status).toBe(409);
    expect(staleChild.body.message).toBe(m.staleVersion);
    const rename = await send('put', district, `/children/${c.childId}`, { ...child, firstName: 'Blake', entryDate, version: child.version });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect(ecoChildDetail.parse(rename.body).child).toMatchObject({ firstName: 'Blake', version: child.version + 1 });
    expect((await send('delete', district, `/children/${c.childId}`)).status).toBe(409);

    const events = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body).events;
    expect(events.map((e) => e.action)).toEqual(['child-updated', 'entry-submitted', 'entry-saved', 'entry-saved', 'child-created']);
    expect(events[0]!.changes).toEqual([{ field: 'firstName', old: 'Avery', new: 'Blake' }]);
    expect(events[3]!.changes).toContainEqual({ field: 'ratingA', old: null, new: 3 });
    expect(events[2]!.changes).toEqual([{ field: 'ratingB', old: 3, new: 4 }]);
  });

  it('finalizes only by another reviewer, singly and in bulk, and reports the skipped ones', async () => {
    const a = await newChild(district, districtLea);
    const b = await newChild(admin, districtLea);
    await send('put', district, `/records/${a.recordId}/entry`, entryForm([4, 4, 4]));
    await send('post', district, `/records/${a.recordId}/entry/submit`, { version: 1 });
    await send('put', admin, `/records/${b.recordId}/entry`, entryForm([4, 4, 4]));
    const bSubmitted = await send('post', admin, `/records/${b.recordId}/entry/submit`, { version: 1 });
    expect(bSubmitted.status).toBe(200);
    const aId = (await page(district, a.recordId, 'entry')).assessment!.id;
    const bId = (bSubmitted.body as { assessment: { id: number } }).assessment.id;

    const denied = await send('post', district, '/assessments/finalize', { ids: [aId] });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Access Denied!');
    const own = await send('post', admin, '/assessments/finalize', { ids: [bId] });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(m.ownSubmission);

    const bulk = await send('post', admin, '/assessments/finalize', { ids: [aId, bId] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ finalized: [aId], skipped: [{ id: bId, reason: m.ownSubmission }], message: 'Finalized 1 of 2. 1 were submitted by you and need another reviewer.' });
    expect((await page(district, a.recordId, 'entry')).status.status).toBe('entry-finalized');
    const byState = await send('post', state, '/assessments/finalize', { ids: [bId] });
    expect(byState.body.finalized).toEqual([bId]);
    const events = ecoChildDetail.parse((await get(state, `/children/${a.childId}`)).body).events;
    expect(events[0]!.action).toBe('entry-finalized');
  });

  it('keeps the order rules, refuses an impossible combination at exit submit, and unlocks with a reason', async () => {
    const c = await newChild(district, districtLea);
    // The exit draft is saved before the entry has ratings, so only the submit can see the combination.
    const exitSaved = await send('put', district, `/records/${c.recordId}/exit`, { exitDate, exitReason: 'kindergarten', ...exitForm([4, 5, 5], ['N', 'Y', 'Y']) });
    expect(exitSaved.status, JSON.stringify(exitSaved.body)).toBe(200);
    expect(exitSaved.body.daysOfService).toBe(195);
    const early = await send('post', district, `/records/${c.recordId}/exit/submit`, { version: 1 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(m.submitEntryFirst);

    await send('put', district, `/records/${c.recordId}/entry`, entryForm([3, 3, 3]));
    expect((await send('post', district, `/records/${c.recordId}/entry/submit`, { version: 1 })).status).toBe(200);
    const impossible = await send('post', district, `/records/${c.recordId}/exit/submit`, { version: 1 });
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors).toContainEqual({ field: 'newSkillsA', message: v.impossibleCombination('A', 4, 3) });
    const draftToo = await send('put', district, `/records/${c.recordId}/exit`, { ...exitForm([4, 5, 5], ['N', 'Y', 'Y']), version: 1 });
    expect(draftToo.status).toBe(400);

    const fixed = await send('put', district, `/records/${c.recordId}/exit`, { ...exitForm([4, 5, 5], ['Y', 'Y', 'Y']), version: 1 });
    expect(fixed.status).toBe(200);
    expect(fixed.body.categories.A).toEqual({ category: 'c', label: 'Improved functioning to a level nearer to same-aged peers but did not reach it' });
    const exitDone = await send('post', district, `/records/${c.recordId}/exit/submit`, { version: 2 });
    expect(exitDone.status, JSON.stringify(exitDone.body)).toBe(200);
    expect(exitDone.body.status.status).toBe('exit-submitted');
    const exitId = exitDone.body.assessment.id as number;
    const entryId = (await page(district, c.recordId, 'entry')).assessment!.id;

    expect((await send('post', district, `/assessments/${exitId}/unlock`, { reason: 'Typed the wrong rating date.' })).status).toBe(403);
    const short = await send('post', state, `/assessments/${exitId}/unlock`, { reason: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'reason', message: v.reasonTooShort }]);
    const entryFirst = await send('post', state, `/assessments/${entryId}/unlock`, { reason: 'Typed the wrong rating date.' });
    expect(entryFirst.status).toBe(409);
    expect(entryFirst.body.message).toBe(m.unlockExitFirst);
    const unlocked = await send('post', state, `/assessments/${exitId}/unlock`, { reason: 'Typed the wrong rating date.' });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.assessment).toMatchObject({ status: 'draft', unlockCount: 1 });
    expect(unlocked.body.message).toBe('Exit ratings unlocked.');
    const events = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body).events;
    expect(events[0]).toMatchObject({ action: 'exit-unlocked', reason: 'Typed the wrong rating date.' });
    expect(await messagesOf(districtUserId)).toContain(ecoNotificationText.unlocked('exit', 'Prairie View Public Schools', 'Typed the wrong rating date.'));
  });

  it('takes one unlock request at a time, lists it with initials, and declines it with a note to the requester', async () => {
    const c = await newChild(district, districtLea, { firstName: 'Quinn', lastName: 'Yardley' });
    await send('put', district, `/records/${c.recordId}/entry`, entryForm([5, 5, 5]));
    const sub = await send('post', district, `/records/${c.recordId}/entry/submit`, { version: 1 });
    const id = sub.body.assessment.id as number;
    const short = await send('post', district, `/assessments/${id}/unlock-requests`, { reason: 'oops' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].message).toBe(v.reasonTooShort);
    const made = await send('post', district, `/assessments/${id}/unlock-requests`, { reason: 'Rating date was typed as the wrong day.' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Unlock request sent to the state.');
    const twice = await send('post', district, `/assessments/${id}/unlock-requests`, { reason: 'Rating date was typed as the wrong day.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(v.unlockRequestOpen);
    expect((await page(district, c.recordId, 'entry')).actions).not.toContain('Request unlock');

    expect((await get(district, '/unlock-requests')).status).toBe(403);
    const open = await get(state, '/unlock-requests').query({ status: 'open' });
    const mine = (open.body.items as { id: number; childInitials: string; leaName: string }[]).find((r) => r.id === made.body.request.id)!;
    expect(mine).toMatchObject({ childInitials: 'Q. Y.', leaName: 'Prairie View Public Schools' });
    expect(JSON.stringify(open.body)).not.toContain('Yardley');

    const badNote = await send('post', state, `/unlock-requests/${mine.id}/decline`, { note: 'no' });
    expect(badNote.status).toBe(400);
    const declined = await send('post', state, `/unlock-requests/${mine.id}/decline`, { note: 'The rating date is right as entered.' });
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({ status: 'declined', decisionNote: 'The rating date is right as entered.' });
    expect((await send('post', state, `/unlock-requests/${mine.id}/decline`, { note: 'The rating date is right as entered.' })).status).toBe(409);
    expect(await messagesOf(districtUserId)).toContain('Your unlock request was declined: The rating date is right as entered.');
    const events = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body).events.map((e) => e.action);
    expect(events.slice(0, 2)).toEqual(['unlock-declined', 'unlock-requested']);

    // Approve: an unlock with the request's reason.
    await send('post', district, `/assessments/${id}/unlock-requests`, { reason: 'The team met on another day.' });
    const approved = await send('post', state, `/assessments/${id}/unlock`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const history = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body).events;
    expect(history[0]).toMatchObject({ action: 'entry-unlocked', reason: 'The team met on another day.' });
    expect((await get(state, '/unlock-requests').query({ status: 'approved' })).body.items.map((r: { assessmentId: number }) => r.assessmentId)).toContain(id);
    // Once submitted, the draft cannot be discarded; a never-submitted draft can.
    const discard = await send('delete', district, `/records/${c.recordId}/entry`);
    expect(discard.status).toBe(409);
    expect(discard.body.message).toBe(m.onceSubmitted);
    const fresh = await newChild(district, districtLea);
    await send('put', district, `/records/${fresh.recordId}/entry`, entryForm([2, 2, 2]));
    expect((await send('delete', district, `/records/${fresh.recordId}/entry`)).status).toBe(204);
    expect((await page(district, fresh.recordId, 'entry')).assessment).toBeNull();
    expect((await send('delete', district, `/children/${fresh.childId}`)).status).toBe(204);
    expect((await get(district, `/children/${fresh.childId}`)).status).toBe(404);
  });

  it('lets another LEA find the child as held elsewhere and claim it, moving the record and writing the event', async () => {
    const c = await newChild(district, districtLea);
    const lookup = await get(riverbend, '/search').query({ ssid: c.ssid, birthDate });
    expect(lookup.status).toBe(200);
    expect(lookup.body.items).toEqual([]);
    expect(lookup.body.heldElsewhere).toEqual({ leaName: 'Prairie View Public Schools', label: ecoClaimText.heldBy('Prairie View Public Schools'), canClaim: true });

    const wrong = await send('post', riverbend, '/children/claim', { stateStudentId: c.ssid, birthDate: addDays(birthDate, 1) });
    expect(wrong.status).toBe(404);
    const own = await send('post', district, '/children/claim', { stateStudentId: c.ssid, birthDate }, districtLea);
    expect(own.status).toBe(409);
    const claimed = await send('post', riverbend, '/children/claim', { stateStudentId: c.ssid, birthDate });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({ childId: c.childId, recordId: c.recordId });

    const detail = ecoChildDetail.parse((await get(riverbend, `/children/${c.childId}`)).body);
    expect(detail.child.leaId).toBe(riverbendLea);
    expect(detail.records[0]!.leaId).toBe(riverbendLea);
    expect(detail.events[0]!.action).toBe('child-claimed');
    expect(detail.events[0]!.changes).toContainEqual({ field: 'leaId', old: districtLea, new: riverbendLea });
    expect((await get(district, `/children/${c.childId}`)).status).toBe(404);
    expect(await messagesOf(districtUserId)).toContain(`A child record (state student ID ending ${c.ssid.slice(-4)}) was claimed by Riverbend Community Schools on ${messageDate(today)}.`);
  });

  it('sorts the list overdue first, then by due date, and needs a last name with a birth date', async () => {
    const overdue = await newChild(district, districtLea, { entryDate: addDays(today, -100), lastName: 'Overdue' });
    const pending = await newChild(district, districtLea, { entryDate: addDays(today, -3), lastName: 'Pending' });
    const list = ecoRecordList.parse((await get(district, '/records', districtLea).query({ pageSize: 'all' })).body);
    const ids = list.items.map((i) => i.recordId);
    expect(ids.indexOf(overdue.recordId)).toBeLessThan(ids.indexOf(pending.recordId));
    expect(list.items.find((i) => i.recordId === overdue.recordId)!.status).toBe('entry-overdue');
    const firstNotOverdue = list.items.findIndex((i) => !i.overdue);
    expect(list.items.slice(firstNotOverdue).every((i) => !i.overdue)).toBe(true);
    for (const group of [list.items.slice(0, firstNotOverdue), list.items.slice(firstNotOverdue)]) {
      const dues = group.map((i) => i.dueDate ?? '9999-12-31');
      expect([...dues].sort()).toEqual(dues);
    }
    const paged = ecoRecordList.parse((await get(district, '/records', districtLea).query({ pageSize: '2', page: '2' })).body);
    expect(paged.items.map((i) => i.recordId)).toEqual(ids.slice(2, 4));
    expect(paged.total).toBe(ids.length);
    expect(paged.totalCount).toBe(ids.length);
    const byPageNumber = ecoRecordList.parse((await get(district, '/records', districtLea).query({ pageSize: '2', pageNumber: '2' })).body);
    expect(byPageNumber.items.map((i) => i.recordId)).toEqual(ids.slice(2, 4));
    const incomplete = await get(district, '/records', districtLea).query({ lastName: 'Overdue' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors[0].message).toBe('Enter a state student ID, or a last name and a birth date.');
    const found = await get(district, '/records', districtLea).query({ lastName: 'overdue', birthDate });
    expect(found.body.items.map((i: { recordId: number }) => i.recordId)).toContain(overdue.recordId);
    const attention = ecoRecordList.parse((await get(district, '/records', districtLea).query({ attention: 'true', pageSize: 'all' })).body);
    expect(attention.items.map((i) => i.recordId)).toContain(overdue.recordId);
  });

  it('reads year settings and targets for everyone with access, and lets only state admins change them', async () => {
    const year = '2025-2026';
    const read = await get(district, `/settings/${year}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ schoolYear: year, scaleMin: 1, scaleMax: 7, entryDueDays: 60, leaDataDueDate: '2026-07-31' });
    expect((await send('put', district, `/settings/${year}`, { entryDueDays: 45 })).status).toBe(403);
    expect((await send('put', admin, `/settings/${year}`, { entryDueDays: 'x' })).status).toBe(400);
    const saved = await send('put', admin, `/settings/${year}`, { entryDueDays: 60, completenessThreshold: 90 });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings saved.');
    const targets = await send('put', admin, '/targets/2025', { A1: 72, A2: 55, B1: 74, B2: 45, C1: 75, C2: 60 });
    expect(targets.status).toBe(200);
    expect((await get(state, '/targets/2025')).body).toMatchObject({ ffy: 2025, A1: 72, C2: 60 });
    expect((await send('put', admin, '/targets/2025', { A1: 101 })).status).toBe(400);
  });

  it('saves an exit alone, says when exit ratings are not collected, and starts a new record only after the exit', async () => {
    const c = await newChild(district, districtLea, { entryDate: addDays(today, -100) });
    const open = await send('post', district, `/children/${c.childId}/records`, { entryDate: addDays(today, -50) });
    expect(open.status).toBe(409);
    const exitOnly = await send('put', district, `/records/${c.recordId}/exit`, { exitDate: addDays(today, -20), exitReason: 'moved-out' });
    expect(exitOnly.status, JSON.stringify(exitOnly.body)).toBe(200);
    expect(exitOnly.body.message).toBe('Exit saved.');
    expect(exitOnly.body.assessment).toBeNull();
    expect(exitOnly.body.ratingsMode).toBe('short-stay');
    expect(exitOnly.body.notice).toBe('This child received services for 80 days, fewer than 182. Exit ratings are not required and the child will not be included in the annual performance report.');
    expect(exitOnly.body.status).toMatchObject({ status: 'not-included', notIncludedReason: 'short-stay' });
    const noReason = await send('put', district, `/records/${c.recordId}/exit`, { exitDate: addDays(today, -20), exitReason: '' });
    expect(noReason.body.errors).toContainEqual({ field: 'exitReason', message: 'Field is required' });
    const noNote = await send('put', district, `/records/${c.recordId}/exit`, { exitDate: addDays(today, -20), exitReason: 'other' });
    expect(noNote.body.errors).toContainEqual({ field: 'exitNote', message: 'Field is required' });
    const beforeEntry = await send('put', district, `/records/${c.recordId}/exit`, { exitDate: addDays(today, -100), exitReason: 'moved-out' });
    expect(beforeEntry.body.errors).toContainEqual({ field: 'exitDate', message: v.exitNotAfterEntry(addDays(today, -100)) });

    const claimClosed = await send('post', riverbend, '/children/claim', { stateStudentId: c.ssid, birthDate });
    expect(claimClosed.status).toBe(409);
    expect(claimClosed.body.message).toBe(m.closedRecord);

    const tooEarly = await send('post', district, `/children/${c.childId}/records`, { entryDate: addDays(today, -20) });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.errors).toEqual([{ field: 'entryDate', message: v.entryNotAfterPreviousExit(addDays(today, -20)) }]);
    const again = await send('post', district, `/children/${c.childId}/records`, { entryDate: addDays(today, -10) });
    expect(again.status).toBe(201);
    const detail = ecoChildDetail.parse((await get(district, `/children/${c.childId}`)).body);
    expect(detail.records.map((r) => r.recordId)).toEqual([c.recordId, again.body.recordId]);
  });

  it('sends each LEA with due or overdue ratings one daily Scores Due notice, once a day', async () => {
    await newChild(district, districtLea, { entryDate: addDays(today, -90) });
    const counts = await dueCounts(api.ctx, today);
    const pv = counts.find((c) => c.leaId === districtLea)!;
    expect(pv.entryOverdue).toBeGreaterThan(0);
    expect(await sendScoresDue(api.ctx, today)).toBe(counts.length);
    expect(await sendScoresDue(api.ctx, today)).toBe(0);
    const notice = await api.ctx.db.query<{ subject: string }>(`SELECT subject FROM notices WHERE key = $1`, [`eco-scores-due:${districtLea}:${today}`]);
    expect(notice.rows[0]!.subject).toBe(ecoNotificationText.due('Prairie View Public Schools', pv.entryOverdue, pv.entryDueSoon, pv.exitOverdue));
  });

  it('never answers hostile input with a 5xx on any ECO route', async () => {
    const c = await newChild(district, districtLea);
    await send('put', district, `/records/${c.recordId}/entry`, entryForm([3, 3, 3]));
    const entryId = (await page(district, c.recordId, 'entry')).assessment!.id;
    const hostile: unknown[] = ['', 'x'.repeat(6_000), '\u0000\ud800<script>', "' OR 1=1; --", -1, 1e308, 3.5, true, null, ['a', 'b'], { $gt: '' }];
    const fields = ['stateStudentId', 'firstName', 'lastName', 'birthDate', 'entryDate', 'disabilityCategory', 'schoolId', 'version', 'ratingDate', 'ratingA', 'newSkillsA', 'teamMembers', 'sources', 'familyInput', 'exitDate', 'exitReason', 'exitNote', 'reason', 'note', 'ids', 'scaleMin', 'A1', 'leaDataDueDate'];
    const routes: ['post' | 'put' | 'delete', string][] = [
      ['post', '/children'],
      ['put', `/children/${c.childId}`],
      ['post', `/children/${c.childId}/records`],
      ['post', '/children/claim'],
      ['put', `/records/${c.recordId}/entry`],
      ['put', `/records/${c.recordId}/exit`],
      ['post', `/records/${c.recordId}/exit/submit`],
      ['post', '/assessments/finalize'],
      ['post', `/assessments/${entryId}/unlock`],
      ['post', `/assessments/${entryId}/unlock-requests`],
      ['post', '/unlock-requests/1/decline'],
      ['put', '/settings/2025-2026'],
      ['put', '/targets/2025'],
    ];
    for (const [method, path] of routes) {
      for (const value of hostile) {
        const body = Object.fromEntries(fields.map((f) => [f, value]));
        const res = await send(method, admin, path, body, districtLea);
        expect(res.status, `${method} ${path} ${JSON.stringify(value).slice(0, 30)}`).toBeLessThan(500);
      }
    }
    for (const path of ['/records?page=-1&pageSize=0&status=zzz', '/records?ssid[$gt]=1', '/search?lastName=a', '/search?leaId=99999999999', '/children/abc', '/children/99999999999', '/records/1/sideways', '/settings/2025-2027', '/targets/12', '/unlock-requests?status=maybe']) {
      const res = await get(admin, path, districtLea);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('describes every ECO endpoint in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    for (const [path, methods] of Object.entries({
      '/api/eco/records': ['get'],
      '/api/eco/search': ['get'],
      '/api/eco/children': ['post'],
      '/api/eco/children/claim': ['post'],
      '/api/eco/children/{id}': ['get', 'put', 'delete'],
      '/api/eco/children/{id}/records': ['post'],
      '/api/eco/records/{id}/{type}': ['get', 'put', 'delete'],
      '/api/eco/records/{id}/{type}/submit': ['post'],
      '/api/eco/assessments/finalize': ['post'],
      '/api/eco/assessments/{id}/unlock': ['post'],
      '/api/eco/assessments/{id}/unlock-requests': ['post'],
      '/api/eco/unlock-requests': ['get'],
      '/api/eco/unlock-requests/{id}/decline': ['post'],
      '/api/eco/settings/{schoolYear}': ['get', 'put'],
      '/api/eco/targets/{ffy}': ['get', 'put'],
    })) {
      for (const method of methods) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
