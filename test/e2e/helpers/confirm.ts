// Answers a question the portal asks before an action (Delete, Disable, ...): with JavaScript in
// the ConfirmDialog island, without it on the confirmation page the same link opens. Both ways
// the question and the buttons (the action, then Cancel) are the same.
import { expect, type Page } from '@playwright/test';
import { uiText } from '../../../lib/messages.js';
import { expectNoAxeViolations } from './axe.js';
import { javaScriptEnabled, waitForIslands } from './islands.js';

export interface ConfirmOptions {
  /** The dialog's action button; the trigger's own label by default. */
  ok?: string;
  /** The question the dialog must read out (checked with the buttons' order and focus). */
  question?: string;
  /** Run axe on the open dialog or the confirmation page. */
  axe?: boolean;
}

export async function confirmAction(page: Page, trigger: string, options: ConfirmOptions = {}): Promise<void> {
  const { ok = trigger, question, axe = false } = options;
  if (javaScriptEnabled()) {
    await page.getByRole('button', { name: trigger, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: uiText.confirmTitle });
    await expect(dialog).toBeVisible();
    if (question !== undefined) {
      // Each dialog reads out its own question (a page may have more than one).
      await expect(dialog).toHaveAccessibleDescription(question);
      // One order everywhere: the action, then Cancel (as on the page without JavaScript); Cancel has the focus.
      await expect(dialog.getByRole('button')).toHaveText([ok, uiText.cancel]);
      await expect(dialog.getByRole('button', { name: uiText.cancel })).toBeFocused();
    }
    if (axe) await expectNoAxeViolations(page, { include: 'dialog[open]' });
    await dialog.getByRole('button', { name: ok, exact: true }).click();
  } else {
    await page.getByRole('link', { name: trigger, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: uiText.confirmTitle })).toBeVisible();
    if (question !== undefined) {
      await expect(page.getByText(question)).toBeVisible();
      const row = page.locator('.confirm-page .button-row');
      await expect(row.getByRole('button').or(row.getByRole('link'))).toHaveText([ok, uiText.cancel]);
    }
    if (axe) await expectNoAxeViolations(page);
    await page.getByRole('button', { name: ok, exact: true }).click();
  }
  await page.waitForLoadState('load');
  await waitForIslands(page);
}
