// The auth area (spec §2 "/auth"): sign-in with email verification, the Reset Password dialog
// and its no-JavaScript page, the simple register form, reset password, the new-register
// redirect and the account-created page with its resend lock. Every form posts here with CSRF;
// a bad form re-renders with 422, a good one redirects with 303 (post/redirect/get).
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement as h, type ReactElement } from 'react';
import { z } from 'zod';
import { confirmEmailResponse, resendVerificationResponse, textBlock, verifyEmailResponse, type TextBlock } from '../../lib/contract.js';
import { errorMessages, uiText } from '../../lib/messages.js';
import { formatCountdown, secondsUntil } from '../../lib/format-countdown.js';
import { canAccessPath } from '../../lib/routes.js';
import { safeReturnUrl } from '../../lib/return-url.js';
import {
  forgotPasswordFields,
  forgotPasswordSchema,
  formText,
  loginFields,
  loginSchema,
  recoveryFailureMessage,
  resetPasswordFailureMessages,
  resetPasswordFields,
  resetPasswordSchema,
  simpleRegisterFields,
  simpleRegisterSchema,
  validateForm,
  type FieldError,
  type LoginForm,
} from '../../lib/validation/auth.js';
import { loginEmailError } from '../../lib/validation/auth-rules.js';
import { LoginPage, RESEND_BY_ADDRESS_PATH, type LoginPageProps } from '../../views/pages/auth/LoginPage.js';
import { ForgotPasswordPage } from '../../views/pages/auth/ForgotPasswordPage.js';
import { RegisterPage } from '../../views/pages/auth/RegisterPage.js';
import { ResetPasswordPage } from '../../views/pages/auth/ResetPasswordPage.js';
import { AccountCreatedPage } from '../../views/pages/auth/AccountCreatedPage.js';
import { ConfirmEmailPage, type ConfirmEmailOutcome } from '../../views/pages/auth/ConfirmEmailPage.js';
import type { AppDeps } from '../deps.js';
import { signIn } from '../auth-session.js';
import { addFlash } from '../flash.js';
import { anonymousPostLimit, signInRateLimit } from '../rate-limit.js';
import { renderPage, type PageOptions } from '../render.js';
import { UpstreamError, type ApiClient } from '../upstream.js';

// ---- session state of these screens --------------------------------------------------------

export type VerificationOutcome = 'success' | 'failure' | 'error';

declare module 'express-session' {
  interface SessionData {
    /** The last email verification of this browser, so a re-rendered login keeps its text. */
    emailVerification?: { uid: string; outcome: VerificationOutcome };
    /** Resend-verification locks: uid → when resend is allowed again (ms since epoch). */
    resendLocks?: Record<string, number>;
  }
}

/** Spec §9: resend verification lock. */
export const RESEND_LOCK_SECONDS = 300;
/** Locks kept per session, newest first; more would only grow the session. */
const MAX_RESEND_LOCKS = 10;

export const PUBLIC_DR_HOME = '/dispute-resolution/request';

export const textBlockCodes = {
  login: 'login-screen-text',
  verificationSuccess: 'email-verification-success',
  verificationFailure: 'email-verification-failure',
  accountCreated: 'dr-account-created-success',
  drInstructions: 'dr-new-register-instructions',
  drPasswordRequirements: 'dr-password-requirements',
} as const;

// ---- helpers shared with the registration page -----------------------------------------------

export function apiOf(res: Response): ApiClient {
  return res.locals.api as ApiClient;
}

/** A query value as one trimmed string ('' when absent, repeated or too long to be genuine). */
export function queryText(value: unknown, maxLength = 200): string {
  if (typeof value !== 'string') return '';
  const v = value.trim();
  return v.length > maxLength ? '' : v;
}

/** True when an island posted JSON and expects JSON back. */
export function wantsJson(req: Request): boolean {
  return Boolean(req.is('application/json'));
}

/** A text block for an anonymous page; a missing or failing block is logged and left out. */
export async function loadTextBlock(req: Request, res: Response, code: string): Promise<TextBlock | null> {
  try {
    return await apiOf(res).call({ path: `/api/text-blocks/by-block-code/${encodeURIComponent(code)}`, schema: textBlock, auth: 'none' });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ code, status: err.status, kind: err.kind }, 'text block unavailable');
    return null;
  }
}

