// The account page (/account) in a browser, JavaScript on and off: a user reaches it from the
// user menu, edits the profile, changes the password (refused with every reason named, then
// accepted) and picks a home page that the next sign-in opens; axe finds nothing on the page,
// with and without errors.
import { expect, test } from '@playwright/test';
import { accountText, errorMessages, shellText, uiText, validationMessages } from '../../lib/messages.js';
import { createPerson } from './dashboard-support.js';
import { signIn } from './helpers/auth.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { waitForIslands } from './helpers/islands.js';

const PASSWORD = 'Start-Secret-2026!';
const NEW_PASSWORD = 'Changed-Secret-2026?';

test('a user edits the profile, changes the password and chooses a home page', async ({ page }) => {
  const person = await createPerson('Jordan Account', PASSWORD);
  await signIn(page, person.email, PASSWORD);

  // From the user menu.
  await page.locator('.app-user-menu summary').click();
  await page.getByRole('link', { name: shellText.myAccount }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Account - Compliance Portal');
  await waitForIslands(page);
  await expectNoAxeViolations(page);
  await expect(page.getByTestId('account-facts')).toContainText(person.email);

  // Profile: a bad phone number is refused with the summary, then fixed.
  await page.getByLabel(accountText.fullName).fill('Jordan Renamed');
  await page.getByLabel(accountText.phoneNumber).fill('call me maybe');
  await page.getByRole('button', { name: accountText.saveProfile }).click();
  await expect(page).toHaveTitle('Error: Account - Compliance Portal');
  await expect(page.getByTestId('error-summary')).toContainText(validationMessages.incorrectFormat);
  await expectNoAxeViolations(page);
  await page.getByLabel(accountText.phoneNumber).fill('775-555-0142');
  await page.getByRole('button', { name: accountText.saveProfile }).click();
  await expect(page.getByText(accountText.profileSaved)).toBeVisible();
  await expect(page.locator('.app-topbar__user-name')).toHaveText('Jordan Renamed');

  // Password: the wrong current password and a weak new one are named; then it changes.
  await page.getByLabel(accountText.currentPassword).fill('Not-My-Password-1!');
  await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
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

  // Preferences: Notification Settings as home page; the next sign-in (new password) opens it.
  await page.getByLabel(accountText.homeUrl).selectOption('/notification-settings');
  await page.getByRole('button', { name: accountText.savePreferences }).click();
  await expect(page.getByText(accountText.preferencesSaved)).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, person.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/notification-settings$/);
});
