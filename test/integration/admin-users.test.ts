// Manage Users through the real portal (supertest, CSRF on, real Redis) in front of the real
// agency API on PGlite, as a browser without JavaScript uses it: the list with its search,
// filters, sorting and paging; create, edit, roles, enable and disable, unblock, password reset
// email, set password and delete, each with its 422 and 303 answers; and the refusals: 403 for
// users without the permission, the jurisdiction-only view, the API's own refusals.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersText, errorMessages, uiText } from '../../lib/messages.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { accessToken, mailsTo, waitForMails } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf, titleOf, type Agent } from './dashboard-helpers.js';

const ADMIN = 'state.admin@demo.example';
const STATE_USER = 'state.user@demo.example';
const DISTRICT = 'district.user@demo.example';
const USERS = '/admin/manage-users';

let portal: TestPortal;
let admin: Agent;
let district: Agent;
let stateUser: Agent;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedInAgent(portal.app, ADMIN);
  district = await signedInAgent(portal.app, DISTRICT);
  stateUser = await signedInAgent(portal.app, STATE_USER);
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

// ---- helpers ---------------------------------------------------------------------------------

const breadcrumbOf = (html: string) => textOf(/<nav class="usa-breadcrumb[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '');

/** The rows of the users table: the name link's text, in order. */
function userNames(html: string): string[] {
  const table = /<div class="data-table" id="users-table">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<th scope="row"[^>]*><a class="usa-link" href="\/admin\/manage-users\/[^"]+">([^<]*)<\/a>/g)].map((m) => decoded(m[1] ?? ''));
}

function userIdByName(html: string, name: string): string {
  const table = /<div class="data-table" id="users-table">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  for (const m of table.matchAll(/href="\/admin\/manage-users\/([0-9a-f-]{36})">([^<]*)<\/a>/g)) if (decoded(m[2] ?? '') === name) return m[1] ?? '';
  throw new Error(`no user ${name} in the table`);
}

/** The values of the checked checkboxes named `name`. */
function checkedValues(html: string, name: string): string[] {
  return [...html.matchAll(/<input[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(`name="${name}"`) && /\schecked=""/.test(tag))
    .map((tag) => decoded(/value="([^"]*)"/.exec(tag)?.[1] ?? ''));
}

/** Error summary entries (the list items' text). */
function summaryOf(html: string): string[] {
  const block = /data-testid="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...block.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => decoded((m[1] ?? '').replace(/<[^>]+>/g, '')).trim());
}

/** The message shown next to a field (its usa-error-message). */
function fieldError(html: string, id: string): string | null {
  const m = new RegExp(`<span class="usa-error-message" id="${id}-error"><span class="usa-sr-only">Error: </span>([^<]*)</span>`).exec(html);
  return m ? decoded(m[1] ?? '') : null;
}

function flashOf(html: string): string[] {
  return [...html.matchAll(/<p class="usa-alert__text">([^<]*)<\/p>/g)].map((m) => decoded(m[1] ?? ''));
}

/** The hidden `was_*` fields of the edit form, as the browser would send them back. */
function hiddenWas(html: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const m of html.matchAll(/<input type="hidden" name="(was_[A-Za-z]+)" value="([^"]*)"\/>/g)) {
    const [key, value] = [m[1] ?? '', decoded(m[2] ?? '')];
    const previous = out[key];
    out[key] = previous === undefined ? value : [...(typeof previous === 'string' ? [previous] : previous), value];
  }
  return out;
}