/** The status to answer with when the API refused or failed: its own 4xx, else a gateway error. */
export function statusForUpstream(err: UpstreamError): number {
  if (err.kind === 'http' && err.status >= 400 && err.status < 500) return err.status;
  if (err.kind === 'timeout') return 504;
  if (err.kind === 'network') return 503;
  return 502;
}

export function render(req: Request, res: Response, page: ReactElement, options: PageOptions): void {
  renderPage(req, res, page, { layout: 'public', ...options });
}

function resendLockSeconds(req: Request, uid: string, now = Date.now()): number {
  const until = req.session.resendLocks?.[uid];
  return until ? secondsUntil(until, now) : 0;
}

/** Starts (or extends) the resend lock of `uid` in this session, dropping expired ones. */
export function startResendLock(req: Request, uid: string, seconds: number, now = Date.now()): void {
  const current = req.session.resendLocks ?? {};
  const live = Object.entries(current).filter(([key, until]) => key !== uid && until > now);
  const until = Math.max(now + seconds * 1000, current[uid] ?? 0);
  req.session.resendLocks = Object.fromEntries([[uid, until], ...live].slice(0, MAX_RESEND_LOCKS));
}

// ---- login ---------------------------------------------------------------------------------

const LOGIN_TITLE = uiText.signIn;

interface LoginView {
  userName?: string;
  errors?: FieldError[];
  formError?: string;
  returnUrl: string;
  uid: string;
  status?: number;
  offerResendFor?: string;
}

/** The login text for this request: the verification result's block when a uid came along. */
async function loginTextFor(req: Request, res: Response, uid: string): Promise<Pick<LoginPageProps, 'textBlock' | 'verificationError'>> {
  const outcome = uid && req.session.emailVerification?.uid === uid ? req.session.emailVerification.outcome : null;
  if (!outcome) return { textBlock: await loadTextBlock(req, res, textBlockCodes.login) };
  if (outcome === 'success') return { textBlock: await loadTextBlock(req, res, textBlockCodes.verificationSuccess) };
  return {
    textBlock: await loadTextBlock(req, res, textBlockCodes.verificationFailure),
    verificationError: outcome === 'failure' ? errorMessages.verificationFailed : errorMessages.verificationError,
  };
}

async function renderLogin(req: Request, res: Response, view: LoginView): Promise<void> {
  const text = await loginTextFor(req, res, view.uid);
  const errors = view.errors ?? [];
  render(
    req,
    res,
    h(LoginPage, {
      userName: view.userName ?? '',
      errors,
      formError: view.formError,
      returnUrl: view.returnUrl,
      uid: view.uid,
      offerResendFor: view.offerResendFor,
      ...text,
    }),
    { title: LOGIN_TITLE, status: view.status, errorsInTitle: errors.length > 0 || Boolean(view.formError) },
  );
}

/** Spec §2/§4: verify the email of a verification link; the outcome is kept for this session. */
async function verifyEmail(req: Request, res: Response, uid: string): Promise<void> {
  const previous = req.session.emailVerification;
  // A reload of the link shows the first answer again rather than verifying twice.
  if (previous?.uid === uid && previous.outcome !== 'error') return;
  let outcome: VerificationOutcome;
  try {
    const result = await apiOf(res).call({ path: '/api/auth/verify-email', json: { uid }, schema: verifyEmailResponse, auth: 'none' });
    outcome = result.success ? 'success' : 'failure';
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ status: err.status, kind: err.kind }, 'email verification call failed');
    outcome = 'error';
  }
  req.session.emailVerification = { uid, outcome };
}

/** Which status a sign-in failure answers with, from its catalogue message (the API's own
 *  messages arrive prefixed with "Error: "). */
function bareFailure(message: string): string {
  return message.startsWith(errorMessages.loginErrorPrefix) ? message.slice(errorMessages.loginErrorPrefix.length) : message;
}

function signInFailureStatus(message: string): number {
  const bare = bareFailure(message);
  if (bare === errorMessages.tooManySignIns || bare === errorMessages.accountLocked) return 429;
  if (bare === errorMessages.noNetwork) return 503;
  if (bare === errorMessages.upstreamTimeout) return 504;
  return 401;
}

type LoginLocals = { loginForm?: LoginForm };

