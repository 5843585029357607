// Manage Roles and the permissions page as the site admin meets them, with JavaScript on and
// off: the list with its recent changes, Add Role (refused, then created), setting permissions,
// renaming, a delete refused while users hold the role, deleting; a district user refused every
// screen; axe on every page and state.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminRolesText as t, errorMessages, uiText, validationMessages } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { tick } from './helpers/tick.js';

const ROLES = '/admin/manage-roles';
const PERMISSIONS = '/admin/manage-roles/permissions';


/**
 * Deletes a role from its page, reached from its row: the dialog with JavaScript, the
 * confirmation page without.
 */
async function deleteRole(page: Page, roleName: string, checkAxe = false): Promise<void> {
  await page.goto(ROLES);
  await page.getByRole('link', { name: `${t.edit} ${roleName}`, exact: true }).click();
  await waitForIslands(page);
  if (javaScriptEnabled()) {
    await page.getByRole('button', { name: t.deleteRole, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: uiText.confirmTitle });
    await expect(dialog).toContainText(t.deleteQuestion(roleName));
    if (checkAxe) await expectNoAxeViolations(page, { include: 'dialog[open]' });
    await dialog.getByRole('button', { name: t.delete, exact: true }).click();
  } else {
    await page.getByRole('link', { name: t.deleteRole, exact: true }).click();
    await expect(page.getByText(t.deleteQuestion(roleName))).toBeVisible();
    if (checkAxe) await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.delete, exact: true }).click();
  }
  await page.waitForLoadState('load');
  await waitForIslands(page);
}

test('the site admin adds a role, sets its permissions, renames and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.stateAdmin, undefined, ROLES);
  await waitForIslands(page);
  await expect(page).toHaveTitle('Manage Roles - Admin - Compliance Portal');
  const table = page.locator('#roles-table table');
  await expect(table.getByRole('row', { name: /^Site Admin Every permission of the portal\. 1/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.recentChanges })).toBeVisible();
  await expectNoAxeViolations(page);

  // Refused while users hold it: the API's message, on the role's page.
  await deleteRole(page, 'Local User', true);
  await expect(page).toHaveTitle(/^Edit Role: Local User - /);
  await expect(page.getByRole('alert').filter({ hasText: 'This role cannot be deleted while users are assigned to it.' })).toBeVisible();
  await page.goto(ROLES);
  await waitForIslands(page);

  // Add Role: refused, then created, landing on its permissions.
  await page.getByRole('button', { name: t.createRole }).click();
  await expect(page.getByTestId('error-summary')).toContainText(validationMessages.fieldRequired);
  await expectNoAxeViolations(page);
  const name = `E2E Role ${test.info().project.name} ${randomUUID().slice(0, 4)}`;
  await page.getByLabel(t.roleName).fill(name);
  await page.getByLabel(t.description).fill('Made by the end-to-end tests.');
  await page.getByRole('button', { name: t.createRole }).click();
  await expect(page).toHaveTitle(`Permissions: ${name} - Permissions - Admin - Compliance Portal`);
  await expect(page.locator('.portal-flash')).toContainText(t.roleCreated(name));
  await expectNoAxeViolations(page);

  // Permissions grouped by module, each group a fieldset.
  const application = page.getByRole('group', { name: 'Application', exact: true });
  await expect(application).toBeVisible();
  await expect(page.getByRole('group', { name: 'Early Childhood Outcomes' })).toBeVisible();
  await tick(page, application.getByLabel(/^View users/));
  await tick(page, page.getByRole('group', { name: 'Early Childhood Outcomes' }).getByLabel(/^Early childhood outcomes access/));
  await page.getByRole('button', { name: t.savePermissions }).click();
  await expect(page.locator('.portal-flash')).toContainText(t.permissionsSaved(name));
  await expect(application.getByLabel(/^View users/)).toBeChecked();
  await expect(application.getByLabel(/^Manage users/)).not.toBeChecked();

  // Choosing another role from the page's own chooser.
  await page.getByLabel(t.chooseRole, { exact: true }).selectOption({ label: 'State User' });
  await page.getByRole('button', { name: t.showPermissions }).click();
  await expect(page).toHaveTitle(/^Permissions: State User - /);
  await expect(page.getByRole('group', { name: 'Application', exact: true }).getByLabel(/^View jurisdiction users/)).toBeChecked();

  // Rename.
  await page.goto(ROLES);
  await waitForIslands(page);
  await page.getByRole('link', { name: `${t.edit} ${name}` }).click();
  await expect(page).toHaveTitle(`Edit Role: ${name} - Manage Roles - Admin - Compliance Portal`);
  await expectNoAxeViolations(page);
  const renamed = `${name} Renamed`;
  await page.getByLabel(t.roleName).fill(renamed);
  await page.getByRole('button', { name: t.saveRole }).click();
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));
  await expect(page.locator('.portal-flash')).toContainText(t.roleSaved(renamed));
  const newest = page.locator('#role-changes tbody tr').first().getByRole('cell');
  await expect(newest.nth(0)).toHaveText(t.opModify);
  await expect(newest.nth(1)).toHaveText(renamed);
  await waitForIslands(page);

  // Delete.
  await deleteRole(page, renamed);
  await expect(page).toHaveURL(new RegExp(`${ROLES}$`));
  await expect(page.locator('.portal-flash')).toContainText(t.roleDeleted(renamed));
  await expect(table.getByRole('rowheader', { name: renamed })).toHaveCount(0);
  await expect(newest.nth(0)).toHaveText(t.opDelete);
  await expect(newest.nth(1)).toHaveText(renamed);
});

test('a district user is refused every Manage Roles screen', async ({ page }) => {
  await signIn(page, demoUsers.districtUser);
  for (const url of [ROLES, PERMISSIONS, `${PERMISSIONS}?roleId=1`, `${ROLES}/1`, `${ROLES}/1/delete`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: errorMessages.accessDenied })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});
