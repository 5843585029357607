// The admin area's organisation screens through the real portal (supertest, CSRF on, real
// Redis) in front of the real agency API on PGlite, as a browser without JavaScript uses them:
// Manage LEAs, Manage Schools, Manage Text Blocks, Email Logs, List Manager, Manage Notification
// Events and Admin Utilities. Each screen opens for the site admin and answers 403 to a district
// user; every form answers 422 with the spec's messages when the input is bad and 303 with a
// flash when it is good; text block HTML never brings script to a page; ending a user's
// sessions really signs them out.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrgText as t, errorMessages, navText, uiText, validationMessages as m } from '../../lib/messages.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { accessToken, demo } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf as pageText, titleOf, type Agent } from './dashboard-helpers.js';

const ADMIN = demo.admin;
const ADMIN_NAME = 'Avery State Admin';
const DISTRICT = demo.district;
const STATE_USER = demo.stateUser;
const UTILS = '/admin/admin-utils';

let portal: TestPortal;
let admin: Agent;
let district: Agent;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedInAgent(portal.app, ADMIN);
  district = await signedInAgent(portal.app, DISTRICT);
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

// ---- helpers ---------------------------------------------------------------------------------

const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
/** The visible text of the page's main content. */
const textOf = (html: string) => pageText(mainOf(html));
const h1Of = (html: string) => textOf(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(html)?.[0] ?? '');
const breadcrumbOf = (html: string) => pageText(/<nav class="usa-breadcrumb[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '');
/** The error summary's messages, in order, each with the id its link leads to. */
const summaryOf = (html: string) =>
  [...(/data-testid="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '').matchAll(/<li>(?:<a href="#([^"]+)">)?([^<]*)/g)].map((x) =>
    x[1] ? `${x[1]}: ${decoded(x[2] ?? '')}` : decoded(x[2] ?? ''),
  );
/** The message shown under a field (usa-error-message with the field's id). */
const fieldError = (html: string, id: string) => decoded(new RegExp(`id="${id}-error"><span class="usa-sr-only">[^<]*</span>([^<]*)<`).exec(html)?.[1] ?? '');

/** Posts a form with the CSRF token of the page it is on (by default the page of the same path). */
async function post(agent: Agent, path: string, fields: Record<string, string | string[]>, from = path) {
  return postForm(agent, path, fields, from);
}

/** Follows a 303 and returns the page with its flash. */
async function follow(agent: Agent, res: request.Response) {
  expect(res.status, textOf(res.text).slice(0, 400)).toBe(303);
  const page = await agent.get(res.headers.location as string);
  expect(page.status).toBe(200);
  return page;
}

const unique = () => Math.random().toString(36).slice(2, 8);

const screens = [
  { path: '/admin/manage-leas', label: navText.manageLeas },
  { path: '/admin/manage-schools', label: navText.manageSchools },
  { path: '/admin/manage-text-blocks', label: navText.manageTextBlocks },
  { path: '/admin/email-logs', label: navText.emailLogs },
  { path: '/admin/list-manager', label: navText.listManager },
  { path: '/admin/manage-notification', label: navText.manageNotificationEvents },
  { path: '/admin/admin-utils', label: navText.adminUtilities },
];

// ---- access ------------------------------------------------------------------------------------

describe('access', () => {
  it.each(screens)('$path opens for the site admin with its title, heading and breadcrumbs', async ({ path, label }) => {
    const res = await admin.get(path);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${label} - ${navText.admin} - Compliance Portal`);
    expect(h1Of(res.text)).toBe(label);
    expect(breadcrumbOf(res.text)).toBe(`${navText.dashboard} ${navText.admin} ${label}`);
  });

  it.each(screens)('$path answers 403 Access Denied! to a district user', async ({ path }) => {
    const res = await district.get(path);
    expect(res.status).toBe(403);
    expect(textOf(res.text)).toContain(errorMessages.accessDenied);
  });

  it('refuses a district user every write too, before the API is asked', async () => {
    const page = await district.get('/');
    const _csrf = csrfFrom(page.text);
    for (const path of ['/admin/manage-leas/new', '/admin/manage-schools/new', '/admin/manage-text-blocks/1', '/admin/list-manager/new', '/admin/manage-notification/message', '/admin/admin-utils/end-sessions']) {
      const res = await district.post(path).type('form').send({ _csrf, name: 'x' });
      expect(res.status, path).toBe(403);
    }
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const res = await request(portal.app).get('/admin/manage-schools?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/auth/login?returnUrl=${encodeURIComponent('/admin/manage-schools?page=2')}`);
  });
});

// ---- LEAs --------------------------------------------------------------------------------------

describe('Manage LEAs', () => {
  const code = `99-${unique()}`;
  let leaId = '';

  it('lists the LEAs as Districts and Charters', async () => {
    const res = await admin.get('/admin/manage-leas');
    const districts = /id="districts"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '';
    const charters = /id="charters"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '';
    expect(districts).toContain('Prairie View Public Schools');
    expect(charters).toContain('Horizon Academy');
    expect(charters).not.toContain('Prairie View Public Schools');
  });

  it('refuses a bad LEA with 422 and the spec messages, keeping what was typed', async () => {
    const res = await post(admin, '/admin/manage-leas/new', {
      name: '',
      leaCode: 'x'.repeat(51),
      leaType: 'Elsewhere',
      contactEmail: 'not-an-email',
      zip: '123',
      city: 'Lincoln',
    });
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toBe(`Error: ${t.newLeaTitle} - ${navText.manageLeas} - ${navText.admin} - Compliance Portal`);
    expect(summaryOf(res.text)).toEqual([
      `name: ${m.fieldRequired}`,
      `leaCode: ${m.maxLength(50)}`,
      `leaType: ${m.selectFromList}`,
      `contactEmail: ${m.validEmail}`,
      `zip: ${m.zipCodeHelp}`,
    ]);
    expect(fieldError(res.text, 'zip')).toBe(m.zipCodeHelp);
    expect(res.text).toContain('value="Lincoln"');
  });

  it('creates an LEA (303 and flash), then shows it with "Last updated by"', async () => {
    // Another signed-in admin, whose selector lists are already cached.
    const other = await signedInAgent(portal.app, ADMIN);
    expect((await other.get('/contact')).text).not.toContain(`Test District ${code}`);
    const res = await post(admin, '/admin/manage-leas/new', {
      name: `Test District ${code}`,
      leaCode: code,
      leaType: 'Charter',
      contactEmail: 'office@test.example',
      zip: '68508',
      city: 'Lincoln',
      county: 'Lancaster',
      isNdeLevelDistrict: 'on',
    });
    expect(res.status).toBe(303);
    leaId = /\/admin\/manage-leas\/(\d+)$/.exec(res.headers.location as string)?.[1] ?? '';
    expect(leaId).not.toBe('');
    const page = await follow(admin, res);
    expect(textOf(page.text)).toContain(t.leaCreated(`Test District ${code}`));
    // The new LEA reaches the other session's selector on its next page, under the same group
    // as on Manage LEAs (a charter: Charters), without signing in again.
    const selector = /<select[^>]*id="current-lea"[\s\S]*?<\/select>/.exec((await other.get('/contact')).text)?.[0] ?? '';
    const charterGroup = /<optgroup label="Charters">[\s\S]*?<\/optgroup>/.exec(selector)?.[0] ?? '';
    expect(charterGroup).toContain(`Test District ${code}`);
    const otherPage = await other.get('/contact');
    await other.post('/auth/logout').type('form').send({ _csrf: csrfFrom(otherPage.text) }).expect(303);
    expect(textOf(page.text)).toMatch(new RegExp(`Last updated by ${ADMIN_NAME} on \\w+day, `));
    expect(page.text).toMatch(/id="isNdeLevelDistrict"[^>]*checked/);
    expect(page.text).not.toMatch(/id="isIncludedInCharterGroup"[^>]*checked/);
    const list = await admin.get('/admin/manage-leas');
    expect(/id="charters"[\s\S]*?<\/table>/.exec(list.text)?.[0]).toContain(`Test District ${code}`);
  });

  it("refuses a taken LEA code with the API's message on the field", async () => {
    const res = await post(admin, '/admin/manage-leas/new', { name: 'Copy', leaCode: code, leaType: 'District' });
    expect(res.status).toBe(422);
    expect(fieldError(res.text, 'leaCode')).toBe('An LEA with this LEA code already exists.');
  });

  it('edits the LEA (422 then 303)', async () => {
    const bad = await post(admin, `/admin/manage-leas/${leaId}`, { name: 'Renamed', leaCode: code, leaType: 'District', zip: 'abcde' });
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'zip')).toBe(m.zipCodeHelp);
    // The rest of the page is still there on a 422.
    expect(bad.text).toContain(t.leaSchoolYearsLegend);
    const res = await post(admin, `/admin/manage-leas/${leaId}`, { name: `Renamed ${code}`, leaCode: code, leaType: 'District', zip: '68508-1234' });
    const list = await follow(admin, res);
    expect(textOf(list.text)).toContain(t.leaSaved(`Renamed ${code}`));
    expect(/id="districts"[\s\S]*?<\/table>/.exec(list.text)?.[0]).toContain(`Renamed ${code}`);
  });

  it('sets the school years the LEA reports in', async () => {
    const page = await admin.get(`/admin/manage-leas/${leaId}`);
    const keys = [...page.text.matchAll(/name="years" value="(\d{4}-\d{4})"/g)].map((x) => x[1] ?? '');
    expect(keys.length).toBeGreaterThan(1);
    const res = await post(admin, `/admin/manage-leas/${leaId}/years`, { years: keys.slice(0, 2) }, `/admin/manage-leas/${leaId}`);
    const after = await follow(admin, res);
    expect(textOf(after.text)).toContain(t.leaYearsSaved(`Renamed ${code}`));
    const checked = [...after.text.matchAll(/<input[^>]*name="years"[^>]*>/g)].filter((x) => / checked=""/.test(x[0])).map((x) => /value="([^"]+)"/.exec(x[0])?.[1]);
    expect(checked.sort()).toEqual(keys.slice(0, 2).sort());
  });

  it('adds, edits and removes a contact', async () => {
    const bad = await post(admin, `/admin/manage-leas/${leaId}/contacts/new`, { name: '', email: 'nope', phone: 'call me' });
    expect(bad.status).toBe(422);
    expect(summaryOf(bad.text)).toEqual([`name: ${m.fieldRequired}`, `email: ${m.validEmail}`, `phone: ${m.incorrectFormat}`]);
    const added = await follow(admin, await post(admin, `/admin/manage-leas/${leaId}/contacts/new`, { name: 'Pat Contact', email: 'pat@test.example', phone: '402-555-0199', title: 'Director' }));
    expect(textOf(added.text)).toContain(t.contactAdded('Pat Contact'));
    const contactId = new RegExp(`/admin/manage-leas/${leaId}/contacts/(\\d+)`).exec(added.text)?.[1] ?? '';
    expect(contactId).not.toBe('');
    const edited = await follow(admin, await post(admin, `/admin/manage-leas/${leaId}/contacts/${contactId}`, { name: 'Pat Renamed', email: 'pat@test.example', phone: '', title: '' }));
    expect(textOf(edited.text)).toContain('Pat Renamed');
    const confirm = await admin.get(`/admin/manage-leas/${leaId}/contacts/${contactId}/delete`);
    expect(h1Of(confirm.text)).toBe(uiText.confirmTitle);
    expect(textOf(confirm.text)).toContain(t.removeContactQuestion('Pat Renamed', `Renamed ${code}`));
    const removed = await follow(admin, await post(admin, `/admin/manage-leas/${leaId}/contacts/${contactId}/delete`, {}, `/admin/manage-leas/${leaId}/contacts/${contactId}/delete`));
    expect(textOf(removed.text)).toContain(t.contactRemoved('Pat Renamed'));
    expect(removed.text).not.toContain(`/contacts/${contactId}"`);
  });

  it("refuses to delete an LEA users belong to, with the API's message", async () => {
    const list = await admin.get('/admin/manage-leas');
    const prairie = /href="\/admin\/manage-leas\/(\d+)">Prairie View Public Schools</.exec(list.text)?.[1] ?? '';
    const page = await admin.get(`/admin/manage-leas/${prairie}`);
    // Its users are listed on its page.
    expect(textOf(page.text)).toContain(DISTRICT);
    const res = await post(admin, `/admin/manage-leas/${prairie}/delete`, {}, `/admin/manage-leas/${prairie}/delete`);
    const back = await follow(admin, res);
    expect(textOf(back.text)).toContain('This LEA cannot be deleted while users belong to it.');
  });

  it('deletes an LEA after the confirmation page', async () => {
    const confirm = await admin.get(`/admin/manage-leas/${leaId}/delete`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.text)).toContain(t.deleteQuestion(`Renamed ${code}`));
    const list = await follow(admin, await post(admin, `/admin/manage-leas/${leaId}/delete`, {}, `/admin/manage-leas/${leaId}/delete`));
    expect(textOf(list.text)).toContain(t.leaDeleted(`Renamed ${code}`));
    expect((await admin.get(`/admin/manage-leas/${leaId}`)).status).toBe(404);
  });

  it('adds a school year (422 for a bad key, 303 for a good one)', async () => {
    const bad = await post(admin, '/admin/manage-leas/school-years', { key: '2040-2042', label: '' });
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'key')).toBe(m.incorrectFormat);
    const page = await follow(admin, await post(admin, '/admin/manage-leas/school-years', { key: '2040-2041', label: '' }));
    expect(textOf(page.text)).toContain(t.yearAdded('2040-2041'));
    const again = await post(admin, '/admin/manage-leas/school-years', { key: '2040-2041', label: '' });
    expect(again.status).toBe(422);
    expect(fieldError(again.text, 'key')).toBe('This school year already exists.');
  });

  it('makes a school year the current one, and back', async () => {
    const page = await admin.get('/admin/manage-leas/school-years');
    const current = /<th scope="row"[^>]*>(\d{4}-\d{4})<\/th>(?:(?!<\/tr>)[\s\S])*?<span class="usa-tag">/.exec(page.text)?.[1] ?? '';
    expect(current).toMatch(/^\d{4}-\d{4}$/);
    const made = await follow(admin, await post(admin, '/admin/manage-leas/school-years/current', { key: '2040-2041' }, '/admin/manage-leas/school-years'));
    expect(textOf(made.text)).toContain(t.yearMadeCurrent('2040-2041'));
    expect(made.text).toMatch(/>2040-2041<\/th>(?:(?!<\/tr>)[\s\S])*?<span class="usa-tag">/);
    const unknown = await follow(admin, await post(admin, '/admin/manage-leas/school-years/current', { key: '1990-1991' }, '/admin/manage-leas/school-years'));
    expect(textOf(unknown.text)).toContain('Not a known school year.');
    const back = await follow(admin, await post(admin, '/admin/manage-leas/school-years/current', { key: current }, '/admin/manage-leas/school-years'));
    expect(textOf(back.text)).toContain(t.yearMadeCurrent(current));
  });
});