const validateLogin: RequestHandler = async (req, res, next) => {
  const result = validateForm(loginSchema, req.body, loginFields);
  if (!result.ok) {
    await renderLogin(req, res, {
      userName: formText(req.body, 'userName').trim(),
      errors: result.errors,
      returnUrl: safeReturnUrl(formText(req.body, 'returnUrl')),
      uid: queryText(formText(req.body, 'uid')),
      status: 422,
    });
    return;
  }
  (res.locals as LoginLocals).loginForm = result.data;
  next();
};

const renderRateLimited = async (req: Request, res: Response): Promise<void> => {
  await renderLogin(req, res, {
    userName: formText(req.body, 'userName').trim(),
    formError: errorMessages.tooManySignIns,
    returnUrl: safeReturnUrl(formText(req.body, 'returnUrl')),
    uid: queryText(formText(req.body, 'uid')),
    status: 429,
  });
};

const handleSignIn: RequestHandler = async (req, res) => {
  const form = (res.locals as LoginLocals).loginForm;
  if (!form) throw new Error('login form missing: validateLogin must run first');
  const returnUrl = safeReturnUrl(form.returnUrl);
  const result = await signIn(req, res, { username: form.userName, password: form.password, recaptchaToken: form.recaptchaToken });
  if (result.ok) {
    // Spec §2/§6: the public dispute resolution user goes to the request page; without a page to
    // go back to, a user goes to the home page chosen on the account page, if they may open it.
    const home = returnUrl === '/' && safeReturnUrl(result.homeUrl) === result.homeUrl && canAccessPath(result.homeUrl, result.user.permissions) ? result.homeUrl : returnUrl;
    res.redirect(303, result.isPublicDrUser ? PUBLIC_DR_HOME : home);
    return;
  }
  await renderLogin(req, res, {
    userName: form.userName,
    formError: result.message,
    returnUrl,
    uid: queryText(form.uid),
    status: signInFailureStatus(result.message),
    // Unverified: the spec's message stays, with a way on for someone who lost the email.
    offerResendFor: bareFailure(result.message) === errorMessages.emailNotVerified ? form.userName : undefined,
  });
};

/**
 * The sign-in page's "Send a new verification email". By address, and the answer is the same
 * whether or not an account waits for verification (the API keeps one email per 300 s an account).
 */
const resendVerificationByAddress: RequestHandler = async (req, res) => {
  const email = formText(req.body, 'email').trim();
  if (!loginEmailError(email)) {
    try {
      await apiOf(res).call({ path: '/api/auth/resend-verification', json: { email }, schema: resendVerificationResponse, auth: 'none' });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      req.log.warn({ status: err.status, kind: err.kind }, 'resend verification by address failed');
      addFlash(req, { type: 'error', text: errorMessages.resendFailed });
      return res.redirect(303, '/auth/login');
    }
  }
  addFlash(req, { type: 'success', text: uiText.verificationResentIfWaiting });
  res.redirect(303, '/auth/login');
};

// ---- forgot password -----------------------------------------------------------------------

async function recoverPassword(req: Request, res: Response): Promise<void> {
  const json = wantsJson(req);
  const result = validateForm(forgotPasswordSchema, req.body, forgotPasswordFields);
  if (!result.ok) {
    if (json) {
      res.status(422).json({ ok: false, message: result.errors[0]?.message, errors: result.errors });
      return;
    }
    render(req, res, h(ForgotPasswordPage, { email: formText(req.body, 'email').trim(), errors: result.errors }), {
      title: uiText.resetPassword,
      status: 422,
      errorsInTitle: true,
    });
    return;
  }
  const { email } = result.data;
  try {
    await apiOf(res).call({ path: '/api/account/recover/password', json: { email }, auth: 'none' });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ status: err.status, kind: err.kind }, 'password recovery failed');
    const message = recoveryFailureMessage(err.body);
    const status = statusForUpstream(err);
    if (json) {
      res.status(status).json({ ok: false, message });
      return;
    }
    render(req, res, h(ForgotPasswordPage, { email, errors: [], formError: message }), {
      title: uiText.resetPassword,
      status,
      errorsInTitle: true,
    });
    return;
  }
  if (json) {
    res.json({ ok: true, message: errorMessages.passwordRecoverySent });
    return;
  }
  addFlash(req, { type: 'success', text: errorMessages.passwordRecoverySent });
  res.redirect(303, '/auth/login');
}

