// Early Childhood Outcomes reports (ECO spec §3.7, §3.8, §7) in Chromium, with JavaScript on and
// off and at phone width, axe on every screen: state staff open the prior year's APR report for
// Prairie View (§11's numbers), download its summary CSV, read state tracking and open Prairie
// View's ECO dashboard from its row. Reads only, so every project runs it on the shared database.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { APR_SUMMARY_HEADER } from '../../lib/eco/csv.js';
import { ecoPageText as t } from '../../lib/eco/page-text.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';

test('state staff read the APR report, download its CSV and open state tracking', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.stateUser);
  const prior = priorSchoolYear(schoolYearForDate(new Date()));
  const ffy = Number(prior.slice(0, 4));

  await page.goto(`/child-search/apr-report?schoolYear=${prior}`);
  await waitForIslands(page);
  await page.getByLabel(t.apr.scope).selectOption({ label: 'Prairie View Public Schools' });
  await page.getByRole('button', { name: t.show, exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.apr.title(ffy));
  await expect(page.locator('tr[data-statement="A1"]')).toContainText('70.00');
  await expect(page.locator('tr[data-statement="A2"]')).toContainText('50.00');
  await expect(page.locator('tr[data-statement="C1"]')).toContainText('77.78');
  await expect(page.locator('#eco-apr-chart')).toBeAttached();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.apr.downloadSummary }).click()]);
  expect(download.suggestedFilename()).toBe(`eco-apr-${prior}-55-0101-000.csv`);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(APR_SUMMARY_HEADER.join(','));

  await page.goto('/child-search/state-tracking');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.tracking.title);
  await expect(page.getByTestId('eco-due')).toHaveText(/LEA data due \d{2}\/\d{2}\/\d{4} \(\d+ days left\)|\d+ days past due/);
  await expect(page.locator('tr[data-lea="55-0101-000"]')).toContainText('Prairie View Public Schools');
  await expect(page.locator('tr[data-lea="total"]')).toContainText(t.tracking.stateTotal);
  await expectNoAxeViolations(page);

  // The LEA's name makes it the current LEA and opens its ECO dashboard (only this session changes).
  await page.locator('tr[data-lea="55-0101-000"]').getByRole('button', { name: 'Prairie View Public Schools', exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page).toHaveURL(/\/child-search\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading);
  await expect(page.getByRole('link', { name: t.dashboard.tiles.entryOverdue })).toHaveAttribute('href', '/child-search/child-list?status=entry-overdue');
  await expect(page.getByTestId('eco-statements')).toBeVisible();
  await expectNoAxeViolations(page);
});
