// The auth screens and the registration page through the real portal app (supertest, CSRF on,
// real Redis) in front of the real agency API on PGlite, as a browser without JavaScript uses
// them, plus the JSON endpoints the islands call.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { errorMessages, uiText, validationMessages } from '../../lib/messages.js';
import { startTestPortal, type TestPortal } from '../helpers/portal.js';

const DEMO_PASSWORD = 'Demo-Password-1!';
const NEW_PASSWORD = 'Fresh-Password-42!';
type Agent = ReturnType<typeof request.agent>;

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});

afterAll(async () => {
  await portal?.close();
});

// ---- helpers ---------------------------------------------------------------------------------

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.org`;

/** Page text with the entities React writes decoded, for comparing with catalogue strings. */
function decoded(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function titleOf(html: string): string {
  return decoded(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

async function csrfFor(agent: Agent, pathname: string): Promise<string> {
  const page = await agent.get(pathname);
  return csrfOf(page.text);
}

async function postForm(agent: Agent, pathname: string, fields: Record<string, string>, from = pathname) {
  const _csrf = await csrfFor(agent, from);
  return agent.post(pathname).type('form').send({ _csrf, ...fields });
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest email to `to` that the API wrote to its mail folder, waiting briefly for it. */
async function latestMail(to: string, predicate: (m: Mail) => boolean = () => true, attempts = 50): Promise<Mail> {
  const dir = portal.api?.mailDir ?? '';
  for (let i = 0; i < attempts; i += 1) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails: Mail[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        mails.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Mail);
      } catch {
        // still being written
      }
    }
    const mine = mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && predicate(m)).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    const last = mine.at(-1);
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${to}`);
}

