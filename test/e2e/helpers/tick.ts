// USWDS hides the real checkbox off-screen and styles its label: tick it as a user does.
import { expect, type Locator, type Page } from '@playwright/test';

export async function tick(page: Page, box: Locator): Promise<void> {
  const id = await box.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect(box).toBeChecked();
}
