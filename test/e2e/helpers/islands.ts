// Islands mark their root with data-island="<Name>" and data-island-status, which
// islands/client.ts moves to "hydrated" once React has taken over. Tests that interact
// with an island wait for this first, so they never click server HTML that is about to be
// replaced. With JavaScript off there is nothing to wait for: the fallback is the feature.
import { expect, test, type Page } from '@playwright/test';

export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

export async function waitForIslands(page: Page, options: { timeoutMs?: number } = {}): Promise<void> {
  if (!javaScriptEnabled()) return;
  const pending = page.locator('[data-island]:not([data-island-status="hydrated"])');
  await expect(pending, 'every island on the page hydrates').toHaveCount(0, { timeout: options.timeoutMs ?? 10_000 });
}
