// The "Visit details" step of the Integrated Monitoring Review (/monitoring/visit), end to end,
// with JavaScript on (the time inputs normalise and check on blur, the numbers-only input drops
// what is not a digit as it is typed), off (the server does the same on submit: 422, fix, 303),
// and at phone width; keyboard only (Tab order, labels); axe on the form and on its error state;
// and the saved details read-only for a user who may only view visits.
import { expect, test, type Page } from '@playwright/test';
import { validationMessages as m, navText, visitDetailsText as t } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';

const VISIT = '/monitoring/visit';

const form = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: t.save }) });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function openVisit(page: Page): Promise<void> {
  await page.goto(VISIT);
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${navText.integratedMonitoringReview} - Compliance Portal`);
  await expect(page.getByRole('heading', { level: 2, name: t.step })).toBeVisible();
}


// Each journey signs in, fills the form twice and checks axe on a two-core machine shared with a
// second browser: more than the default 30 s at times.
test.describe.configure({ timeout: 60_000 });

const FIELDS = [t.visitDate, t.startTime, t.endTime, t.studentFileCount] as const;

/** Fills the four fields in page order. */
async function fillForm(page: Page, values: readonly [string, string, string, string]): Promise<void> {
  for (const [i, label] of FIELDS.entries()) await field(page, label).fill(values[i]!);
}

async function save(page: Page): Promise<void> {
  await form(page).getByRole('button', { name: t.save }).click();
}

async function expectSaved(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${VISIT}$`));
  await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
  await waitForIslands(page);
}

test('with JavaScript: times normalise and are checked on blur, the file count keeps only digits', async ({ page }) => {
  test.skip(!javaScriptEnabled(), 'without JavaScript the server does it (next test)');
  await signIn(page, demoUsers.stateAdmin);
  await openVisit(page);
  await expectNoAxeViolations(page);

  await field(page, t.visitDate).fill('2026-03-03');
  const start = field(page, t.startTime);
  await start.fill('3:00pm');
  await start.press('Tab');
  await expect(start).toHaveValue('3:00 PM');
  await expect(page.locator('#startTime-error')).toHaveCount(0);

  const end = field(page, t.endTime);
  await expect(end).toBeFocused();
  await end.fill('13:5');
  await end.press('Tab');
  await expect(end).toHaveValue('13:5');
  await expect(page.locator('#endTime-error')).toContainText(m.invalidTimeFormat);
  await expect(end).toHaveAttribute('aria-invalid', 'true');

  const count = field(page, t.studentFileCount);
  await expect(count).toBeFocused();
  await expect(count).toHaveAttribute('inputmode', 'numeric');
  await count.pressSequentially('1a2b');
  await expect(count).toHaveValue('12');
  // A paste is stripped the same way.
  await count.fill('3x0!');
  await expect(count).toHaveValue('30');
  await expectNoAxeViolations(page);

  // Fixing the time clears its message as soon as it is valid.
  await end.fill('4:30');
  await expect(page.locator('#endTime-error')).toHaveCount(0);
  await end.press('Tab');
  await expect(end).toHaveValue('4:30 PM');
  await save(page);
  await expectSaved(page);
  await expect(field(page, t.startTime)).toHaveValue('3:00 PM');
  await expect(field(page, t.endTime)).toHaveValue('4:30 PM');
  await expect(field(page, t.studentFileCount)).toHaveValue('30');
});

test('without JavaScript: the server normalises, strips and refuses on submit, then saves the fix', async ({ page }) => {
  test.skip(javaScriptEnabled(), 'with JavaScript the fields do it as the user types (previous test)');
  await signIn(page, demoUsers.stateAdmin);
  await openVisit(page);
  await expectNoAxeViolations(page);

  await fillForm(page, ['2026-03-03', '3:00pm', '13:5', '1a2b']);
  await save(page);

  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.getByTestId('error-summary');
  await expect(summary.getByRole('link', { name: m.invalidTimeFormat })).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toBeFocused();
  await expect(field(page, t.startTime)).toHaveValue('3:00 PM');
  await expect(field(page, t.endTime)).toHaveValue('13:5');
  await expect(field(page, t.studentFileCount)).toHaveValue('12');
  await expect(page.locator('#endTime-error')).toContainText(m.invalidTimeFormat);
  await expectNoAxeViolations(page);

  await expect(summary.getByRole('link', { name: m.invalidTimeFormat })).toHaveAttribute('href', '#endTime');
  await field(page, t.endTime).fill('4:30');
  await save(page);
  await expectSaved(page);
  await expect(field(page, t.endTime)).toHaveValue('4:30 PM');
  await expect(field(page, t.studentFileCount)).toHaveValue('12');
});

test('an empty form and an end before the start are refused with the error summary', async ({ page }) => {
  await signIn(page, demoUsers.stateAdmin);
  await openVisit(page);
  await fillForm(page, ['', '', '', '']);
  await save(page);
  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.getByTestId('error-summary');
  await expect(summary.getByRole('link', { name: m.fieldRequired })).toHaveCount(4);
  await waitForIslands(page);
  await expectNoAxeViolations(page);

  await fillForm(page, ['2026-03-03', '3:00 PM', '1:00 PM', '501']);
  await save(page);
  await expect(summary.getByRole('link', { name: t.endTimeAfterStart })).toBeVisible();
  await expect(summary.getByRole('link', { name: m.maxValue(500) })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('keyboard only: labelled fields in order, then Save', async ({ page }) => {
  await signIn(page, demoUsers.stateAdmin);
  await openVisit(page);
  await field(page, t.visitDate).focus();
  for (const [i, label] of FIELDS.entries()) {
    await expect(field(page, label), `${label} has focus`).toBeFocused();
    if (i > 0) await page.keyboard.press('Control+A');
    await page.keyboard.type(['03042026', '9:15am', '11:45', '7'][i]!);
    await page.keyboard.press('Tab');
    // The native date control has stops of its own (its parts, its calendar button) before the next field.
    for (let stop = 0; i === 0 && stop < 3 && (await page.evaluate(() => document.activeElement?.id)) === 'visitDate'; stop++) {
      await page.keyboard.press('Tab');
    }
  }
  await expect(form(page).getByRole('button', { name: t.save })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectSaved(page);
  await expect(field(page, t.visitDate)).toHaveValue('2026-03-04');
  await expect(field(page, t.startTime)).toHaveValue('9:15 AM');
  await expect(field(page, t.endTime)).toHaveValue('11:45 PM');
  await expect(field(page, t.studentFileCount)).toHaveValue('7');
});

test('a user who may only view visits sees the saved details, read-only', async ({ page }) => {
  // The state user and the state admin start in the same LEA and school year.
  await signIn(page, demoUsers.stateUser);
  await openVisit(page);
  await expect(page.getByRole('button', { name: t.save })).toHaveCount(0);
  const details = page.getByTestId('visit-details');
  await expect(details).toContainText('Wednesday, 4th March 2026');
  await expect(details).toContainText('9:15 AM');
  await expect(details).toContainText('11:45 PM');
  await expect(page.getByText(t.viewOnly)).toBeVisible();
  await expectNoAxeViolations(page);
});