/** The agency API called directly as the site admin (to arrange data behind the portal's back). */
async function apiAs(method: 'put' | 'post', url: string, body: object): Promise<void> {
  const token = await accessToken(portal.api!, ADMIN);
  const res = await request(portal.api!.url)[method](url).set('Authorization', `Bearer ${token}`).send(body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.org`;

/** Creates an account through the portal's no-JS form; returns its id. */
async function createUser(fields: Record<string, string | string[]>): Promise<string> {
  const res = await postForm(admin, `${USERS}/new`, fields, `${USERS}/new`);
  expect(res.status, summaryOf(res.text).join('; ')).toBe(303);
  const id = /^\/admin\/manage-users\/([0-9a-f-]{36})$/.exec(res.headers.location as string)?.[1];
  if (!id) throw new Error(`unexpected location ${String(res.headers.location)}`);
  return id;
}

let leaIds: { prairieView: string; riverbend: string; state: string };

beforeAll(async () => {
  const page = await admin.get(`${USERS}/new`).expect(200);
  const option = (name: string) => {
    const m = new RegExp(`<option value="(\\d+)">${name} \\(`).exec(decoded(page.text));
    if (!m?.[1]) throw new Error(`no LEA option ${name}`);
    return m[1];
  };
  leaIds = { prairieView: option('Prairie View Public Schools'), riverbend: option('Riverbend Community Schools'), state: option('State Department of Education') };
});

// ---- the list ----------------------------------------------------------------------------------

describe('the users list', () => {
  it('shows every user to the site admin, with its title, breadcrumb and Add User', async () => {
    const res = await admin.get(USERS).expect(200);
    expect(titleOf(res.text)).toBe('Manage Users - Admin - Compliance Portal');
    expect(breadcrumbOf(res.text)).toBe('Dashboard Admin Manage Users');
    expect(res.text).toContain(`href="${USERS}/new"`);
    const names = userNames(res.text);
    expect(names).toEqual(expect.arrayContaining(['Avery State Admin', 'Jordan State User', 'Riley District User', 'Morgan Survey Vendor']));
    // Sorted by name by default.
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(textOf(res.text)).toContain('Riley District User district.user@demo.example Prairie View Public Schools Dispute Resolution LEA User, Local User Active');
    // Role names that are identifiers read as words; the filter still sends the name.
    expect(decoded(res.text)).toContain('<option value="DisputeResolutionPublicUser">Dispute Resolution Public User</option>');
  });

  it('searches by name or email, and filters by LEA and by role', async () => {
    expect(userNames((await admin.get(`${USERS}?search=riley`).expect(200)).text)).toEqual(['Riley District User']);
    expect(userNames((await admin.get(`${USERS}?search=vendor%40demo`).expect(200)).text)).toEqual(['Morgan Survey Vendor']);
    const byLea = userNames((await admin.get(`${USERS}?leaId=${leaIds.state}`).expect(200)).text);
    expect(byLea).toEqual(expect.arrayContaining(['Avery State Admin', 'Jordan State User']));
    expect(byLea).not.toContain('Riley District User');
    expect(userNames((await admin.get(`${USERS}?role=${encodeURIComponent('Post-School Outcomes Vendor')}`).expect(200)).text)).toEqual([
      'Morgan Survey Vendor',
    ]);
    const none = await admin.get(`${USERS}?search=nobody-at-all`).expect(200);
    expect(textOf(none.text)).toContain('No results');
    // The search form keeps what was asked, and offers to clear it.
    expect(none.text).toContain('value="nobody-at-all"');
    expect(none.text).toContain('Clear search');
  });

  it('filters by enabled or disabled accounts, keeping the choice in the form', async () => {
    const token = await accessToken(portal.api!, ADMIN);
    const tag = `status-${randomUUID().slice(0, 6)}`;
    const made = await request(portal.api!.url)
      .post('/api/account/users')
      .set('Authorization', `Bearer ${token}`)
      .send({ fullName: 'Dana Disabled', email: `${tag}@example.org` })
      .expect(201);
    await request(portal.api!.url)
      .patch(`/api/account/users/${(made.body as { id: string }).id}`)
      .set('Authorization', `Bearer ${token}`)
      .send([{ op: 'replace', path: '/isEnabled', value: false }])
      .expect(200);
    const disabled = await admin.get(`${USERS}?status=disabled&search=${tag}`).expect(200);
    expect(userNames(disabled.text)).toEqual(['Dana Disabled']);
    expect(disabled.text).toMatch(/<option value="disabled" selected="">Disabled only<\/option>/);
    expect(userNames((await admin.get(`${USERS}?status=enabled&search=${tag}`).expect(200)).text)).toEqual([]);
    const enabled = userNames((await admin.get(`${USERS}?status=enabled&pageSize=all`).expect(200)).text);
    expect(enabled).toContain('Riley District User');
    expect(enabled).not.toContain('Dana Disabled');
    // An unknown status is ignored, not an error.
    expect(userNames((await admin.get(`${USERS}?status=sleeping&search=${tag}`).expect(200)).text)).toEqual(['Dana Disabled']);
    // The API answers the same filter to its own callers.
    const api = await request(portal.api!.url).get(`/api/account/users?isEnabled=false&search=${tag}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect((api.body as { items: { fullName: string }[] }).items.map((u) => u.fullName)).toEqual(['Dana Disabled']);
  });

  it('sorts on the server, both ways, and says so with aria-sort', async () => {
    const asc = await admin.get(`${USERS}?sort=email&dir=asc`).expect(200);
    const desc = await admin.get(`${USERS}?sort=email&dir=desc`).expect(200);
    expect(userNames(desc.text)).toEqual([...userNames(asc.text)].reverse());
    expect(desc.text).toMatch(/<th scope="col" aria-sort="descending"[^>]*><a class="data-table__sort" href="[^"]*"[^>]*data-sort-key="email"/);
  });

  it('pages on the server: 25 a page, the rest on page 2, All on one page', async () => {
    const token = await accessToken(portal.api!, ADMIN);
    const tag = `pager-${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 27; i += 1) {
      await request(portal.api!.url)
        .post('/api/account/users')
        .set('Authorization', `Bearer ${token}`)
        .send({ fullName: `Pager Person ${String.fromCharCode(65 + (i % 26))}${i}`, email: `${tag}-${i}@example.org` })
        .expect(201);
    }
    const first = await admin.get(`${USERS}?search=${tag}`).expect(200);
    expect(userNames(first.text)).toHaveLength(25);
    expect(textOf(first.text)).toContain('Showing 1 to 25 of 27');
    const second = await admin.get(`${USERS}?search=${tag}&page=2`).expect(200);
    expect(userNames(second.text)).toHaveLength(2);
    expect(textOf(second.text)).toContain('Showing 26 to 27 of 27');
    // Page links keep the search.
    expect(first.text).toContain(`href="${USERS}?search=${tag}&amp;page=2"`);
    const all = await admin.get(`${USERS}?search=${tag}&pageSize=all`).expect(200);
    expect(userNames(all.text)).toHaveLength(27);
    // A page past the end shows the last page.
    const past = await admin.get(`${USERS}?search=${tag}&page=9`).expect(200);
    expect(textOf(past.text)).toContain('Showing 26 to 27 of 27');
  });

  it('shows a jurisdiction-only viewer their LEAs’ users, read-only, and says so', async () => {
    const res = await stateUser.get(USERS).expect(200);
    const names = userNames(res.text);
    expect(names).toEqual(expect.arrayContaining(['Avery State Admin', 'Jordan State User']));
    expect(names).not.toContain('Riley District User');
    expect(textOf(res.text)).toContain('You can see the users who share one of your LEAs only.');
    expect(textOf(res.text)).toContain('You can view users but not change them.');
    expect(res.text).not.toContain(`href="${USERS}/new"`);
    // No role filter for someone who may not read roles.
    expect(res.text).not.toContain('id="role"');
    // The account page is a read-only summary.
    const avery = await stateUser.get(`${USERS}/${userIdByName(res.text, 'Avery State Admin')}`).expect(200);
    expect(avery.text).not.toContain('<form method="post" action="/admin/manage-users/');
    expect(textOf(avery.text)).toContain('Primary LEA State Department of Education');
    await stateUser.get(`${USERS}/new`).expect(403);
  });
});

// ---- refusals ----------------------------------------------------------------------------------

describe('who may not', () => {
  it('answers 403 Access Denied! to a district user on every screen and every form', async () => {
    const someone = userIdByName((await admin.get(USERS).expect(200)).text, 'Morgan Survey Vendor');
    const pages = [USERS, `${USERS}/new`, `${USERS}/${someone}`, `${USERS}/${someone}/password`, `${USERS}/${someone}/disable`, `${USERS}/${someone}/delete`];
    for (const url of pages) {
      const res = await district.get(url);
      expect(res.status, url).toBe(403);
      expect(res.text).toContain(errorMessages.accessDenied);
    }
    const csrf = csrfFrom((await district.get('/').expect(200)).text);
    const posts = [
      `${USERS}/new`,
      `${USERS}/${someone}`,
      `${USERS}/${someone}/roles`,
      `${USERS}/${someone}/enable`,
      `${USERS}/${someone}/disable`,
      `${USERS}/${someone}/unblock`,
      `${USERS}/${someone}/reset-password`,
      `${USERS}/${someone}/password`,
      `${USERS}/${someone}/delete`,
    ];
    for (const url of posts) {
      const res = await district.post(url).type('form').send({ _csrf: csrf, fullName: 'X', email: 'x@example.org', roles: 'Site Admin', newPassword: 'Another-Password-9!', confirmPassword: 'Another-Password-9!' });
      expect(res.status, url).toBe(403);
    }
    // Nothing happened to the account.
    const after = await admin.get(`${USERS}/${someone}`).expect(200);
    expect(textOf(after.text)).toContain('Active');
  });

  it('refuses a post without the CSRF token, and answers 404 for an id that is not one', async () => {
    const res = await admin.post(`${USERS}/new`).type('form').send({ fullName: 'No Token', email: uniqueEmail('no-token') });
    expect(res.status).toBe(403);
    expect(res.text).toContain(errorMessages.csrfInvalid);
    await admin.get(`${USERS}/not-an-id`).expect(404);
    await admin.get(`${USERS}/${randomUUID()}`).expect(404);
  });
});

// ---- create ------------------------------------------------------------------------------------

describe('Add User', () => {
  it('renders the form with its title and breadcrumb', async () => {
    const res = await admin.get(`${USERS}/new`).expect(200);
    expect(titleOf(res.text)).toBe('Add User - Manage Users - Admin - Compliance Portal');
    expect(breadcrumbOf(res.text)).toBe('Dashboard Admin Manage Users Add User');
    for (const label of ['Full Name', 'Email', 'Job Title', 'Phone Number', 'Primary LEA']) expect(res.text).toContain(`>${label}</label>`);
    expect(res.text).toContain('<legend class="usa-legend">LEAs</legend>');
    expect(res.text).toContain('<legend class="usa-legend">Roles</legend>');
  });

  it('answers 422 with the spec’s messages, keeping what was entered', async () => {
    const empty = await postForm(admin, `${USERS}/new`, { fullName: '', email: '' }, `${USERS}/new`);
    expect(empty.status).toBe(422);
    expect(titleOf(empty.text)).toBe('Error: Add User - Manage Users - Admin - Compliance Portal');
    // Two equal messages, each naming its field.
    expect(summaryOf(empty.text)).toEqual(['Full Name: Field is required', 'Email: Field is required']);
    expect(fieldError(empty.text, 'fullName')).toBe('Field is required');
    expect(fieldError(empty.text, 'email')).toBe('Field is required');

    const bad = await postForm(admin, `${USERS}/new`, {
      fullName: 'R2 D2',
      email: 'not-an-email',
      phoneNumber: 'call me',
      jobTitle: 'x'.repeat(201),
      leaIds: '999999',
    }, `${USERS}/new`);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'fullName')).toBe('Numbers and special characters are not allowed');
    expect(fieldError(bad.text, 'email')).toBe('Please enter a valid email');
    expect(fieldError(bad.text, 'phoneNumber')).toBe('Input not in correct format');
    expect(fieldError(bad.text, 'jobTitle')).toBe('Field has a max length of 200');
    expect(bad.text).toContain('value="not-an-email"');

    const unknownChoice = await postForm(admin, `${USERS}/new`, { fullName: 'Sam Choice', email: uniqueEmail('choice'), leaIds: '999999', roles: 'No Such Role' }, `${USERS}/new`);
    expect(unknownChoice.status).toBe(422);
    expect(fieldError(unknownChoice.text, 'leaIds')).toBe('A value must be selected from the list');
    expect(fieldError(unknownChoice.text, 'roles')).toBe('A value must be selected from the list');
  });

  it('shows the API’s refusal of an address already in use next to Email', async () => {
    const res = await postForm(admin, `${USERS}/new`, { fullName: 'Second Riley', email: DISTRICT }, `${USERS}/new`);
    expect(res.status).toBe(409);
    expect(fieldError(res.text, 'email')).toBe('Another account already uses this email address or user name.');
  });

  it('creates the account with its LEAs and roles, and emails a link to set a password', async () => {
    const email = uniqueEmail('new-user');
    const res = await postForm(admin, `${USERS}/new`, {
      fullName: 'Taylor New Coordinator',
      email,
      jobTitle: 'Coordinator',
      phoneNumber: '402-555-0199',
      leaId: leaIds.prairieView,
      leaIds: [leaIds.prairieView, leaIds.riverbend],
      roles: ['Local User'],
    }, `${USERS}/new`);
    expect(res.status).toBe(303);
    const page = await admin.get(res.headers.location as string).expect(200);
    expect(flashOf(page.text)).toContain(`User Taylor New Coordinator was created. An email with a link to set a password was sent to ${email}.`);
    expect(titleOf(page.text)).toBe('Edit User: Taylor New Coordinator - Manage Users - Admin - Compliance Portal');
    expect(breadcrumbOf(page.text)).toBe('Dashboard Admin Manage Users Taylor New Coordinator');
    expect(checkedValues(page.text, 'leaIds').sort()).toEqual([leaIds.prairieView, leaIds.riverbend].sort());
    expect(checkedValues(page.text, 'roles')).toEqual(['Local User']);
    expect(page.text).toContain('value="Coordinator"');
    const [mail] = await waitForMails(portal.api!, email, 1);
    expect(mail?.text).toMatch(/\/auth\/reset-password\?/);
    // The email names the page its link opens (titled Reset Password), so nobody wonders.
    expect(mail?.text).toContain('set your password on the Reset Password page');
  });
});

// ---- edit --------------------------------------------------------------------------------------

describe('editing an account', () => {
  let id: string;
  let email: string;

  beforeAll(async () => {
    email = uniqueEmail('edit');
    id = await createUser({ fullName: 'Jamie Edit Target', email, jobTitle: 'Teacher', leaIds: leaIds.prairieView, roles: 'Local User' });
  });

  it('answers 422 for bad input, keeping the entered values', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...hiddenWas(page.text), fullName: '', email, jobTitle: 'Teacher', phoneNumber: 'abc', leaIds: leaIds.prairieView });
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toMatch(/^Error: Edit User: Jamie Edit Target/);
    expect(fieldError(res.text, 'fullName')).toBe('Field is required');
    expect(fieldError(res.text, 'phoneNumber')).toBe('Input not in correct format');
    expect(res.text).toContain('value="abc"');
  });

  it('saves only the fields the admin changed, so a change saved by someone else meanwhile stays', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    // Someone else changes the job title after the admin opened the page.
    await apiAs('put', `/api/account/users/${id}`, { fullName: 'Jamie Edit Target', email, jobTitle: 'Lead Teacher' });
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...hiddenWas(page.text), fullName: 'Jamie Edit Target', email, jobTitle: 'Teacher', phoneNumber: '402-555-0142', leaIds: leaIds.prairieView });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${USERS}/${id}`);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain('The changes to Jamie Edit Target were saved.');
    expect(after.text).toContain('value="402-555-0142"');
    // The job title the admin did not touch is the other person's, not the stale one on the form.
    expect(after.text).toContain('value="Lead Teacher"');
  });

  it('refuses to overwrite a field someone else changed meanwhile (409), showing their value', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    await apiAs('put', `/api/account/users/${id}`, { fullName: 'Jamie Edit Target', email, jobTitle: 'Department Head' });
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...hiddenWas(page.text), fullName: 'Jamie Edit Target', email, jobTitle: 'Principal', phoneNumber: '402-555-0142', leaIds: leaIds.prairieView });
    expect(res.status).toBe(409);
    expect(summaryOf(res.text)).toContain('Someone else changed this account while you were editing it. Check the values shown and save again.');
    // The new starting point is the saved value; saving again now succeeds.
    expect(hiddenWas(res.text).was_jobTitle).toBe('Department Head');
    const again = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(res.text), ...hiddenWas(res.text), fullName: 'Jamie Edit Target', email, jobTitle: 'Principal', phoneNumber: '402-555-0142', leaIds: leaIds.prairieView });
    expect(again.status).toBe(303);
    expect((await admin.get(`${USERS}/${id}`)).text).toContain('value="Principal"');
  });

  it('says so when nothing changed', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    const was = hiddenWas(page.text);
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...was, fullName: was.was_fullName, email: was.was_email, jobTitle: was.was_jobTitle, phoneNumber: was.was_phoneNumber, leaId: was.was_leaId ?? '', leaIds: was.was_leaIds ?? [] });
    expect(res.status).toBe(303);
    expect(flashOf((await admin.get(`${USERS}/${id}`)).text)).toContain('There were no changes to save.');
  });

  it('moves the account to other LEAs', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    const was = hiddenWas(page.text);
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...was, fullName: was.was_fullName, email: was.was_email, jobTitle: was.was_jobTitle, phoneNumber: was.was_phoneNumber, leaId: '', leaIds: [leaIds.riverbend] });
    expect(res.status).toBe(303);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(checkedValues(after.text, 'leaIds')).toEqual([leaIds.riverbend]);
    expect(userNames((await admin.get(`${USERS}?leaId=${leaIds.riverbend}&search=Jamie`)).text)).toEqual(['Jamie Edit Target']);
  });

  it('assigns roles (303), refusing a role that is not offered (422)', async () => {
    const bad = await postForm(admin, `${USERS}/${id}/roles`, { roles: ['Local User', 'Made Up'] }, `${USERS}/${id}`);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'roles')).toBe('A value must be selected from the list');
    const res = await postForm(admin, `${USERS}/${id}/roles`, { roles: ['State User', 'Local Admin'] }, `${USERS}/${id}`);
    expect(res.status).toBe(303);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain('The roles of Jamie Edit Target were saved.');
    expect(checkedValues(after.text, 'roles').sort()).toEqual(['Local Admin', 'State User']);
    expect(userNames((await admin.get(`${USERS}?role=${encodeURIComponent('Local Admin')}`)).text)).toContain('Jamie Edit Target');
    // Taking every role away is allowed too.
    expect((await postForm(admin, `${USERS}/${id}/roles`, {}, `${USERS}/${id}`)).status).toBe(303);
    expect(checkedValues((await admin.get(`${USERS}/${id}`)).text, 'roles')).toEqual([]);
  });

  it('lists the recent changes of the account', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    const history = textOf(/<section aria-labelledby="history-title"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '');
    expect(history).toContain('Account created');
    expect(history).toMatch(/Account changed: [a-zA-Z, ]*Roles/);
    expect(history).toContain('Avery State Admin');
  });

  it('asks the new address to confirm an email change, which takes effect from the emailed link (issue 10, finding 1)', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    const fields = { _csrf: csrfFrom(page.text), ...hiddenWas(page.text) } as Record<string, string | string[]>;
    const newEmail = uniqueEmail('confirm-me');
    const res = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ ...fields, fullName: 'Jamie Edit Target', email: newEmail, jobTitle: 'Principal', phoneNumber: '402-555-0142', leaIds: leaIds.prairieView });
    expect(res.status).toBe(303);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain(adminUsersText.emailChangePending(newEmail));
    // Still the old address until the owner of the new one confirms.
    expect(after.text).toContain(`value="${email}"`);
    const [mail] = await waitForMails(portal.api!, newEmail);
    const link = /https?:\/\/\S+\/auth\/confirm-email\?token=\S+/.exec(mail!.text)?.[0] ?? '';
    const url = new URL(link);

    const anonymous = request.agent(portal.app);
    const wrong = await anonymous.get('/auth/confirm-email?token=not-a-real-token').expect(200);
    expect(textOf(wrong.text)).toContain(uiText.confirmEmailUnusable);
    const done = await anonymous.get(url.pathname + url.search).expect(200);
    expect(titleOf(done.text)).toContain(uiText.confirmEmailTitle);
    expect(textOf(done.text)).toContain(uiText.confirmEmailDone);
    expect(done.headers['referrer-policy']).toBe('no-referrer');
    const edited = await admin.get(`${USERS}/${id}`).expect(200);
    expect(edited.text).toContain(`value="${newEmail}"`);
    const history = textOf(/<section aria-labelledby="history-title"[\s\S]*?<\/section>/.exec(edited.text)?.[0] ?? '');
    expect(history).toContain(adminUsersText.historyActions['user.email-changed']);
    email = newEmail;
  });

  it('saves the roles ticked on the details form with the one Save Changes, never dropping them', async () => {
    const page = await admin.get(`${USERS}/${id}`).expect(200);
    // The roles are on the details form, whose only button is Save Changes; there is no second save.
    const detailsForm = /<form[^>]*action="[^"]*\/manage-users\/[^"/]+"[\s\S]*?<\/form>/.exec(page.text)?.[0] ?? '';
    expect(detailsForm).toContain('name="roles"');
    expect(detailsForm).toContain('name="rolesShown"');
    expect(page.text).not.toContain('Save Roles');
    // The form as shown: its hidden starting values and the same values in the fields.
    const shown = (html: string) => {
      const was = hiddenWas(html);
      return { _csrf: csrfFrom(html), ...was, fullName: was.was_fullName, email: was.was_email, jobTitle: was.was_jobTitle, phoneNumber: was.was_phoneNumber, leaId: was.was_leaId ?? '', leaIds: was.was_leaIds ?? [] };
    };
    // Only a role ticked: saved, and the flash says the roles were saved.
    const rolesOnly = await admin.post(`${USERS}/${id}`).type('form').send({ ...shown(page.text), rolesShown: '1', roles: ['State User'] });
    expect(rolesOnly.status).toBe(303);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain('The roles of Jamie Edit Target were saved.');
    expect(checkedValues(after.text, 'roles')).toEqual(['State User']);
    // A detail and a role together: both saved by the one button.
    const both = await admin
      .post(`${USERS}/${id}`)
      .type('form')
      .send({ ...shown(after.text), jobTitle: 'Coordinator', rolesShown: '1', roles: ['Local User', 'State User'] });
    expect(both.status).toBe(303);
    const saved = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(saved.text)).toContain('The changes to Jamie Edit Target were saved.');
    expect(saved.text).toContain('value="Coordinator"');
    expect(checkedValues(saved.text, 'roles').sort()).toEqual(['Local User', 'State User']);
    // Nothing ticked on a form that showed the roles means no roles, not "roles left alone".
    const none = await admin.post(`${USERS}/${id}`).type('form').send({ ...shown(saved.text), rolesShown: '1' });
    expect(none.status).toBe(303);
    expect(checkedValues((await admin.get(`${USERS}/${id}`)).text, 'roles')).toEqual([]);
    // A bad detail keeps the ticked roles on the 422 page.
    const fresh = await admin.get(`${USERS}/${id}`);
    const bad = await admin.post(`${USERS}/${id}`).type('form').send({ ...shown(fresh.text), fullName: '', rolesShown: '1', roles: ['State User'] });
    expect(bad.status).toBe(422);
    expect(checkedValues(bad.text, 'roles')).toEqual(['State User']);
  });
});

