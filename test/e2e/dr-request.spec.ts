// Registration of a public dispute resolution user (spec §2 /dr-request, /auth/account-created,
// email verification) with JavaScript on and off: the form's rules, the non-dismissible
// confirmation, the account-created page with its resend lock, the verification email, and
// the verified user's first sign-in.
import { expect, test } from '@playwright/test';
import { uiText, validationMessages, errorMessages } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { DEMO_PASSWORD, demoUsers, signIn } from './helpers/auth.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { checkAgreement, fillRegistration, registerThroughUi, submitLogin, uniqueEmail, verificationLink, NEW_PASSWORD } from './auth-support.js';

test('the registration page is public, has its breadcrumb and passes axe', async ({ page }) => {
  await page.goto('/dr-request');
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${uiText.requestDisputeResolution} - Compliance Portal`);
  await expect(page.getByRole('navigation', { name: uiText.breadcrumbLabel })).toContainText(uiText.register);
  await expect(page.getByRole('heading', { level: 1, name: uiText.requestDisputeResolution })).toBeVisible();
  await expect(page.getByRole('heading', { name: uiText.createUserAccount })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in user is sent to the dashboard', async ({ page }) => {
  await signIn(page, demoUsers.stateUser, DEMO_PASSWORD);
  await page.goto('/dr-request');
  await expect(page).toHaveURL(/\/$/);
});

test('the form applies the spec rules and messages', async ({ page }) => {
  await page.goto('/dr-request');
  await waitForIslands(page);
  const create = page.getByRole('button', { name: uiText.createAccount });
  if (javaScriptEnabled()) {
    // Disabled while invalid; messages appear as fields are left.
    await expect(create).toBeDisabled();
    await page.getByLabel(uiText.fullNameLabel, { exact: true }).focus();
    await page.getByLabel(uiText.passwordLabel, { exact: true }).focus();
    await expect(page.getByText(validationMessages.fullNameRequired)).toBeVisible();
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill('Short1!');
    await page.getByLabel(uiText.emailLabel, { exact: true }).focus();
    await expect(page.getByText(validationMessages.passwordMinLength)).toBeVisible();
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill('alllowercase-long');
    await expect(page.getByText(validationMessages.passwordComplexity)).toBeVisible();
    await page.getByLabel(uiText.emailLabel, { exact: true }).fill('pat@');
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).focus();
    await expect(page.getByText(validationMessages.emailInvalid)).toBeVisible();
    // "Passwords do not match." once the confirmation is touched, and again when the password changes.
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill(NEW_PASSWORD);
    await expect(page.getByText(validationMessages.passwordsDoNotMatch)).toHaveCount(0);
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).blur();
    await expect(page.getByText(validationMessages.passwordsDoNotMatch)).toHaveCount(0);
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill(`${NEW_PASSWORD}x`);
    await expect(page.getByText(validationMessages.passwordsDoNotMatch)).toBeVisible();
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(uiText.emailLabel, { exact: true }).fill(uniqueEmail('rules'));
    await page.getByLabel(uiText.fullNameLabel, { exact: true }).fill('Pat Parent');
    await expect(create).toBeDisabled();
    await checkAgreement(page);
    await expect(create).toBeEnabled();
    await expectNoAxeViolations(page);
  } else {
    // Without JavaScript the button works and the server answers with every message.
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.getByTestId('error-summary');
    for (const message of [
      validationMessages.fullNameRequired,
      validationMessages.passwordRequired,
      validationMessages.emailRequired,
      validationMessages.confirmPasswordRequired,
      validationMessages.agreementRequired,
    ]) {
      await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible();
    }
    await page.getByLabel(uiText.fullNameLabel, { exact: true }).fill('Pat Parent');
    await page.getByLabel(uiText.emailLabel, { exact: true }).fill('pat@');
    await page.getByLabel(uiText.passwordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: uiText.createAccount }).click();
    await expect(summary.getByRole('link', { name: validationMessages.emailInvalid })).toBeVisible();
    await expect(summary.getByRole('link', { name: validationMessages.passwordsDoNotMatch })).toBeVisible();
    // Entered values come back, passwords never do.
    await expect(page.getByLabel(uiText.fullNameLabel, { exact: true })).toHaveValue('Pat Parent');
    await expect(page.getByLabel(uiText.passwordLabel, { exact: true })).toHaveValue('');
    await expectNoAxeViolations(page);
  }
});

test('the confirmation cannot be dismissed and only Confirm registers', async ({ page }) => {
  test.skip(!javaScriptEnabled(), 'the dialog is the JavaScript form of the confirmation page');
  const email = uniqueEmail('dialog');
  await page.goto('/dr-request');
  await waitForIslands(page);
  await fillRegistration(page, { fullName: 'Pat Dialog', email, password: NEW_PASSWORD });
  await page.getByRole('button', { name: uiText.createAccount }).click();
  const dialog = page.getByRole('dialog', { name: uiText.accountCreationConfirmation });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expectNoAxeViolations(page, { include: 'dialog[open]' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/dr-request$/);
  await dialog.getByRole('button', { name: uiText.confirm }).click();
  await page.waitForURL(/\/auth\/account-created\?/);
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);
});

test('registration → account created → verification email → verified sign-in', async ({ page }) => {
  const reg = await registerThroughUi(page, 'flow');
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${uiText.requestDisputeResolution} - Compliance Portal`);
  await expect(page.getByRole('heading', { name: uiText.accountCreationSuccess })).toBeVisible();
  await expect(page.getByTestId('confirmation-email-note')).toHaveText(uiText.confirmationEmailSent(reg.email));
  // The email just went out: resend stays locked for the spec's 5 minutes, across reloads.
  await expect(page.getByTestId('resend-wait')).toContainText(/please wait [45]:\d\d minutes to resend/);
  await expect(page.getByRole('button', { name: uiText.resendVerification })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId('resend-wait')).toContainText(/please wait [45]:\d\d minutes to resend/);
  if (javaScriptEnabled()) {
    const first = await page.getByTestId('resend-wait').innerText();
    await expect.poll(() => page.getByTestId('resend-wait').innerText(), { timeout: 4_000 }).not.toBe(first);
  }

  // Not verified yet: sign-in is refused with the API's message.
  await page.goto('/auth/login');
  await waitForIslands(page);
  await submitLogin(page, reg.email, reg.password);
  await expect(page.getByTestId('error-summary')).toContainText(errorMessages.emailNotVerified);

  // The link in the email verifies the address; the Forgot Password link is hidden.
  await page.goto(await verificationLink(reg.email, reg.at));
  await waitForIslands(page);
  await expect(page.locator('[data-block-code="email-verification-success"]')).toBeVisible();
  await expect(page.getByRole('link', { name: uiText.forgotPassword })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A public dispute resolution user lands on the request page.
  await submitLogin(page, reg.email, reg.password);
  await page.waitForURL((url) => url.pathname === '/dispute-resolution/request');
});

test('a broken verification link shows the failure text and error', async ({ page }) => {
  await page.goto('/auth/login?uid=not-a-real-token');
  await waitForIslands(page);
  await expect(page.getByTestId('verification-error')).toHaveText(errorMessages.verificationFailed);
  await expect(page.locator('[data-block-code="email-verification-failure"]')).toBeVisible();
  await expectNoAxeViolations(page);
});
