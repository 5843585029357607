// Dispute resolution staff journeys (DR spec §4.1, §4.3, §4.4) in Chromium, with JavaScript on
// and off, axe on every screen: state staff accept a state complaint once its content checklist is
// ticked and read its timeline; assign a hearing officer by rotation; record a resolution agreement on a due process complaint and see
// the agreement review deadline appear; open Table 7 of the prior year and download its CSV. The
// public filer's My Requests too. Projects share one database: each mutating test works on a case
// of its own (the project's index among the submitted complaints).
import { expect, test, type Page } from '@playwright/test';
import { agencyToday } from '../../lib/day.js';
import { caseSchoolYear, lastEndedYear } from '../../lib/dr/cases.js';
import { drText as t } from '../../lib/dr/page-text.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';
import { tick } from './helpers/tick.js';

const PROJECTS = ['js-on', 'js-off', 'phone'];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

test('state staff accept a submitted state complaint and read its timeline', async ({ page }) => {
  test.setTimeout(120_000);
  const index = PROJECTS.indexOf(test.info().project.name);
  test.skip(index > 1, 'Two submitted complaints in the demo seed: the phone project only reads.');
  await signIn(page, demoUsers.stateUser);
  // The current year's complaints newest first: the two submitted ones lead the list whatever the
  // other project has done to its own (its status changes, its place does not).
  await open(page, `/dispute-resolution/dashboard?type=3&schoolYear=${caseSchoolYear(agencyToday())}&sort=received&dir=desc`);
  await expectNoAxeViolations(page);
  const row = page.locator('#dr-cases tbody tr').nth(index);
  const number = (await row.locator('th a').innerText()).trim();
  await row.locator('th a').click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.caseTitle(number));
  await expectNoAxeViolations(page);

  // Refused until the content checklist is ticked (300.153(b)).
  await page.getByRole('button', { name: t.moves.Active, exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('error-summary').first()).toContainText('content checklist');
  await tick(page, page.getByLabel(t.overview.checklist));
  await page.getByRole('button', { name: t.overview.edit }).click();
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: t.moves.Active, exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText('The case is now Active.')).toBeVisible();

  await page.getByRole('link', { name: t.tabs.timeline }).click();
  await page.waitForLoadState('load');
  const decision = page.locator('tr[data-code="SC_DECISION"]');
  await expect(decision).toContainText('Calendar days');
  await expect(decision).toContainText('300.152(a); NAC 388.318');
  await decision.getByText(t.timeline.showCalculation).click();
  await expect(decision.getByText(/\+ 60 calendar days =/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('state staff record a resolution agreement and the timeline adds its review period', async ({ page }) => {
  test.setTimeout(120_000);
  test.skip(test.info().project.name !== 'js-on', 'One project changes the case; the others would race it.');
  await signIn(page, demoUsers.stateUser);
  await open(page, '/dispute-resolution/dashboard?type=4&status=2&sort=caseNumber&dir=asc');
  await page.locator('#dr-cases tbody tr').first().locator('th a').click();
  await page.waitForLoadState('load');
  await page.getByRole('link', { name: t.tabs.actions }).click();
  await page.waitForLoadState('load');
  await page.getByLabel(t.actionLog.type, { exact: true }).selectOption('AGREEMENT_SIGNED');
  await page.getByLabel(t.actionLog.date, { exact: true }).fill(agencyToday());
  await page.getByRole('textbox', { name: t.actionLog.note }).fill('Both parties signed the resolution agreement.');
  await page.getByRole('button', { name: t.actionLog.add }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('actions')).toContainText('Agreement signed');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: t.tabs.timeline }).click();
  await page.waitForLoadState('load');
  await expect(page.locator('tr[data-code="AGREEMENT_REVIEW_END"]')).toContainText('Business days');
});

test('Table 7 of the prior year shows the federal rows and downloads as CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.stateUser);
  const year = lastEndedYear(agencyToday());
  await open(page, `/dispute-resolution/reports?schoolYear=${year}`);
  await expect(page.locator('tr[data-row="1"]')).toContainText('Total number of written signed complaints filed.');
  await expect(page.locator('tr[data-row="2.1"]')).toContainText('11');
  await expect(page.locator('tr[data-row="B15"]')).toContainText('33.33%');
  await expect(page.locator('tr[data-row="B16"]')).toContainText('72.73%');
  await expectNoAxeViolations(page);
  const response = await page.request.get(`/dispute-resolution/reports.csv?schoolYear=${year}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toContain(`table7-${year}.csv`);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  expect(text.split(/\r\n/)[0]).toBe('Row,Label,Value');
  expect(text).toContain('B15,Resolution meetings resolved through settlement agreements (%),33.33');

  // The summary report with its chart and the state tracking list, filtered.
  await open(page, `/dispute-resolution/reports/summary-report?schoolYear=${year}`);
  await expect(page.getByText('Statewide total')).toBeVisible();
  await expect(page.locator('#dr-requests-by-month-title, [id^="dr-requests-by-month"]').first()).toBeAttached();
  await expectNoAxeViolations(page);
  await open(page, '/dispute-resolution/reports/state-tracking?status=Overdue');
  await expect(page.getByTestId('tracking')).toContainText('Overdue');
  await expectNoAxeViolations(page);
});

test('state staff open the neutral roster', async ({ page }) => {
  await signIn(page, demoUsers.stateUser);
  await open(page, '/dispute-resolution/dashboard');
  await page.getByRole('link', { name: t.roster.link }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.roster.title);
  await expect(page.locator('tr[data-neutral="mediator2@demo.example"]').getByLabel(/^Languages/)).toHaveValue(/Spanish/);
  await expectNoAxeViolations(page);
});

test('the public filer sees My Requests with what happens next', async ({ page }) => {
  await signIn(page, demoUsers.drPublic);
  await open(page, '/dispute-resolution/dashboard');
  await expect(page.getByRole('heading', { name: t.myRequests })).toBeVisible();
  await expect(page.getByText(t.finishDraft).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('state staff assign a hearing officer by rotation to a due process complaint', async ({ page }) => {
  test.setTimeout(120_000);
  test.skip(test.info().project.name !== 'js-on', 'One project changes the case; the others would race it.');
  await signIn(page, demoUsers.stateUser);
  await open(page, '/dispute-resolution/dashboard?type=4&sort=caseNumber&dir=desc&pageSize=50');
  const links = await page.locator('#dr-cases tbody tr th a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  // The first open complaint without a neutral yet.
  let found = false;
  for (const path of links) {
    await open(page, `${path}?tab=neutrals`);
    if (await page.getByText(t.neutrals.none).isVisible()) {
      found = true;
      break;
    }
  }
  expect(found, 'a due process complaint without a neutral').toBe(true);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t.neutrals.assign }).click();
  await page.waitForLoadState('load');
  const row = page.getByTestId('assignments').locator('tbody tr').first();
  await expect(row).toContainText('Hearing officer');
  await expect(row).toContainText(t.methods[1]!);
  await expect(row).toContainText('Proposed');
});
