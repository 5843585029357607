// The "Visit details" step of /monitoring/visit through the real portal and the real agency API:
// the API's GET/PUT /api/monitoring/visit (LEA from CurrentLeaId, year from activeschoolyear,
// permissions, validation, audit), then the portal's form without JavaScript (422 with each
// message and what was typed kept, 303 with the flash and the values read back from the API),
// the read-only view of a visit.view user, 403 for a post without visit.init, and the LEA and
// school year the user picked in the top bar reaching the API.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { monitoringVisit, monitoringVisitResponse, VISIT_MAX_STUDENT_FILES } from '../../lib/contract.js';
import { validationMessages as m, visitDetailsText as t } from '../../lib/messages.js';
import { csrfFrom } from '../helpers/portal.js';
import { accessToken } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, type Agent, withPortal } from './dashboard-helpers.js';

const VISIT = '/monitoring/visit';
const DETAILS = `${VISIT}/details`;
const env = withPortal();
let districtLeaId: number;
let otherLeaId: number;
let years: string[];

beforeAll(async () => {
  const db = env.api.ctx.db;
  districtLeaId = (await db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '55-0101-000'")).rows[0]!.id;
  otherLeaId = (await db.query<{ id: number }>('SELECT id FROM leas WHERE id <> $1 AND NOT is_nde_level_district ORDER BY id LIMIT 1', [districtLeaId])).rows[0]!.id;
  years = (await db.query<{ key: string }>('SELECT key FROM school_years ORDER BY is_current DESC, key DESC')).rows.map((r) => r.key);
}, 120_000);

/** The rows of the visit table, by LEA and year. */
async function storedVisits(): Promise<{ lea_id: number; school_year_key: string; student_file_count: number }[]> {
  const r = await env.api.ctx.db.query<{ lea_id: number; school_year_key: string; student_file_count: number }>(
    'SELECT lea_id, school_year_key, student_file_count FROM monitoring_visits ORDER BY lea_id, school_year_key',
  );
  return r.rows;
}

describe('GET and PUT /api/monitoring/visit', () => {
  const body = { visitDate: '2026-03-03', startTime: '09:00', endTime: '15:30', studentFileCount: 12 };
  const call = (method: 'get' | 'put', token: string, lea: string | null, year: string | null) => {
    let req = request(env.api.url)[method]('/api/monitoring/visit').set('Authorization', `Bearer ${token}`);
    if (lea !== null) req = req.set('CurrentLeaId', lea);
    if (year !== null) req = req.set('activeschoolyear', year);
    return req;
  };

  it('saves the visit of the CurrentLeaId LEA and activeschoolyear year, audited, and reads it back', async () => {
    const token = await accessToken(env.api, demoEmails.admin);
    const year = years[1]!;
    const none = await call('get', token, String(otherLeaId), year);
    expect(none.status).toBe(200);
    expect(monitoringVisitResponse.parse(none.body).visit).toBeNull();

    const put = await call('put', token, String(otherLeaId), year).send(body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(monitoringVisit.parse(put.body)).toMatchObject({ ...body, leaId: otherLeaId, schoolYear: year, updatedBy: 'Avery State Admin' });

    const again = await call('put', token, String(otherLeaId), year).send({ ...body, studentFileCount: 13 });
    expect(again.status).toBe(200);
    const read = monitoringVisitResponse.parse((await call('get', token, String(otherLeaId), year)).body).visit;
    expect(read).toMatchObject({ ...body, studentFileCount: 13 });
    // Another year of the same LEA is another visit.
    expect(monitoringVisitResponse.parse((await call('get', token, String(otherLeaId), years[0]!)).body).visit).toBeNull();

    const audit = await env.api.ctx.db.query<{ action: string; changes: unknown }>(
      "SELECT action, changes FROM audit_log WHERE entity_type = 'monitoring-visit' ORDER BY id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['monitoring-visit.create', 'monitoring-visit.update']);
    expect(audit.rows[1]!.changes).toEqual({ studentFileCount: { from: 12, to: 13 } });
  });

  it('needs the LEA and school year headers, and an LEA the caller can see', async () => {
    const admin = await accessToken(env.api, demoEmails.admin);
    expect((await call('get', admin, null, years[0]!)).status).toBe(400);
    expect((await call('get', admin, 'abc', years[0]!)).status).toBe(400);
    expect((await call('get', admin, String(districtLeaId), null)).status).toBe(400);
    expect((await call('get', admin, String(districtLeaId), '1999-2000')).status).toBe(400);
    expect((await call('get', admin, '999999', years[0]!)).status).toBe(404);
    const district = await accessToken(env.api, demoEmails.district);
    expect((await call('get', district, String(otherLeaId), years[0]!)).status).toBe(404);
    expect((await call('get', district, String(districtLeaId), years[0]!)).status).toBe(200);
  });

  it('needs visit.view or visit.init to read, visit.init to save', async () => {
    const vendor = await accessToken(env.api, demoEmails.vendor);
    expect((await call('get', vendor, String(districtLeaId), years[0]!)).status).toBe(403);
    const stateUser = await accessToken(env.api, demoEmails.stateUser);
    expect((await call('get', stateUser, String(districtLeaId), years[0]!)).status).toBe(200);
    expect((await call('put', stateUser, String(districtLeaId), years[0]!).send(body)).status).toBe(403);
    expect((await request(env.api.url).get('/api/monitoring/visit')).status).toBe(401);
  });

  it('refuses a body it cannot store, field by field', async () => {
    const token = await accessToken(env.api, demoEmails.admin);
    const refused = async (sent: unknown) => {
      const res = await call('put', token, String(districtLeaId), years[0]!).send(sent as object);
      expect(res.status, JSON.stringify(sent)).toBe(400);
      return (res.body as { errors: { field: string }[] }).errors.map((e) => e.field);
    };
    expect(await refused({ ...body, visitDate: '2026-02-30' })).toEqual(['visitDate']);
    expect(await refused({ ...body, startTime: '3:00 PM' })).toEqual(['startTime']);
    expect(await refused({ ...body, endTime: '09:00' })).toEqual(['endTime']);
    expect(await refused({ ...body, studentFileCount: VISIT_MAX_STUDENT_FILES + 1 })).toEqual(['studentFileCount']);
    expect(await refused({ ...body, studentFileCount: '12' })).toEqual(['studentFileCount']);
    expect(await refused([])).toEqual(['body']);
    expect(await refused({})).toEqual(['visitDate', 'startTime', 'endTime', 'studentFileCount']);
  });
});

describe('the Visit details form', () => {
  let admin: Agent;
  let adminYear: string;

  /** Moves an agent to an LEA (and a school year) through the top bar's forms, as a user would. */
  async function choose(agent: Agent, leaId: number, year?: string): Promise<void> {
    const page = await agent.get('/contact');
    const csrf = csrfFrom(page.text);
    if (/id="current-lea"/.test(page.text)) {
      await agent.post('/session/lea').type('form').send({ _csrf: csrf, leaId: String(leaId), returnTo: '/contact' }).expect(303);
    }
    if (year) await agent.post('/session/school-year').type('form').send({ _csrf: csrf, schoolYear: year, returnTo: '/contact' }).expect(303);
  }

  const errorLink = (field: string, message: string) => `<a href="#${field}">${message}</a>`;
  const inputValue = (html: string, id: string) => decoded(new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '');

  beforeAll(async () => {
    admin = await signedInAgent(env.portal.url, demoEmails.admin);
    // A year other than the current one: the one the API stores must be the one picked.
    adminYear = years.find((y) => y !== years[0]) ?? years[0]!;
    await choose(admin, districtLeaId, adminYear);
  });

  it('shows the form first, with labels, the time inputs and the numbers-only input', async () => {
    const res = await admin.get(VISIT);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(textOf(html)).toContain(t.step);
    expect(html.indexOf(t.step)).toBeLessThan(html.indexOf('select-people-title'));
    expect(html).toContain(`action="${DETAILS}"`);
    for (const [id, label] of [
      ['visitDate', t.visitDate],
      ['startTime', t.startTime],
      ['endTime', t.endTime],
      ['studentFileCount', t.studentFileCount],
    ] as const) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>${label}</label>`));
    }
    expect(html).toMatch(/<input[^>]*id="visitDate"[^>]*type="date"/);
    expect(html).toMatch(/<input[^>]*id="studentFileCount"[^>]*inputMode="numeric"/i);
    expect(html.match(/data-island="TimeInput"/g)).toHaveLength(2);
    expect(html).toContain('data-island="NumbersOnlyInput"');
  });

  it('answers 422 with every field required', async () => {
    const res = await postForm(admin, DETAILS, { visitDate: '', startTime: '', endTime: '', studentFileCount: '' }, VISIT);
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toMatch(/^Error: /);
    const html = decoded(res.text);
    for (const field of ['visitDate', 'startTime', 'endTime', 'studentFileCount']) expect(html).toContain(errorLink(field, m.fieldRequired));
    expect(html).toContain('id="visit-details-errors"');
  });

  it('answers 422 with the date, time and number messages, keeping what was typed (normalised)', async () => {
    const res = await postForm(admin, DETAILS, { visitDate: '2026-02-30', startTime: '3:00pm', endTime: '13:5', studentFileCount: '0' }, VISIT);
    expect(res.status).toBe(422);
    const html = decoded(res.text);
    expect(html).toContain(errorLink('visitDate', m.invalidDateFormat));
    expect(html).toContain(errorLink('endTime', m.invalidTimeFormat));
    expect(html).toContain(errorLink('studentFileCount', m.minValue(1)));
    expect(html).not.toContain(errorLink('startTime', m.invalidTimeFormat));
    expect(inputValue(res.text, 'visitDate')).toBe('2026-02-30');
    expect(inputValue(res.text, 'startTime')).toBe('3:00 PM');
    expect(inputValue(res.text, 'endTime')).toBe('13:5');
    // The message sits next to its field too.
    expect(html).toMatch(/id="endTime-error"[^>]*>[\s\S]*?Invalid time format, use hh:mm PM such as 3:00 PM/);

    const more = await postForm(admin, DETAILS, { visitDate: '2026-03-03', startTime: '3:00 PM', endTime: '1:00 PM', studentFileCount: '5x01' }, VISIT);
    expect(more.status).toBe(422);
    expect(decoded(more.text)).toContain(errorLink('endTime', t.endTimeAfterStart));
    expect(decoded(more.text)).toContain(errorLink('studentFileCount', m.maxValue(VISIT_MAX_STUDENT_FILES)));
    expect(inputValue(more.text, 'studentFileCount')).toBe('501');
  });

  it('saves with 303 and the flash; the API holds the values, for the LEA and school year picked', async () => {
    const res = await postForm(admin, DETAILS, { visitDate: '2026-03-03', startTime: '9:00am', endTime: '3:30', studentFileCount: '1a2b' }, VISIT);
    expect(res.status, res.text.slice(0, 300)).toBe(303);
    expect(res.headers.location).toBe(VISIT);
    const page = await admin.get(VISIT);
    expect(textOf(page.text)).toContain(t.saved);
    expect(inputValue(page.text, 'startTime')).toBe('9:00 AM');
    expect(inputValue(page.text, 'endTime')).toBe('3:30 PM');
    expect(inputValue(page.text, 'studentFileCount')).toBe('12');

    // Read back from the API as the admin, for the LEA and year the portal sent.
    const token = await accessToken(env.api, demoEmails.admin);
    const read = await request(env.api.url)
      .get('/api/monitoring/visit')
      .set('Authorization', `Bearer ${token}`)
      .set('CurrentLeaId', String(districtLeaId))
      .set('activeschoolyear', adminYear);
    expect(monitoringVisitResponse.parse(read.body).visit).toMatchObject({ visitDate: '2026-03-03', startTime: '09:00', endTime: '15:30', studentFileCount: 12 });
    expect(await storedVisits()).toContainEqual({ lea_id: districtLeaId, school_year_key: adminYear, student_file_count: 12 });
  });

  it('follows the LEA and school year in the top bar: another pick is another visit', async () => {
    await choose(admin, otherLeaId, years[0]!);
    const before = await storedVisits();
    const res = await postForm(admin, DETAILS, { visitDate: '3/4/2026', startTime: '8:00 AM', endTime: '9:00 AM', studentFileCount: '7' }, VISIT);
    expect(res.status).toBe(303);
    const after = await storedVisits();
    expect(after).toContainEqual({ lea_id: otherLeaId, school_year_key: years[0]!, student_file_count: 7 });
    expect(after.filter((r) => r.lea_id === districtLeaId)).toEqual(before.filter((r) => r.lea_id === districtLeaId));
    await choose(admin, districtLeaId, adminYear);
  });

  it('shows a visit.view user the saved details read-only, in the spec §9 formats, and refuses their post', async () => {
    const stateUser = await signedInAgent(env.portal.url, demoEmails.stateUser);
    await choose(stateUser, districtLeaId, adminYear);
    const res = await stateUser.get(VISIT);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(`action="${DETAILS}"`);
    expect(res.text).not.toContain('data-island="TimeInput"');
    const shown = textOf(/<dl[^>]*data-testid="visit-details"[\s\S]*?<\/dl>/.exec(res.text)?.[0] ?? '');
    expect(shown).toBe(`${t.visitDate} Tuesday, 3rd March 2026 ${t.startTime} 9:00 AM ${t.endTime} 3:30 PM ${t.studentFileCount} 12`);
    expect(textOf(res.text)).toContain('Last updated by Avery State Admin on ');
    expect(textOf(res.text)).toContain(t.viewOnly);

    const post = await postForm(stateUser, DETAILS, { visitDate: '2026-03-03', startTime: '9:00 AM', endTime: '3:00 PM', studentFileCount: '1' }, VISIT);
    expect(post.status).toBe(403);
    expect(await storedVisits()).toContainEqual({ lea_id: districtLeaId, school_year_key: adminYear, student_file_count: 12 });
  });

  it('tells a viewer when nothing is saved for their district and year yet', async () => {
    const district = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await district.get(VISIT);
    expect(res.status).toBe(200);
    expect(textOf(res.text)).toContain(t.notSavedYet);
    // The district user may select people but not start visits.
    expect((await postForm(district, DETAILS, { visitDate: '2026-03-03', startTime: '9:00 AM', endTime: '3:00 PM', studentFileCount: '1' }, VISIT)).status).toBe(403);
  });

  it('needs the CSRF token', async () => {
    const res = await admin.post(DETAILS).type('form').send({ visitDate: '2026-03-03', startTime: '9:00 AM', endTime: '3:00 PM', studentFileCount: '1' });
    expect(res.status).toBe(403);
  });
});
