// The account page (/account) in a browser, JavaScript on and off: a user reaches it from the
// user menu and edits the profile; changes the password (refused with every reason named, then
// accepted); and picks a home page that the next sign-in opens. axe finds nothing on the page,
// with and without errors.
import { expect, test, type Page } from '@playwright/test';
import { accountText, errorMessages, shellText, uiText, validationMessages } from '../../lib/messages.js';
import { createPerson } from './dashboard-support.js';
import { signIn } from './helpers/auth.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';

// Each test signs in (and two sign in twice) and runs axe: more than the default 45 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Start-Secret-2026!';
const NEW_PASSWORD = 'Changed-Secret-2026?';

/**
 * A new user signed in on their account page; the page is reached from the user menu. Names
 * share no word with the demo users, whom other specs find by searching ("riley").
 */
async function openAccount(page: Page, fullName: string): Promise<{ email: string }> {
  const person = await createPerson(fullName, PASSWORD);
  await signIn(page, person.email, PASSWORD);
  await page.locator('.app-user-menu summary').click();
  await page.getByRole('link', { name: shellText.myAccount }).click();
  await expect(page).toHaveURL(/\/account$/);
  await waitForIslands(page);
  return person;
}

test('a user edits the profile from the user menu', async ({ page }) => {
  const person = await openAccount(page, 'Dakota Profile');
  await expect(page).toHaveTitle('Account - Compliance Portal');
  await expectNoAxeViolations(page);
  await expect(page.getByTestId('account-facts')).toContainText(person.email);

  // A bad phone number is refused with the summary, then fixed.
  await page.getByLabel(accountText.fullName).fill('Dakota Renamed');
  await page.getByLabel(accountText.phoneNumber).fill('call me maybe');
  await page.getByRole('button', { name: accountText.saveProfile }).click();
  await expect(page).toHaveTitle('Error: Account - Compliance Portal');
  await expect(page.getByTestId('error-summary')).toContainText(validationMessages.incorrectFormat);
  await expectNoAxeViolations(page);
  await page.getByLabel(accountText.phoneNumber).fill('775-555-0142');
  await page.getByRole('button', { name: accountText.saveProfile }).click();
  await expect(page.getByText(accountText.profileSaved)).toBeVisible();
  await expect(page.locator('.app-topbar__user-name')).toHaveText('Dakota Renamed');
});

test('a user changes the password: every problem named, then changed, and the new one signs in', async ({ page }) => {
  const person = await openAccount(page, 'Emerson Password');
  await page.getByLabel(accountText.currentPassword).fill('Not-My-Password-1!');
  const met = page.locator('#account-password-requirements [data-met="true"]');
  await expect(met).toHaveCount(0);
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
  // With JavaScript the requirements tick off as the password is typed; without, the server checks them.
  await expect(met).toHaveCount(javaScriptEnabled() ? 5 : 0);
  await page.getByLabel(uiText.confirmNewPasswordLabel).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: accountText.changePassword }).click();
  await expect(page.getByTestId('error-summary')).toContainText('Incorrect password.');
  await expect(page.getByLabel(accountText.currentPassword)).toHaveValue('');

  await page.getByLabel(accountText.currentPassword).fill(PASSWORD);
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('weak');
  await page.getByLabel(uiText.confirmNewPasswordLabel).fill('weak');
  await page.getByRole('button', { name: accountText.changePassword }).click();
  await expect(page.getByTestId('error-summary')).toContainText(validationMessages.passwordMinLength);

  await page.getByLabel(accountText.currentPassword).fill(PASSWORD);
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(uiText.confirmNewPasswordLabel).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: accountText.changePassword }).click();
  await expect(page.getByText(errorMessages.passwordChanged)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, person.email, NEW_PASSWORD);
});

test('a user picks a home page, and the next sign-in opens it', async ({ page }) => {
  const person = await openAccount(page, 'Finley Homepage');
  await page.getByLabel(accountText.homeUrl).selectOption('/notification-settings');
  await page.getByRole('button', { name: accountText.savePreferences }).click();
  await expect(page.getByText(accountText.preferencesSaved)).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(/\/notification-settings$/);
});
