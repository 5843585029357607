// The auth area as a user meets it, with JavaScript on and off: sign-in errors, the Reset
// Password dialog (or its page) through the email to a new password, the simple register
// form, and an accessibility check of every auth page.
import { expect, test } from '@playwright/test';
import { errorMessages, uiText, validationMessages } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { DEMO_PASSWORD, demoUsers } from './helpers/auth.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { loginForm, NEW_PASSWORD, registerThroughUi, resetLink, submitLogin, uniqueEmail, verificationLink } from './auth-support.js';

test.describe('login page', () => {
  test('shows the split layout, passes axe, and has a working Forgot Password link', async ({ page }) => {
    await page.goto('/auth/login');
    await waitForIslands(page);
    await expect(page).toHaveTitle(`${uiText.signIn} - Compliance Portal`);
    await expect(page.getByRole('heading', { level: 1, name: uiText.signIn })).toBeVisible();
    await expect(page.getByRole('img', { name: uiText.loginImageAlt })).toBeVisible();
    await expect(page.getByRole('link', { name: uiText.forgotPassword })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('refuses an empty form with the spec messages and an error summary', async ({ page }) => {
    await page.goto('/auth/login');
    await waitForIslands(page);
    await loginForm(page).getByRole('button', { name: uiText.signIn, exact: true }).click();
    await expect(page).toHaveTitle(/^Error: Sign In - /);
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('heading', { name: uiText.errorSummaryTitle })).toBeVisible();
    await expect(summary.getByRole('link', { name: validationMessages.valueRequired })).toHaveCount(2);
    // The summary takes focus so keyboard and screen reader users start there.
    await expect(summary).toBeFocused();
    // Each message links to its field.
    await expect(summary.getByRole('link').first()).toHaveAttribute('href', '#userName');
    await expect(summary.getByRole('link').nth(1)).toHaveAttribute('href', '#password');
    await expectNoAxeViolations(page);
  });

  test('says "A valid email is required." and keeps what was typed', async ({ page }) => {
    await page.goto('/auth/login');
    await waitForIslands(page);
    await submitLogin(page, 'not-an-email', 'whatever');
    await expect(page.getByText(validationMessages.validEmailRequired).first()).toBeVisible();
    await expect(loginForm(page).getByLabel(uiText.emailLabel, { exact: true })).toHaveValue('not-an-email');
    await expect(loginForm(page).getByLabel(uiText.passwordLabel, { exact: true })).toHaveValue('');
  });

  test('says "Invalid email or password." for a wrong password and stays on the page', async ({ page }) => {
    await page.goto('/auth/login');
    await waitForIslands(page);
    // An unknown address answers the same as a wrong password, without locking a demo account.
    const email = uniqueEmail('nobody');
    await submitLogin(page, email, 'Wrong-Password-9!');
    await expect(page.getByTestId('error-summary')).toContainText(errorMessages.loginFailed);
    await expect(page.getByTestId('error-summary')).not.toContainText(`Error: ${errorMessages.loginFailed}`);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(loginForm(page).getByLabel(uiText.emailLabel, { exact: true })).toHaveValue(email);
    await expect(loginForm(page).getByLabel(uiText.passwordLabel, { exact: true })).toHaveValue('');
  });

  test('signs in and returns to the returnUrl, never to another site', async ({ page }) => {
    await page.goto('/auth/login?returnUrl=%2Fnotification-settings');
    await waitForIslands(page);
    await submitLogin(page, demoUsers.stateUser, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/notification-settings');

    await page.context().clearCookies();
    await page.goto('/auth/login?returnUrl=%2F%2Fevil.example%2F');
    await waitForIslands(page);
    await submitLogin(page, demoUsers.stateUser, DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? page.url()).host);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('forgot password', () => {
  test('email → reset link → new password → sign in', async ({ page }) => {
    // Registration, verification, two resets and the spent link: a long journey without JavaScript.
    test.setTimeout(60_000);
    const reg = await registerThroughUi(page, 'reset');
    // Verify first, as a real user would have.
    await page.goto(await verificationLink(reg.email, reg.at));

    const asked = new Date(Date.now() - 1000);
    await page.goto('/auth/login');
    await waitForIslands(page);
    await page.getByRole('link', { name: uiText.forgotPassword }).click();
    if (javaScriptEnabled()) {
      const dialog = page.getByRole('dialog', { name: uiText.resetPassword });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, { include: 'dialog[open]' });
      // Same email rules as the login form.
      await dialog.getByRole('button', { name: uiText.submit }).click();
      await expect(dialog.getByText(validationMessages.valueRequired)).toBeVisible();
      await dialog.getByLabel(uiText.emailLabel, { exact: true }).fill(reg.email);
      await dialog.getByRole('button', { name: uiText.submit }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: errorMessages.passwordRecoverySent })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/auth\/forgot-password$/);
      await expectNoAxeViolations(page);
      await page.getByLabel(uiText.emailLabel, { exact: true }).fill(reg.email);
      await page.getByRole('button', { name: uiText.submit }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByText(errorMessages.passwordRecoverySent)).toBeVisible();
    }

    const link = await resetLink(reg.email, asked);
    await page.goto(link);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: uiText.resetPassword })).toBeVisible();
    await expectNoAxeViolations(page);
    const reset = page.getByRole('button', { name: uiText.reset });
    const requirement = page.locator('.password-requirement').filter({ hasText: 'At least 12 characters' });
    if (javaScriptEnabled()) {
      await expect(reset).toBeDisabled();
      await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('short');
      await expect(requirement).toContainText(uiText.requirementNotMet);
      await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('alllowercase-long');
      await expect(requirement).toContainText(`(${uiText.requirementMet})`);
      await page.getByLabel(uiText.confirmNewPasswordLabel, { exact: true }).fill('alllowercase-long');
      // Equal, but the checklist still shows unmet rules: Reset waits for them.
      await expect(reset).toBeDisabled();
    } else {
      await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill('alllowercase-long');
      await page.getByLabel(uiText.confirmNewPasswordLabel, { exact: true }).fill('alllowercase-long');
      // Without JavaScript the server checks: the API's reasons are listed, all at once,
      // "non alphanumeric" said as "symbol".
      await reset.click();
      const reasons = page.getByTestId('reset-server-errors');
      await expect(reasons).toContainText("Passwords must have at least one uppercase ('A'-'Z').");
      await expect(reasons).toContainText("Passwords must have at least one digit ('0'-'9').");
      await expect(reasons).not.toContainText('non alphanumeric');
    }

    await waitForIslands(page);
    await page.getByLabel(uiText.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD.replace('42', '43'));
    await page.getByLabel(uiText.confirmNewPasswordLabel, { exact: true }).fill(NEW_PASSWORD.replace('42', '43'));
    await page.getByRole('button', { name: uiText.reset }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText(errorMessages.passwordChanged)).toBeVisible();

    // The spent link, opened again, says so at once and offers a new one.
    await page.goto(link);
    await expect(page.getByTestId('reset-link-unusable')).toContainText(uiText.resetPasswordLinkUnusable);
    await expect(page.getByLabel(uiText.newPasswordLabel, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/auth/login');

    await waitForIslands(page);
    await submitLogin(page, reg.email, NEW_PASSWORD.replace('42', '43'));
    await page.waitForURL((url) => url.pathname === '/dispute-resolution/request');
  });
});

test.describe('simple register form', () => {
  test('validates (on blur with JavaScript) and only says the details are valid', async ({ page }) => {
    await page.goto('/auth/register');
    await waitForIslands(page);
    await expect(page).toHaveTitle(`${uiText.register} - Compliance Portal`);
    await expectNoAxeViolations(page);
    if (javaScriptEnabled()) {
      await page.getByLabel(uiText.emailLabel, { exact: true }).fill('nope');
      await page.getByLabel(uiText.firstNameLabel, { exact: true }).focus();
      await expect(page.getByText(validationMessages.notValidEmail)).toBeVisible();
      // A first name of spaces is a missing name here as on the server (one set of rules).
      await page.getByLabel(uiText.firstNameLabel, { exact: true }).fill('   ');
      await page.getByLabel(uiText.lastNameLabel, { exact: true }).focus();
      await expect(page.locator('#firstName-error')).toContainText(validationMessages.mustEnterValue);
    } else {
      await page.getByLabel(uiText.emailLabel, { exact: true }).fill('nope');
      await page.getByRole('button', { name: uiText.register }).click();
      await expect(page.getByText(validationMessages.notValidEmail).first()).toBeVisible();
      await expect(page.getByText(validationMessages.mustEnterValue).first()).toBeVisible();
    }
    await page.getByLabel(uiText.emailLabel, { exact: true }).fill('pat@example.org');
    await page.getByLabel(uiText.firstNameLabel, { exact: true }).fill('Pat');
    await page.getByLabel(uiText.lastNameLabel, { exact: true }).fill('Parent');
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill('one');
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).fill('two');
    await page.getByRole('button', { name: uiText.register }).click();
    await expect(page.getByText(validationMessages.passwordsMustMatch).first()).toBeVisible();
    await waitForIslands(page);
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill('same');
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).fill('same');
    await page.getByRole('button', { name: uiText.register }).click();
    await expect(page.getByTestId('register-valid')).toContainText(uiText.registerDetailsValid);
    await expect(page.getByRole('link', { name: uiText.registerCreateAccountLink })).toHaveAttribute('href', '/dr-request');
  });
});

test('new-register sends the visitor to /dr-request', async ({ page }) => {
  await page.goto('/auth/new-register');
  await expect(page).toHaveURL(/\/dr-request$/);
});
