// Manage Roles and the permissions page through the real portal (supertest, CSRF on, real
// Redis) in front of the real agency API on PGlite, without JavaScript: the list with user
// counts and recent changes, create, rename, delete (refused while users hold the role), the
// permissions of a role grouped by module, 403 for users without the permission, and a role
// edit reaching a signed-in user's menu at their next token refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { permissionCatalogue } from '../../lib/permissions.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { decoded, postForm, signedInAgent, textOf, titleOf, userIdOf, type Agent } from './dashboard-helpers.js';

const ADMIN = 'state.admin@demo.example';
const DISTRICT = 'district.user@demo.example';
const ROLES = '/admin/manage-roles';
const PERMISSIONS = '/admin/manage-roles/permissions';

let portal: TestPortal;
let admin: Agent;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedInAgent(portal.app, ADMIN);
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

// ---- helpers ---------------------------------------------------------------------------------

const strip = (html: string) =>
  decoded(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const breadcrumbOf = (html: string) => strip(/<nav class="usa-breadcrumb[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '');
const flashOf = (html: string) => [...html.matchAll(/<p class="usa-alert__text">([^<]*)<\/p>/g)].map((m) => decoded(m[1] ?? ''));

function fieldError(html: string, id: string): string | null {
  const m = new RegExp(`<span class="usa-error-message" id="${id}-error"><span class="usa-sr-only">Error: </span>([^<]*)</span>`).exec(html);
  return m ? decoded(m[1] ?? '') : null;
}

/** The roles table as rows of cell texts. */
function roleRows(html: string): string[][] {
  const table = /<div class="data-table" id="roles-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => strip(c[1] ?? '')));
}

function roleRow(html: string, name: string): string[] | undefined {
  return roleRows(html).find((r) => r[0] === name);
}

/** The recent role changes table as "Change Role" pairs. */
function changes(html: string): string[] {
  const table = /<table[^>]*id="role-changes">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => strip(c[1] ?? ''));
    return `${cells[0]} ${cells[1]}`;
  });
}

function roleIdOf(html: string, name: string): number {
  for (const m of html.matchAll(/href="\/admin\/manage-roles\/permissions\?roleId=(\d+)">Permissions<span class="usa-sr-only"> ([^<]*)<\/span>/g)) {
    if (decoded(m[2] ?? '') === name) return Number(m[1]);
  }
  throw new Error(`no role ${name} in the table`);
}

