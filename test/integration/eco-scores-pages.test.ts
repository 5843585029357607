// The entry and exit rating pages (ECO spec §3.4, §3.5) and the child import page (§8), through
// the real portal and API (PGlite, demo users). Each test makes its own child through the API;
// the demo seed's children are never touched.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfFrom } from '../helpers/portal.js';
import { addDays, addYears, agencyToday } from '../../lib/day.js';
import { IMPORT_TEMPLATE } from '../../lib/eco/import.js';
import { ecoImportMessages as im, ecoScoreText, ecoStatusMessages as m, ecoValidationMessages as v } from '../../lib/eco/messages.js';
import { accessToken, demo, leaIdByCode } from './api-auth-helpers.js';
import { decoded, signedInAgent, textOf, withPortal, type Agent } from './dashboard-helpers.js';

const env = withPortal();
const today = agencyToday();
const birthDate = addYears(today, -4);
const entryDate = addDays(today, -200);
const exitDate = addDays(today, -5);
let counter = 0;
const ssid = () => `7${String(Date.now() % 1e8).padStart(8, '0')}${counter++ % 10}`;

let district: Agent;
let stateAgent: Agent;
let token: string;
let lea: number;

async function newChild(): Promise<{ recordId: number; childId: number; ssid: string }> {
  const id = ssid();
  const res = await request(env.api.url)
    .post('/api/eco/children')
    .set({ Authorization: `Bearer ${token}`, CurrentLeaId: String(lea) })
    .send({ stateStudentId: id, firstName: 'Avery', lastName: 'Quill', birthDate, entryDate, disabilityCategory: 'developmental-delay' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...(res.body as { recordId: number; childId: number }), ssid: id };
}

/** Posts the page's own form: the CSRF token and version from the page, then the fields. */
async function post(agent: Agent, path: string, fields: Record<string, string | string[]>) {
  const page = await agent.get(path);
  const version = /name="version" value="(\d*)"/.exec(page.text)?.[1] ?? '';
  return agent.post(path).type('form').send({ _csrf: csrfFrom(page.text), version, ...fields });
}

const entryFields = (r: [string, string, string]) => ({
  ratingDate: addDays(entryDate, 10),
  teamCount: '1',
  teamName0: 'Pat Teacher',
  teamRole0: 'ecse-teacher',
  familyInput: 'received-in-meeting',
  sources: ['observation', 'parent-report'],
  ratingA: r[0],
  ratingB: r[1],
  ratingC: r[2],
});

async function submitEntry(agent: Agent, recordId: number, r: [string, string, string]) {
  const path = `/child-search/entryscore/${recordId}`;
  const saved = await post(agent, path, { ...entryFields(r), action: 'submit' });
  expect(saved.status).toBe(303);
  expect(saved.headers.location).toBe(`${path}?confirm=1`);
  const confirm = await agent.get(`${path}?confirm=1`);
  expect(decoded(confirm.text)).toContain(ecoScoreText.submitConfirm('entry'));
  const done = await post(agent, `${path}?confirm=1`, { action: 'confirm-submit' });
  expect(done.status).toBe(303);
}

beforeAll(async () => {
  district = await signedInAgent(env.portal.app, demo.district);
  stateAgent = await signedInAgent(env.portal.app, demo.stateUser);
  token = await accessToken(env.api, demo.district);
  lea = await leaIdByCode(env.api, '55-0101-000');
}, 120_000);

describe('entry ratings page', () => {
  it('renders the banner and form, refuses bad input with 422 and messages, saves a draft, submits through the confirmation step', async () => {
    const c = await newChild();
    const path = `/child-search/entryscore/${c.recordId}`;
    const page = await district.get(path);
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain(c.ssid);
    expect(text).toContain('1 Not yet');
    expect(text).toContain('7 Completely');
    expect(text).toContain('Save draft');
    expect(text).not.toContain('Finalize');

    const bad = await post(district, path, { ...entryFields(['9', '', '']), ratingDate: addDays(today, 3), action: 'save' });
    expect(bad.status).toBe(422);
    const badText = decoded(bad.text);
    expect(badText).toContain('No future dates allowed');
    expect(badText).toContain(v.ratingScale(1, 7));
    expect(badText).toContain('error-summary');

    // Add person / Remove work by posting an action, keeping what was typed.
    const added = await post(district, path, { ...entryFields(['3', '4', '5']), action: 'add-person' });
    expect(added.status).toBe(200);
    expect(added.text).toContain('id="teamName1"');
    expect(added.text).toContain('value="Pat Teacher"');

    const saved = await post(district, path, { ...entryFields(['3', '4', '5']), action: 'save' });
    expect(saved.status).toBe(303);
    const after = await district.get(path);
    expect(decoded(after.text)).toContain(ecoScoreText.savedDraft('entry'));
    expect(after.text).toMatch(/id="ratingB-4"[^>]*checked|checked[^>]*id="ratingB-4"/);

    await submitEntry(district, c.recordId, ['3', '4', '5']);
    const done = await district.get(path);
    const doneText = decoded(done.text);
    expect(doneText).toContain(ecoScoreText.submitted('entry'));
    expect(doneText).toMatch(/Submitted by .+ on \d{2}\/\d{2}\/\d{4}/);
    expect(doneText).toContain('Request unlock');
    expect(done.text).not.toContain('value="save"');
  });

  it('a stale version gives the §3.0 message', async () => {
    const c = await newChild();
    const path = `/child-search/entryscore/${c.recordId}`;
    expect((await post(district, path, { ...entryFields(['3', '3', '3']), action: 'save' })).status).toBe(303);
    const page = await district.get(path);
    const res = await district.post(path).type('form').send({ _csrf: csrfFrom(page.text), version: '0', ...entryFields(['4', '4', '4']), action: 'save' });
    expect(res.status).toBe(409);
    expect(decoded(res.text)).toContain(m.staleVersion);
  });

  it('finalize by another user, and unlock with a reason', async () => {
    const c = await newChild();
    await submitEntry(district, c.recordId, ['2', '3', '4']);
    const path = `/child-search/entryscore/${c.recordId}`;
    const statePage = await stateAgent.get(path);
    expect(statePage.status).toBe(200);
    expect(textOf(statePage.text)).toContain('Finalize');
    const fin = await post(stateAgent, path, { action: 'finalize' });
    expect(fin.status).toBe(303);
    expect(decoded((await stateAgent.get(path)).text)).toContain(ecoScoreText.finalized('entry'));

    const short = await post(stateAgent, path, { action: 'unlock', reason: 'short' });
    expect(short.status).toBe(422);
    expect(decoded(short.text)).toContain(v.reasonTooShort);
    const ok = await post(stateAgent, path, { action: 'unlock', reason: 'The team corrected the rating date.' });
    expect(ok.status).toBe(303);
    const unlocked = decoded((await stateAgent.get(path)).text);
    expect(unlocked).toContain(ecoScoreText.unlocked('entry'));
    // A draft again: the district user may edit it.
    expect((await district.get(path)).text).toContain('value="save"');
  });
});

describe('request unlock', () => {
  it('the submitter asks the state to unlock, once', async () => {
    const c = await newChild();
    await submitEntry(district, c.recordId, ['3', '3', '3']);
    const path = `/child-search/entryscore/${c.recordId}`;
    const short = await post(district, path, { action: 'request-unlock', reason: 'typo' });
    expect(short.status).toBe(422);
    expect(decoded(short.text)).toContain(v.reasonTooShort);
    const ok = await post(district, path, { action: 'request-unlock', reason: 'The rating date was entered wrong.' });
    expect(ok.status).toBe(303);
    const page = decoded((await district.get(path)).text);
    expect(page).toContain(ecoScoreText.unlockRequested);
    // An open request hides the button.
    expect(page).not.toContain('value="request-unlock"');
  });
});

describe('exit ratings page', () => {
  /** A child with submitted entry ratings E and a saved exit date. */
  async function childWithEntry(e: [string, string, string]) {
    const c = await newChild();
    await submitEntry(district, c.recordId, e);
    const path = `/child-search/exitscore/${c.recordId}`;
    const saved = await post(district, path, { exitDate, exitReason: 'kindergarten', exitNote: '', action: 'save-exit' });
    expect(saved.status).toBe(303);
    const page = decoded((await district.get(path)).text);
    expect(page).toContain(ecoScoreText.exitSaved);
    expect(page).toContain(ecoScoreText.daysOfService(195));
    return { ...c, path };
  }
  const exitFields = (x: [string, string, string], p: [string, string, string]) => ({
    exitDate,
    exitReason: 'kindergarten',
    ratingDate: exitDate,
    teamCount: '1',
    teamName0: 'Pat Teacher',
    teamRole0: 'ecse-teacher',
    familyInput: 'received-in-meeting',
    sources: 'observation',
    ratingA: x[0],
    ratingB: x[1],
    ratingC: x[2],
    newSkillsA: p[0],
    newSkillsB: p[1],
    newSkillsC: p[2],
  });

  it('renders the §6.3 categories on the server, and refuses an impossible combination', async () => {
    // Entry 1,3,4; exit 1,3,3: (1,1,Y) b, (3,3,Y) b, (4,3,N) a.
    const a = await childWithEntry(['1', '3', '4']);
    expect((await post(district, a.path, { ...exitFields(['1', '3', '3'], ['Y', 'Y', 'N']), action: 'save' })).status).toBe(303);
    const text = decoded((await district.get(a.path)).text);
    expect(text).toContain('Entry rating: 3 Emerging');
    expect(text).toContain('Progress category: b, Improved functioning, but not sufficient to move nearer to functioning comparable to same-aged peers');
    expect(text).toContain('Progress category: a, Did not improve functioning');

    // Entry 2,4,6; exit 4,6,7: (2,4,Y) c, (4,6,Y) d, (6,7,Y) e.
    const b = await childWithEntry(['2', '4', '6']);
    expect((await post(district, b.path, { ...exitFields(['4', '6', '7'], ['Y', 'Y', 'Y']), action: 'save' })).status).toBe(303);
    const textB = decoded((await district.get(b.path)).text);
    expect(textB).toContain('Progress category: c, Improved functioning to a level nearer to same-aged peers but did not reach it');
    expect(textB).toContain('Progress category: d, Improved functioning to reach a level comparable to same-aged peers');
    expect(textB).toContain('Progress category: e, Maintained functioning at a level comparable to same-aged peers');

    // (2,4,N) is not possible: refused with the §5 message.
    const bad = await post(district, b.path, { ...exitFields(['4', '6', '7'], ['N', 'Y', 'Y']), action: 'save' });
    expect(bad.status).toBe(422);
    const badText = decoded(bad.text);
    expect(badText).toContain(v.impossibleCombination('A', 4, 2));
    expect(badText).toContain(ecoScoreText.notPossible(v.impossibleCombination('A', 4, 2)));
  });

  it('a short stay disables the ratings with its notice', async () => {
    const c = await newChild();
    const path = `/child-search/exitscore/${c.recordId}`;
    expect((await post(district, path, { exitDate: addDays(entryDate, 100), exitReason: 'moved-out', action: 'save-exit' })).status).toBe(303);
    const page = await district.get(path);
    expect(decoded(page.text)).toContain(ecoScoreText.shortStayNotice(100));
    expect(page.text).toMatch(/id="ratingA-1"[^>]*disabled|disabled[^>]*id="ratingA-1"/);
  });
});

describe('import page', () => {
  const path = '/child-search/child-list/import';
  async function upload(content: string) {
    const page = await district.get(path);
    expect(page.status).toBe(200);
    return district.post(path).field('_csrf', csrfFrom(page.text)).attach('file', Buffer.from(content), { filename: 'children.csv', contentType: 'text/csv' });
  }
  const row = (id: string, extra: Partial<Record<'ratings' | 'entry', string>> = {}) =>
    [id, 'Rowan', 'Ellis', '', birthDate, '', 'developmental-delay', extra.entry ?? entryDate, addDays(entryDate, 5), ...(extra.ratings ?? '3,4,5').split(',')].join(',');

  it('shows the template link, refuses a wrong header, lists row errors (all or nothing), imports, and re-imports unchanged', async () => {
    const page = await district.get(path);
    expect(textOf(page.text)).toContain('Download template');
    const template = await district.get(`${path}/template.csv`);
    expect(template.status).toBe(200);
    expect(template.text.replace(/^\uFEFF/, '')).toBe(IMPORT_TEMPLATE);

    const wrong = await upload('id,name\r\n1,x\r\n');
    expect(wrong.status).toBe(422);
    expect(decoded(wrong.text)).toContain(im.header);

    const good = ssid();
    const header = IMPORT_TEMPLATE.trim();
    const withErrors = await upload([header, row(good), row('123', { ratings: '3,,5' })].join('\r\n'));
    expect(withErrors.status).toBe(422);
    const errText = decoded(withErrors.text);
    expect(errText).toContain('State student ID must be exactly 10 digits.');
    expect(errText).toContain(im.allRatingsOrNone);
    expect(errText).toContain('download="eco-import-errors.csv"');
    expect(errText).toContain(encodeURIComponent('rowNumber,column,value,message'));
    // Nothing was saved.
    const none = await env.api.ctx.db.query('SELECT 1 FROM eco_children WHERE state_student_id = $1', [good]);
    expect(none.rows).toHaveLength(0);

    const other = ssid();
    const file = [header, row(good), row(other, { ratings: ',,' })].join('\r\n');
    const ok = await upload(file);
    expect(ok.status).toBe(303);
    expect(decoded((await district.get(path)).text)).toContain(im.imported(2, 2, 0, 0));

    const events = async () => (await env.api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM eco_events')).rows[0]!.n;
    const before = await events();
    const again = await upload(file);
    expect(again.status).toBe(303);
    expect(decoded((await district.get(path)).text)).toContain(im.imported(2, 0, 0, 2));
    expect(await events()).toBe(before + 1);
    const last = await env.api.ctx.db.query<{ action: string }>('SELECT action FROM eco_events ORDER BY id DESC LIMIT 1');
    expect(last.rows[0]!.action).toBe('import');

    // The same child with another entry date is refused; a changed name is an update.
    const moved = await upload([header, row(good, { entry: addDays(entryDate, 1) })].join('\r\n'));
    expect(moved.status).toBe(422);
    expect(decoded(moved.text)).toContain(im.openRecordOtherEntry(entryDate));
    const renamed = await upload([header, row(good).replace('Rowan', 'Rowena')].join('\r\n'));
    expect(renamed.status).toBe(303);
    expect(decoded((await district.get(path)).text)).toContain(im.imported(1, 0, 1, 0));
  });

  it('the API answers 422 with the row errors, and 403 without Eco.scores.submit', async () => {
    const csv = Buffer.from(`${IMPORT_TEMPLATE}123,A,B,,${birthDate},,developmental-delay,${entryDate},,,,\r\n`);
    const res = await request(env.api.url).post('/api/eco/imports').set({ Authorization: `Bearer ${token}`, CurrentLeaId: String(lea) }).attach('file', csv, 'c.csv');
    expect(res.status).toBe(422);
    expect(res.body.rowErrors).toEqual([{ line: 2, column: 'stateStudentId', value: '123', message: 'State student ID must be exactly 10 digits.' }]);
    const stateToken = await accessToken(env.api, demo.stateUser);
    const denied = await request(env.api.url).post('/api/eco/imports').set({ Authorization: `Bearer ${stateToken}` }).attach('file', csv, 'c.csv');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Access Denied!');
  });
});
