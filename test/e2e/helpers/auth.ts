// Signing in through the real login form, as a user would (with or without JavaScript).
import { expect, type Page } from '@playwright/test';
import { uiText } from '../../../lib/messages.js';
import { waitForIslands } from './islands.js';

export const DEMO_PASSWORD = 'Demo-Password-1!';

export const demoUsers = {
  stateAdmin: 'state.admin@demo.example',
  stateUser: 'state.user@demo.example',
  districtUser: 'district.user@demo.example',
  vendor: 'vendor@demo.example',
  drPublic: 'dr.public@demo.example',
} as const;

/**
 * Opens /auth/login (with returnUrl when given), fills in the form and submits it. Resolves
 * once the browser has left the login page; fails with the page's error text otherwise.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, returnUrl?: string): Promise<void> {
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  await page.goto(`/auth/login${query}`);
  await waitForIslands(page);
  const submit = page.getByRole('button', { name: uiText.signIn, exact: true });
  const form = page.locator('form').filter({ has: submit });
  await form.getByLabel(uiText.emailLabel, { exact: true }).fill(email);
  await form.getByLabel(uiText.passwordLabel, { exact: true }).fill(password);
  await submit.click();
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'), { timeout: 15_000 });
  } catch (error) {
    const alert = await page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`Sign-in as ${email} did not leave the login page. Alerts: ${JSON.stringify(alert)}`, { cause: error });
  }
  await expect(page).not.toHaveURL(/\/auth\/login/);
}
