// The admin area's organisation screens as the site admin meets them, with JavaScript on and
// off: Manage LEAs (with contacts and school years), Manage Schools, Manage Text Blocks (preview
// and save, no script ever runs), Email Logs, List Manager, Manage Notification Events (with
// Send System Message) and Admin Utilities (ending another browser's session). Deletes ask
// first: a dialog with JavaScript, a confirmation page without. A district user is refused every
// screen. axe checks every page and state.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { adminOrgText as t, errorMessages, navText, uiText, validationMessages as m } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { confirmAction } from './helpers/confirm.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';

const SCREENS = [
  '/admin/manage-leas',
  '/admin/manage-schools',
  '/admin/manage-text-blocks',
  '/admin/email-logs',
  '/admin/list-manager',
  '/admin/manage-notification',
  '/admin/admin-utils',
] as const;

const tag = () => `${test.info().project.name}-${randomUUID().slice(0, 6)}`;

/** Opens a page, waits for its islands and checks it with axe. */
async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${title} - Compliance Portal`);
  await expectNoAxeViolations(page);
}

/** Submits the form of a button and waits for the next page. */
async function press(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.waitForLoadState('load');
  await waitForIslands(page);
}

/** Ticks or clears a USWDS checkbox or radio by its label (the input itself is drawn off-screen). */
async function setBox(page: Page, box: Locator, checked = true): Promise<void> {
  if ((await box.isChecked()) !== checked) await page.locator(`label[for="${await box.getAttribute('id')}"]`).click();
  await expect(box).toBeChecked({ checked });
}

const flash = (page: Page, text: string | RegExp) => expect(page.locator('.portal-flash')).toContainText(text);

/** The error summary of a refused form; axe once per kind of page (the summary is the same component everywhere). */
async function expectSummary(page: Page, messages: string[], axe = true): Promise<void> {
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveText(messages);
  await expect(page).toHaveTitle(/^Error: /);
  if (axe) await expectNoAxeViolations(page);
}

test('a district user is refused every admin screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.districtUser);
  for (const [i, path] of SCREENS.entries()) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(page.getByRole('main')).toContainText(errorMessages.accessDenied);
    if (i === 0) await expectNoAxeViolations(page);
  }
});

test.describe('as the site admin', () => {
  test.beforeEach(async ({ page }) => {
    // No page of these screens may ever open a script dialog (alert from a text block).
    page.on('dialog', (d) => {
      throw new Error(`unexpected ${d.type()} dialog: ${d.message()}`);
    });
    await signIn(page, demoUsers.stateAdmin);
  });

  test('Manage LEAs: add an LEA with a contact and school years, then delete it', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/manage-leas', 'Manage LEAs - Admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Districts' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Charters' }).getByRole('rowheader')).not.toHaveCount(0);

    await page.getByRole('link', { name: t.addLea }).click();
    await expect(page).toHaveTitle(`${t.newLeaTitle} - Manage LEAs - Admin - Compliance Portal`);
    await page.getByLabel(t.zip).fill('12');
    await press(page, t.addLea);
    await expectSummary(page, [m.fieldRequired, m.fieldRequired, m.zipCodeHelp]);

    const name = `E2E District ${tag()}`;
    await page.getByLabel(t.leaName).fill(name);
    await page.getByLabel(t.leaCode).fill(tag());
    await page.getByLabel(t.zip).fill('68508');
    await setBox(page, page.getByLabel(t.isNdeLevelDistrict));
    await press(page, t.addLea);
    await expect(page).toHaveTitle(`${t.editLeaTitle(name)} - Manage LEAs - Admin - Compliance Portal`);
    await flash(page, t.leaCreated(name));
    await expect(page.getByText(/^Last updated by Avery State Admin on /)).toBeVisible();
    await expectNoAxeViolations(page);

    const years = page.getByRole('group', { name: t.leaSchoolYearsLegend });
    await setBox(page, years.getByRole('checkbox').first());
    await press(page, t.saveSchoolYears);
    await flash(page, t.leaYearsSaved(name));
    await expect(page.getByRole('group', { name: t.leaSchoolYearsLegend }).getByRole('checkbox').first()).toBeChecked();

    await page.getByRole('link', { name: t.addContact }).click();
    await expectNoAxeViolations(page);
    await page.getByLabel(t.contactName).fill('Morgan Contact');
    await page.getByLabel(t.contactEmailLabel).fill('not-an-email');
    await press(page, t.addContact);
    await expectSummary(page, [m.validEmail], false);
    await page.getByLabel(t.contactEmailLabel).fill('morgan@example.org');
    await press(page, t.addContact);
    await flash(page, t.contactAdded('Morgan Contact'));
    await expect(page.getByRole('table', { name: t.contactsCaption(name) })).toContainText('morgan@example.org');

    await confirmAction(page, t.delete, { axe: true });
    await expect(page).toHaveTitle('Manage LEAs - Admin - Compliance Portal');
    await flash(page, t.leaDeleted(name));

    await open(page, '/admin/manage-leas/school-years', `${t.schoolYearsTitle} - Manage LEAs - Admin`);
  });

  test('Manage Schools: sort, page, add, edit and delete a school', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/manage-schools', 'Manage Schools - Admin');
    const table = page.locator('#schools table');
    const first = await table.getByRole('rowheader').first().innerText();
    await table.getByRole('link', { name: t.schoolName }).click();
    await page.waitForLoadState('load');
    await expect(table.getByRole('columnheader', { name: t.schoolName })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('rowheader').first()).not.toHaveText(first);
    await expect(page.locator('.data-table__range')).toContainText(/Showing 1 to 25 of \d+/);

    await page.getByRole('link', { name: t.addSchool }).click();
    await waitForIslands(page);
    await press(page, t.addSchool);
    await expectSummary(page, [m.fieldRequired, m.fieldRequired]);
    const name = `E2E School ${tag()}`;
    await page.getByRole('main').getByLabel(t.schoolLea).selectOption({ label: 'Riverbend Community Schools' });
    await page.getByLabel(t.schoolName).fill(name);
    await press(page, t.addSchool);
    await flash(page, t.schoolCreated(name));

    await page.goto(`/admin/manage-schools?pageSize=all`);
    await page.getByRole('link', { name, exact: true }).click();
    await waitForIslands(page);
    await expect(page).toHaveTitle(`${t.editSchoolTitle(name)} - Manage Schools - Admin - Compliance Portal`);
    await expectNoAxeViolations(page);
    await page.getByLabel(t.ziplineAPISchoolId).fill('ZS-1');
    await press(page, t.save);
    await flash(page, t.schoolSaved(name));

    await page.goto(`/admin/manage-schools?pageSize=all`);
    await page.getByRole('link', { name, exact: true }).click();
    await waitForIslands(page);
    await confirmAction(page, t.delete);
    await flash(page, t.schoolDeleted(name));
  });

  test('Manage Text Blocks: preview and save HTML; script never runs', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/manage-text-blocks', 'Manage Text Blocks - Admin');
    await page.getByRole('row').filter({ hasText: 'dr-link-case-instructions' }).getByRole('link').click();
    await waitForIslands(page);
    await expectNoAxeViolations(page);

    const marker = tag();
    const hostile = `<p>Linked\u00A0cases ${marker}</p><script>alert('x')</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">bad link</a>`;
    await page.getByLabel(t.html).fill(hostile);
    await setBox(page, page.getByRole('radio', { name: t.formatCard }));
    await press(page, t.preview);
    const preview = page.getByRole('region', { name: t.preview });
    await expect(preview.locator('.usa-card')).toContainText(`Linked cases ${marker}`);
    await expect(preview.locator('script, img, [onerror]')).toHaveCount(0);
    await expect(preview.getByText('bad link')).not.toHaveAttribute('href', /.+/);
    await expectNoAxeViolations(page);

    await press(page, t.save);
    await flash(page, 'was saved');
    await expect(page).toHaveTitle('Manage Text Blocks - Admin - Compliance Portal');
  });

  test('Email Logs: filter and read a message', async ({ page }) => {
    test.setTimeout(120_000);
    // A message to find: a test email from Admin Utilities.
    const to = `e2e-log-${tag()}@example.org`;
    await page.goto('/admin/admin-utils');
    await page.getByLabel(t.testEmailTo).fill(to);
    await press(page, t.sendTestEmail);
    await flash(page, t.testEmailSent(to));

    await open(page, '/admin/email-logs', 'Email Logs - Admin');
    await page.getByLabel(t.fromDate).fill('13/45/2024');
    await press(page, t.search);
    await expectSummary(page, [m.invalidDateFormat]);

    await page.getByLabel(t.fromDate).fill('');
    await page.getByLabel(t.recipient).fill(to);
    await press(page, t.search);
    const table = page.locator('#email-logs table');
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table).toContainText(t.statusLogged);
    await table.getByRole('link', { name: 'Compliance Portal test email' }).click();
    await expect(page).toHaveTitle(`${t.emailTitle('Compliance Portal test email')} - Email Logs - Admin - Compliance Portal`);
    await expect(page.getByRole('region', { name: t.emailBody })).toContainText('This is a test email from the Compliance Portal');
    await expectNoAxeViolations(page);
  });

  test('List Manager: add a list with items, edit and delete them', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/list-manager', 'List Manager - Admin');
    await page.getByRole('link', { name: t.addList }).click();
    await page.getByLabel(t.listName).fill('Not Valid');
    await press(page, t.addList);
    await expectSummary(page, [m.fieldRequired, m.incorrectFormat]);
    const code = `e2e-${tag().toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    await page.getByLabel(t.displayName).fill(`E2E ${code}`);
    await page.getByLabel(t.listName).fill(code);
    await press(page, t.addList);
    await flash(page, t.listCreated(`E2E ${code}`));
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: t.addItem }).click();
    await page.getByLabel(t.itemLabel).fill('First choice');
    await page.getByLabel(t.itemCode).fill('FIRST');
    await page.getByLabel(t.itemOrder).fill('ten');
    await press(page, t.addItem);
    await expectSummary(page, [m.incorrectFormat], false);
    await page.getByLabel(t.itemOrder).fill('10');
    await press(page, t.addItem);
    await flash(page, t.itemAdded('First choice'));
    await expect(page.getByRole('table', { name: t.itemsCaption(`E2E ${code}`) })).toContainText('FIRST');

    await page.getByRole('link', { name: `${t.edit} First choice` }).click();
    await waitForIslands(page);
    await page.getByLabel(t.itemLabel).fill('Only choice');
    await press(page, t.save);
    await flash(page, t.itemSaved('Only choice'));
    await page.getByRole('link', { name: `${t.edit} Only choice` }).click();
    await waitForIslands(page);
    await confirmAction(page, t.delete);
    await flash(page, t.itemDeleted('Only choice'));

    await confirmAction(page, t.delete, { axe: true });
    await flash(page, t.listDeleted(`E2E ${code}`));
  });

  test('Manage Notification Events: add, edit and delete an event; send a system message', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/manage-notification', 'Manage Notification Events - Admin');
    await page.getByRole('link', { name: t.addEvent }).click();
    await waitForIslands(page);
    await setBox(page, page.getByRole('group', { name: t.frequencies }).getByRole('checkbox').first(), false);
    await setBox(page, page.getByLabel(uiText.subscriptionEmail, { exact: true }), false);
    await setBox(page, page.getByLabel(uiText.subscriptionInSystem, { exact: true }), false);
    await press(page, t.addEvent);
    await expectSummary(page, [m.fieldRequired, m.fieldRequired, t.noChannel]);

    const name = `E2E Event ${tag()}`;
    await page.getByLabel(t.name, { exact: true }).fill(name);
    await setBox(page, page.getByRole('group', { name: t.frequencies }).getByLabel('Daily'));
    await setBox(page, page.getByLabel(uiText.subscriptionInSystem, { exact: true }));
    await press(page, t.addEvent);
    await flash(page, t.eventCreated(name));
    await page.getByRole('link', { name, exact: true }).click();
    await waitForIslands(page);
    await expectNoAxeViolations(page);
    await setBox(page, page.getByLabel(t.hasLea));
    await press(page, t.save);
    await flash(page, t.eventSaved(name));
    await page.getByRole('link', { name, exact: true }).click();
    await waitForIslands(page);
    await confirmAction(page, t.delete);
    await flash(page, t.eventDeleted(name));

    await page.getByRole('link', { name: t.sendMessage }).click();
    await waitForIslands(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(t.message).fill(`Maintenance tonight ${tag()}`);
    await setBox(page, page.getByRole('radio', { name: t.recipientsUsers }));
    await page.getByLabel(new RegExp(`^${t.userEmails}`)).fill(demoUsers.districtUser);
    await press(page, t.send);
    // Asked first, saying how many it reaches.
    await expect(page.getByTestId('message-reach')).toHaveText(t.sendMessageQuestion(1));
    await expectNoAxeViolations(page);
    await press(page, t.send);
    await flash(page, t.messageQueued(1));
  });

  test('Admin Utilities: health, a test email, and ending another browser’s session', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/admin-utils', 'Admin Utilities - Admin');
    const status = page.getByRole('table', { name: t.statusCaption });
    await expect(status.getByRole('row', { name: new RegExp(`^${t.version}`) })).toContainText('2.7.0');
    for (const service of [t.redis, t.api, t.database]) await expect(status.getByRole('row', { name: new RegExp(`^${service}`) })).toContainText(t.up);

    await page.getByLabel(t.testEmailTo).fill('not-an-address');
    await press(page, t.sendTestEmail);
    await expectSummary(page, [m.validEmail]);
    const to = `e2e-${tag()}@example.org`;
    await page.getByLabel(t.testEmailTo).fill(to);
    await press(page, t.sendTestEmail);
    await flash(page, t.testEmailSent(to));

    const other = await otherBrowser(browser);
    await signIn(other, demoUsers.vendor);
    await page.getByLabel(t.userEmail).fill(demoUsers.vendor);
    await press(page, t.endSessionsButton);
    // Asked first, naming the person.
    await expect(page.getByRole('heading', { level: 1, name: t.endSessionsConfirmTitle })).toBeVisible();
    await expect(page.locator('.confirm-page')).toContainText(`(${demoUsers.vendor}) will be signed out everywhere`);
    await press(page, t.endSessionsButton);
    await flash(page, /sessions? of vendor@demo\.example (was|were) ended/);
    await other.goto('/notification-settings');
    await expect(other).toHaveURL(/\/auth\/login\?returnUrl=/);
    await other.context().close();
  });
});

/** A second browser (another user's computer), with the same JavaScript setting. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: javaScriptEnabled(), baseURL: test.info().project.use.baseURL });
  return context.newPage();
}
