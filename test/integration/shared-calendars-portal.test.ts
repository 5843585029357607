// The screen /dispute-resolution/calendars (DR spec §4.10, §10) through the real portal and API,
// on PGlite and PostgreSQL, as a browser without JavaScript uses it: the import with row errors
// (422, nothing imported, the error report to download), a good import and its idempotent
// repeat, the calendars with their school days, and holidays added and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../lib/day.js';
import { errorMessages } from '../../lib/messages.js';
import { calendarText as t, messageDate } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { startTestPortal, type TestPortal } from '../helpers/portal.js';
import { demo } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf, titleOf, type Agent } from './dashboard-helpers.js';

const PAGE = '/dispute-resolution/calendars';
const HEADER = 'leaCode,schoolYear,date,dayType';

describe.each(testDbs)('the calendars screen on %s', (dbKind) => {
  let api: TestApi;
  let portal: TestPortal;
  let admin: Agent;
  let district: Agent;
  let lea: string;

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    portal = await startTestPortal({ api });
    admin = await signedInAgent(portal.app, demo.admin);
    district = await signedInAgent(portal.app, demo.district);
    lea = (await api.ctx.db.query<{ lea_code: string }>('SELECT lea_code FROM leas WHERE NOT is_nde_level_district ORDER BY lea_code LIMIT 1')).rows[0]!.lea_code;
  }, 90_000);

  afterAll(async () => {
    await portal?.close();
    await api?.close();
  });

  const csrfOf = async () => /name="_csrf" value="([^"]+)"/.exec((await admin.get(PAGE)).text)?.[1] ?? '';
  const importCsv = async (lines: string[]) =>
    admin.post(`${PAGE}/import`).field('_csrf', await csrfOf()).attach('file', Buffer.from([HEADER, ...lines].join('\r\n'), 'utf8'), { filename: 'calendars.csv', contentType: 'text/csv' });
  const fieldError = (html: string, id: string) => decoded(new RegExp(`id="${id}-error"><span class="usa-sr-only">[^<]*</span>([^<]*)<`).exec(html)?.[1] ?? '');

  it('shows the seeded calendars and this year\'s holidays to a DR state user, and is refused to others', async () => {
    const res = await admin.get(PAGE);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${t.menu} - Dispute Resolution - Compliance Portal`);
    expect(textOf(res.text)).not.toContain('not available');
    const table = /<table[^>]*id="school-calendars"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '';
    // The demo 2025-2026 calendar: 182 school days, its winter break as one range.
    expect(textOf(table)).toContain('08/11/2025');
    expect(textOf(table)).toContain('12/22/2025 to 01/02/2026');
    expect(textOf(table)).toContain('182');
    const holidays = /<table[^>]*id="holiday-list"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '';
    const year = agencyToday().slice(0, 4);
    if (Number(year) <= 2027) expect(textOf(holidays)).toContain('Nevada Day');
    expect((await district.get(PAGE)).status).toBe(403);
  });

  it('rejects a file with errors: 422, the rows in error, nothing imported, and the error report', async () => {
    const res = await importCsv([`${lea},2027-2028,2027-08-09,FirstDay`, `XX-0000-999,2027-2028,2027-08-10,NonSchoolDay`]);
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toMatch(/^Error: /);
    const summary = textOf(/data-testid="error-summary"[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? '');
    expect(summary).toContain(t.importRejected(2));
    const errorsTable = textOf(/id="import-errors"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '');
    expect(errorsTable).toContain(t.unknownLea('XX-0000-999'));
    expect(errorsTable).toContain(t.firstAndLast(lea, '2027-2028'));
    const href = decoded(/href="([^"]*errors\.csv)"/.exec(res.text)?.[1] ?? '');
    const report = await admin.get(href);
    expect(report.status).toBe(200);
    expect(report.headers['content-disposition']).toContain('attachment');
    expect(report.headers['x-content-type-options']).toBe('nosniff');
    expect(report.text).toBe(`\uFEFFline,column,message\r\n2,dayType,${lea} 2027-2028 needs exactly one FirstDay and one LastDay.\r\n3,leaCode,Unknown LEA code XX-0000-999.\r\n`);
    expect(textOf((await admin.get(`${PAGE}?schoolYear=2027-2028`)).text)).toContain(t.noCalendars);
  });

  it('imports the fixed file, then finds nothing to change in the same file', async () => {
    const good = [`${lea},2027-2028,2027-08-09,FirstDay`, `${lea},2027-2028,2028-05-25,LastDay`, `${lea},2027-2028,2027-11-24,NonSchoolDay`];
    const res = await importCsv(good);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(PAGE);
    const page = await admin.get(PAGE);
    expect(textOf(page.text)).toContain(t.imported(1, 0, 0));
    const again = await importCsv(good);
    expect(again.status).toBe(303);
    expect(textOf((await admin.get(PAGE)).text)).toContain(t.imported(0, 0, 1));
    const filtered = await admin.get(`${PAGE}?schoolYear=2027-2028`);
    expect(textOf(/<table[^>]*id="school-calendars"[\s\S]*?<\/table>/.exec(filtered.text)?.[0] ?? '')).toContain('11/24/2027');
  });

  it('asks for a file when none was chosen', async () => {
    const res = await admin.post(`${PAGE}/import`).field('_csrf', await csrfOf());
    expect(res.status).toBe(422);
    expect(fieldError(res.text, 'file')).toBe('Choose a file to upload.');
  });

  it('adds a holiday, refuses a second one on that day, and removes it', async () => {
    const add = await postForm(admin, `${PAGE}/holidays`, { date: '2026-12-24', name: 'Christmas Eve', kind: 'State' }, PAGE);
    expect(add.status).toBe(303);
    expect(add.headers.location).toBe(`${PAGE}?holidayYear=2026#holidays`);
    const page = await admin.get(`${PAGE}?holidayYear=2026`);
    expect(textOf(page.text)).toContain(t.holidayAdded('Christmas Eve', '2026-12-24'));
    expect(textOf(/<table[^>]*id="holiday-list"[\s\S]*?<\/table>/.exec(page.text)?.[0] ?? '')).toContain('Christmas Eve');

    const again = await postForm(admin, `${PAGE}/holidays`, { date: '2026-12-24', name: 'Again', kind: 'State' }, PAGE);
    expect(again.status).toBe(422);
    expect(fieldError(again.text, 'date')).toBe(t.holidayExists('2026-12-24'));
    const bad = await postForm(admin, `${PAGE}/holidays`, { date: '', name: '', kind: '' }, PAGE);
    expect(bad.status).toBe(422);
    expect([fieldError(bad.text, 'date'), fieldError(bad.text, 'name'), fieldError(bad.text, 'kind')]).toEqual([t.validDate, t.holidayName, t.holidayKind]);

    const remove = await postForm(admin, `${PAGE}/holidays/2026-12-24/delete`, {}, PAGE);
    expect(remove.status).toBe(303);
    const after = await admin.get(`${PAGE}?holidayYear=2026`);
    expect(textOf(after.text)).toContain(t.holidayRemoved('Christmas Eve', '2026-12-24'));
    expect(textOf(/<table[^>]*id="holiday-list"[\s\S]*?<\/table>/.exec(after.text)?.[0] ?? '')).not.toContain('Christmas Eve');
    expect(messageDate('2026-12-24')).toBe('12/24/2026');
  });

  it("shows the list manager's state-holidays list as the holidays, edited on this screen", async () => {
    const id = (await api.ctx.db.query<{ id: number }>(`SELECT id FROM lookup_lists WHERE name = 'state-holidays'`)).rows[0]!.id;
    const res = await admin.get(`/admin/list-manager/${id}`);
    expect(res.status).toBe(200);
    const main = textOf(/<main[\s\S]*<\/main>/.exec(res.text)?.[0] ?? '');
    expect(main).toContain(t.listKeptOnScreen);
    expect(main).toContain('Nevada Day');
    expect(res.text).not.toContain(`/admin/list-manager/${id}/items/new`);
    expect(res.text).toContain(`href="${PAGE}"`);
  });

  it('refuses a forged form', async () => {
    const res = await admin.post(`${PAGE}/holidays`).type('form').send({ _csrf: 'forged', date: '2026-12-31', name: 'x', kind: 'State' });
    expect(res.status).toBe(403);
    expect(textOf(res.text)).toContain(errorMessages.csrfInvalid);
  });
});