function linkIn(mail: Mail, pattern: RegExp): URL {
  const found = mail.text.match(/https?:\/\/[^\s<>"']+/g)?.find((l) => pattern.test(l));
  if (!found) throw new Error(`no link matching ${pattern} in "${mail.subject}"`);
  return new URL(found);
}

/** Registers through the no-JavaScript pages; returns the account-created address. */
async function registerNoJs(agent: Agent, email: string, password = NEW_PASSWORD): Promise<URL> {
  const form = await postForm(agent, '/dr-request', { fullName: 'Pat Parent', email, password, confirmPassword: password, agreement: 'on' });
  expect(form.status).toBe(200);
  const pendingId = /name="pendingId" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
  const confirm = await agent.post('/dr-request/confirm').type('form').send({ _csrf: csrfOf(form.text), pendingId, recaptchaToken: '' });
  expect(confirm.status).toBe(303);
  return new URL(confirm.headers.location as string, 'http://portal.test');
}

async function verify(agent: Agent, email: string): Promise<void> {
  const link = linkIn(await latestMail(email), /\/auth\/login\?uid=/);
  const page = await agent.get(`${link.pathname}${link.search}`);
  expect(page.text).toContain('data-block-code="email-verification-success"');
}

// ---- login -------------------------------------------------------------------------------------

describe('GET /auth/login', () => {
  it('renders the split layout with the login text block, image and Forgot Password link', async () => {
    const res = await request(portal.app).get('/auth/login');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe('Sign In - Compliance Portal');
    expect(res.text).toContain('src="/images/login.svg"');
    expect(decoded(res.text)).toContain(`alt="${uiText.loginImageAlt}"`);
    expect(res.text).toContain('data-block-code="login-screen-text"');
    expect(res.text).toContain('href="/auth/forgot-password"');
    expect(res.text).toContain('name="returnUrl" value="/"');
    // Without a site key the bot-check token is sent empty.
    expect(res.text).toContain('name="recaptchaToken" value=""');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carries only a safe returnUrl into the form', async () => {
    const ok = await request(portal.app).get('/auth/login?returnUrl=%2Fnotification-settings%3Ftab%3D2');
    expect(decoded(ok.text)).toContain('name="returnUrl" value="/notification-settings?tab=2"');
    const evil = await request(portal.app).get('/auth/login?returnUrl=%2F%2Fevil.example');
    expect(evil.text).toContain('name="returnUrl" value="/"');
  });
});

describe('POST /auth/login', () => {
  it('answers 422 with the error summary and field messages, keeping the email only', async () => {
    const agent = request.agent(portal.app);
    const empty = await postForm(agent, '/auth/login', { userName: '', password: '', returnUrl: '/' });
    expect(empty.status).toBe(422);
    expect(titleOf(empty.text)).toBe('Error: Sign In - Compliance Portal');
    expect(empty.text).toContain(uiText.errorSummaryTitle);
    expect(empty.text).toContain(`<a href="#userName">${validationMessages.valueRequired}</a>`);
    expect(empty.text).toContain(`<a href="#password">${validationMessages.valueRequired}</a>`);

    const bad = await postForm(agent, '/auth/login', { userName: 'not-an-email', password: 'secret-typed-1', returnUrl: '/' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(validationMessages.validEmailRequired);
    expect(bad.text).toContain('value="not-an-email"');
    expect(bad.text).not.toContain('secret-typed-1');
  });

  it('says "Invalid email or password." for bad credentials, status 401, password not echoed', async () => {
    const agent = request.agent(portal.app);
    const res = await postForm(agent, '/auth/login', { userName: uniqueEmail('nobody'), password: 'Wrong-Password-9!', returnUrl: '/' });
    expect(res.status).toBe(401);
    expect(res.text).toContain(`<li>${errorMessages.loginFailed}</li>`);
    expect(res.text).not.toContain('Wrong-Password-9!');
    expect(titleOf(res.text)).toBe('Error: Sign In - Compliance Portal');
  });

  it('signs in and redirects 303 to the returnUrl', async () => {
    const agent = request.agent(portal.app);
    const res = await postForm(agent, '/auth/login', { userName: 'state.user@demo.example', password: DEMO_PASSWORD, returnUrl: '/notification-settings' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/notification-settings');
  });

  it.each([
    ['//evil.example'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    // Issue 10, finding 3: paths that normalise into '//evil.example'.
    ['/.//evil.example/x'],
    ['/..//evil.example/x'],
    ['/%2e//evil.example/x'],
    ['/a/..//evil.example'],
  ])(
    'sends a hostile returnUrl %s to /',
    async (returnUrl) => {
      const agent = request.agent(portal.app);
      const res = await postForm(agent, '/auth/login', { userName: 'state.user@demo.example', password: DEMO_PASSWORD, returnUrl });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it('sends the public dispute resolution user to /dispute-resolution/request', async () => {
    const agent = request.agent(portal.app);
    const res = await postForm(agent, '/auth/login', { userName: 'dr.public@demo.example', password: DEMO_PASSWORD, returnUrl: '/admin' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dispute-resolution/request');
  });
});

// ---- email verification -------------------------------------------------------------------------

describe('email verification (?uid=)', () => {
  it('shows the failure text block and the spec error for an unknown uid, without Forgot Password', async () => {
    const res = await request.agent(portal.app).get('/auth/login?uid=not-a-real-token');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-block-code="email-verification-failure"');
    expect(res.text).not.toContain('data-block-code="login-screen-text"');
    expect(res.text).toContain(errorMessages.verificationFailed);
    expect(res.text).not.toContain('href="/auth/forgot-password"');
    expect(res.text).toContain('name="uid" value="not-a-real-token"');
  });

  it('says "An error occurred while verifying your email." when the API cannot be reached', async () => {
    const offline = await startTestPortal({ apiBaseUrl: 'http://127.0.0.1:9', redis: false });
    try {
      const res = await request.agent(offline.app).get('/auth/login?uid=abc');
      expect(res.status).toBe(200);
      expect(res.text).toContain(errorMessages.verificationError);
    } finally {
      await offline.close();
    }
  });
});

// ---- registration (/dr-request) -----------------------------------------------------------------

describe('/dr-request', () => {
  it('renders the public registration page with its breadcrumb and text blocks', async () => {
    const res = await request(portal.app).get('/dr-request');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe('Request Dispute Resolution - Compliance Portal');
    expect(res.text).toMatch(/<nav class="usa-breadcrumb[^"]*" aria-label="Breadcrumb">[\s\S]*Register/);
    expect(res.text).toContain(`<h1>${uiText.requestDisputeResolution}</h1>`);
    expect(res.text).toContain(uiText.createUserAccount);
    expect(res.text).toContain('data-block-code="dr-new-register-instructions"');
    expect(res.text).toContain('data-block-code="dr-password-requirements"');
    expect(decoded(res.text)).toContain(uiText.agreementText);
  });

  it('promises filing by mail or phone, and the contact page it links to gives the address and the phone', async () => {
    const register = await request(portal.app).get('/dr-request');
    expect(register.text).toContain('by mail or phone; see the <a href="/contact">contact page</a>');
    const contact = await request(portal.app).get('/contact').expect(200);
    expect(contact.text).toContain('data-block-code="contact-page"');
    expect(contact.text).toContain('Mail: Office of Dispute Resolution, Department of Education, 700 E. Fifth Street, Carson City, NV 89701');
    expect(contact.text).toContain('Phone: (775) 687-9200');
  });

  it('validates without JavaScript with every message of spec §5 and never echoes passwords', async () => {
    const agent = request.agent(portal.app);
    const empty = await postForm(agent, '/dr-request', {});
    expect(empty.status).toBe(422);
    for (const m of [
      validationMessages.fullNameRequired,
      validationMessages.passwordRequired,
      validationMessages.emailRequired,
      validationMessages.confirmPasswordRequired,
      validationMessages.agreementRequired,
    ]) {
      expect(empty.text).toContain(m);
    }
    const bad = await postForm(agent, '/dr-request', {
      fullName: 'Pat',
      email: 'pat@',
      password: 'short',
      confirmPassword: 'other-secret-77',
      agreement: 'on',
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(validationMessages.emailInvalid);
    expect(bad.text).toContain(validationMessages.passwordMinLength);
    expect(bad.text).toContain(validationMessages.passwordsDoNotMatch);
    expect(bad.text).toContain('value="Pat"');
    expect(bad.text).not.toContain('other-secret-77');
  });

  it('two steps without JavaScript: a confirmation page (no password in it), then Confirm registers once', async () => {
    const agent = request.agent(portal.app);
    const email = uniqueEmail('nojs');
    const form = await postForm(agent, '/dr-request', { fullName: 'Pat Parent', email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreement: 'on' });
    expect(form.status).toBe(200);
    expect(titleOf(form.text)).toBe('Account Creation Confirmation - Compliance Portal');
    expect(form.text).toContain(uiText.drConfirmEmailSent(email));
    expect(form.text).toContain(uiText.drConfirmMustVerify);
    expect(form.text).not.toContain(NEW_PASSWORD);
    const pendingId = /name="pendingId" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
    expect(pendingId).toMatch(/^[\w-]{43}$/);
    // Issue 10, finding 8: the session in Redis keeps the password only encrypted, with a key
    // that is in the page and nowhere else.
    const sessionKeys = await portal.redis!.keys(`${portal.redisPrefix}sess:*`);
    const stored = (await Promise.all(sessionKeys.map((k) => portal.redis!.get(k)))).join('\n');
    expect(stored).toContain(email);
    expect(stored).not.toContain(NEW_PASSWORD);
    expect(stored).not.toContain(pendingId);

    // Nothing is registered before Confirm.
    await expect(latestMail(email, () => true, 3).catch(() => null)).resolves.toBeNull();

    const wrong = await agent.post('/dr-request/confirm').type('form').send({ _csrf: csrfOf(form.text), pendingId: randomUUID() });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/dr-request');

    // A wrong id does not spend the waiting registration: the right one still works.
    const pendingId2 = pendingId;
    const ok = await agent.post('/dr-request/confirm').type('form').send({ _csrf: csrfOf(form.text), pendingId, recaptchaToken: '' });
    expect(ok.status).toBe(303);
    const location = new URL(ok.headers.location as string, 'http://portal.test');
    expect(location.pathname).toBe('/auth/account-created');
    expect(location.searchParams.get('email')).toBe(email);
    expect(location.searchParams.get('uid')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await latestMail(email)).to).toBe(email);

    // Replaying Confirm does nothing: the details left the session.
    const replay = await agent.post('/dr-request/confirm').type('form').send({ _csrf: csrfOf(form.text), pendingId: pendingId2 });
    expect(replay.status).toBe(303);
    expect(replay.headers.location).toBe('/dr-request');
  });

  it('registers through the JSON endpoint the dialog uses', async () => {
    const agent = request.agent(portal.app);
    const csrf = await csrfFor(agent, '/dr-request');
    const email = uniqueEmail('json');
    const invalid = await agent.post('/dr-request/register').set('x-csrf-token', csrf).send({ fullName: '', email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreement: true });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ ok: false, errors: [{ field: 'fullName', message: validationMessages.fullNameRequired }] });
    const res = await agent
      .post('/dr-request/register')
      .set('x-csrf-token', csrf)
      .send({ fullName: 'Pat Json', email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreement: true, recaptchaToken: '' });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.location).toMatch(/^\/auth\/account-created\?uid=[0-9a-f-]{36}&email=/);
  });

  it('answers an address already taken like a new registration, and emails its owner how to get in', async () => {
    const agent = request.agent(portal.app);
    const csrf = await csrfFor(agent, '/dr-request');
    const res = await agent
      .post('/dr-request/register')
      .set('x-csrf-token', csrf)
      .send({ fullName: 'Pat', email: 'state.user@demo.example', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreement: true });
    // Not "Something went wrong!", and nothing that tells a stranger the address has an account.
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.location).toMatch(/^\/auth\/account-created\?uid=[0-9a-f-]{36}&email=/);
    const page = await agent.get(res.body.location).expect(200);
    expect(decoded(page.text)).toContain('state.user@demo.example');
    const mail = await latestMail('state.user@demo.example', (m) => m.subject === 'Someone tried to register with your email address');
    expect(mail.text).toContain('No new account was created.');
  });

  it('sends a signed-in user to /', async () => {
    const agent = request.agent(portal.app);
    await postForm(agent, '/auth/login', { userName: 'state.user@demo.example', password: DEMO_PASSWORD, returnUrl: '/' });
    const res = await agent.get('/dr-request');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('redirects /auth/new-register to /dr-request', async () => {
    const res = await request(portal.app).get('/auth/new-register');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/dr-request');
  });
});

// ---- account created, resend, verification, first sign-in -----------------------------------

describe('account created → verify → sign in', () => {
  it('shows the success card, keeps the resend lock across reloads, verifies and signs in', async () => {
    const agent = request.agent(portal.app);
    const email = uniqueEmail('flow');
    const created = await registerNoJs(agent, email);
    const page = await agent.get(`${created.pathname}${created.search}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.text)).toBe('Request Dispute Resolution - Compliance Portal');
    expect(page.text).toContain(uiText.accountCreationSuccess);
    expect(page.text).toContain('data-block-code="dr-account-created-success"');
    expect(page.text).toContain(uiText.confirmationEmailSent(email));
    // The email just went out: the 300 s lock is on, and the server refuses a resend.
    expect(page.text).toMatch(/please wait [45]:\d\d minutes to resend/);
    const resend = await agent
      .post('/auth/account-created/resend')
      .type('form')
      .send({ _csrf: csrfOf(page.text), uid: created.searchParams.get('uid') ?? '', email });
    expect(resend.status).toBe(429);
    expect(resend.text).toMatch(/please wait [45]:\d\d minutes to resend/);
    const json = await agent
      .post('/auth/account-created/resend')
      .set('x-csrf-token', csrfOf(page.text))
      .send({ uid: created.searchParams.get('uid') ?? '', email });
    expect(json.status).toBe(429);
    expect(json.body.retryAfterSeconds).toBeGreaterThan(240);

    // Not verified: the API's message, prefixed "Error: " (spec §8).
    const early = await postForm(agent, '/auth/login', { userName: email, password: NEW_PASSWORD, returnUrl: '/' });
    expect(early.status).toBe(401);
    expect(early.text).toContain(`Error: ${errorMessages.emailNotVerified}`);

    await verify(agent, email);
    const signedIn = await postForm(agent, '/auth/login', { userName: email, password: NEW_PASSWORD, returnUrl: '/' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/dispute-resolution/request');
  });

  it('offers a new verification email on the sign-in page to an unverified user who lost theirs', async () => {
    const email = uniqueEmail('lost');
    await registerNoJs(request.agent(portal.app), email);
    const api = portal.api;
    if (!api) throw new Error('the test portal runs its own API');
    const agent = request.agent(portal.app);
    const refused = await postForm(agent, '/auth/login', { userName: email, password: NEW_PASSWORD, returnUrl: '/' });
    expect(refused.text).toContain(`Error: ${errorMessages.emailNotVerified}`);
    const offer = /<form[^>]*data-testid="resend-verification"[\s\S]*?<\/form>/.exec(refused.text)?.[0] ?? '';
    expect(offer).toContain(`action="/auth/resend-verification"`);
    expect(decoded(offer)).toContain(`value="${email}"`);
    expect(decoded(offer)).toContain(uiText.sendNewVerificationEmail);
    // A wrong password gets no such offer.
    const wrong = await postForm(agent, '/auth/login', { userName: 'state.user@demo.example', password: 'Not-The-Password-1!', returnUrl: '/' });
    expect(wrong.text).not.toContain('data-testid="resend-verification"');

    const before = (await readdir(api.mailDir)).length;
    const original = api.ctx.now;
    api.ctx.now = () => new Date(Date.now() + 301_000);
    try {
      const sent = await agent.post('/auth/resend-verification').type('form').send({ _csrf: csrfOf(refused.text), email });
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe('/auth/login');
      expect(decoded((await agent.get('/auth/login')).text)).toContain(uiText.verificationResentIfWaiting);
      const mail = await latestMail(email, (m) => m.subject === 'Verify your email address');
      expect(mail.text).toMatch(/\/auth\/login\?uid=/);
      // The same answer for an address with no account, and no email goes out for it.
      const page = await agent.get('/auth/login');
      const nobody = await agent.post('/auth/resend-verification').type('form').send({ _csrf: csrfOf(page.text), email: uniqueEmail('nobody') });
      expect(nobody.status).toBe(303);
      expect(decoded((await agent.get('/auth/login')).text)).toContain(uiText.verificationResentIfWaiting);
      expect((await readdir(api.mailDir)).length).toBe(before + 1);
    } finally {
      api.ctx.now = original;
    }
  });

  it('resends once the wait is over, then locks for 300 s (JSON and form)', async () => {
    const email = uniqueEmail('resend');
    const created = await registerNoJs(request.agent(portal.app), email);
    const uid = created.searchParams.get('uid') ?? '';
    const api = portal.api;
    if (!api) throw new Error('the test portal runs its own API');
    // Five minutes later, in another browser (no lock in its session).
    const original = api.ctx.now;
    api.ctx.now = () => new Date(Date.now() + 301_000);
    try {
      const agent = request.agent(portal.app);
      const page = await agent.get(`/auth/account-created?uid=${uid}&email=${encodeURIComponent(email)}`);
      expect(page.text).not.toContain('please wait');
      const before = await latestMail(email);
      const sent = await agent.post('/auth/account-created/resend').set('x-csrf-token', csrfOf(page.text)).send({ uid, email });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ ok: true, message: errorMessages.verificationEmailSent, retryAfterSeconds: 300 });
      const after = await latestMail(email, (m) => m.sentAt > before.sentAt);
      expect(after.subject).toBe(before.subject);
      // The lock is in the session: a reload shows it and a form post is refused.
      const reloaded = await agent.get(`/auth/account-created?uid=${uid}&email=${encodeURIComponent(email)}`);
      expect(reloaded.text).toMatch(/please wait (5:00|4:5\d) minutes to resend/);
      const again = await agent.post('/auth/account-created/resend').type('form').send({ _csrf: csrfOf(reloaded.text), uid, email });
      expect(again.status).toBe(429);
    } finally {
      api.ctx.now = original;
    }
  });

  it('sends the resend form back to the page with the flash when it succeeds', async () => {
    const email = uniqueEmail('resendform');
    const created = await registerNoJs(request.agent(portal.app), email);
    const uid = created.searchParams.get('uid') ?? '';
    const api = portal.api;
    if (!api) throw new Error('the test portal runs its own API');
    const original = api.ctx.now;
    api.ctx.now = () => new Date(Date.now() + 301_000);
    try {
      const agent = request.agent(portal.app);
      const back = `/auth/account-created?uid=${uid}&email=${encodeURIComponent(email)}`;
      const sent = await postForm(agent, '/auth/account-created/resend', { uid, email }, back);
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe(back);
      expect((await agent.get(back)).text).toContain(errorMessages.verificationEmailSent);
    } finally {
      api.ctx.now = original;
    }
  });

  it('answers an id without an account like a sent email (the id of a registration of a taken address)', async () => {
    const agent = request.agent(portal.app);
    const page = await agent.get(`/auth/account-created?uid=${randomUUID()}&email=x%40example.org`);
    expect(page.text).not.toContain('please wait');
    const csrf = csrfOf(page.text);
    const json = await agent.post('/auth/account-created/resend').set('x-csrf-token', csrf).send({ uid: randomUUID(), email: 'x@example.org' });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ ok: true });
  });
});

// ---- forgot and reset password -------------------------------------------------------------------

describe('forgot password → reset password', () => {
  it('recovers, lists the API reasons, resets, and signs in with the new password', async () => {
    const agent = request.agent(portal.app);
    const email = uniqueEmail('reset');
    await registerNoJs(agent, email);
    await verify(agent, email);

    const invalid = await postForm(agent, '/auth/forgot-password', { email: 'nope' });
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain(validationMessages.validEmailRequired);

    const asked = await postForm(agent, '/auth/forgot-password', { email });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe('/auth/login');
    const login = await agent.get('/auth/login');
    expect(decoded(login.text)).toContain(errorMessages.passwordRecoverySent);

    const link = linkIn(await latestMail(email, (m) => /reset-password/.test(m.text)), /\/auth\/reset-password\?/);
    const form = await agent.get(`${link.pathname}${link.search}`);
    expect(form.status).toBe(200);
    expect(titleOf(form.text)).toBe('Reset Password - Compliance Portal');
    const token = link.searchParams.get('token') ?? '';
    const _csrf = csrfOf(form.text);

    const empty = await agent.post('/auth/reset-password').type('form').send({ _csrf, email, token, newPassword: '', confirmPassword: '' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain(validationMessages.valueRequired);

    const weak = await agent
      .post('/auth/reset-password')
      .type('form')
      .send({ _csrf, email, token, newPassword: 'alllowercaselong', confirmPassword: 'alllowercaselong' });
    expect(weak.status).toBe(422);
    const text = decoded(weak.text);
    expect(text).toContain('Passwords must have at least one symbol character.');
    expect(text).toContain("Passwords must have at least one uppercase ('A'-'Z').");
    expect(text).not.toContain('non alphanumeric');

    const done = await agent.post('/auth/reset-password').type('form').send({ _csrf, email, token, newPassword: 'Reset-Password-77!', confirmPassword: 'Reset-Password-77!' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/auth/login');
    expect((await agent.get('/auth/login')).text).toContain(errorMessages.passwordChanged);

    const signedIn = await postForm(agent, '/auth/login', { userName: email, password: 'Reset-Password-77!', returnUrl: '/' });
    expect(signedIn.status).toBe(303);

    // The link is spent: using it again is refused with the API's reason.
    const again = await agent.post('/auth/reset-password').type('form').send({ _csrf: await csrfFor(agent, '/auth/login'), email, token, newPassword: 'Other-Password-88!', confirmPassword: 'Other-Password-88!' });
    expect(again.status).toBe(422);
    expect(again.text).toContain('Invalid token.');

    // Opened again, the spent link says so at once, with no form to fill in, and leads to a new one.
    const reopened = await agent.get(`${link.pathname}${link.search}`);
    expect(reopened.status).toBe(410);
    expect(decoded(reopened.text)).toContain(uiText.resetPasswordLinkUnusable);
    expect(reopened.text).not.toContain('name="newPassword"');
    expect(decoded(reopened.text)).toContain(`href="/auth/forgot-password?email=${encodeURIComponent(email)}">${uiText.askForNewResetLink}</a>`);
    const madeUp = await agent.get(`/auth/reset-password?email=${encodeURIComponent(email)}&token=made-up`);
    expect(madeUp.status).toBe(410);
    // A usable link still shows the form (checked above: 200 with the form).
    expect(form.text).toContain('name="newPassword"');
  });

  it('answers the dialog as JSON', async () => {
    const agent = request.agent(portal.app);
    const csrf = await csrfFor(agent, '/auth/login');
    const bad = await agent.post('/auth/forgot-password').set('x-csrf-token', csrf).send({ email: '' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ok: false, message: validationMessages.valueRequired });
    const ok = await agent.post('/auth/forgot-password').set('x-csrf-token', csrf).send({ email: uniqueEmail('nobody') });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: errorMessages.passwordRecoverySent });
  });

  it('says the link is incomplete without email and token', async () => {
    const res = await request(portal.app).get('/auth/reset-password');
    expect(res.status).toBe(400);
    expect(res.text).toContain(uiText.resetPasswordLinkInvalid);
  });
});

describe('bot check', () => {
  it('loads the reCAPTCHA field island on the login page when a site key is set', async () => {
    const withKey = await startTestPortal({ api: portal.api ?? undefined, env: { RECAPTCHA_SITE_KEY: 'site-key-123' } });
    try {
      const res = await request(withKey.app).get('/auth/login');
      expect(res.text).toContain('data-island="RecaptchaField"');
      expect(res.text).toContain('"siteKey":"site-key-123"');
      expect(res.text.match(/name="recaptchaToken"/g)).toHaveLength(1);
      expect(res.headers['content-security-policy']).toContain('https://www.google.com/recaptcha/');
    } finally {
      await withKey.close();
    }
  });
});

// ---- simple register form -------------------------------------------------------------------------

describe('/auth/register', () => {
  it('only validates', async () => {
    const agent = request.agent(portal.app);
    const bad = await postForm(agent, '/auth/register', { email: 'nope', firstName: '', lastName: 'Lee', password: 'a', confirmPassword: 'b' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(validationMessages.notValidEmail);
    expect(bad.text).toContain(validationMessages.mustEnterValue);
    expect(bad.text).toContain(validationMessages.passwordsMustMatch);
    const ok = await postForm(agent, '/auth/register', { email: 'pat@example.org', firstName: 'Pat', lastName: 'Lee', password: 'a', confirmPassword: 'a' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(uiText.registerDetailsValid);
    expect(ok.text).toContain('href="/dr-request"');
  });
});

// ---- CSRF on every POST -----------------------------------------------------------------------------

describe('CSRF', () => {
  it.each([
    ['/auth/login'],
    ['/auth/forgot-password'],
    ['/auth/register'],
    ['/auth/reset-password'],
    ['/auth/account-created/resend'],
    ['/dr-request'],
    ['/dr-request/confirm'],
    ['/dr-request/register'],
  ])('refuses POST %s without a token', async (pathname) => {
    const agent = request.agent(portal.app);
    await agent.get('/auth/login'); // a session with a token exists, but the post does not carry it
    const res = await agent.post(pathname).type('form').send({ userName: 'state.user@demo.example', password: DEMO_PASSWORD, email: 'a@b.org' });
    expect(res.status).toBe(403);
    const json = await agent.post(pathname).set('x-csrf-token', 'forged').send({ email: 'a@b.org' });
    expect(json.status).toBe(403);
  });

  it('refuses a cross-site POST even with a valid token', async () => {
    const agent = request.agent(portal.app);
    const _csrf = await csrfFor(agent, '/auth/login');
    const res = await agent
      .post('/auth/login')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ _csrf, userName: 'state.user@demo.example', password: DEMO_PASSWORD, returnUrl: '/' });
    expect(res.status).toBe(403);
  });
});

// ---- rate limiting (last: it spends this IP's sign-in budget) --------------------------------------

describe('sign-in rate limit', () => {
  it('after five wrong passwords answers 429 saying the account waits a while, keeping the typed name', async () => {
    const agent = request.agent(portal.app);
    const userName = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await postForm(agent, '/auth/login', { userName, password: 'Wrong-Password-9!', returnUrl: '/' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.text).toContain(errorMessages.accountLocked);
        expect(res.text).toContain(`value="${userName}"`);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
