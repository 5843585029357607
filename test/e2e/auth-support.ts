// Flows the auth and registration specs share: a fresh address per test, registration through
// the real /dr-request page (dialog with JavaScript, confirmation page without), and the
// verification link from the email the agency API wrote to MAIL_DIR.
import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { uiText } from '../../lib/messages.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { readLatestMail } from './helpers/mail.js';

export const NEW_PASSWORD = 'Fresh-Password-42!';

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.org`;
}

export interface Registration {
  email: string;
  fullName: string;
  password: string;
  /** When the registration was confirmed (emails after this are its own). */
  at: Date;
}

/** Fills the /dr-request form (the page must be open and hydrated). */
export async function fillRegistration(page: Page, reg: { fullName: string; email: string; password: string }): Promise<void> {
  await page.getByLabel(uiText.fullNameLabel, { exact: true }).fill(reg.fullName);
  await page.getByLabel(uiText.passwordLabel, { exact: true }).fill(reg.password);
  await page.getByLabel(uiText.emailLabel, { exact: true }).fill(reg.email);
  await page.getByLabel(uiText.confirmPasswordLabel, { exact: true }).fill(reg.password);
  await checkAgreement(page);
}

/** USWDS hides the real checkbox off-screen and styles its label: tick it as a user does. */
export async function checkAgreement(page: Page): Promise<void> {
  await page.locator('label[for="agreement"]').click();
  await expect(page.getByLabel(uiText.agreementText)).toBeChecked();
}

/** Registers a new public dispute resolution user through the UI; ends on /auth/account-created. */
export async function registerThroughUi(page: Page, tag: string, password = NEW_PASSWORD): Promise<Registration> {
  const reg = { email: uniqueEmail(tag), fullName: 'Pat E2E Parent', password, at: new Date(Date.now() - 1000) };
  await page.goto('/dr-request');
  await waitForIslands(page);
  await fillRegistration(page, reg);
  await page.getByRole('button', { name: uiText.createAccount }).click();
  if (javaScriptEnabled()) {
    const dialog = page.getByRole('dialog', { name: uiText.accountCreationConfirmation });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: uiText.confirm }).click();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: uiText.accountCreationConfirmation })).toBeVisible();
    await page.getByRole('button', { name: uiText.confirm }).click();
  }
  await page.waitForURL(/\/auth\/account-created\?/);
  return reg;
}

/** The verification link of the newest email to `email` (an /auth/login?uid= link). */
export async function verificationLink(email: string, after: Date): Promise<string> {
  const mail = await readLatestMail(email, after);
  const link = mail.links.find((l) => /\/auth\/login\?uid=/.test(l));
  expect(link, `verification link in "${mail.subject}"`).toBeTruthy();
  return link ?? '';
}

/** The reset link of the newest email to `email` (an /auth/reset-password?… link). */
export async function resetLink(email: string, after: Date): Promise<string> {
  const mail = await readLatestMail(email, after);
  const link = mail.links.find((l) => /\/auth\/reset-password\?/.test(l));
  expect(link, `reset link in "${mail.subject}"`).toBeTruthy();
  return link ?? '';
}

/** Fills and submits the login form without waiting for where it goes. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel(uiText.emailLabel, { exact: true }).fill(email);
  await form.getByLabel(uiText.passwordLabel, { exact: true }).fill(password);
  await form.getByRole('button', { name: uiText.signIn, exact: true }).click();
}

/** The sign-in form (the Reset Password dialog on the same page has an Email field too). */
export function loginForm(page: Page): Locator {
  return page.locator('form[action="/auth/login"]');
}
