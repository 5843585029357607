// Setting up data for the dashboard, notification settings and person picker specs: system
// messages are created through the agency API of this run (as the site admin would send them),
// with a text unique to the test so parallel projects never see each other's messages.
import { randomBytes } from 'node:crypto';
import { expect, request, test, type Locator } from '@playwright/test';
import { e2eEnv } from './helpers/env.js';
import { DEMO_PASSWORD, demoUsers } from './helpers/auth.js';

const apiUrl = () => `http://127.0.0.1:${e2eEnv().apiPort}`;

/** A text no other test (or project) uses. */
export function uniqueText(prefix: string): string {
  return `${prefix} [${test.info().project.name} ${randomBytes(3).toString('hex')}]`;
}

/** Sends a system message to a demo user through the agency API; returns the message id. */
export async function sendMessage(toEmail: string, message: string, openUrl: string | null): Promise<number> {
  const api = await request.newContext({ baseURL: apiUrl() });
  try {
    const token = await api.post('/api/auth/token', { form: { username: demoUsers.stateAdmin, password: DEMO_PASSWORD, recaptchaToken: '' } });
    expect(token.status(), 'admin sign-in to the API').toBe(200);
    const { accessToken } = (await token.json()) as { accessToken: string };
    const headers = { Authorization: `Bearer ${accessToken}` };
    const found = await api.get(`/api/account/users/username/${encodeURIComponent(toEmail)}`, { headers });
    expect(found.status(), `user ${toEmail} in the API`).toBe(200);
    const user = (await found.json()) as { id: string };
    const created = await api.post('/api/notificationmesages', { headers, data: { userId: user.id, message, openUrl } });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  } finally {
    await api.dispose();
  }
}

/**
 * Ticks or unticks a USWDS checkbox or radio as a user does: USWDS hides the real input
 * off-screen and draws the box on its label, so the label is what gets clicked.
 */
export async function setChecked(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) !== checked) {
    const id = await box.getAttribute('id');
    expect(id, 'the control has an id its label points to').toBeTruthy();
    await box.page().locator(`label[for="${id}"]`).click();
  }
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

/** A new Local User for a test that changes an account (never a demo user other tests share). */
export async function createPerson(fullName: string, password: string): Promise<{ id: string; email: string }> {
  const api = await request.newContext({ baseURL: apiUrl() });
  try {
    const token = await api.post('/api/auth/token', { form: { username: demoUsers.stateAdmin, password: DEMO_PASSWORD, recaptchaToken: '' } });
    expect(token.status(), 'admin sign-in to the API').toBe(200);
    const { accessToken } = (await token.json()) as { accessToken: string };
    const email = `person-${randomBytes(4).toString('hex')}@test.example`;
    const created = await api.post('/api/account/users', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { fullName, email, roles: ['Local User'], password },
    });
    expect(created.status(), 'a new user').toBe(201);
    return { id: ((await created.json()) as { id: string }).id, email };
  } finally {
    await api.dispose();
  }
}
