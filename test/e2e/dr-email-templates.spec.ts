// Dispute resolution email templates (DR spec §4.8) in Chromium, JavaScript on and off, axe on the
// list and the edit page. The projects share one database: only js-on saves (a refused draft, then
// a good save of one template); every project opens the screens and previews one.
import { expect, test, type Page } from '@playwright/test';
import { drText } from '../../lib/dr/page-text.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { demoUsers, signIn } from './helpers/auth.js';
import { waitForIslands } from './helpers/islands.js';

const t = drText.emailTemplates;
const PAGE = '/dispute-resolution/email-templates';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

async function submit(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.waitForLoadState('load');
}

test('state staff open the templates and preview one with sample values', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.stateUser);
  await open(page, PAGE);
  await expect(page.locator('#dr-email-templates')).toContainText('DR_REQUEST_SUBMITTED');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'DR_SURVEY_INVITATION', exact: true }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText('{{surveyLink}}', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await submit(page, t.preview);
  await expect(page.locator('[data-preview="subject"]')).toContainText(/SC-\d{4}-\d{3}/);
  await expect(page.locator('[data-preview="html"] a')).toHaveText('Take the survey');
  await expectNoAxeViolations(page);
});

test('state staff refuse a field the template may not use, then save it', async ({ page }) => {
  test.setTimeout(90_000);
  test.skip(test.info().project.name !== 'js-on', 'The projects share one database: only js-on saves.');
  await signIn(page, demoUsers.stateUser);
  await open(page, `${PAGE}/DR_SURVEY_INVITATION`);
  const subject = page.getByLabel(t.subject, { exact: true });
  await subject.fill('Survey for {{caseNumber}} {{signLink}}');
  await submit(page, t.save);
  await expect(page.getByTestId('error-summary').first()).toContainText('The merge field {{signLink}} cannot be used in this template.');
  await expect(subject).toHaveValue('Survey for {{caseNumber}} {{signLink}}');
  await expectNoAxeViolations(page);

  await subject.fill('How did case {{caseNumber}} go?');
  await submit(page, t.save);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByText(t.saved('Survey invitation'))).toBeVisible();
  await expect(page.locator('#dr-email-templates')).toContainText('How did case {{caseNumber}} go?');
});