// ---- reset password ------------------------------------------------------------------------

const resetCheck = z.object({ usable: z.boolean() });

/** Whether the emailed link can still be used; when the API cannot say, the form is shown as before. */
async function resetLinkUsable(req: Request, res: Response, email: string, token: string): Promise<boolean> {
  try {
    return (await apiOf(res).call({ path: '/api/account/reset/check', json: { email, token: token.slice(0, 512) }, schema: resetCheck, auth: 'none' })).usable;
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ status: err.status, kind: err.kind }, 'reset link check failed');
    return true;
  }
}

async function resetPassword(req: Request, res: Response): Promise<void> {
  const email = queryText(formText(req.body, 'email'));
  const token = formText(req.body, 'token').slice(0, 2048);
  const page = (status: number, errors: FieldError[], serverErrors: string[]) =>
    render(req, res, h(ResetPasswordPage, { email, token, errors, serverErrors }), {
      title: uiText.resetPassword,
      status,
      errorsInTitle: errors.length > 0 || serverErrors.length > 0,
    });
  if (!email || !token) {
    page(400, [], []);
    return;
  }
  const result = validateForm(resetPasswordSchema, req.body, resetPasswordFields);
  if (!result.ok) {
    page(422, result.errors, []);
    return;
  }
  try {
    await apiOf(res).call({
      path: '/api/account/reset/password',
      json: { email, newPassword: result.data.newPassword, token },
      auth: 'none',
    });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ status: err.status, kind: err.kind }, 'password reset refused');
    page(err.kind === 'http' && err.status >= 400 && err.status < 500 ? 422 : statusForUpstream(err), [], resetPasswordFailureMessages(err.body, err.message));
    return;
  }
  addFlash(req, { type: 'success', text: errorMessages.passwordChanged });
  res.redirect(303, '/auth/login');
}

// ---- account created and resend -------------------------------------------------------------

const resendBody = z.object({ uid: z.string().trim().min(1).max(200), email: z.string().trim().max(200).optional().default('') });

function accountCreatedUrl(uid: string, email: string): string {
  return `/auth/account-created?${new URLSearchParams({ uid, email }).toString()}`;
}

async function renderAccountCreated(req: Request, res: Response, uid: string, email: string, status = 200): Promise<void> {
  const block = await loadTextBlock(req, res, textBlockCodes.accountCreated);
  render(req, res, h(AccountCreatedPage, { uid, email, textBlock: block, lockSeconds: resendLockSeconds(req, uid) }), {
    title: uiText.requestDisputeResolution,
    status,
  });
}

async function resendVerification(req: Request, res: Response): Promise<void> {
  const json = wantsJson(req);
  const parsed = resendBody.safeParse(req.body);
  if (!parsed.success) {
    if (json) res.status(400).json({ ok: false, message: errorMessages.resendFailed });
    else {
      addFlash(req, { type: 'error', text: errorMessages.resendFailed });
      res.redirect(303, '/auth/login');
    }
    return;
  }
  const { uid, email } = parsed.data;
  const back = accountCreatedUrl(uid, email);
  const locked = resendLockSeconds(req, uid);
  if (locked > 0) {
    // The lock holds on the server too: a form posted without JavaScript, or twice, is refused.
    const message = uiText.resendWait(formatCountdown(locked));
    if (json) res.status(429).json({ ok: false, message, retryAfterSeconds: locked });
    else await renderAccountCreated(req, res, uid, email, 429);
    return;
  }
  let sent = false;
  let retryAfter = 0;
  // Not sent: the API's own 4xx (an unknown or verified account is no gateway failure), else 502/503/504.
  let failStatus = 502;
  try {
    const result = await apiOf(res).call({ path: '/api/auth/resend-verification', json: { uid }, schema: resendVerificationResponse, auth: 'none' });
    sent = result.sent;
    retryAfter = result.retryAfterSeconds;
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    failStatus = statusForUpstream(err);
    req.log.warn({ status: err.status, kind: err.kind, code: err.body?.code }, 'resend verification failed');
    // The API keeps its own 300 s window (429 with retryAfterSeconds): follow it here too.
    retryAfter = err.body?.retryAfterSeconds ?? 0;
  }
  if (sent) startResendLock(req, uid, Math.max(RESEND_LOCK_SECONDS, retryAfter));
  else if (retryAfter > 0) startResendLock(req, uid, retryAfter);
  const lockSeconds = resendLockSeconds(req, uid);
  if (json) {
    res.status(sent ? 200 : failStatus).json(
      sent
        ? { ok: true, message: errorMessages.verificationEmailSent, retryAfterSeconds: lockSeconds }
        : { ok: false, message: errorMessages.resendFailed, retryAfterSeconds: lockSeconds },
    );
    return;
  }
  addFlash(req, sent ? { type: 'success', text: errorMessages.verificationEmailSent } : { type: 'error', text: errorMessages.resendFailed });
  res.redirect(303, back);
}

