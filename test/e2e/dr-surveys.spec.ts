// Dispute resolution satisfaction surveys (DR spec §4.7, §4.11, §8) in Chromium, with JavaScript
// on and off and on a phone, axe on each screen: state staff read the survey manager and a seeded
// survey's results with the privacy notice; a parent opens the survey link the invitations job
// emailed and answers once, then the link says it was used. Projects share one database: each
// project answers the invitation of a seeded IEP facilitation of its own (the job run for the day
// after that case closed), and only js-on creates a survey.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { priorYearCases, currentYearCases } from '../../api/dr/seed.js';
import { lastEndedYear } from '../../api/dr/routes.js';
import { addDays, agencyToday } from '../../lib/day.js';
import { routeById } from '../../lib/routes.js';
import { surveyMessages, surveyText as t } from '../../lib/dr/survey-text.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { DEMO_PASSWORD, demoUsers, signIn } from './helpers/auth.js';
import { e2eEnv } from './helpers/env.js';
import { waitForIslands } from './helpers/islands.js';
import { readLatestMail } from './helpers/mail.js';
import { tick } from './helpers/tick.js';

const PROJECTS = ['js-on', 'js-off', 'phone'];
const MANAGER = '/dispute-resolution/survey-manager';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

/** Runs the invitations job for the day after the project's own seeded IEP facilitation closed; its parent's address. */
async function inviteParentOf(request: APIRequestContext, key: string): Promise<string> {
  const today = agencyToday();
  const start = `${lastEndedYear(today).slice(0, 4)}-07-01`;
  // The seed numbers its requesters in the order it inserts the cases (received date).
  const all = [...priorYearCases(start, today), ...currentYearCases(today)].sort((a, b) => a.received.localeCompare(b.received));
  const index = all.findIndex((c) => c.key === key);
  const closed = all[index]?.closed as string;
  const api = `http://127.0.0.1:${e2eEnv().apiPort}`;
  const login = await request.post(`${api}/api/auth/token`, { form: { username: demoUsers.stateAdmin, password: DEMO_PASSWORD, recaptchaToken: '' } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const run = await request.post(`${api}/api/jobs/dr-survey-invitations/run`, { headers: { Authorization: `Bearer ${accessToken}` }, data: { day: addDays(closed, 1) } });
  expect(run.status()).toBe(200);
  return `parent${index + 1}@family.example`;
}

test('state staff read the survey manager and a survey’s results with the privacy notice', async ({ page }) => {
  await signIn(page, demoUsers.stateUser);
  await open(page, MANAGER);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeById('dr.survey-manager').title);
  const row = page.locator('[data-testid="surveys"] tbody tr').filter({ hasText: 'IEP Facilitation - All' }).first();
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await row.getByRole('link', { name: 'IEP Facilitation - All' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText(surveyMessages.answeredNoEdit)).toBeVisible();
  await expect(page.getByText(surveyMessages.hiddenForPrivacy).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('state staff create a survey and add a question (js-on only)', async ({ page }) => {
  test.skip(test.info().project.name !== 'js-on', 'One project creates; the others read.');
  await signIn(page, demoUsers.stateUser);
  await open(page, MANAGER);
  await page.getByLabel(t.name).fill(`Hearing - LEA ${Date.now()}`);
  await tick(page, page.getByLabel('Due Process Complaint', { exact: true }));
  await page.getByLabel(t.audience).selectOption('LEA');
  await page.getByRole('button', { name: t.newSurvey }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText(t.created)).toBeVisible();
  const add = page.locator('form[action$="/questions"]');
  await add.getByLabel(t.questionText).fill('The hearing officer explained the process.');
  await add.getByRole('button', { name: t.addQuestion }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText(t.saved)).toBeVisible();
  await expect(page.getByTestId('questions')).toContainText(/1/);
  await expectNoAxeViolations(page);
});

test('a parent answers the emailed survey once, signed out', async ({ page, request }) => {
  const index = PROJECTS.indexOf(test.info().project.name);
  const to = await inviteParentOf(request, `iepf-${index + 1}`);
  const mail = await readLatestMail(to);
  const link = mail.links.find((l) => l.includes('/dr-public/survey/')) as string;
  expect(link).toBeTruthy();
  const path = new URL(link).pathname;
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('IEP Facilitation - All');
  await expectNoAxeViolations(page);
  await tick(page, page.getByLabel('Agree', { exact: true }).first());
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('survey-message')).toHaveText(surveyMessages.thankYou);
  await open(page, path);
  await expect(page.getByTestId('survey-message')).toHaveText(surveyMessages.linkUnusable);
  await expectNoAxeViolations(page);
});