// ---- schools -----------------------------------------------------------------------------------

describe('Manage Schools', () => {
  const schoolNames = (html: string) =>
    [...(/id="schools"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '').matchAll(/<th scope="row"[^>]*><a class="usa-link" href="\/admin\/manage-schools\/\d+">([^<]*)</g)].map((x) =>
      decoded(x[1] ?? ''),
    );

  it('pages and sorts on the server', async () => {
    const first = await admin.get('/admin/manage-schools');
    const names = schoolNames(first.text);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const desc = schoolNames((await admin.get('/admin/manage-schools?sort=name&dir=desc')).text);
    expect(desc[0]).toBe([...desc, ...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' }))[0]);
    const total = Number(/Showing \d+ to \d+ of (\d+)/.exec(textOf(first.text))?.[1]);
    expect(total).toBeGreaterThan(10);
    const page2 = await admin.get('/admin/manage-schools?pageSize=50&page=1');
    expect(schoolNames(page2.text).length).toBe(Math.min(total, 50));
    const small = await admin.get('/admin/manage-schools?page=2&pageSize=25');
    expect(textOf(small.text)).toContain(`Showing 26 to ${Math.min(total, 50)} of ${total}`);
    const all = await admin.get('/admin/manage-schools?pageSize=all');
    expect(schoolNames(all.text).length).toBe(total);
  });

  it('orders by LEA first and filters by LEA', async () => {
    const res = await admin.get('/admin/manage-schools?byLea=on&pageSize=all');
    const leas = [...(/id="schools"[\s\S]*?<\/table>/.exec(res.text)?.[0] ?? '').matchAll(/<\/th><td[^>]*>([^<]*)<\/td>/g)].map((x) => decoded(x[1] ?? ''));
    expect(leas).toEqual([...leas].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const leaId = /<option value="(\d+)">Twin Rivers Public Schools<\/option>/.exec(res.text)?.[1] ?? '';
    const filtered = await admin.get(`/admin/manage-schools?leaId=${leaId}`);
    expect(schoolNames(filtered.text).sort()).toEqual(['Dodge Elementary School', 'Starr Elementary School', 'Twin Rivers Senior High School', 'Walnut Middle School']);
    // Sort links keep the filter.
    expect(filtered.text).toContain(`leaId=${leaId}`);
  });

  it('creates (422, 303), edits and deletes a school', async () => {
    const form = await admin.get('/admin/manage-schools/new');
    const leaId = /<option value="(\d+)">Riverbend Community Schools<\/option>/.exec(form.text)?.[1] ?? '';
    const bad = await post(admin, '/admin/manage-schools/new', { leaId: '', name: '', ziplineAPISchoolId: 'z'.repeat(51) });
    expect(bad.status).toBe(422);
    expect(summaryOf(bad.text)).toEqual([`leaId: ${m.fieldRequired}`, `name: ${m.fieldRequired}`, `ziplineAPISchoolId: ${m.maxLength(50)}`]);
    const name = `Zz Test School ${unique()}`;
    const list = await follow(admin, await post(admin, '/admin/manage-schools/new', { leaId, name, ziplineAPISchoolId: 'T-1' }));
    expect(textOf(list.text)).toContain(t.schoolCreated(name));
    const all = await admin.get('/admin/manage-schools?pageSize=all');
    const id = new RegExp(`href="/admin/manage-schools/(\\d+)">${name}<`).exec(all.text)?.[1] ?? '';
    expect(id).not.toBe('');
    const edit = await admin.get(`/admin/manage-schools/${id}`);
    expect(textOf(edit.text)).toMatch(new RegExp(`Last updated by ${ADMIN_NAME} on`));
    const saved = await follow(admin, await post(admin, `/admin/manage-schools/${id}`, { leaId, name: `${name} B`, ziplineAPISchoolId: '' }));
    expect(textOf(saved.text)).toContain(t.schoolSaved(`${name} B`));
    const confirm = await admin.get(`/admin/manage-schools/${id}/delete`);
    expect(h1Of(confirm.text)).toBe(uiText.confirmTitle);
    const gone = await follow(admin, await post(admin, `/admin/manage-schools/${id}/delete`, {}, `/admin/manage-schools/${id}/delete`));
    expect(textOf(gone.text)).toContain(t.schoolDeleted(`${name} B`));
    expect((await admin.get(`/admin/manage-schools/${id}`)).status).toBe(404);
  });
});

// ---- text blocks -------------------------------------------------------------------------------

describe('Manage Text Blocks', () => {
  const hostile =
    '<p>Welcome&nbsp;to\u00A0the portal</p><script>alert("x")</script><img src="x" onerror="alert(1)">' +
    '<a href="javascript:alert(2)" onclick="alert(3)">click</a><p onmouseover="alert(4)" style="color:red">Safe <strong>text</strong></p>';

  /** The page without the textarea (whose escaped content is the entered text, shown as text). */
  const outsideTextarea = (html: string) => html.replace(/<textarea[\s\S]*?<\/textarea>/g, '');

  function expectNoScript(html: string): void {
    const page = outsideTextarea(html);
    expect(page).not.toMatch(/<script(?![^>]*(type="application\/json"|nonce=))/i);
    expect(page).not.toMatch(/\son(error|click|mouseover)=/i);
    expect(page).not.toMatch(/=\s*"\s*javascript:/i);
    expect(page).not.toContain('alert(');
  }

  async function blockId(code: string): Promise<string> {
    const list = await admin.get('/admin/manage-text-blocks');
    const id = new RegExp(`href="/admin/manage-text-blocks/(\\d+)">[^<]*</a></th><td[^>]*><code>${code}</code>`).exec(list.text)?.[1];
    expect(id, `text block ${code} in the list`).toBeDefined();
    return id ?? '';
  }

  it('lists the blocks by group and filters to one group', async () => {
    const res = await admin.get('/admin/manage-text-blocks');
    const groups = [...res.text.matchAll(/<h2 id="group-[^"]+-heading">([^<]*)</g)].map((x) => decoded(x[1] ?? ''));
    expect(groups.length).toBeGreaterThan(1);
    const one = (groups[0] ?? '').replace(/^Group: /, '');
    const filtered = await admin.get(`/admin/manage-text-blocks?group=${encodeURIComponent(one)}`);
    expect([...filtered.text.matchAll(/<h2 id="group-[^"]+-heading">/g)]).toHaveLength(1);
  });

  it('previews the HTML sanitised, with non-breaking spaces replaced, without saving', async () => {
    const id = await blockId('login-screen-text');
    const before = await admin.get(`/admin/manage-text-blocks/${id}`);
    const res = await post(admin, `/admin/manage-text-blocks/${id}`, { title: 'Sign in', html: hostile, format: 'Card', isVisible: 'on', intent: 'preview' });
    expect(res.status).toBe(200);
    const preview = /<section[^>]*id="preview"[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
    expect(preview).toContain('<p>Welcome to the portal</p>');
    expect(preview).toContain('<strong>text</strong>');
    expect(preview).toContain('usa-card');
    expectNoScript(res.text);
    // Nothing was saved.
    const after = await admin.get(`/admin/manage-text-blocks/${id}`);
    expect(/<textarea[\s\S]*?<\/textarea>/.exec(after.text)?.[0]).toBe(/<textarea[\s\S]*?<\/textarea>/.exec(before.text)?.[0]);
  });

  it('refuses a bad block with 422', async () => {
    const id = await blockId('login-screen-text');
    const res = await post(admin, `/admin/manage-text-blocks/${id}`, { title: 'x'.repeat(201), html: '<p>x</p>', format: 'Table' });
    expect(res.status).toBe(422);
    expect(summaryOf(res.text)).toEqual([`title: ${m.maxLength(200)}`, `format-Div: ${m.selectFromList}`]);
  });

  it('saves sanitised HTML, and no script, handler or javascript: URL reaches the page that shows it', async () => {
    const id = await blockId('login-screen-text');
    const res = await post(admin, `/admin/manage-text-blocks/${id}`, { title: 'Sign in', html: hostile, format: 'Div', isVisible: 'on' });
    const list = await follow(admin, res);
    expect(textOf(list.text)).toContain(t.textBlockSaved('Sign in'));
    // Stored sanitised by the API, nbsp replaced by the portal.
    const stored = await request(portal.api!.url).get('/api/text-blocks/by-block-code/login-screen-text');
    expect(stored.body.html).toContain('<p>Welcome to the portal</p>');
    expect(stored.body.html).not.toMatch(/script|onerror|onclick|javascript:|\u00A0|&nbsp;/i);
    // The link whose address was dropped is plain text, not a link that goes nowhere.
    expect(stored.body.html).toContain('<span>click</span>');
    // The sign-in page shows the block, safely.
    const login = await request(portal.app).get('/auth/login');
    expect(login.text).toContain('Welcome to the portal');
    expectNoScript(login.text);
    const edit = await admin.get(`/admin/manage-text-blocks/${id}`);
    expect(textOf(edit.text)).toMatch(new RegExp(`Last updated by ${ADMIN_NAME} on`));
  });

  it('sanitises at render what reached the database by other means', async () => {
    await portal.api!.ctx.db.query("UPDATE text_blocks SET html = $1 WHERE block_code = 'login-screen-text'", [hostile]);
    const login = await request(portal.app).get('/auth/login');
    expect(login.text).toContain('Safe <strong>text</strong>');
    expect(login.text).toContain('<span>click</span>');
    expect(login.text).not.toContain('<a>click</a>');
    expectNoScript(login.text);
    const id = await blockId('login-screen-text');
    const preview = await post(admin, `/admin/manage-text-blocks/${id}`, { title: 'Sign in', html: hostile, format: 'Div', isVisible: '', intent: 'preview' });
    expect(textOf(preview.text)).toContain(t.previewHidden);
    expectNoScript(preview.text);
  });
});

// ---- email logs --------------------------------------------------------------------------------

describe('Email Logs', () => {
  it('filters, and shows a message as text, never as markup', async () => {
    await portal.api!.ctx.mailer.send({ to: 'log-check@test.example', subject: 'Markup check', text: '<script>alert(1)</script><b>bold</b> & more' });
    const list = await admin.get('/admin/email-logs?to=log-check');
    const rows = /id="email-logs"[\s\S]*?<\/table>/.exec(list.text)?.[0] ?? '';
    expect(rows).toContain('log-check@test.example');
    expect(rows).not.toContain(ADMIN);
    const id = /href="\/admin\/email-logs\/(\d+)">Markup check</.exec(list.text)?.[1] ?? '';
    const view = await admin.get(`/admin/email-logs/${id}`);
    expect(view.status).toBe(200);
    expect(titleOf(view.text)).toBe(`${t.emailTitle('Markup check')} - ${navText.emailLogs} - ${navText.admin} - Compliance Portal`);
    expect(view.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(view.text).not.toContain('<b>bold</b>');
    const none = await admin.get('/admin/email-logs?to=log-check&status=Failed');
    expect(textOf(none.text)).toContain(uiText.noResults);
    const today = new Date();
    const day = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
    const dated = await admin.get(`/admin/email-logs?to=log-check&from=${encodeURIComponent('01/01/2020')}&until=${encodeURIComponent(day)}`);
    expect(dated.text).toContain('Markup check');
    const old = await admin.get(`/admin/email-logs?to=log-check&until=${encodeURIComponent('01/01/2020')}`);
    expect(old.text).not.toContain('Markup check');
  });

  it('answers 422 with the spec messages for bad dates', async () => {
    const res = await admin.get('/admin/email-logs?from=13/45/2024&until=');
    expect(res.status).toBe(422);
    expect(summaryOf(res.text)).toEqual([`from: ${m.invalidDateFormat}`]);
    const order = await admin.get(`/admin/email-logs?from=${encodeURIComponent('03/02/2024')}&until=${encodeURIComponent('03/01/2024')}`);
    expect(order.status).toBe(422);
    expect(fieldError(order.text, 'until')).toBe(m.dateAfterStart);
  });
});

// ---- list manager ------------------------------------------------------------------------------

describe('List Manager', () => {
  it('creates a list, adds, edits and deletes items, and deletes the list', async () => {
    const name = `test-list-${unique()}`;
    const bad = await post(admin, '/admin/list-manager/new', { displayName: '', name: 'Not Valid', description: '' });
    expect(bad.status).toBe(422);
    expect(summaryOf(bad.text)).toEqual([`displayName: ${m.fieldRequired}`, `name: ${m.incorrectFormat}`]);
    const created = await follow(admin, await post(admin, '/admin/list-manager/new', { displayName: 'Test Types', name, description: 'For tests', isActive: 'on' }));
    expect(textOf(created.text)).toContain(t.listCreated('Test Types'));
    const listId = /action="\/admin\/list-manager\/(\d+)"/.exec(created.text)?.[1] ?? '';
    const taken = await post(admin, '/admin/list-manager/new', { displayName: 'Again', name, isActive: 'on' });
    expect(fieldError(taken.text, 'name')).toBe('A list with this name already exists.');

    const badItem = await post(admin, `/admin/list-manager/${listId}/items/new`, { label: '', code: 'has space', sortOrder: 'ten' });
    expect(badItem.status).toBe(422);
    expect(summaryOf(badItem.text)).toEqual([`label: ${m.fieldRequired}`, `code: ${m.incorrectFormat}`, `sortOrder: ${m.incorrectFormat}`]);
    const big = await post(admin, `/admin/list-manager/${listId}/items/new`, { label: 'A', code: 'A', sortOrder: '1000001' });
    expect(fieldError(big.text, 'sortOrder')).toBe(m.maxValue(1_000_000));
    await follow(admin, await post(admin, `/admin/list-manager/${listId}/items/new`, { label: 'Second', code: 'B', sortOrder: '20', isActive: 'on' }));
    const withItems = await follow(admin, await post(admin, `/admin/list-manager/${listId}/items/new`, { label: 'First', code: 'A', sortOrder: '10', isActive: 'on' }));
    const labels = [...(/id="list-items"[\s\S]*?<\/table>/.exec(withItems.text)?.[0] ?? '').matchAll(/<th scope="row"[^>]*>([^<]*)</g)].map((x) => x[1]);
    expect(labels).toEqual(['First', 'Second']);
    const dup = await post(admin, `/admin/list-manager/${listId}/items/new`, { label: 'Dup', code: 'a', isActive: 'on' });
    expect(fieldError(dup.text, 'code')).toBe('An item with this code already exists in this list.');
    // The first row's Edit link: the item labelled First.
    const itemId = new RegExp(`/admin/list-manager/${listId}/items/(\\d+)"`).exec(withItems.text)?.[1] ?? '';
    const edited = await follow(admin, await post(admin, `/admin/list-manager/${listId}/items/${itemId}`, { label: 'Renamed', code: 'R', sortOrder: '5' }));
    expect(textOf(edited.text)).toContain(t.itemSaved('Renamed'));
    expect(textOf(edited.text)).toMatch(/Renamed R 5 No/);
    const itemGone = await follow(admin, await post(admin, `/admin/list-manager/${listId}/items/${itemId}/delete`, {}, `/admin/list-manager/${listId}/items/${itemId}/delete`));
    expect(textOf(itemGone.text)).toContain(t.itemDeleted('Renamed'));
    const listGone = await follow(admin, await post(admin, `/admin/list-manager/${listId}/delete`, {}, `/admin/list-manager/${listId}/delete`));
    expect(textOf(listGone.text)).toContain(t.listDeleted('Test Types'));
  });

  it('keeps the code name of a built-in list and offers no Delete', async () => {
    const lists = await admin.get('/admin/list-manager');
    const builtInId = /href="\/admin\/list-manager\/(\d+)">[^<]*<\/a><\/th><td[^>]*><code>[^<]*<\/code><\/td><td[^>]*>\d+<\/td><td[^>]*>[^<]*<\/td><td[^>]*>Yes</.exec(lists.text)?.[1] ?? '';
    const page = await admin.get(`/admin/list-manager/${builtInId}`);
    expect(textOf(page.text)).toContain(t.builtInHint);
    expect(page.text).not.toContain(`/admin/list-manager/${builtInId}/delete`);
  });
});

// ---- notification events -----------------------------------------------------------------------

describe('Manage Notification Events', () => {
  it('creates (422, 303), edits and deletes an event type', async () => {
    const bad = await post(admin, '/admin/manage-notification/new', { name: '', module: 'Nowhere', description: '' });
    expect(bad.status).toBe(422);
    expect(summaryOf(bad.text)).toEqual([
      `name: ${m.fieldRequired}`,
      `module: ${m.selectFromList}`,
      `supportedFrequency-0: ${m.fieldRequired}`,
      `isSupportsEmail: ${t.noChannel}`,
    ]);
    const name = `Test Event ${unique()}`;
    const list = await follow(
      admin,
      await post(admin, '/admin/manage-notification/new', { name, description: 'd', module: 'App', supportedFrequency: ['1', '3'], isSupportsInApp: 'on', hasLea: 'on' }),
    );
    expect(textOf(list.text)).toContain(t.eventCreated(name));
    expect(textOf(list.text)).toContain(`${name} App Immediately, Weekly No Yes No Yes No 0`);
    const id = new RegExp(`href="/admin/manage-notification/(\\d+)">${name}<`).exec(list.text)?.[1] ?? '';
    const taken = await post(admin, '/admin/manage-notification/new', { name, module: 'App', supportedFrequency: '1', isSupportsEmail: 'on' });
    expect(fieldError(taken.text, 'name')).toBe('A notification event with this name already exists.');
    const saved = await follow(admin, await post(admin, `/admin/manage-notification/${id}`, { name, module: 'Eco', supportedFrequency: '2', isSupportsEmail: 'on', isRequired: 'on' }));
    expect(textOf(saved.text)).toContain(`${name} Eco Daily Yes No Yes No No 0`);
    const edit = await admin.get(`/admin/manage-notification/${id}`);
    expect(textOf(edit.text)).toMatch(new RegExp(`Last updated by ${ADMIN_NAME} on`));
    const gone = await follow(admin, await post(admin, `/admin/manage-notification/${id}/delete`, {}, `/admin/manage-notification/${id}/delete`));
    expect(textOf(gone.text)).toContain(t.eventDeleted(name));
  });

  it('queues a system message to chosen users, a role, an LEA and everyone', async () => {
    const bad = await post(admin, '/admin/manage-notification/message', { message: '', openUrl: 'javascript:alert(1)', recipients: 'users', userEmails: '' });
    expect(bad.status).toBe(422);
    expect(summaryOf(bad.text)).toEqual([`message: ${m.fieldRequired}`, `openUrl: ${m.incorrectFormat}`, `userEmails: ${m.fieldRequired}`]);
    const unknown = await post(admin, '/admin/manage-notification/message', { message: 'Hi', recipients: 'users', userEmails: 'nobody-here@test.example' });
    expect(unknown.status).toBe(422);
    expect(fieldError(unknown.text, 'userEmails')).toBe(t.noSuchUser('nobody-here@test.example'));

    const text = `Planned maintenance ${unique()}`;
    const chosen = { message: text, openUrl: '/notification-settings', recipients: 'users', userEmails: `${DISTRICT}\n${STATE_USER}` };
    // Asked first, saying how many it reaches; nothing is sent yet.
    const asked = await post(admin, '/admin/manage-notification/message', chosen);
    expect(asked.status).toBe(200);
    expect(titleOf(asked.text)).toMatch(new RegExp(`^${t.confirmSendTitle}`));
    expect(textOf(asked.text)).toContain(t.sendMessageQuestion(2));
    expect(decoded(asked.text)).toContain(text);
    const token = await accessToken(portal.api!, DISTRICT);
    const inboxOf = async () =>
      (await request(portal.api!.url).get('/api/event-notification/message/user-messages').set('authorization', `Bearer ${token}`)).body as { message: string; openUrl: string | null }[];
    expect((await inboxOf()).some((x) => x.message === text)).toBe(false);
    // "Change the message" goes back to the form with everything as typed.
    const changed = await post(admin, '/admin/manage-notification/message', { ...chosen, intent: 'edit' });
    expect(changed.status).toBe(200);
    expect(decoded(changed.text)).toContain(`>${text}</textarea>`);
    const sent = await follow(admin, await post(admin, '/admin/manage-notification/message', { ...chosen, intent: 'send' }));
    expect(textOf(sent.text)).toContain(t.messageQueued(2));
    expect((await inboxOf()).find((x) => x.message === text)?.openUrl).toBe('/notification-settings');

    const noRole = await post(admin, '/admin/manage-notification/message', { message: 'x', recipients: 'role', roleName: '' });
    expect(fieldError(noRole.text, 'roleName')).toBe(m.fieldRequired);
    const toRole = await follow(admin, await post(admin, '/admin/manage-notification/message', { message: `${text} role`, recipients: 'role', roleName: 'Site Admin', intent: 'send' }));
    expect(textOf(toRole.text)).toMatch(/The message was sent to \d+ users?\./);

    const form = await admin.get('/admin/manage-notification/message');
    const prairie = /<option value="(\d+)">Prairie View Public Schools<\/option>/.exec(form.text)?.[1] ?? '';
    const toLea = await follow(admin, await post(admin, '/admin/manage-notification/message', { message: `${text} lea`, recipients: 'lea', leaId: prairie, intent: 'send' }));
    expect(textOf(toLea.text)).toMatch(/The message was sent to \d+ users?\./);
    // Every user: the question says how many that is, and the send reaches exactly them.
    const everyoneAsked = await post(admin, '/admin/manage-notification/message', { message: `${text} all`, recipients: 'everyone' });
    const reach = Number(/will go to the Messages of (\d+) users\./.exec(textOf(everyoneAsked.text))?.[1]);
    expect(reach).toBeGreaterThanOrEqual(5);
    const everyone = await follow(admin, await post(admin, '/admin/manage-notification/message', { message: `${text} all`, recipients: 'everyone', intent: 'send' }));
    const count = Number(/The message was sent to (\d+) users\./.exec(textOf(everyone.text))?.[1]);
    expect(count).toBe(reach);
    const mine = (await inboxOf()).map((x) => x.message);
    expect(mine).toContain(`${text} lea`);
    expect(mine).toContain(`${text} all`);
  });
});

// ---- admin utilities ---------------------------------------------------------------------------

describe('Admin Utilities', () => {
  it('shows the version and the health of Redis, the API and the database', async () => {
    const res = await admin.get('/admin/admin-utils');
    const text = textOf(res.text);
    expect(text).toContain(`${t.version} 2.7.0`);
    expect(text).toContain(`${t.redis} ${t.up}`);
    expect(text).toContain(`${t.api} ${t.up}`);
    expect(text).toContain(`${t.database} ${t.up}`);
  });

  it('sends a test email through the API (422 for a bad address, 303 and a log entry for a good one)', async () => {
    const bad = await post(admin, '/admin/admin-utils/test-email', { to: 'nobody' }, UTILS);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'to')).toBe(m.validEmail);
    const to = `test-${unique()}@test.example`;
    const page = await follow(admin, await post(admin, '/admin/admin-utils/test-email', { to }, UTILS));
    expect(textOf(page.text)).toContain(t.testEmailSent(to));
    const log = await admin.get(`/admin/email-logs?to=${encodeURIComponent(to)}`);
    expect(textOf(log.text)).toContain('Compliance Portal test email');
  });

  it('ends every session of a user: their next request goes to sign in', async () => {
    const bad = await post(admin, '/admin/admin-utils/end-sessions', { email: 'nobody-at-all@test.example' }, UTILS);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'email')).toBe(t.noSuchUser('nobody-at-all@test.example'));

    const laptop = await signedInAgent(portal.app, STATE_USER);
    const phone = await signedInAgent(portal.app, STATE_USER);
  
    expect((await laptop.get('/').redirects(0)).status).toBe(200);
    const keysBefore = await portal.redis!.keys(`${portal.redisPrefix}user-sessions:*`);
    expect(keysBefore.length).toBeGreaterThan(0);

    // Asked first: who, and how many sessions end. Nothing has ended yet.
    const asked = await post(admin, '/admin/admin-utils/end-sessions', { email: STATE_USER }, UTILS);
    expect(asked.status).toBe(200);
    expect(titleOf(asked.text)).toMatch(new RegExp(`^${t.endSessionsConfirmTitle}`));
    expect(decoded(textOf(asked.text))).toContain(t.endSessionsQuestion('Jordan State User', STATE_USER, 2));
    expect((await laptop.get('/').redirects(0)).status).toBe(200);
    const page = await follow(admin, await post(admin, '/admin/admin-utils/end-sessions', { email: STATE_USER, confirmed: '1' }, UTILS));
    expect(textOf(page.text)).toContain(t.sessionsEnded(STATE_USER, 2));
    for (const agent of [laptop, phone]) {
      const res = await agent.get('/admin/manage-leas').redirects(0);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/auth\/login\?returnUrl=/);
      // The sign-in page says why they are there (spec §8), once.
      expect(textOf((await agent.get(res.headers.location as string)).text)).toContain(errorMessages.sessionExpired);
      expect(textOf((await agent.get('/auth/login')).text)).not.toContain(errorMessages.sessionExpired);
    }
    // The API revoked their refresh tokens too.
    const open = await portal.api!.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE u.email = $1 AND r.revoked_at IS NULL",
      [STATE_USER],
    );
    expect(Number(open.rows[0]?.n)).toBe(0);
    // The admin's own session is untouched.
    expect((await admin.get('/admin/admin-utils')).status).toBe(200);
  });

  it('says nothing of an expired session to someone who signed out themselves', async () => {
    const agent = await signedInAgent(portal.app, STATE_USER);
    const page = await agent.get('/notification-settings');
    expect((await agent.post('/auth/logout').type('form').send({ _csrf: csrfFrom(page.text) })).status).toBe(303);
    const res = await agent.get('/admin/manage-leas').redirects(0);
    expect(res.status).toBe(302);
    expect(textOf((await agent.get(res.headers.location as string)).text)).not.toContain(errorMessages.sessionExpired);
  });

  it('keeps the admin signed in when they end their own sessions', async () => {
    const other = await signedInAgent(portal.app, ADMIN);
    const page = await follow(admin, await post(admin, '/admin/admin-utils/end-sessions', { email: ADMIN, confirmed: '1' }, UTILS));
    expect(textOf(page.text)).toContain(t.sessionsEnded(ADMIN, 1));
    expect(textOf(page.text)).toContain(t.ownSessionKept);
    expect((await other.get('/').redirects(0)).status).toBe(302);
    expect((await admin.get('/admin/manage-leas')).status).toBe(200);
  });

  it('ends sessions with the in-process stores too (no Redis)', async () => {
    const local = await startTestPortal({ api: portal.api!, redis: false });
    try {
      const localAdmin = await signedInAgent(local.app, ADMIN);
      const victim = await signedInAgent(local.app, DISTRICT);
      const page0 = await localAdmin.get('/admin/admin-utils');
      expect(textOf(page0.text)).toContain(`${t.redis} ${t.notConfigured}`);
      const res = await localAdmin.post('/admin/admin-utils/end-sessions').type('form').send({ _csrf: csrfFrom(page0.text), email: DISTRICT, confirmed: '1' });
      expect(res.status).toBe(303);
      expect((await victim.get('/').redirects(0)).status).toBe(302);
    } finally {
      await local.close();
    }
  });
});