// ---- the router ----------------------------------------------------------------------------

export function authRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get('/auth/login', async (req, res) => {
    const uid = queryText(req.query.uid);
    if (uid) await verifyEmail(req, res, uid);
    await renderLogin(req, res, { returnUrl: safeReturnUrl(req.query.returnUrl), uid });
  });
  // Order (brief): validate first, so a form with errors never counts against the limits.
  router.post('/auth/login', validateLogin, signInRateLimit(renderRateLimited), handleSignIn);
  router.post(RESEND_BY_ADDRESS_PATH, anonymousPostLimit, resendVerificationByAddress);

  router.get('/auth/forgot-password', (req, res) => {
    render(req, res, h(ForgotPasswordPage, { email: queryText(req.query.email), errors: [] }), { title: uiText.resetPassword });
  });
  router.post('/auth/forgot-password', anonymousPostLimit, recoverPassword);

  router.get('/auth/register', (req, res) => {
    render(req, res, h(RegisterPage, { values: { email: '', firstName: '', lastName: '' }, errors: [], valid: false }), {
      title: uiText.register,
    });
  });
  router.post('/auth/register', anonymousPostLimit, (req, res) => {
    const result = validateForm(simpleRegisterSchema, req.body, simpleRegisterFields);
    const values = {
      email: formText(req.body, 'email').trim(),
      firstName: formText(req.body, 'firstName').trim(),
      lastName: formText(req.body, 'lastName').trim(),
    };
    // Spec §2: submit only validates. Nothing is stored, so a valid form answers 200 in place.
    render(req, res, h(RegisterPage, { values, errors: result.ok ? [] : result.errors, valid: result.ok }), {
      title: uiText.register,
      status: result.ok ? 200 : 422,
      errorsInTitle: !result.ok,
    });
  });

  router.get('/auth/reset-password', async (req, res) => {
    const email = queryText(req.query.email);
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 2048) : '';
    const linkUnusable = email !== '' && token !== '' && !(await resetLinkUsable(req, res, email, token));
    render(req, res, h(ResetPasswordPage, { email, token, errors: [], serverErrors: [], linkUnusable }), {
      title: uiText.resetPassword,
      status: !email || !token ? 400 : linkUnusable ? 410 : 200,
    });
  });
  router.post('/auth/reset-password', anonymousPostLimit, resetPassword);

  // Spec §2: new-register is the old address of the registration page.
  router.get('/auth/new-register', (_req, res) => res.redirect(301, '/dr-request'));

  router.get('/auth/account-created', async (req, res) => {
    await renderAccountCreated(req, res, queryText(req.query.uid), queryText(req.query.email));
  });
  router.post('/auth/account-created/resend', anonymousPostLimit, resendVerification);

  // Issue 10, finding 1: the link sent to a new email address; the change happens here.
  router.get('/auth/confirm-email', async (req, res) => {
    const token = queryText(req.query.token);
    let outcome: ConfirmEmailOutcome = 'invalid';
    if (token) {
      try {
        const result = await apiOf(res).call({ path: '/api/account/email/confirm', json: { token }, schema: confirmEmailResponse, auth: 'none' });
        outcome = result.outcome;
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        req.log.warn({ status: err.status, kind: err.kind }, 'email change confirmation failed');
        outcome = err.kind === 'http' && err.status === 400 ? 'invalid' : 'error';
      }
    }
    // The token is in the address: keep it out of any later Referer.
    res.set('Referrer-Policy', 'no-referrer');
    render(req, res, h(ConfirmEmailPage, { outcome }), { title: uiText.confirmEmailTitle, status: outcome === 'error' ? 503 : 200 });
  });

  return router;
}
