// The public sign-form (DR spec §4.11) in Chromium with JavaScript on, axe on each screen: state
// staff send an agreement to participate through the API; the parent opens the emailed link signed
// out, is told what is missing, signs, and the link then says it was used.
import { expect, test } from '@playwright/test';
import { signMessages, signText as t } from '../../lib/dr/sign-text.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { DEMO_PASSWORD, demoUsers } from './helpers/auth.js';
import { e2eEnv } from './helpers/env.js';
import { waitForIslands } from './helpers/islands.js';
import { readLatestMail } from './helpers/mail.js';
import { tick } from './helpers/tick.js';

test('a parent signs an agreement to participate from the emailed link, once', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'js-on', 'One project signs: the link answers once.');
  const api = `http://127.0.0.1:${e2eEnv().apiPort}`;
  const login = await request.post(`${api}/api/auth/token`, { form: { username: demoUsers.stateUser, password: DEMO_PASSWORD, recaptchaToken: '' } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const list = await request.get(`${api}/api/disputeresolution/cases`, { headers, params: { type: 2, pageSize: 25 } });
  const open = ((await list.json()) as { items: { id: string; status: number }[] }).items.find((c) => c.status === 1 || c.status === 2);
  expect(open, 'an open mediation').toBeTruthy();
  const to = `e2e.sign.${Date.now()}@family.example`;
  const sent = await request.post(`${api}/api/disputeresolution/cases/${open!.id}/sign-requests`, { headers, data: { purpose: 2, recipientName: 'Pat Parent', recipientEmail: to } });
  expect(sent.status()).toBe(201);
  const mail = await readLatestMail(to);
  const link = mail.links.find((l) => l.includes('/sign-form/')) as string;
  expect(link).toBeTruthy();
  const path = new URL(link).pathname;

  await page.goto(path);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agreement to participate');
  await expect(page.getByTestId('sign-text')).toHaveText(t.agreementText);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t.sign }).click();
  await page.waitForLoadState('load');
  await expect(page.getByText(signMessages.typedName).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(t.typedName).fill('Pat Parent');
  await tick(page, page.getByLabel(t.agree));
  await page.getByRole('button', { name: t.sign }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('sign-message')).toHaveText(signMessages.thankYou);
  await expectNoAxeViolations(page);
  await page.goto(path);
  await expect(page.getByTestId('sign-message')).toHaveText(signMessages.linkUnusable);
});
