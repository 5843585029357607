// The dashboard as users meet it, with JavaScript on and off and on a phone-sized screen: the
// tiles each user may open (and where they lead), the greeting and instructions, the Messages
// widget (opening a message marks it Viewed and follows its link; Dismiss removes it), and an
// accessibility check.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dashboardText, navText, shellText, uiText } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';
import { sendMessage, uniqueText } from './dashboard-support.js';

const tiles = (page: Page): Locator => page.getByRole('region', { name: dashboardText.modules }).getByRole('listitem');
const messages = (page: Page): Locator => page.getByRole('region', { name: shellText.messages });

test('a site admin sees the greeting, instructions, four tiles and their messages', async ({ page }) => {
  await signIn(page, demoUsers.stateAdmin);
  await page.goto('/');
  await waitForIslands(page);
  await expect(page).toHaveTitle(`${navText.dashboard} - Compliance Portal`);
  await expect(page.getByRole('heading', { level: 1, name: navText.dashboard })).toBeVisible();
  await expect(page.getByText(/^Good (Morning|Afternoon|Evening), Avery State Admin$/)).toBeVisible();
  await expect(page.getByText('Choose an application below to start.')).toBeVisible();

  await expect(tiles(page)).toHaveCount(4);
  for (const title of [navText.restraintAversiveIntervention, navText.earlyChildhoodOutcomes, navText.postSchoolOutcomesSurvey, navText.disputeResolution]) {
    const tile = tiles(page).filter({ has: page.getByRole('heading', { name: title }) });
    await expect(tile.getByText(/^School Year \d{4}-\d{4}$/)).toBeVisible();
    await expect(tile.getByRole('link', { name: `${shellText.open} ${title}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: `${shellText.open} ${navText.postSchoolOutcomesSurvey}` })).toHaveAttribute(
    'href',
    '/post-school-outcomes/lea-tracking',
  );

  const widget = messages(page);
  await expect(widget.getByRole('heading', { name: shellText.messages })).toBeVisible();
  await expect(widget.getByText('Three districts have not submitted their post-school outcomes student lists.')).toBeVisible();
  await expect(widget.getByText(shellText.newBadge, { exact: true })).toHaveCount(2);
  await expect(widget.getByRole('link', { name: uiText.notificationSettings })).toHaveAttribute('href', '/notification-settings');

  await expectNoAxeViolations(page);
});

test('the layout fits the screen: no sideways scrolling, tiles stacked on a phone', async ({ page }) => {
  await signIn(page, demoUsers.stateAdmin);
  await page.goto('/');
  await waitForIslands(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await tiles(page).evaluateAll((items) => items.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width })));
  if (width <= 560) {
    // Handset: one tile per row, each as wide as the others.
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);
  } else {
    // Desktop: the four tiles share one row.
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
  }
});

test('the vendor sees only the Post-School Outcomes tile, which opens the vendor dashboard', async ({ page }) => {
  await signIn(page, demoUsers.vendor);
  await page.goto('/');
  await waitForIslands(page);
  await expect(tiles(page)).toHaveCount(1);
  await page.getByRole('link', { name: `${shellText.open} ${navText.postSchoolOutcomesSurvey}` }).click();
  await expect(page).toHaveURL(/\/post-school-outcomes\/vendor-dashboard$/);
});

test('opening a message marks it viewed and follows its link; Dismiss removes it', async ({ page }) => {
  const opened = uniqueText('Review your notification settings');
  const dismissed = uniqueText('A message to dismiss');
  await sendMessage(demoUsers.districtUser, opened, '/notification-settings');
  await sendMessage(demoUsers.districtUser, dismissed, null);

  await signIn(page, demoUsers.districtUser);
  await page.goto('/');
  await waitForIslands(page);
  const item = (text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
  await expect(item(opened).getByText(shellText.newBadge, { exact: true })).toBeVisible();

  await item(opened).getByRole('button', { name: opened }).click();
  await expect(page).toHaveURL(/\/notification-settings$/);

  await page.goto('/');
  await waitForIslands(page);
  await expect(item(opened)).toBeVisible();
  await expect(item(opened).getByText(shellText.newBadge, { exact: true }), 'viewed: no longer New').toHaveCount(0);

  // Big enough to tap (WCAG 2.2, 2.5.8: at least 24 × 24 px).
  const dismissBox = await item(dismissed).getByRole('button', { name: /^Dismiss message of / }).boundingBox();
  expect(dismissBox?.height ?? 0).toBeGreaterThanOrEqual(24);
  expect(dismissBox?.width ?? 0).toBeGreaterThanOrEqual(24);
  await item(dismissed).getByRole('button', { name: /^Dismiss message of / }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(item(dismissed)).toHaveCount(0);
  await expect(item(opened)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a user without messages is told so', async ({ page }) => {
  // The vendor: no journey of the other tests sends them a message (state staff get the dispute
  // resolution and early childhood notices those journeys raise).
  await signIn(page, demoUsers.vendor);
  await page.goto('/');
  await expect(messages(page).getByText(uiText.noSystemMessages)).toBeVisible();
});
