// The public dispute resolution page and a case's documents tab (DR spec §4.3 tab=documents,
// §4.11) in Chromium, with JavaScript on and off and on a phone, axe on every screen: /dr-public
// signed out shows the four options and where to start; state staff upload a PDF on a case's
// documents tab and see it listed. Projects share one database: each uploads a file of its own name.
import { expect, test, type Page } from '@playwright/test';
import { OPTION_TITLES } from '../../lib/dr/request-rules.js';
import { drText as t } from '../../lib/dr/page-text.js';
import { docText, publicText } from '../../lib/dr/public-text.js';
import { pdfBytes } from '../helpers/files.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

test('the public page compares the four options and links to sign-up and sign-in, signed out', async ({ page }) => {
  await open(page, '/dr-public');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicText.title);
  const options = page.getByRole('table', { name: publicText.optionsCaption });
  for (const title of Object.values(OPTION_TITLES)) await expect(options).toContainText(title);
  await expect(page.getByRole('link', { name: publicText.createAccount })).toHaveAttribute('href', '/dr-request');
  await expect(page.getByRole('link', { name: publicText.signIn, exact: true })).toHaveAttribute('href', '/auth/login?returnUrl=/dispute-resolution/request');
  await expect(page.getByRole('heading', { name: publicText.decisionsHeading })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('state staff upload a PDF on a case’s documents tab and see it listed', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.stateUser);
  await open(page, '/dispute-resolution/dashboard?type=4&status=2');
  await page.locator('#dr-cases tbody tr').first().locator('th a').click();
  await page.waitForLoadState('load');
  await page.getByRole('link', { name: t.tabs.documents }).click();
  await page.waitForLoadState('load');
  await waitForIslands(page);
  await expectNoAxeViolations(page);

  const name = `e2e-${test.info().project.name}-${Date.now()}.pdf`;
  await page.getByLabel(docText.file, { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });
  await page.getByRole('button', { name: docText.uploadButton, exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText(docText.uploaded)).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expectNoAxeViolations(page);
});
