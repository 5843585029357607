// Notification settings as users meet them. With JavaScript: the Manage Subscription dialog
// (900 px) with its rules (Save disabled while invalid, required types lock email, LEAs for
// per-LEA types), saving with the toast and the row updated in place, and the unsubscribe
// confirmation. Without JavaScript: the same through the form page and the confirmation page.
// Each project works on its own event type, so parallel runs never meet.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { errorMessages, subscriptionText, uiText } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';
import { setChecked } from './dashboard-support.js';

test.skip(({ viewport }) => (viewport?.width ?? 1280) < 600, 'the dashboard spec covers the phone layout');

const row = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const statusCell = (page: Page, name: string): Locator => row(page, name).getByRole('cell').last();

async function openSettings(page: Page): Promise<void> {
  await page.goto('/notification-settings?pageSize=50');
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${uiText.notificationSubscription} - Compliance Portal`);
  await expect(page.getByRole('heading', { level: 1, name: uiText.notificationSettings })).toBeVisible();
}

test.describe('with JavaScript', () => {
  test.skip(() => !javaScriptEnabled(), 'the dialog needs JavaScript');

  test('Manage Subscription saves through the dialog with the toast, and the row updates', async ({ page }) => {
    test.slow();
    const name = 'Account Changes';
    await signIn(page, demoUsers.stateAdmin);
    await openSettings(page);
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionNone);
    await expectNoAxeViolations(page);

    await row(page, name).getByRole('button', { name: subscriptionText.manageSubscriptionFor(name) }).click();
    const dialog = page.getByRole('dialog', { name: uiText.manageSubscription });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveClass(/dialog-subscription/);
    expect((await dialog.boundingBox())?.width).toBe(900);
    await expect(dialog.getByText(name, { exact: true })).toBeVisible();

    // Nothing chosen: no message before the user acts; Save says why and keeps the dialog open.
    const save = dialog.getByRole('button', { name: subscriptionText.save });
    await expect(dialog.getByText(subscriptionText.chooseDelivery)).toHaveCount(0);
    await save.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(subscriptionText.chooseDelivery)).toBeVisible();
    // Only Immediately and Daily are offered.
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expectNoAxeViolations(page, { include: 'dialog[open]' });

    await setChecked(dialog.getByRole('checkbox', { name: uiText.subscriptionInSystem }), true);
    await setChecked(dialog.getByRole('radio', { name: subscriptionText.daily }), true);
    await expect(save).toBeEnabled();
    await save.click();

    await expect(page.getByRole('status').filter({ hasText: errorMessages.subscriptionUpdated })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionInSystem);

    // Saved for real: a reload shows the same.
    await openSettings(page);
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionInSystem);
  });

  test('Unsubscribe asks first, then clears the row', async ({ page }) => {
    test.slow();
    const name = 'Dispute Request Submitted'; // the site admin is subscribed by email and in-system
    await signIn(page, demoUsers.stateAdmin);
    await openSettings(page);
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionBoth);

    await row(page, name).getByRole('button', { name: subscriptionText.unsubscribeNamed(name) }).click();
    const confirm = page.getByRole('dialog', { name: uiText.confirmTitle });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText(uiText.unsubscribeFrom(name))).toBeVisible();
    await expectNoAxeViolations(page, { include: 'dialog[open]' });

    // Cancel keeps everything as it was.
    await confirm.getByRole('button', { name: uiText.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionBoth);

    await row(page, name).getByRole('button', { name: subscriptionText.unsubscribeNamed(name) }).click();
    await confirm.getByRole('button', { name: uiText.unsubscribe }).click();
    await expect(page.getByRole('status').filter({ hasText: errorMessages.subscriptionUpdated })).toBeVisible();
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionNone);
    await expect(row(page, name).getByRole('button', { name: subscriptionText.unsubscribeNamed(name) })).toHaveCount(0);
  });

  test('a required type locks email; a per-LEA type offers the user\u2019s LEAs', async ({ page }) => {
    test.slow();
    await signIn(page, demoUsers.stateAdmin);
    await openSettings(page);

    await row(page, 'System Announcements').getByRole('button', { name: subscriptionText.manageSubscriptionFor('System Announcements') }).click();
    let dialog = page.getByRole('dialog', { name: uiText.manageSubscription });
    await expect(dialog.getByRole('checkbox', { name: uiText.subscriptionEmail })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: uiText.subscriptionInSystem })).toBeEnabled();
    await expect(dialog.getByText(subscriptionText.requiredNote)).toBeVisible();
    await dialog.getByRole('button', { name: uiText.cancel }).click();
    await expect(dialog).toBeHidden();

    const perLea = 'Restraint Violation Created';
    await row(page, perLea).getByRole('button', { name: subscriptionText.manageSubscriptionFor(perLea) }).click();
    dialog = page.getByRole('dialog', { name: uiText.manageSubscription });
    const leas = dialog.getByRole('group', { name: subscriptionText.leas });
    await expect(leas.getByRole('checkbox', { name: 'Prairie View Public Schools' })).toBeChecked();
    await expect(leas.getByRole('checkbox', { name: 'Riverbend Community Schools' })).toBeChecked();
    await expect(leas.getByRole('checkbox', { name: 'Bluffs Area Schools' })).not.toBeChecked();
    // No LEA: invalid.
    await setChecked(leas.getByRole('checkbox', { name: 'Prairie View Public Schools' }), false);
    await setChecked(leas.getByRole('checkbox', { name: 'Riverbend Community Schools' }), false);
    await expect(dialog.getByText(subscriptionText.chooseLea)).toBeVisible();
    await dialog.getByRole('button', { name: subscriptionText.save }).click();
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, { include: 'dialog[open]' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.skip(() => javaScriptEnabled(), 'the no-JavaScript pages');

  test('Manage Subscription is a form page: errors first, then saved with a flash', async ({ page }) => {
    test.slow();
    const name = 'Post-School Survey Collection Opened';
    await signIn(page, demoUsers.stateAdmin);
    await openSettings(page);
    await row(page, name).getByRole('link', { name: subscriptionText.manageSubscriptionFor(name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: uiText.manageSubscription })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: subscriptionText.save }).click();
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.getByTestId('error-summary');
    await expect(summary.getByRole('link', { name: subscriptionText.chooseDelivery })).toBeVisible();
    await expectNoAxeViolations(page);

    await setChecked(page.getByRole('checkbox', { name: uiText.subscriptionEmail }), true);
    await setChecked(page.getByRole('checkbox', { name: uiText.subscriptionInSystem }), true);
    await setChecked(page.getByRole('radio', { name: subscriptionText.immediately }), true);
    await page.getByRole('button', { name: subscriptionText.save }).click();

    await expect(page).toHaveURL(/\/notification-settings$/);
    await expect(page.getByRole('status').filter({ hasText: errorMessages.subscriptionUpdated })).toBeVisible();
    await page.goto('/notification-settings?pageSize=50');
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionBoth);
  });

  test('Unsubscribe goes through a confirmation page', async ({ page }) => {
    test.slow();
    const name = 'Dispute Case Timeline Reminder';
    await signIn(page, demoUsers.stateAdmin);
    await openSettings(page);
    // Subscribe first, so there is something to unsubscribe from.
    await row(page, name).getByRole('link', { name: subscriptionText.manageSubscriptionFor(name) }).click();
    await setChecked(page.getByRole('checkbox', { name: uiText.subscriptionInSystem }), true);
    await page.getByRole('button', { name: subscriptionText.save }).click();
    await expect(page).toHaveURL(/\/notification-settings$/);
    await page.goto('/notification-settings?pageSize=50');
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionInSystem);

    await row(page, name).getByRole('link', { name: subscriptionText.unsubscribeNamed(name) }).click();
    await expect(page.getByText(uiText.unsubscribeFrom(name))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: uiText.unsubscribe }).click();
    await expect(page).toHaveURL(/\/notification-settings$/);
    await expect(page.getByRole('status').filter({ hasText: errorMessages.subscriptionUpdated })).toBeVisible();
    await page.goto('/notification-settings?pageSize=50');
    await expect(statusCell(page, name)).toHaveText(uiText.subscriptionNone);
  });
});
