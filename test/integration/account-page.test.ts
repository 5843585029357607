// The account page (/account, issue 11) through the real portal, Redis and agency API, as a
// browser without JavaScript uses it: the profile, the password change (other sessions end, the
// page's own goes on) and the preferences (the home page is where sign-in leads).
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountText, errorMessages, validationMessages } from '../../lib/messages.js';
import { csrfFrom } from '../helpers/portal.js';
import { accessToken, createUser, demo, STRONG_PASSWORD } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf, titleOf, withPortal, type Agent } from './dashboard-helpers.js';

const env = withPortal();
const NEW_PASSWORD = 'Brand-New-Secret-77!';

async function freshUser(): Promise<{ id: string; email: string }> {
  const admin = await accessToken(env.api, demo.admin);
  return createUser(env.api, admin, { fullName: 'Avery Account' });
}

describe('/account', () => {
  let person: { id: string; email: string };
  let agent: Agent;
  beforeAll(async () => {
    person = await freshUser();
    agent = await signedInAgent(env.portal.url, person.email, STRONG_PASSWORD);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const res = await request(env.portal.url).get('/account');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/login?returnUrl=%2Faccount');
  });

  it('shows the profile to edit, email and roles read-only, the password form and the preferences', async () => {
    const res = await agent.get('/account').expect(200);
    expect(titleOf(res.text)).toBe('Account - Compliance Portal');
    const text = textOf(res.text);
    for (const s of [accountText.profile, accountText.changePassword, accountText.preferences, person.email, 'Local User', accountText.readOnlyNote]) expect(text).toContain(s);
    expect(res.text).toMatch(/<input class="usa-input" id="fullName"[^>]*name="fullName" value="Avery Account"/);
    expect(res.text).not.toContain('not available in the portal yet');
    // Email is shown, not a field.
    expect(res.text).not.toContain('name="email"');
  });

  it('refuses an empty name with a summary and the field message (422), keeping what was typed', async () => {
    const res = await postForm(agent, '/account/profile', { fullName: '', jobTitle: 'Analyst', phoneNumber: 'call me' }, '/account');
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toBe('Error: Account - Compliance Portal');
    expect(res.text).toContain('data-testid="error-summary"');
    expect(decoded(res.text)).toContain(validationMessages.fieldRequired);
    expect(decoded(res.text)).toContain(validationMessages.incorrectFormat);
    expect(res.text).toContain('value="Analyst"');
  });

  it('saves the profile (303), says so, and the top bar shows the new name', async () => {
    const res = await postForm(agent, '/account/profile', { fullName: 'Avery Renamed', jobTitle: 'Data Lead', phoneNumber: '775-555-0100 x12' }, '/account');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account#profile');
    const page = await agent.get('/account').expect(200);
    expect(textOf(page.text)).toContain(accountText.profileSaved);
    expect(page.text).toContain('value="Avery Renamed"');
    expect(page.text).toContain('value="775-555-0100 x12"');
    const home = await agent.get('/').expect(200);
    expect(textOf(home.text)).toContain('Avery Renamed');
  });

  it('keeps the preferences to the offered choices, and sign-in leads to the chosen home page', async () => {
    for (const homeUrl of ['https://evil.example', '/admin/manage-users', '//evil.example']) {
      const bad = await postForm(agent, '/account/preferences', { language: 'en', homeUrl }, '/account');
      expect(bad.status, homeUrl).toBe(422);
      expect(decoded(bad.text)).toContain(validationMessages.selectFromList);
    }
    const saved = await postForm(agent, '/account/preferences', { language: 'en', homeUrl: '/notification-settings' }, '/account');
    expect(saved.status).toBe(303);
    const page = await agent.get('/account').expect(200);
    expect(textOf(page.text)).toContain(accountText.preferencesSaved);
    expect(page.text).toMatch(/<option value="\/notification-settings" selected="">/);

    const browser = request.agent(env.portal.url);
    const login = await browser.get('/auth/login');
    const signIn = await browser.post('/auth/login').type('form').send({ _csrf: csrfFrom(login.text), userName: person.email, password: STRONG_PASSWORD, returnUrl: '' });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.location).toBe('/notification-settings');
    // A page to go back to still wins.
    const again = request.agent(env.portal.url);
    const login2 = await again.get('/auth/login');
    const back = await again.post('/auth/login').type('form').send({ _csrf: csrfFrom(login2.text), userName: person.email, password: STRONG_PASSWORD, returnUrl: '/contact' });
    expect(back.headers.location).toBe('/contact');
  });
});

describe('/account: changing the password', () => {
  it('names each problem, then changes it: this session goes on, every other one ends, the new password signs in', async () => {
    const person = await freshUser();
    const here = await signedInAgent(env.portal.url, person.email, STRONG_PASSWORD);
    const elsewhere = await signedInAgent(env.portal.url, person.email, STRONG_PASSWORD);

    const empty = await postForm(here, '/account/password', { currentPassword: '', newPassword: '', confirmPassword: '' }, '/account');
    expect(empty.status).toBe(422);
    expect(decoded(empty.text)).toContain(validationMessages.fieldRequired);

    const wrong = await postForm(here, '/account/password', { currentPassword: 'Not-The-Password-1!', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '/account');
    expect(wrong.status).toBe(422);
    expect(decoded(wrong.text)).toMatch(/id="currentPassword-error"[^>]*>.*Incorrect password\./s);
    // Passwords are never written back into the page.
    expect(wrong.text).not.toContain('Not-The-Password-1!');
    expect(wrong.text).not.toContain(NEW_PASSWORD);

    const weak = await postForm(here, '/account/password', { currentPassword: STRONG_PASSWORD, newPassword: 'short', confirmPassword: 'short' }, '/account');
    expect(weak.status).toBe(422);
    expect(decoded(weak.text)).toContain(validationMessages.passwordMinLength);

    const changed = await postForm(here, '/account/password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '/account');
    expect(changed.status).toBe(303);
    expect(changed.headers.location).toBe('/account#password');
    const after = await here.get('/account').expect(200);
    expect(textOf(after.text)).toContain(errorMessages.passwordChanged);
    // This session's calls still work with the token the API gave back.
    await here.get('/notification-settings').expect(200);

    const ended = await elsewhere.get('/account');
    expect(ended.status).toBe(302);
    expect(ended.headers.location).toMatch(/^\/auth\/login/);

    await signedInAgent(env.portal.url, person.email, NEW_PASSWORD);
  });

  it('after five wrong current passwords asks the user to wait (429), even with the right one', async () => {
    const person = await freshUser();
    const here = await signedInAgent(env.portal.url, person.email, STRONG_PASSWORD);
    for (let i = 0; i < 5; i++) {
      const res = await postForm(here, '/account/password', { currentPassword: `Wrong-Guess-${i}!x`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '/account');
      expect(res.status).toBe(422);
    }
    const waiting = await postForm(here, '/account/password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '/account');
    expect(waiting.status).toBe(429);
    expect(decoded(waiting.text)).toContain(accountText.passwordChangeWait);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
  });
});
