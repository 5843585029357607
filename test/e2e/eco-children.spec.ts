// The ECO child pages in Chromium (ECO spec §3.2, §3.3, §3.6), with JavaScript on and off and on
// a phone, axe on every screen: a district user adds a child, finds it with the basic search on
// the child list (masked ID) and opens its status page (full ID, the record, the history). The
// projects share one database: each adds a child with a state student ID of its own.
import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyToday } from '../../lib/day.js';
import { ecoChildText as t } from '../../lib/eco/child-text.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';

const PROJECTS = ['js-on', 'js-off', 'phone'];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

test('a district user adds a child and sees it on the child list and its status page', async ({ page }) => {
  test.setTimeout(120_000);
  const index = Math.max(0, PROJECTS.indexOf(test.info().project.name));
  const ssid = `97${index}${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const lastName = `Playwright${['On', 'Off', 'Phone'][index]}`;
  const today = agencyToday();
  await signIn(page, demoUsers.districtUser);

  await open(page, '/child-search/child-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.listHeading);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: t.addChild }).first().click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.newHeading);
  await expectNoAxeViolations(page);
  // Refused first: the API's messages in the summary and at the fields.
  await page.getByRole('button', { name: t.save }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('error-summary')).toContainText('State student ID is required.');
  await expectNoAxeViolations(page);

  await page.getByLabel(t.ssid).fill(ssid);
  await page.getByLabel(t.firstName, { exact: true }).fill('Ada');
  await page.getByLabel(t.lastName, { exact: true }).fill(lastName);
  await page.getByLabel(t.birthDate).fill(addDays(today, -4 * 365));
  await page.getByLabel(t.entryDate).fill(addDays(today, -5));
  await page.getByLabel(t.disability).selectOption('autism');
  await page.getByRole('button', { name: t.save }).click();
  await page.waitForURL(/\/child-search\/entryscore\/\d+$/);

  await open(page, '/child-search/child-list');
  await page.getByLabel(t.ssid).fill(ssid);
  await page.getByRole('button', { name: t.search, exact: true }).click();
  await page.waitForLoadState('load');
  const table = page.locator('#eco-children');
  await expect(table).toContainText(`••••••${ssid.slice(-4)}`);
  await expect(table).not.toContainText(ssid);
  await expectNoAxeViolations(page);

  await table.getByRole('link', { name: `${lastName}, Ada`, exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.statusHeading(`${lastName}, Ada`));
  await expect(page.getByTestId('child-details')).toContainText(ssid);
  await expect(page.getByTestId('record-panel')).toHaveCount(1);
  await expect(page.getByTestId('history')).toContainText(t.actions['child-created']!);
  await expectNoAxeViolations(page);

  await open(page, '/child-search/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.searchHeading);
  await expectNoAxeViolations(page);
});
