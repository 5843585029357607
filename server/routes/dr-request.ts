// /dr-request (spec §2 "Registration page"): a public dispute resolution user creates an
// account. Only for visitors who are not signed in. With JavaScript the form's island shows the
// confirmation dialog and, on Confirm, posts JSON to /dr-request/register. Without it the form
// posts to /dr-request, the confirmation is a page of its own, and its Confirm posts to
// /dr-request/confirm; the entered details wait in the server-side session in between, the
// password encrypted with a key that only the confirmation page holds (server/sealed-secret.ts),
// so neither Redis nor the page alone has it (issue 10, finding 8).
import { seal, unseal, type Sealed } from '../sealed-secret.js';
import { anonymousPostLimit } from '../rate-limit.js';
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement as h } from 'react';
import { registerResponse } from '../../lib/contract.js';
import { errorMessages, uiText } from '../../lib/messages.js';
import { drRegistrationFields, drRegistrationSchema, formText, validateForm, type FieldError } from '../../lib/validation/auth.js';
import { DrRequestPage, type DrRequestPageProps } from '../../views/pages/DrRequestPage.js';
import { DrRequestConfirmPage } from '../../views/pages/DrRequestConfirmPage.js';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../auth-session.js';
import { addFlash } from '../flash.js';
import { UpstreamError } from '../upstream.js';
import { apiOf, loadTextBlock, render, RESEND_LOCK_SECONDS, startResendLock, statusForUpstream, textBlockCodes, wantsJson } from './auth.js';

export interface PendingRegistration {
  fullName: string;
  email: string;
  /** The password, encrypted; its key is the confirmation page's pendingId. */
  password: Sealed;
  createdAt: number;
}

declare module 'express-session' {
  interface SessionData {
    /** A registration validated without JavaScript, waiting for its Confirm (one at a time). */
    pendingRegistration?: PendingRegistration;
  }
}

/** How long a validated registration waits for Confirm. */
export const PENDING_REGISTRATION_TTL_MS = 15 * 60_000;

interface RegistrationInput {
  fullName: string;
  email: string;
  password: string;
  recaptchaToken: string;
}

type RegisterOutcome = { ok: true; location: string } | { ok: false; status: number };

/** POST /api/auth/register, then the address of the account-created page. */
async function register(req: Request, res: Response, input: RegistrationInput): Promise<RegisterOutcome> {
  try {
    const { userId } = await apiOf(res).call({
      path: '/api/auth/register',
      json: {
        fullName: input.fullName,
        email: input.email,
        password: input.password,
        confirmPassword: input.password,
        recaptchaToken: input.recaptchaToken,
      },
      schema: registerResponse,
      auth: 'none',
    });
    // The confirmation email has just gone out: resend opens after the spec's 5 minutes (§2, §9).
    startResendLock(req, userId, RESEND_LOCK_SECONDS);
    return { ok: true, location: `/auth/account-created?${new URLSearchParams({ uid: userId, email: input.email }).toString()}` };
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    // Spec §8: a registration failure is only logged, with no user message. We still tell the
    // user "Something went wrong!" (the catalogue's generic failure) so they are not left
    // looking at a form that silently did nothing.
    req.log.error({ status: err.status, kind: err.kind, apiMessage: err.body?.message }, 'registration failed');
    return { ok: false, status: statusForUpstream(err) };
  }
}

async function renderForm(
  req: Request,
  res: Response,
  view: { values?: DrRequestPageProps['values']; errors?: FieldError[]; formError?: string; status?: number },
): Promise<void> {
  const [instructions, passwordRequirements] = await Promise.all([
    loadTextBlock(req, res, textBlockCodes.drInstructions),
    loadTextBlock(req, res, textBlockCodes.drPasswordRequirements),
  ]);
  const errors = view.errors ?? [];
  render(
    req,
    res,
    h(DrRequestPage, {
      values: view.values ?? { fullName: '', email: '', agreement: false },
      errors,
      formError: view.formError,
      instructions,
      passwordRequirements,
    }),
    {
      title: uiText.requestDisputeResolution,
      status: view.status,
      errorsInTitle: errors.length > 0 || Boolean(view.formError),
    },
  );
}