// ---- account actions ------------------------------------------------------------------------------

describe('account actions', () => {
  let id: string;
  let email: string;

  beforeAll(async () => {
    email = uniqueEmail('actions');
    id = await createUser({ fullName: 'Casey Action Target', email, leaIds: leaIds.prairieView, roles: 'Local User' });
  });

  it('signs the user out at once when their account is disabled: the next page says Session expired (issue 10, finding 2)', async () => {
    const victimEmail = uniqueEmail('signed-out');
    const victimId = await createUser({ fullName: 'Robin Signed Out', email: victimEmail, leaIds: leaIds.prairieView, roles: 'Local User' });
    const password = 'Robin-Password-42!';
    await apiAs('put', '/api/account/admin/changeuser-password', { id: victimId, newPassword: password });
    const victim = request.agent(portal.app);
    const login = await victim.get('/auth/login');
    const signedIn = await victim.post('/auth/login').type('form').send({ _csrf: csrfFrom(login.text), userName: victimEmail, password, returnUrl: '/' });
    expect(signedIn.status).toBe(303);
    await victim.get('/').expect(200);

    const confirm = await admin.get(`${USERS}/${victimId}/disable`).expect(200);
    expect((await admin.post(`${USERS}/${victimId}/disable`).type('form').send({ _csrf: csrfFrom(confirm.text) })).status).toBe(303);

    const next = await victim.get('/');
    expect(next.status).toBe(302);
    expect(next.headers.location).toMatch(/^\/auth\/login/);
    const page = await victim.get(next.headers.location as string).expect(200);
    expect(textOf(page.text)).toContain(errorMessages.sessionExpired);
  });

  it('disables after a confirmation page, and enables again', async () => {
    const confirm = await admin.get(`${USERS}/${id}/disable`).expect(200);
    expect(titleOf(confirm.text)).toBe('Disable Casey Action Target - Manage Users - Admin - Compliance Portal');
    expect(textOf(confirm.text)).toContain('Are you sure? Disable the account of Casey Action Target?');
    expect(confirm.text).toMatch(new RegExp(`<form action="${USERS}/${id}/disable" method="post">`));
    expect(confirm.text).toContain(`href="${USERS}/${id}">Cancel</a>`);
    const res = await admin.post(`${USERS}/${id}/disable`).type('form').send({ _csrf: csrfFrom(confirm.text) });
    expect(res.status).toBe(303);
    const disabled = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(disabled.text)).toContain('The account of Casey Action Target was disabled.');
    expect(disabled.text).toContain('admin-status--disabled');
    expect(disabled.text).toContain(`action="${USERS}/${id}/enable"`);
    // A disabled account cannot sign in.
    const login = await request(portal.api!.url).post('/api/auth/token').type('form').send({ username: email, password: 'whatever', recaptchaToken: '' });
    expect(login.status).toBeGreaterThanOrEqual(400);

    const enable = await postForm(admin, `${USERS}/${id}/enable`, {}, `${USERS}/${id}`);
    expect(enable.status).toBe(303);
    const enabled = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(enabled.text)).toContain('The account of Casey Action Target was enabled.');
    expect(enabled.text).toContain('admin-status--active');
  });

  it('sends a password reset email', async () => {
    const before = (await mailsTo(portal.api!, email)).length;
    const res = await postForm(admin, `${USERS}/${id}/reset-password`, {}, `${USERS}/${id}`);
    expect(res.status).toBe(303);
    expect(flashOf((await admin.get(`${USERS}/${id}`)).text)).toContain(`A password reset email was sent to ${email}.`);
    const mails = await waitForMails(portal.api!, email, before + 1);
    expect(mails.at(-1)?.text).toMatch(/\/auth\/reset-password\?/);
  });

  it('sets a password: 422 for each rule, then 303, and the user signs in with it', async () => {
    const page = await admin.get(`${USERS}/${id}/password`).expect(200);
    expect(titleOf(page.text)).toBe('Set Password: Casey Action Target - Manage Users - Admin - Compliance Portal');
    expect(breadcrumbOf(page.text)).toBe('Dashboard Admin Manage Users Casey Action Target Set Password');
    const attempt = (newPassword: string, confirmPassword = newPassword) =>
      admin.post(`${USERS}/${id}/password`).type('form').send({ _csrf: csrfFrom(page.text), newPassword, confirmPassword });
    const empty = await attempt('', '');
    expect(empty.status).toBe(422);
    expect(summaryOf(empty.text)).toEqual(['Field is required', 'Field is required']);
    expect(fieldError((await attempt('Short-1!')).text, 'newPassword')).toBe('Password must be at least 12 characters.');
    expect(fieldError((await attempt('alllowercase-and-long')).text, 'newPassword')).toBe(
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character.',
    );
    const mismatch = await attempt('Strong-Password-77!', 'Strong-Password-78!');
    expect(fieldError(mismatch.text, 'confirmPassword')).toBe('Passwords do not match.');
    // Never re-filled.
    expect(mismatch.text).not.toContain('Strong-Password-77!');

    const ok = await attempt('Strong-Password-77!');
    expect(ok.status).toBe(303);
    expect(flashOf((await admin.get(`${USERS}/${id}`)).text)).toContain('The password of Casey Action Target was changed.');
    await accessToken(portal.api!, email, 'Strong-Password-77!');
  });

  it('unblocks an account locked by failed sign-ins', async () => {
    for (let i = 0; i < 6; i += 1) {
      await request(portal.api!.url).post('/api/auth/token').type('form').send({ username: email, password: 'Wrong-Password-0!', recaptchaToken: '' });
    }
    const locked = await admin.get(`${USERS}/${id}`).expect(200);
    expect(locked.text).toContain('admin-status--locked');
    expect(textOf(locked.text)).toContain('This account is locked after too many failed sign-in attempts.');
    const res = await postForm(admin, `${USERS}/${id}/unblock`, {}, `${USERS}/${id}`);
    expect(res.status).toBe(303);
    const after = await admin.get(`${USERS}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain('The account of Casey Action Target was unblocked.');
    expect(after.text).not.toContain('admin-status--locked');
    await accessToken(portal.api!, email, 'Strong-Password-77!');
  });

  it('deletes after a confirmation page; the account is gone from the list', async () => {
    const confirm = await admin.get(`${USERS}/${id}/delete`).expect(200);
    expect(titleOf(confirm.text)).toBe('Delete Casey Action Target - Manage Users - Admin - Compliance Portal');
    expect(textOf(confirm.text)).toContain('Delete the account of Casey Action Target?');
    const res = await admin.post(`${USERS}/${id}/delete`).type('form').send({ _csrf: csrfFrom(confirm.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(USERS);
    const list = await admin.get(`${USERS}?search=Casey`).expect(200);
    expect(flashOf(list.text)).toContain('The account of Casey Action Target was deleted.');
    expect(userNames(list.text)).not.toContain('Casey Action Target');
    await admin.get(`${USERS}/${id}`).expect(404);
  });

  it('keeps an admin from disabling or deleting their own account, in the page and at the API', async () => {
    const self = userIdByName((await admin.get(`${USERS}?search=state.admin`)).text, 'Avery State Admin');
    const page = await admin.get(`${USERS}/${self}`).expect(200);
    expect(textOf(page.text)).toContain('You cannot disable or delete your own account.');
    expect(page.text).not.toContain(`${USERS}/${self}/delete`);
    const res = await admin.post(`${USERS}/${self}/delete`).type('form').send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(flashOf((await admin.get(`${USERS}/${self}`)).text)).toContain('You cannot delete your own account.');
  });
});
