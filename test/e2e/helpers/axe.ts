// Accessibility check for the current page state: WCAG 2.0/2.1 A and AA plus 2.2 AA rules.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { javaScriptEnabled } from './islands.js';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. third-party widgets), used sparingly and with a reason. */
  exclude?: string[];
  /** Only check inside this selector (e.g. an open dialog). */
  include?: string;
}

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const violations = javaScriptEnabled() ? await analyze(page, options) : await analyzeSnapshot(page, options);
  // A readable list in the failure message: rule, impact, and where.
  const report = violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`);
      return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n\n');
  expect(violations.length, `axe found accessibility violations on ${page.url()}:\n\n${report}`).toBe(0);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

async function analyze(page: Page, options: AxeOptions): Promise<Violations> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  return (await builder.analyze()).violations;
}

/**
 * axe cannot run in a page with JavaScript disabled (it never finishes), so the page as the
 * no-JS user sees it is re-opened in a scratch context: same URL, same HTML, same styles,
 * with every script request blocked so no island changes the markup before axe looks.
 */
async function analyzeSnapshot(page: Page, options: AxeOptions): Promise<Violations> {
  const browser = page.context().browser();
  if (!browser) throw new Error('expectNoAxeViolations: the page has no browser to open a snapshot in');
  const url = page.url();
  const html = await page.content();
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    await context.route('**/*', async (route) => {
      const request = route.request();
      if (request.isNavigationRequest() && request.url() === url) {
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      } else if (request.resourceType() === 'script') {
        await route.abort();
      } else {
        await route.continue();
      }
    });
    const snapshot = await context.newPage();
    await snapshot.goto(url, { waitUntil: 'load' });
    return await analyze(snapshot, options);
  } finally {
    await context.close();
  }
}