function enteredValues(body: unknown): DrRequestPageProps['values'] {
  const agreement = formText(body, 'agreement');
  return {
    fullName: formText(body, 'fullName').trim(),
    email: formText(body, 'email').trim(),
    agreement: agreement === 'on' || agreement === 'true',
  };
}

/** Spec §2: only for visitors who are not signed in; a signed-in user goes to the dashboard. */
const signedOutOnly: RequestHandler = (req, res, next) => {
  if (!currentUser(req)) return next();
  if (wantsJson(req)) res.status(409).json({ ok: false, message: errorMessages.somethingWentWrong, location: '/' });
  else res.redirect(303, '/');
};

export function drRequestRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get('/dr-request', signedOutOnly, async (req, res) => {
    await renderForm(req, res, {});
  });

  // Without JavaScript: validate, keep the details in the session, show the confirmation page.
  router.post('/dr-request', signedOutOnly, anonymousPostLimit, async (req, res) => {
    const result = validateForm(drRegistrationSchema, req.body, drRegistrationFields);
    if (!result.ok) {
      await renderForm(req, res, { values: enteredValues(req.body), errors: result.errors, status: 422 });
      return;
    }
    const { key, ...password } = seal(result.data.password);
    const pending: PendingRegistration = {
      fullName: result.data.fullName,
      email: result.data.email,
      password,
      createdAt: Date.now(),
    };
    req.session.pendingRegistration = pending;
    render(req, res, h(DrRequestConfirmPage, { pendingId: key, email: pending.email }), {
      title: uiText.accountCreationConfirmation,
    });
  });

  // Without JavaScript: the confirmation page's Confirm.
  router.post('/dr-request/confirm', signedOutOnly, anonymousPostLimit, async (req, res) => {
    const pending = req.session.pendingRegistration;
    const pendingId = formText(req.body, 'pendingId');
    const password = pending && Date.now() - pending.createdAt <= PENDING_REGISTRATION_TTL_MS ? unseal(pending.password, pendingId) : null;
    if (!pending || password === null) {
      if (pending && Date.now() - pending.createdAt > PENDING_REGISTRATION_TTL_MS) delete req.session.pendingRegistration;
      addFlash(req, { type: 'error', text: uiText.drConfirmExpired });
      res.redirect(303, '/dr-request');
      return;
    }
    // Used once, whatever the outcome: the password does not stay in the session.
    delete req.session.pendingRegistration;
    const outcome = await register(req, res, {
      fullName: pending.fullName,
      email: pending.email,
      password,
      recaptchaToken: formText(req.body, 'recaptchaToken'),
    });
    if (outcome.ok) {
      res.redirect(303, outcome.location);
      return;
    }
    await renderForm(req, res, {
      values: { fullName: pending.fullName, email: pending.email, agreement: true },
      formError: errorMessages.somethingWentWrong,
      status: outcome.status,
    });
  });

  // With JavaScript: the dialog's Confirm posts the form as JSON.
  router.post('/dr-request/register', signedOutOnly, anonymousPostLimit, async (req, res) => {
    const result = validateForm(drRegistrationSchema, req.body, drRegistrationFields);
    if (!result.ok) {
      res.status(422).json({ ok: false, errors: result.errors });
      return;
    }
    const outcome = await register(req, res, {
      fullName: result.data.fullName,
      email: result.data.email,
      password: result.data.password,
      recaptchaToken: formText(req.body, 'recaptchaToken'),
    });
    if (outcome.ok) res.json({ ok: true, location: outcome.location });
    else res.status(outcome.status).json({ ok: false, message: errorMessages.somethingWentWrong });
  });

  return router;
}
