// School calendars and holidays (/dispute-resolution/calendars, DR spec §4.10, §10) as DR state
// staff use it, with JavaScript on and off: an import with an error is refused with its rows and
// the error report, the fixed file imports, the same file again changes nothing, and a holiday is
// added and removed. axe checks every state of the page. Each project works in school years and
// holiday dates of its own, so the projects can share one database.
import { expect, test, type Page } from '@playwright/test';
import { addDays, isWeekend } from '../../lib/day.js';
import { calendarText as t, messageDate } from '../../lib/shared/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';

const PAGE = '/dispute-resolution/calendars';
const LEA = '55-0101-000'; // the demo district user's district
const HEADER = 'leaCode,schoolYear,date,dayType';

/** A school year (and holiday year) of this project's own. */
function yearsOf(project: string): { schoolYear: string; start: number } {
  const start = 2030 + (['js-on', 'js-off', 'phone'].indexOf(project) + 1) * 2;
  return { schoolYear: `${start}-${start + 1}`, start };
}

/** The first weekday on or after a day (a NonSchoolDay must be a weekday). */
function weekdayFrom(day: string): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

async function importFile(page: Page, lines: string[]): Promise<void> {
  await page.getByLabel(t.file).setInputFiles({ name: 'calendars.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\r\n'), 'utf8') });
  await page.getByRole('button', { name: t.importButton, exact: true }).click();
  await page.waitForLoadState('load');
  await waitForIslands(page);
}

test('import school calendars with an error, fix it, import again, and add a holiday', async ({ page }) => {
  // One long journey with axe checks on a shared, busy machine.
  test.setTimeout(180_000);
  const { schoolYear, start } = yearsOf(test.info().project.name);
  await signIn(page, demoUsers.stateAdmin, undefined, PAGE);
  await page.goto(PAGE);
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${t.menu} - Dispute Resolution - Compliance Portal`);
  await expect(page.getByRole('heading', { level: 1, name: t.menu })).toBeVisible();
  await expectNoAxeViolations(page);

  // A file with an error: nothing imported, the rows in error listed, the report to download.
  const first = weekdayFrom(`${start}-08-10`);
  const offDay = weekdayFrom(`${start}-11-23`);
  await importFile(page, [`${LEA},${schoolYear},${first},FirstDay`, `${LEA},${schoolYear},${offDay},NonSchoolDay`]);
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByTestId('error-summary')).toContainText(t.importRejected(1));
  const errors = page.getByRole('table', { name: t.errorsCaption });
  await expect(errors).toContainText(t.firstAndLast(LEA, schoolYear));
  await expectNoAxeViolations(page);
  const reportHref = await page.getByRole('link', { name: t.downloadErrors }).getAttribute('href');
  const report = await page.request.get(reportHref ?? '');
  expect(report.headers()['content-disposition']).toContain('attachment');
  expect(await report.text()).toBe(`\uFEFFline,column,message\r\n2,dayType,${LEA} ${schoolYear} needs exactly one FirstDay and one LastDay.\r\n`);

  // Fixed: one calendar created; the same file again: unchanged.
  const good = [`${LEA},${schoolYear},${first},FirstDay`, `${LEA},${schoolYear},${start + 1}-05-26,LastDay`, `${LEA},${schoolYear},${offDay},NonSchoolDay`];
  await importFile(page, good);
  await expect(page.locator('.portal-flash')).toContainText(t.imported(1, 0, 0));
  await importFile(page, good);
  await expect(page.locator('.portal-flash')).toContainText(t.imported(0, 0, 1));

  // The calendar in the list, through the school year filter.
  await page.getByLabel(t.schoolYear, { exact: true }).selectOption(schoolYear);
  await page.getByRole('button', { name: t.filter }).first().click();
  await page.waitForLoadState('load');
  const calendars = page.locator('#school-calendars');
  await expect(calendars.getByRole('row')).toHaveCount(2);
  await expect(calendars).toContainText(messageDate(offDay));

  // A holiday added, shown, and removed.
  const date = `${start}-12-24`;
  await page.getByLabel(t.date, { exact: true }).fill(date);
  await page.getByLabel(t.name, { exact: true }).fill('Christmas Eve');
  await page.getByLabel(t.kind, { exact: true }).selectOption('State');
  await page.getByRole('button', { name: t.addHoliday, exact: true }).click();
  await page.waitForLoadState('load');
  await waitForIslands(page);
  await expect(page.locator('.portal-flash')).toContainText(t.holidayAdded('Christmas Eve', date));
  const holidays = page.getByRole('table', { name: t.holidaysCaption(String(start)) });
  await expect(holidays).toContainText('Christmas Eve');
  await expectNoAxeViolations(page);
  await holidays.getByRole('button', { name: `${t.remove} Christmas Eve 12/24/${start}` }).click();
  await page.waitForLoadState('load');
  await expect(page.locator('.portal-flash')).toContainText(t.holidayRemoved('Christmas Eve', date));
  await expect(page.getByText(t.noHolidays)).toBeVisible();
});
