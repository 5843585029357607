// The Create Request wizard (/dispute-resolution/request, DR spec §4.2) in a browser: the demo
// public user signs in, lands on step 1 and files a due process complaint through every step to
// the acknowledgement, refused once on the way; axe finds nothing on steps 1, 4 and 7 and on the
// acknowledgement. Then, with JavaScript off, steps 1 to 3 post and redirect as plain forms.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, agencyToday } from '../../lib/day.js';
import { wizardMessages } from '../../lib/dr/request.js';
import { wizardText as t } from '../../lib/dr/wizard-text.js';
import { uiText } from '../../lib/messages.js';
import { DEMO_PASSWORD, demoUsers, signIn } from './helpers/auth.js';
import { expectNoAxeViolations } from './helpers/axe.js';

// Seven steps, a refusal and four axe runs: more than the default 45 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const WIZARD = '/dispute-resolution/request';
const stepTitle = (n: number) => `Create Request: Step ${n} of 7 - Dispute Resolution - Compliance Portal`;

/** USWDS draws the real radio or checkbox off-screen: tick it by its label, as a user does. */
async function tick(page: Page, box: Locator): Promise<void> {
  await page.locator(`label[for="${await box.getAttribute('id')}"]`).click();
  await expect(box).toBeChecked();
}

async function continueTo(page: Page, step: number): Promise<void> {
  await page.getByRole('button', { name: t.saveAndContinue }).click();
  await expect(page).toHaveTitle(stepTitle(step));
}

/** Steps 1 to 3 of a due process complaint, as the filer types them. */
async function stepsOneToThree(page: Page): Promise<void> {
  await page.goto(WIZARD);
  await expect(page).toHaveTitle(stepTitle(1));
  await expect(page.getByText(t.stepOf(1))).toBeVisible();
  await expect(page.getByLabel(t.fullName)).toHaveValue('Casey Public Parent');
  await tick(page, page.getByRole('radio', { name: 'Parent or guardian' }));
  await page.getByLabel(t.phone).fill('775-555-0142');
  await continueTo(page, 2);

  await tick(page, page.getByRole('radio', { name: /Due Process Complaint/ }));
  await continueTo(page, 3);

  await page.getByLabel(t.firstName).fill('Jordan');
  await page.getByLabel(t.lastName).fill('Rivera');
  await page.getByLabel(t.dateOfBirth).fill(addDays(agencyToday(), -9 * 365));
  await page.getByLabel(t.residenceAddress, { exact: true }).fill('1 Main St, Carson City NV 89701');
  await page.getByLabel(t.grade).selectOption('03');
  await page.getByLabel(t.lea, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(t.school, { exact: true }).selectOption({ label: t.notListed });
  await page.getByLabel(t.schoolNameOther).fill('Sagebrush Academy');
}

test('the public user files a due process complaint from sign-in to the acknowledgement', async ({ page }) => {
  await signIn(page, demoUsers.drPublic, undefined, WIZARD);
  await page.goto(WIZARD);
  await expectNoAxeViolations(page);
  await stepsOneToThree(page);
  await continueTo(page, 4);

  // Step 4 refused: the summary links to the field; what was typed stays.
  await page.getByLabel(t.proposedResolution, { exact: true }).fill('A new evaluation');
  await page.getByRole('button', { name: t.saveAndContinue }).click();
  await expect(page).toHaveTitle(`Error: ${stepTitle(4)}`);
  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText(wizardMessages.issues);
  await expect(summary).toContainText(wizardMessages.description);
  await expect(page.getByLabel(t.proposedResolution, { exact: true })).toHaveValue('A new evaluation');
  await expectNoAxeViolations(page);
  await summary.getByRole('link', { name: wizardMessages.description }).click();
  await expect(page.getByLabel(t.problemDescription)).toBeFocused();

  await tick(page, page.getByRole('checkbox', { name: 'Evaluation', exact: true }));
  await page.getByLabel(t.problemDescription).fill('The school has not evaluated my child.');
  await page.getByLabel(t.knewDate).fill(addDays(agencyToday(), -30));
  await continueTo(page, 5);

  for (const q of [t.q1, t.q2, t.q3]) await tick(page, page.getByRole('group', { name: q }).getByRole('radio', { name: t.no }));
  await continueTo(page, 6);
  await expect(page.getByText('The school has not evaluated my child.')).toBeVisible();
  await expect(page.getByRole('link', { name: `${t.edit} ${t.stepNames[3]}` })).toHaveAttribute('href', `${WIZARD}?step=4`);
  await continueTo(page, 7);

  await expectNoAxeViolations(page);
  await page.getByLabel(t.typedName).fill('Casey Public Parent');
  await tick(page, page.getByRole('checkbox', { name: t.agreed }));
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(`${WIZARD}?step=submitted`);
  await expect(page.getByRole('heading', { level: 1, name: t.submitted })).toBeVisible();
  await expect(page.locator('.dr-acknowledgement')).toContainText(/DP-\d{4}-\d{3}/);
  await expect(page.locator('.dr-acknowledgement')).toContainText('Resolution meeting');
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('steps 1 to 3 post as plain forms and each redirects to the next step', async ({ page }) => {
    // The shared signIn waits for islands to hydrate, which never happens here: the login form as is.
    await page.goto('/auth/login');
    const signInButton = page.getByRole('button', { name: uiText.signIn, exact: true });
    const login = page.locator('form').filter({ has: signInButton });
    await login.getByLabel(uiText.emailLabel, { exact: true }).fill(demoUsers.drPublic);
    await login.getByLabel(uiText.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
    await signInButton.click();
    await expect(page).toHaveURL(WIZARD);
    await stepsOneToThree(page);
    await continueTo(page, 4);
    await expect(page).toHaveURL(`${WIZARD}?step=4`);
    // Back saves and returns to step 3 with what was chosen.
    await page.getByRole('button', { name: t.back }).click();
    await expect(page).toHaveTitle(stepTitle(3));
    await expect(page.getByLabel(t.schoolNameOther)).toHaveValue('Sagebrush Academy');
  });
});
