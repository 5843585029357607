// The signed-in shell in a browser: sidebar, top bar, breadcrumbs and page header, with
// JavaScript on, off, and on a phone; Escape focus cycling; the LEA and school-year selectors
// (auto submit with JavaScript, a button without); the guards of every module page; the
// session-timeout warning and the version-mismatch dialog; the Please Wait... overlay; axe on
// each kind of page the shell frames.
import { expect, test, type Page } from '@playwright/test';
import { errorMessages, navText, shellText, subscriptionText, uiText } from '../../lib/messages.js';
import { canAccessRoute, routes, type RouteDef } from '../../lib/routes.js';
import { allPermissionValues } from '../../lib/permissions.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';

const ECO_SEARCH_PAGE = '/child-search/search';
/** A page of a module not built yet. */
const PENDING_PAGE = '/post-school-outcomes/state-tracking';
const PHONE = { width: 390, height: 844 };

function project(): string {
  return test.info().project.name;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

/**
 * Records each text the Please Wait... overlay shows. A locator cannot look while a navigation
 * is under way (it waits for the next page), so the page reports it through a binding.
 */
async function watchOverlay(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportOverlay', (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.evaluate(() => {
    const report = (window as unknown as { reportOverlay: (text: string) => void }).reportOverlay;
    new MutationObserver(() => {
      const overlay = document.querySelector('[data-testid="please-wait"]');
      if (overlay) report(overlay.textContent?.trim() ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

/** Holds the answers to requests matching `url` for a moment, so what shows meanwhile can be seen. */
async function slowDown(page: Page, url: string, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: shellText.mainMenu });
const toolbar = (page: Page) => page.locator('#app-toolbar');
const leaSelect = (page: Page) => toolbar(page).getByLabel(shellText.lea, { exact: true });
const yearSelect = (page: Page) => toolbar(page).getByLabel(shellText.schoolYear, { exact: true });

test.describe('the shell', () => {
  test('frames a page: sidebar, top bar, breadcrumbs and page header', async ({ page }) => {
    await signIn(page, demoUsers.stateAdmin, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    await expect(page).toHaveURL(ECO_SEARCH_PAGE);

    await expect(page.getByRole('heading', { level: 1, name: navText.search })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: shellText.breadcrumb });
    await expect(crumbs.getByRole('link', { name: navText.dashboard })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: navText.eco })).toHaveAttribute('href', '/child-search');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(navText.search);


    await expect(leaSelect(page)).toBeVisible();
    await expect(yearSelect(page)).toBeVisible();
    await expect(toolbar(page)).toContainText('Avery State Admin');

    // A module page not built yet says so, with a way back.
    await page.goto(PENDING_PAGE);
    await expect(page.getByText(shellText.modulePending(`${navText.postSchoolOutcomes} ${navText.stateTracking}`))).toBeVisible();
    await expect(page.getByRole('link', { name: shellText.goBack })).toHaveAttribute('href', '/');
    // Help Links open without JavaScript too (<details>).
    await page.getByText(shellText.helpLinks, { exact: true }).click();
    await expect(page.locator('.page-header__help').getByRole('link', { name: navText.faq })).toBeVisible();
    await page.goto(ECO_SEARCH_PAGE);
    await waitForIslands(page);

    if (project() !== 'phone') {
      const menu = mainMenu(page);
      await expect(menu).toBeVisible();
      expect((await menu.boundingBox())?.width).toBe(250);
      await expect(menu.getByText('Version 2.7.0')).toBeVisible();
      // The current module's group is open, the current page marked.
      await expect(menu.getByRole('link', { name: navText.search, exact: true })).toHaveAttribute('aria-current', 'page');
      await menu.getByText(navText.restraintAversiveIntervention, { exact: true }).click();
      await menu.getByRole('link', { name: navText.incidents }).click();
      await expect(page.getByRole('heading', { level: 1, name: navText.incidents })).toBeVisible();
      await expect(page).toHaveURL('/restraint-aversive-intervention/incidents');
    }

    // The user menu: Logout signs out and goes to sign in.
    await waitForIslands(page);
    await toolbar(page).locator('summary').filter({ hasText: shellText.userMenu }).click();
    await toolbar(page).getByRole('button', { name: shellText.logout }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('on a phone the menu is a drawer: a dialog with JavaScript, the toggle link without', async ({ page }) => {
    test.skip(project() === 'js-on', 'the phone project and the no-JavaScript project at phone width cover this');
    await page.setViewportSize(PHONE);
    await signIn(page, demoUsers.districtUser, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    const menu = mainMenu(page);
    await expect(menu).toBeHidden();
    const contact = menu.getByRole('link', { name: navText.contact });

    if (javaScriptEnabled()) {
      const toggle = page.getByRole('button', { name: shellText.menu });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: shellText.mainMenu });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('navigation', { name: shellText.mainMenu })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // Focus goes into the drawer, on the current page's link.
      await expect(drawer.getByRole('link', { name: navText.search, exact: true })).toBeFocused();
      // The close control is big enough to tap (WCAG 2.2, 2.5.8).
      const closeBox = await drawer.locator('.app-sidebar__close').boundingBox();
      expect(closeBox?.height ?? 0).toBeGreaterThanOrEqual(24);
      expect(closeBox?.width ?? 0).toBeGreaterThanOrEqual(24);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await page.getByRole('dialog', { name: shellText.mainMenu }).getByRole('link', { name: navText.contact }).click();
    } else {
      const toggle = page.getByRole('link', { name: shellText.menu, exact: true });
      await expect(toggle).toHaveAttribute('href', '#main-menu');
      await toggle.click();
      await expect(page).toHaveURL(/#main-menu$/);
      await expect(menu).toBeVisible();
      await expectNoAxeViolations(page);
      await contact.click();
    }
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1, name: navText.contact })).toBeVisible();
  });

  test('at 375 px no page is wider than the screen, tables stack, and the top bar scrolls away', async ({ page }) => {
    test.skip(project() === 'js-on', 'the phone project and the no-JavaScript project at phone width cover this');
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 667 });
    await signIn(page, demoUsers.stateAdmin, undefined, '/notification-settings');
    await waitForIslands(page);
    // The Subscription column reads as a labelled line of each row, inside the screen.
    const firstRow = page.locator('#subscriptions tbody tr').first();
    const status = firstRow.locator('td[data-label="' + subscriptionText.subscription + '"]');
    await expect(status).toBeVisible();
    const box = await status.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);

    // Two short rows with JavaScript (without it, each selector adds its Change button).
    const bar = await toolbar(page).boundingBox();
    expect(bar?.height ?? 0).toBeLessThanOrEqual(667 * (javaScriptEnabled() ? 0.2 : 0.3));

    for (const path of ['/notification-settings', '/admin/manage-roles', '/admin/manage-users', '/dispute-resolution/calendars', '/', '/contact']) {
      await open(page, path);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${path} is ${widths.page} px wide`).toBeLessThanOrEqual(widths.screen);
    }

    // A sortable table keeps its sort links above the stacked rows.
    await open(page, '/admin/manage-roles');
    await expect(page.locator('table thead').first().getByRole('link').first()).toBeVisible();

    // Scrolled down, the top bar has gone with the page rather than covering it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await toolbar(page).boundingBox())?.y ?? 0).toBeLessThan(0);
  });

  test('Escape cycles focus: content, menu, toolbar, content', async ({ page }) => {
    test.skip(!javaScriptEnabled(), 'Escape cycling is the ShellKeyboard island; skip links serve without JavaScript');
    await signIn(page, demoUsers.stateAdmin, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    await page.getByRole('main').focus();
    await page.keyboard.press('Escape');
    if (project() === 'phone') {
      // On a phone, going to the menu opens the drawer.
      const drawer = page.getByRole('dialog', { name: shellText.mainMenu });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('link', { name: navText.search, exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      return;
    }
    await expect(mainMenu(page).getByRole('link', { name: navText.search, exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toolbar(page).getByRole('button', { name: shellText.menu })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('the selectors', () => {
  test('changing the LEA goes to the dashboard, or reloads a post-school outcomes page', async ({ page }) => {
    test.skip(project() === 'phone', 'the same forms as js-on');
    await signIn(page, demoUsers.stateAdmin, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    const change = async (label: string) => {
      const button = toolbar(page).getByRole('button', { name: shellText.changeLea });
      // The next page's load event: the old page has loaded already.
      const loaded = page.waitForEvent('load');
      if (javaScriptEnabled()) {
        // No button with JavaScript: picking with the mouse submits after the debounce.
        await expect(button).toBeHidden();
        await leaSelect(page).selectOption({ label });
      } else {
        await leaSelect(page).selectOption({ label });
        await button.click();
      }
      await loaded;
      await waitForIslands(page);
    };

    await change('Prairie View Public Schools');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').filter({ hasText: uiText.redirectingToDashboard })).toBeVisible();
    await expect(leaSelect(page).locator('option:checked')).toHaveText('Prairie View Public Schools');

    await open(page, '/post-school-outcomes/lea-tracking');
    await change('State Department of Education');
    await expect(page).toHaveURL('/post-school-outcomes/lea-tracking');
    await expect(page.getByText(uiText.redirectingToDashboard)).toHaveCount(0);
    await expect(leaSelect(page).locator('option:checked')).toHaveText('State Department of Education');
  });

  test('changing the school year reloads the page with the new year', async ({ page }) => {
    test.skip(project() === 'phone', 'the same forms as js-on');
    await signIn(page, demoUsers.districtUser, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    const select = yearSelect(page);
    const options = await select.locator('option').allTextContents();
    const current = await select.locator('option:checked').textContent();
    const other = options.find((o) => o !== current)!;
    const loaded = page.waitForEvent('load');
    if (javaScriptEnabled()) {
      const overlay = await watchOverlay(page);
      await slowDown(page, '**/session/school-year', 500);
      await select.selectOption({ label: other });
      await expect.poll(() => overlay).toEqual([uiText.refreshingApplication]);
    } else {
      await select.selectOption({ label: other });
      await toolbar(page).getByRole('button', { name: shellText.changeSchoolYear }).click();
    }
    await loaded;
    await waitForIslands(page);
    await expect(page).toHaveURL(ECO_SEARCH_PAGE);
    await expect(page.getByRole('status').filter({ hasText: shellText.schoolYearChanged(other) })).toBeVisible();
    await expect(yearSelect(page).locator('option:checked')).toHaveText(other);
    // Only one district: no LEA selector for this user.
    await expect(leaSelect(page)).toHaveCount(0);
  });
});

test.describe('module pages', () => {
  const modulePages: readonly RouteDef[] = routes.filter((r) => r.module !== null);

  test('every page opens for the site admin and answers 403 to the district user where it should', async ({ page, browser }) => {
    test.skip(project() !== 'js-off', 'server-rendered pages and guards: one project is enough');
    await signIn(page, demoUsers.stateAdmin);
    // The page's own request context shares its cookies: the same session, without rendering each page.
    for (const route of modulePages) {
      expect(canAccessRoute(route, allPermissionValues), route.path).toBe(true);
      const response = await page.request.get(route.path, { maxRedirects: 0 });
      expect(response.status(), route.path).toBe(200);
      const html = await response.text();
      expect(html, route.path).toMatch(/<h1[ >]/);
      expect(html, route.path).not.toContain(`>${errorMessages.accessDenied}</h1>`);
    }
    await open(page, '/monitoring/visits');
    await expect(page.getByRole('heading', { level: 1, name: navText.visits })).toBeVisible();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const district = await context.newPage();
    try {
      await signIn(district, demoUsers.districtUser);
      // The menu shows exactly the pages that open for this user.
      const menuLinks = new Set(await mainMenu(district).locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
      let denied = 0;
      for (const route of modulePages) {
        const response = await district.request.get(route.path, { maxRedirects: 0 });
        const status = response.status();
        expect([200, 403], route.path).toContain(status);
        if (status === 403) {
          denied += 1;
          expect(await response.text(), route.path).toContain(`>${errorMessages.accessDenied}</h1>`);
          expect(menuLinks.has(route.path), `${route.path} is not in the menu`).toBe(false);
        } else if (route.inMenu) {
          expect(menuLinks.has(route.path), `${route.path} is in the menu`).toBe(true);
        }
      }
      expect(denied).toBeGreaterThan(10);
      // In the browser: the 403 page is inside the shell.
      const response = await district.goto('/admin/manage-users');
      expect(response?.status()).toBe(403);
      await expect(district.getByRole('heading', { level: 1, name: errorMessages.accessDenied })).toBeVisible();
      await expect(mainMenu(district)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('session timeout and version check', () => {
  test('warns two minutes before the idle timeout; Stay signed in keeps the session, a newer build asks to refresh', async ({ page }) => {
    test.skip(project() !== 'js-on', 'timers are the islands; one JavaScript project is enough');
    await signIn(page, demoUsers.districtUser);
    await page.clock.install();
    await open(page, ECO_SEARCH_PAGE);
    // The portal is updated while the page is open: its next answer names another build.
    await page.route('**/auth/keep-alive', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-build-id': 'a-newer-build' } });
    });
    const warning = page.getByRole('alertdialog', { name: shellText.sessionTimeoutTitle });
    await page.clock.fastForward('27:50');
    await expect(warning).toBeHidden();
    await page.clock.fastForward('00:15');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/signed out in 1:5\d/);
    const kept = page.waitForResponse((r) => r.url().endsWith('/auth/keep-alive'));
    await warning.getByRole('button', { name: shellText.staySignedIn }).click();
    expect((await kept).status()).toBe(204);
    await expect(warning).toBeHidden();
    const refresh = page.getByRole('alertdialog', { name: uiText.alertTitle });
    await expect(refresh).toBeVisible();
    await expect(refresh).toContainText(errorMessages.versionMismatch);
    await expect(refresh.getByRole('button', { name: errorMessages.refreshNow })).toBeVisible();
  });
});

test.describe('Please Wait...', () => {
  test('shows while the next page loads', async ({ page }) => {
    test.skip(project() !== 'js-on', 'the overlay is the PageBusy island');
    await signIn(page, demoUsers.districtUser, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    const overlay = await watchOverlay(page);
    await slowDown(page, '**/faq', 1_000);
    await mainMenu(page).getByRole('link', { name: navText.faq }).click();
    await expect(page.getByRole('heading', { level: 1, name: navText.faq })).toBeVisible();
    expect(overlay).toEqual([uiText.pleaseWait]);
    await expect(page.getByText(uiText.pleaseWait)).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  test('each kind of page the shell frames passes axe', async ({ page }) => {
    // Up to five pages, each checked by axe (a few seconds apiece on a busy machine).
    test.setTimeout(120_000);
    // Signed out first: a Help page in the public layout.
    if (project() !== 'phone') {
      await open(page, '/contact');
      await expect(page.getByRole('heading', { level: 1, name: navText.contact })).toBeVisible();
      await expectNoAxeViolations(page);
    }

    await signIn(page, demoUsers.districtUser, undefined, ECO_SEARCH_PAGE);
    await waitForIslands(page);
    await expectNoAxeViolations(page);
    // The shell's markup is the same around every page: the other kinds once with JavaScript,
    // the 403 page also without (the phone's drawer is checked in its own test).
    const pages: (readonly [string, string])[] =
      project() === 'js-on'
        ? [
            ['/admin/manage-users', errorMessages.accessDenied],
            ['/no/such/page', errorMessages.pageNotFound],
            ['/faq', navText.faq],
          ]
        : project() === 'js-off'
          ? [['/admin/manage-users', errorMessages.accessDenied]]
          : [];
    for (const [path, heading] of pages) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
