// Smoke test of the built portal: the sign-in page renders and is usable by keyboard, pages
// ship JavaScript only for their islands, and styles and fonts come from our own origin.
// Runs in every project (JavaScript on, off, phone).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { coreText, uiText } from '../../lib/messages.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { javaScriptEnabled, waitForIslands } from './helpers/islands.js';

const LOGIN = '/auth/login';
const MISSING = '/this-page-does-not-exist';

async function titleOf(request: APIRequestContext, url: string): Promise<string> {
  const html = await (await request.get(url, { maxRedirects: 0 })).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

/** Every request the page makes while loading `url`, until the network is quiet. */
async function requestsWhileLoading(page: Page, url: string): Promise<{ url: string; type: string }[]> {
  const seen: { url: string; type: string }[] = [];
  page.on('request', (r) => seen.push({ url: r.url(), type: r.resourceType() }));
  await page.goto(url, { waitUntil: 'networkidle' });
  await waitForIslands(page);
  return seen;
}

test('the sign-in page renders with its own title and passes axe', async ({ page, request }) => {
  const response = await page.goto(LOGIN);
  expect(response?.status()).toBe(200);
  await waitForIslands(page);

  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const signInButton = page.getByRole('button', { name: uiText.signIn, exact: true });
  const form = page.locator('form').filter({ has: signInButton });
  await expect(form.getByLabel(uiText.emailLabel, { exact: true })).toBeVisible();
  await expect(form.getByLabel(uiText.passwordLabel, { exact: true })).toBeVisible();
  await expect(signInButton).toBeVisible();

  const title = await page.title();
  expect(title).toMatch(/^\S.* - Compliance Portal$/);
  const others = await Promise.all(['/dr-request', MISSING].map((url) => titleOf(request, url)));
  for (const other of others) expect(other, 'another page has a different title').not.toBe(title);

  await expectNoAxeViolations(page);
});

test('the skip link is the first Tab stop and moves focus to the main content', async ({ page }) => {
  await page.goto(LOGIN);
  await waitForIslands(page);

  await page.keyboard.press('Tab');
  const skip = page.locator(':focus');
  await expect(skip).toHaveText(coreText.skipToMain);
  await expect(skip, 'the skip link shows when focused').toBeInViewport();
  const target = await skip.getAttribute('href');
  expect(target).toMatch(/^#[\w-]+$/);

  await page.keyboard.press('Enter');
  await expect(page.locator(target ?? '#none')).toBeFocused();
  await expect(page.locator(`main${target ?? ''}`)).toHaveCount(1);
});

test('pages load JavaScript only for their islands, and only from /assets/', async ({ page, baseURL }) => {
  let pagesWithoutIslands = 0;
  for (const url of [LOGIN, MISSING]) {
    const requests = await requestsWhileLoading(page, url);
    const scripts = requests.filter((r) => r.type === 'script').map((r) => r.url);
    const islands = await page.locator('[data-island]').count();
    const scriptTags = page.locator('script[src], link[rel="modulepreload"]');
    if (islands === 0) {
      pagesWithoutIslands += 1;
      expect(scripts, `${url} has no islands, so it requests no JavaScript`).toEqual([]);
      await expect(scriptTags, `${url} has no script tags`).toHaveCount(0);
    } else {
      for (const script of scripts) expect(script, `${url}: scripts come from /assets/`).toMatch(new RegExp(`^${baseURL}/assets/`));
      await expect(page.locator('script[type="module"][src]'), `${url}: one client entry`).toHaveCount(1);
      if (javaScriptEnabled()) expect(scripts.length, `${url}: the islands' code is loaded`).toBeGreaterThan(0);
    }
    // Only JSON props blocks may be inline: executable inline scripts would need CSP exceptions.
    await expect(page.locator('script:not([src]):not([type="application/json"])'), `${url}: no inline scripts`).toHaveCount(0);
  }
  expect(pagesWithoutIslands, 'at least one checked page has no islands').toBeGreaterThan(0);
});

test('styles and fonts come from our own origin only', async ({ page, baseURL }) => {
  const responses: { url: string; type: string; status: number; contentType: string }[] = [];
  page.on('response', (r) =>
    responses.push({ url: r.url(), type: r.request().resourceType(), status: r.status(), contentType: r.headers()['content-type'] ?? '' }),
  );
  // The font is fetched once text is laid out, which can come after the network went idle.
  const fontLoaded = page.waitForResponse((r) => r.request().resourceType() === 'font', { timeout: 15_000 }).catch(() => null);
  const requests = await requestsWhileLoading(page, LOGIN);
  await fontLoaded;

  const foreign = requests.map((r) => r.url).filter((u) => !u.startsWith('data:') && new URL(u).origin !== baseURL);
  expect(foreign, 'no request leaves our origin').toEqual([]);

  const stylesheets = responses.filter((r) => r.type === 'stylesheet');
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const css of stylesheets) {
    expect(css.url).toMatch(new RegExp(`^${baseURL}/assets/`));
    expect(css.status).toBe(200);
    expect(css.contentType).toMatch(/^text\/css/);
  }
  const fonts = responses.filter((r) => r.type === 'font');
  expect(fonts.length, 'the page text uses the self-hosted web font').toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.url).toMatch(new RegExp(`^${baseURL}/assets/fonts/.+\\.woff2$`));
    expect(font.status).toBe(200);
  }
  await expect(page.locator('body')).toHaveCSS('font-family', /Source Sans Pro Web/);
});

test('the sign-in page fits the screen without sideways scrolling', async ({ page }) => {
  await page.goto(LOGIN);
  await waitForIslands(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
});
