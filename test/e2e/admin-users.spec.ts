// Manage Users as the site admin meets it, with JavaScript on and off: the list and its search,
// Add User (refused, then created), editing, setting a password, disabling (a dialog with
// JavaScript, a confirmation page without), enabling, deleting; a district user refused every
// screen; axe on every page and state.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminUsersText as t, errorMessages, uiText, validationMessages } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { confirmAction } from './helpers/confirm.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { tick } from './helpers/tick.js';

const USERS = '/admin/manage-users';


function flash(page: Page, text: string) {
  return expect(page.locator('.portal-flash')).toContainText(text);
}

test('the site admin finds, adds, edits, disables, enables and deletes a user', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.stateAdmin, undefined, USERS);
  await waitForIslands(page);
  await expect(page).toHaveTitle('Manage Users - Admin - Compliance Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admin');
  await expectNoAxeViolations(page);

  // Search.
  await page.getByLabel(t.search).fill('riley');
  await page.getByRole('button', { name: t.applyFilters, exact: true }).click();
  await expect(page).toHaveURL(/search=riley/);
  const table = page.locator('#users-table table');
  await expect(table.getByRole('rowheader')).toHaveText(['Riley District User']);

  // Add User: refused, then created.
  await page.getByRole('link', { name: t.addUser }).click();
  await expect(page).toHaveTitle('Add User - Manage Users - Admin - Compliance Portal');
  await page.getByRole('button', { name: t.createUser }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link', { name: validationMessages.fieldRequired })).toHaveCount(2);
  await expect(page).toHaveTitle(/^Error: Add User/);
  await expectNoAxeViolations(page);

  const tag = `${test.info().project.name}-${randomUUID().slice(0, 6)}`;
  const email = `e2e-${tag}@example.org`;
  const name = `Jesse Playwright`;
  await page.getByLabel(uiText.fullNameLabel).fill(name);
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.jobTitle).fill('Tester');
  await tick(page, page.getByRole('group', { name: t.leas }).getByLabel(/^Prairie View Public Schools/));
  await tick(page, page.getByRole('group', { name: t.roles }).getByLabel('Local User', { exact: true }));
  await page.getByRole('button', { name: t.createUser }).click();
  await expect(page).toHaveTitle(`Edit User: ${name} - Manage Users - Admin - Compliance Portal`);
  await flash(page, t.userCreated(name, email));
  await waitForIslands(page);
  await expectNoAxeViolations(page);

  // Edit a field.
  await page.getByLabel(t.jobTitle).fill('Senior Tester');
  await page.getByRole('button', { name: t.saveChanges }).click();
  await flash(page, t.userSaved(name));
  await expect(page.getByLabel(t.jobTitle)).toHaveValue('Senior Tester');

  // Tick a role: the one Save Changes saves it (there is no second save to forget).
  await expect(page.getByRole('button', { name: t.saveRoles })).toHaveCount(0);
  await tick(page, page.getByRole('group', { name: t.roles }).getByLabel('State User', { exact: true }));
  await page.getByRole('button', { name: t.saveChanges }).click();
  await flash(page, t.rolesSaved(name));
  await expect(page.getByRole('group', { name: t.roles }).getByLabel('State User', { exact: true })).toBeChecked();

  // Set a password (refused, then set).
  await page.getByRole('link', { name: t.setPassword }).click();
  await expect(page).toHaveTitle(`Set Password: ${name} - Manage Users - Admin - Compliance Portal`);
  await expectNoAxeViolations(page);
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('short');
  await page.getByLabel(uiText.confirmNewPasswordLabel, { exact: true }).fill('short');
  await page.getByRole('button', { name: t.setPassword }).click();
  await expect(page.getByTestId('error-summary')).toContainText(validationMessages.passwordMinLength);
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('Playwright-Pass-42!');
  await page.getByLabel(uiText.confirmNewPasswordLabel, { exact: true }).fill('Playwright-Pass-42!');
  await page.getByRole('button', { name: t.setPassword }).click();
  await flash(page, t.passwordSet(name));
  await waitForIslands(page);

  // Disable (asked first), then enable.
  await confirmAction(page, t.disable, { question: t.disableQuestion(name), axe: true });
  await flash(page, t.userDisabled(name));
  await expect(page.locator('.admin-account-line')).toContainText(t.disabled);
  await page.getByRole('button', { name: t.enable, exact: true }).click();
  await flash(page, t.userEnabled(name));
  await waitForIslands(page);

  // Delete (asked first): back on the list, which no longer has the user.
  await confirmAction(page, t.delete, { question: t.deleteQuestion(name) });
  await expect(page).toHaveURL(new RegExp(`${USERS}$`));
  await flash(page, t.userDeleted(name));
  await expect(page.locator('#users-table')).not.toContainText(email);
});

test('a district user is refused every Manage Users screen', async ({ page }) => {
  await signIn(page, demoUsers.districtUser);
  // The menu does not offer the Admin group.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
  // The guard answers before any account is looked up, so any id shows the refusal.
  const account = `${USERS}/${randomUUID()}`;
  for (const url of [USERS, `${USERS}/new`, account, `${account}/password`, `${account}/disable`, `${account}/delete`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: errorMessages.accessDenied })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});