function checkedPermissions(html: string): string[] {
  return [...html.matchAll(/<input[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('name="permissions"') && /\schecked=""/.test(tag))
    .map((tag) => /value="([^"]*)"/.exec(tag)?.[1] ?? '');
}

async function createRole(name: string, description = ''): Promise<number> {
  const res = await postForm(admin, ROLES, { name, description }, ROLES);
  expect(res.status).toBe(303);
  const id = /roleId=(\d+)$/.exec(res.headers.location as string)?.[1];
  if (!id) throw new Error(`unexpected location ${String(res.headers.location)}`);
  return Number(id);
}

// ---- the list ----------------------------------------------------------------------------------

describe('the roles list', () => {
  it('shows every role with its description and how many users hold it', async () => {
    const res = await admin.get(ROLES).expect(200);
    expect(titleOf(res.text)).toBe('Manage Roles - Admin - Compliance Portal');
    expect(breadcrumbOf(res.text)).toBe('Dashboard Admin Manage Roles');
    expect(roleRow(res.text, 'Site Admin')?.slice(0, 3)).toEqual(['Site Admin', 'Every permission of the portal.', '1']);
    expect(roleRow(res.text, 'Local User')?.[2]).toBe('1');
    expect(res.text).toContain('<h2 id="add-role-title">Add Role</h2>');
    expect(textOf(res.text)).toContain('Signed-in users get role changes when their sign-in is next renewed');
  });

  it('sorts by the number of users', async () => {
    const res = await admin.get(`${ROLES}?sort=usersCount&dir=desc`).expect(200);
    const counts = roleRows(res.text).map((r) => Number(r[2]));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
  });
});

describe('who may not', () => {
  it('answers 403 Access Denied! to a district user on every screen and form', async () => {
    const district = await signedInAgent(portal.app, DISTRICT);
    const id = roleIdOf((await admin.get(ROLES)).text, 'Local User');
    for (const url of [ROLES, PERMISSIONS, `${PERMISSIONS}?roleId=${id}`, `${ROLES}/${id}`, `${ROLES}/${id}/delete`]) {
      const res = await district.get(url);
      expect(res.status, url).toBe(403);
      expect(res.text).toContain(errorMessages.accessDenied);
    }
    const csrf = csrfFrom((await district.get('/').expect(200)).text);
    for (const url of [ROLES, `${PERMISSIONS}?roleId=${id}`, `${ROLES}/${id}`, `${ROLES}/${id}/delete`]) {
      const res = await district.post(url).type('form').send({ _csrf: csrf, name: 'Hijacked', roleId: String(id), permissions: 'App.siteadmin' });
      expect(res.status, url).toBe(403);
    }
    const after = await admin.get(ROLES).expect(200);
    expect(roleRow(after.text, 'Local User')).toBeDefined();
    expect(roleRow(after.text, 'Hijacked')).toBeUndefined();
  });

  it('answers 404 for a role id that is not one', async () => {
    await admin.get(`${ROLES}/abc`).expect(404);
    await admin.get(`${ROLES}/999999`).expect(404);
    await admin.get(`${PERMISSIONS}?roleId=999999`).expect(404);
  });
});

// ---- create, rename, delete ----------------------------------------------------------------------

describe('role CRUD', () => {
  it('answers 422 for a missing or too long name, 409 for a taken one', async () => {
    const empty = await postForm(admin, ROLES, { name: '', description: 'x' }, ROLES);
    expect(empty.status).toBe(422);
    expect(titleOf(empty.text)).toBe('Error: Manage Roles - Admin - Compliance Portal');
    expect(fieldError(empty.text, 'name')).toBe('Field is required');
    expect(empty.text).toContain('>x</textarea>');
    const long = await postForm(admin, ROLES, { name: 'R'.repeat(101), description: 'd'.repeat(501) }, ROLES);
    expect(fieldError(long.text, 'name')).toBe('Field has a max length of 100');
    expect(fieldError(long.text, 'description')).toBe('Field has a max length of 500');
    const taken = await postForm(admin, ROLES, { name: 'site admin' }, ROLES);
    expect(taken.status).toBe(409);
    expect(fieldError(taken.text, 'name')).toBe('A role with this name already exists.');
  });

  it('creates a role, then takes the admin to its permissions; the change is listed', async () => {
    const res = await postForm(admin, ROLES, { name: 'Grant Reviewer', description: 'Reviews grant applications.' }, ROLES);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/admin\/manage-roles\/permissions\?roleId=\d+$/);
    const page = await admin.get(res.headers.location as string).expect(200);
    expect(flashOf(page.text)).toContain('The role Grant Reviewer was created.');
    expect(checkedPermissions(page.text)).toEqual([]);
    const list = await admin.get(ROLES).expect(200);
    expect(roleRow(list.text, 'Grant Reviewer')?.slice(0, 3)).toEqual(['Grant Reviewer', 'Reviews grant applications.', '0']);
    expect(changes(list.text)[0]).toBe('Added Grant Reviewer');
  });

  it('renames a role (303), refusing a built-in role’s new name with the API’s message', async () => {
    const id = await createRole('Temporary Name');
    const page = await admin.get(`${ROLES}/${id}`).expect(200);
    expect(titleOf(page.text)).toBe('Edit Role: Temporary Name - Manage Roles - Admin - Compliance Portal');
    expect(breadcrumbOf(page.text)).toBe('Dashboard Admin Manage Roles Temporary Name');
    const res = await admin.post(`${ROLES}/${id}`).type('form').send({ _csrf: csrfFrom(page.text), name: 'Lasting Name', description: 'Now described.' });
    expect(res.status).toBe(303);
    const list = await admin.get(ROLES).expect(200);
    expect(flashOf(list.text)).toContain('The role Lasting Name was saved.');
    expect(roleRow(list.text, 'Lasting Name')?.[1]).toBe('Now described.');
    expect(changes(list.text)[0]).toBe('Modified Lasting Name');

    const siteAdmin = roleIdOf(list.text, 'Site Admin');
    const refused = await postForm(admin, `${ROLES}/${siteAdmin}`, { name: 'Super Admin', description: 'x' }, `${ROLES}/${siteAdmin}`);
    expect(refused.status).toBe(409);
    expect(fieldError(refused.text, 'name')).toBe('Built-in roles cannot be renamed.');
    const empty = await postForm(admin, `${ROLES}/${id}`, { name: ' ', description: '' }, `${ROLES}/${id}`);
    expect(empty.status).toBe(422);
    expect(fieldError(empty.text, 'name')).toBe('Field is required');
  });

  it('refuses to delete a role users hold, with the API’s clear message', async () => {
    const list = await admin.get(ROLES).expect(200);
    const id = roleIdOf(list.text, 'Local User');
    // The role's page offers Delete Role, asking first (a confirmation page without JavaScript).
    const edit = await admin.get(`${ROLES}/${id}`).expect(200);
    expect(edit.text).toContain(`href="${ROLES}/${id}/delete">Delete Role</a>`);
    const confirm = await admin.get(`${ROLES}/${id}/delete`).expect(200);
    expect(titleOf(confirm.text)).toBe('Delete Local User - Manage Roles - Admin - Compliance Portal');
    expect(breadcrumbOf(confirm.text)).toBe('Dashboard Admin Manage Roles Local User Delete');
    expect(textOf(confirm.text)).toContain('Are you sure? Delete the role Local User? This cannot be undone.');
    expect(confirm.text).toContain(`href="${ROLES}/${id}">Cancel</a>`);
    const res = await admin.post(`${ROLES}/${id}/delete`).type('form').send({ _csrf: csrfFrom(confirm.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${ROLES}/${id}`);
    const after = await admin.get(`${ROLES}/${id}`).expect(200);
    expect(flashOf(after.text)).toContain('This role cannot be deleted while users are assigned to it.');
    expect(after.text).toMatch(/role="alert"><div class="usa-alert__body"><p class="usa-alert__text">This role cannot be deleted/);
    expect(roleRow((await admin.get(ROLES)).text, 'Local User')).toBeDefined();
  });

  it('deletes a role nobody holds', async () => {
    const id = await createRole('Short Lived');
    const res = await postForm(admin, `${ROLES}/${id}/delete`, {}, `${ROLES}/${id}/delete`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(ROLES);
    const after = await admin.get(ROLES).expect(200);
    expect(flashOf(after.text)).toContain('The role Short Lived was deleted.');
    expect(roleRow(after.text, 'Short Lived')).toBeUndefined();
    expect(changes(after.text)[0]).toBe('Deleted Short Lived');
  });
});

// ---- permissions --------------------------------------------------------------------------------

describe('the permissions page', () => {
  it('offers the roles to choose from before one is chosen', async () => {
    const res = await admin.get(PERMISSIONS).expect(200);
    expect(titleOf(res.text)).toBe('Permissions - Admin - Compliance Portal');
    expect(breadcrumbOf(res.text)).toBe('Dashboard Admin Manage Roles Permissions');
    expect(res.text).toContain('<select class="usa-select" id="roleId" name="roleId"');
    expect(res.text).not.toContain('name="permissions"');
  });

  it('groups the catalogue by group name, legend per group, with each description', async () => {
    const id = roleIdOf((await admin.get(ROLES)).text, 'State User');
    const res = await admin.get(`${PERMISSIONS}?roleId=${id}`).expect(200);
    expect(titleOf(res.text)).toBe('Permissions: State User - Permissions - Admin - Compliance Portal');
    expect(breadcrumbOf(res.text)).toBe('Dashboard Admin Manage Roles Permissions State User');
    const legends = [...res.text.matchAll(/<legend class="usa-legend usa-legend--large">([^<]*)<\/legend>/g)].map((m) => decoded(m[1] ?? ''));
    expect(legends).toEqual([...new Set(permissionCatalogue.map((p) => p.groupName))]);
    expect(decoded(res.text)).toContain('View jurisdiction users<span class="usa-checkbox__label-description">Sees the user accounts of their own districts.</span>');
    expect(checkedPermissions(res.text)).toContain('App.jurisdiction-users.view');
    expect(checkedPermissions(res.text)).not.toContain('App.users.manage');
  });

  it('saves the role’s set (303), refusing a permission that is not in the catalogue (422)', async () => {
    const id = await createRole('Permission Target');
    const bad = await postForm(admin, `${PERMISSIONS}?roleId=${id}`, { roleId: String(id), permissions: ['App.users.view', 'App.nope'] }, `${PERMISSIONS}?roleId=${id}`);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.text, 'group-1')).toBe('A value must be selected from the list');
    // What was ticked stays ticked.
    expect(checkedPermissions(bad.text)).toEqual(['App.users.view']);
    const res = await postForm(admin, `${PERMISSIONS}?roleId=${id}`, { roleId: String(id), permissions: ['App.users.view', 'Eco.access'] }, `${PERMISSIONS}?roleId=${id}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${PERMISSIONS}?roleId=${id}`);
    const page = await admin.get(res.headers.location as string).expect(200);
    expect(flashOf(page.text)).toContain('The permissions of Permission Target were saved.');
    expect(checkedPermissions(page.text).sort()).toEqual(['App.users.view', 'Eco.access']);
    // Unticking everything is a save too.
    expect((await postForm(admin, `${PERMISSIONS}?roleId=${id}`, { roleId: String(id) }, `${PERMISSIONS}?roleId=${id}`)).status).toBe(303);
    expect(checkedPermissions((await admin.get(`${PERMISSIONS}?roleId=${id}`)).text)).toEqual([]);
  });
});

// ---- role changes reach signed-in users -----------------------------------------------------------

describe('a role edit reaching a signed-in user', () => {
  it('shows in their menu and route access after their next token refresh, not before', async () => {
    // The district user's new session, found by the token store's index of their sessions.
    const districtId = await userIdOf(portal.api!, DISTRICT);
    const earlier = new Set(await portal.deps.tokens.store.userSessions(districtId));
    const district = await signedInAgent(portal.app, DISTRICT);
    const sid = (await portal.deps.tokens.store.userSessions(districtId)).find((s) => !earlier.has(s));
    if (!sid) throw new Error('no new session for the district user');
    const adminMenuLink = 'href="/admin/manage-users"';
    expect((await district.get('/').expect(200)).text).not.toContain(adminMenuLink);
    await district.get('/admin/manage-users').expect(403);

    // The site admin gives the district user's role the user-management permissions.
    const localUser = roleIdOf((await admin.get(ROLES)).text, 'Local User');
    const before = checkedPermissions((await admin.get(`${PERMISSIONS}?roleId=${localUser}`)).text);
    const grant = [...before, 'App.users.manage', 'App.users.view'];
    const saved = await postForm(admin, `${PERMISSIONS}?roleId=${localUser}`, { roleId: String(localUser), permissions: grant }, `${PERMISSIONS}?roleId=${localUser}`);
    expect(saved.status).toBe(303);
    try {
      // Their access token still carries the old permissions.
      expect((await district.get('/').expect(200)).text).not.toContain(adminMenuLink);
      await district.get('/admin/manage-users').expect(403);

      // Time passes: the token is now within a minute of expiring, so the next call renews it.
      const record = await portal.deps.tokens.store.get(sid);
      if (!record) throw new Error('no token record for the district session');
      await portal.deps.tokens.store.put(sid, { ...record, expiresAt: Date.now() + 30_000 });

      // The next page that calls the API renews it (the dashboard may answer from its per-session
      // cache without a call; notification settings always asks).
      const renewed = await district.get('/notification-settings').expect(200);
      expect(renewed.text).toContain(adminMenuLink);
      expect((await portal.deps.tokens.store.get(sid))?.accessToken).not.toBe(record.accessToken);
      const page = await district.get('/admin/manage-users').expect(200);
      expect(titleOf(page.text)).toBe('Manage Users - Admin - Compliance Portal');
    } finally {
      const restore = await postForm(admin, `${PERMISSIONS}?roleId=${localUser}`, { roleId: String(localUser), permissions: before }, `${PERMISSIONS}?roleId=${localUser}`);
      expect(restore.status).toBe(303);
    }
  });
});
