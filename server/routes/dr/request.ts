// The Create Request wizard (/dispute-resolution/request?step=1..7, DR spec §4.2), without
// JavaScript: each step is a form that posts its fields with the hidden step and the button
// pressed. 'Save and continue' saves the draft with the step's checks (PUT .../draft, the API's
// stepErrors) and answers 303 to the next step; 'Save draft' and 'Back' save what was typed
// unchecked. A refused step re-renders (422) with what was typed, the error summary and the
// field messages, all in the API's words. The first save creates the draft (POST /cases).
//
// The session keeps the draft id and its option for the signed-in user; any page outside the
// wizard clears them (leaveWizard, mounted ahead of every page router), and the draft stays
// under My Requests, where ?draft=<id> continues it. Step 7 submits (POST .../submit) and 303s to
// ?step=submitted, the acknowledgement with the case number and the first legal dates.
import { drHas, isDrStateStaff } from './access.js';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createElement, type ReactElement } from 'react';
import { z } from 'zod';
import { user, type TextBlock } from '../../../lib/contract.js';
import { formatDay } from '../../../lib/dates.js';
import { DEADLINE_NAMES, drCase, drRespondents, drSubmitted, type DrCase, type DrRespondents } from '../../../lib/dr/contract.js';
import { nextStep, previousStep, RECEIVED_VIA, SIGNING_TEXT_BLOCKS, stepsFor, stepWarnings, WIZARD_STEPS, type DraftState, type StepError } from '../../../lib/dr/request.js';
import { signText } from '../../../lib/dr/sign-text.js';
import type { RequestOption } from '../../../lib/dr/request-rules.js';
import { wizardText as t } from '../../../lib/dr/wizard-text.js';
import { moduleById, routeById } from '../../../lib/routes.js';
import { fieldIdOf, intakeForm, MAX_ALLEGATIONS, readStep, signForm, withChange, wizardPost, type IntakeForm, type StepChange } from '../../../lib/validation/dr-request.js';
import { AcknowledgementPage } from '../../../views/pages/dr/request/AcknowledgementPage.js';
import { DueProcessStep } from '../../../views/pages/dr/request/DueProcessStep.js';
import { OptionStep } from '../../../views/pages/dr/request/OptionStep.js';
import { WIZARD_PATH } from '../../../views/pages/dr/request/paths.js';
import { ProblemStep } from '../../../views/pages/dr/request/ProblemStep.js';
import { RequestWizardPage } from '../../../views/pages/dr/request/RequestWizardPage.js';
import { ReviewStep } from '../../../views/pages/dr/request/ReviewStep.js';
import { ESignPanel, SignStep } from '../../../views/pages/dr/request/SignStep.js';
import { StudentStep } from '../../../views/pages/dr/request/StudentStep.js';
import { WhoStep } from '../../../views/pages/dr/request/WhoStep.js';
import { currentUser } from '../../auth-session.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { refusalErrors, SessionExpiredError, UpstreamError } from '../../upstream.js';
import { loadTextBlock } from '../auth.js';

/** What the acknowledgement shows, kept from the submit answer until the user leaves the wizard. */
interface SubmittedSummary {
  caseNumber: string;
  receivedDate: string;
  dates: { code: string; dueDate: string }[];
  linkedMediation: string | null;
}

declare module 'express-session' {
  interface SessionData {
    /** The Create Request wizard's draft (DR spec §4.2), cleared outside the wizard. */
    drDraftId?: string;
    /** That draft's option (the form the wizard shows). */
    drDraftOption?: RequestOption;
    /** The request just submitted, for its acknowledgement page. */
    drSubmitted?: SubmittedSummary;
  }
}

const ROUTE = routeById('dr.request');
const API = '/api/disputeresolution/cases';
/** ' - Dispute Resolution' after each page's own title. */
const MODULE = moduleById('dr').menuLabel;

/** The first legal dates each type's acknowledgement names (§4.2): SC report, DP resolution meeting and period, EDP hearing. */
const FIRST_DATES = ['SC_DECISION', 'DP_RESOLUTION_MEETING', 'DP_RESOLUTION_PERIOD_END', 'EDP_HEARING'] as const;

const TEXT = {
  intro: 'dr-request-page-one',
  dpQuestions: ['dr-due-process-ques-1', 'dr-due-process-ques-2', 'dr-due-process-ques-3'],
  review: 'review-entered-details',
  disclaimer: SIGNING_TEXT_BLOCKS[0],
  submission: SIGNING_TEXT_BLOCKS[1],
  acknowledgement: 'dispute-request-submission-acknowledgement',
} as const;

const stepQuery = z.object({
  step: z.union([z.literal('submitted'), z.coerce.number().int().min(1).max(WIZARD_STEPS)]).optional().catch(undefined),
  draft: z.uuid().optional().catch(undefined),
});

/** Inside the wizard: its own page, nothing below it. */
const inWizard = (path: string) => path === WIZARD_PATH;

/** Any page outside the wizard forgets its draft (§4.2); the draft stays under My Requests. */
export function leaveWizard(): RequestHandler {
  return (req, _res, next) => {
    const s = req.session;
    if (req.method === 'GET' && s && (s.drDraftId || s.drDraftOption || s.drSubmitted) && !inWizard(req.path) && !req.path.startsWith('/api/')) {
      delete s.drDraftId;
      delete s.drDraftOption;
      delete s.drSubmitted;
    }
    next();
  };
}

/** A district contact files for their district (type 6), as the API decides it. */
function filerIsLea(req: Request): boolean {
  return Boolean(currentUser(req)) && drHas(req, 'roles.leauser') && !drHas(req, 'stateuser', 'roles.publicuser');
}

/** A fresh form: step 1 prefilled from the account (name, email, phone), as POST /cases will save it. */
async function freshState(req: Request, res: Response): Promise<DraftState> {
  if (!currentUser(req)) throw new SessionExpiredError();
  const me = await res.locals.api.call({ path: '/api/account/users/me', schema: user });
  return {
    ...(filerIsLea(req) ? { requesterType: 6 } : {}),
    data: { requester: { fullName: me.fullName, email: me.email, phone: me.phoneNumber, preferredLanguage: 'English' } },
  };
}

const stateOf = (c: DrCase): DraftState => ({
  ...(c.requesterType ? { requesterType: c.requesterType } : {}),
  ...(c.option ? { option: c.option } : {}),
  ...(c.leaId ? { leaId: c.leaId } : {}),
  data: c.data,
});

function forget(req: Request): void {
  delete req.session.drDraftId;
  delete req.session.drDraftOption;
}

/** The caller's own draft, or null when it is gone (deleted, submitted elsewhere, not theirs). */
async function loadDraft(res: Response, id: string): Promise<DrCase | null> {
  try {
    const c = await res.locals.api.call({ path: `${API}/${encodeURIComponent(id)}`, schema: drCase });
    return c.status === 0 && c.isOwner ? c : null;
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'http' && [403, 404].includes(err.status)) return null;
    throw err;
  }
}

/** The session's draft, or a fresh form when there is none (the session forgets a vanished one). */
async function currentDraft(req: Request, res: Response): Promise<{ state: DraftState; draft: DrCase | null }> {
  const id = req.session.drDraftId;
  const draft = id ? await loadDraft(res, id) : null;
  if (id && !draft) forget(req);
  return draft ? { state: stateOf(draft), draft } : { state: await freshState(req, res), draft: null };
}

/** The API's refusal of a step as errors, or rethrown when it is not one (5xx, network). */
function refusal(err: unknown): StepError[] {
  const errors = refusalErrors(err);
  if (!errors) throw err;
  return errors;
}

interface View {
  step: number;
  state: DraftState;
  errors?: readonly StepError[];
  sign?: { typedName: string; agreed: boolean };
  intake?: IntakeForm;
}

/** State staff record the intake of a filing instead of signing it (§4.2). */
function isStateStaff(req: Request): boolean {
  return Boolean(currentUser(req)) && isDrStateStaff(req);
}

async function respondentsFor(res: Response, leaId: number | undefined): Promise<DrRespondents> {
  return res.locals.api.call({ path: '/api/disputeresolution/respondents', query: { leaId }, schema: drRespondents });
}

async function stepContent(req: Request, res: Response, view: View, errors: Readonly<Record<string, string>>): Promise<ReactElement> {
  const { step, state } = view;
  const block = (code: string): Promise<TextBlock | null> => loadTextBlock(req, res, code);
  switch (step) {
    case 1:
      return createElement(WhoStep, { state, errors, filerIsLea: filerIsLea(req) || state.requesterType === 6, intro: await block(TEXT.intro) });
    case 2:
      return createElement(OptionStep, { state, errors });
    case 3:
      return createElement(StudentStep, { state, errors, respondents: await respondentsFor(res, state.leaId) });
    case 4:
      return createElement(ProblemStep, { state, errors, warnings: stepWarnings(4, state).map((w) => w.message) });
    case 5:
      return createElement(DueProcessStep, { state, errors, help: await Promise.all(TEXT.dpQuestions.map(block)) });
    case 6: {
      const [respondents, intro] = await Promise.all([respondentsFor(res, state.leaId), block(TEXT.review)]);
      return createElement(ReviewStep, { state, respondents, intro });
    }
    default: {
      const [disclaimer, submission] = await Promise.all([block(TEXT.disclaimer), block(TEXT.submission)]);
      const intake = isStateStaff(req)
        ? { values: view.intake ?? { receivedDate: '', receivedVia: '', otherPartyReceivedDate: '', signatureOnFile: false, recipientName: '', recipientEmail: '' }, dueProcess: state.option === 'DP', complaint: state.option === 'SC' }
        : null;
      return createElement(SignStep, { intake, errors, typedName: view.sign?.typedName ?? '', agreed: view.sign?.agreed ?? false, disclaimer, submission });
    }
  }
}

async function renderStep(req: Request, res: Response, view: View): Promise<void> {
  const errors = (view.errors ?? []).map((e) => ({ field: e.field === 'form' ? 'form' : fieldIdOf(e.field), message: e.message }));
  const byId: Record<string, string> = {};
  for (const e of errors) byId[e.field] ??= e.message;
  const content = await stepContent(req, res, view, byId);
  const esign = view.step === WIZARD_STEPS && isStateStaff(req) && view.state.option === 'SC'
    ? createElement(ESignPanel, { values: { recipientName: view.intake?.recipientName ?? '', recipientEmail: view.intake?.recipientEmail ?? '' }, errors: byId })
    : undefined;
  renderPage(req, res, createElement(RequestWizardPage, { step: view.step, errors, children: content, after: esign }), {
    title: `${t.stepTitle(view.step)} - ${MODULE}`,
    layout: 'shell',
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

async function renderAcknowledgement(req: Request, res: Response, summary: SubmittedSummary): Promise<void> {
  const block = await loadTextBlock(req, res, TEXT.acknowledgement);
  const dates = summary.dates.map((d) => ({ label: DEADLINE_NAMES[d.code] ?? d.code, date: formatDay(d.dueDate) }));
  renderPage(
    req,
    res,
    createElement(AcknowledgementPage, { block, caseNumber: summary.caseNumber, receivedDate: formatDay(summary.receivedDate), dates, linkedMediation: summary.linkedMediation }),
    { title: `${t.submittedTitle} - ${MODULE}`, layout: 'shell' },
  );
}

/** The step a GET may show: one of the option's steps, no further than the draft's next one. */
function reachableStep(asked: number | undefined, draft: DrCase | null): number {
  if (!draft) return 1;
  const option = draft.option ?? null;
  const furthest = draft.draftStep > 0 ? nextStep(draft.draftStep, option) : 1;
  const step = asked === undefined ? furthest : Math.min(asked, furthest);
  return stepsFor(option).includes(step) ? step : nextStep(step, option);
}

const stepUrl = (step: number | 'submitted') => `${WIZARD_PATH}?step=${step}`;

/** The draft id of the session, creating the draft on its first save. */
async function draftIdFor(req: Request, res: Response): Promise<string> {
  if (req.session.drDraftId) return req.session.drDraftId;
  const { id } = await res.locals.api.call({ method: 'POST', path: API, schema: z.object({ id: z.string() }) });
  req.session.drDraftId = id;
  return id;
}

async function saveStep(req: Request, res: Response, step: number, change: StepChange, validate: boolean): Promise<void> {
  const id = await draftIdFor(req, res);
  const { data, ...columns } = change;
  await res.locals.api.call({ method: 'PUT', path: `${API}/${encodeURIComponent(id)}/draft`, json: { step, validate, ...columns, data } });
  if (change.option) req.session.drDraftOption = change.option;
}

async function submit(req: Request, res: Response, state: DraftState): Promise<void> {
  const id = req.session.drDraftId;
  if (!id) return res.redirect(303, stepUrl(1));
  const sign = signForm.parse(req.body ?? {});
  const intake = isStateStaff(req) ? intakeForm.parse(req.body ?? {}) : undefined;
  const json = intake
    ? { intake: { receivedDate: intake.receivedDate, receivedVia: intake.receivedVia, signatureOnFile: intake.signatureOnFile, ...(intake.otherPartyReceivedDate ? { otherPartyReceivedDate: intake.otherPartyReceivedDate } : {}) } }
    : sign;
  let answer: z.infer<typeof drSubmitted>;
  try {
    answer = await res.locals.api.call({ method: 'POST', path: `${API}/${encodeURIComponent(id)}/submit`, json, schema: drSubmitted });
  } catch (err) {
    return renderStep(req, res, { step: WIZARD_STEPS, state, errors: refusal(err), sign, ...(intake ? { intake } : {}) });
  }
  forget(req);
  req.session.drSubmitted = {
    caseNumber: answer.caseNumber,
    receivedDate: answer.receivedDate,
    dates: FIRST_DATES.flatMap((code) => {
      const d = answer.deadlines.find((x) => x.code === code);
      return d?.originalDueDate ? [{ code, dueDate: d.originalDueDate }] : [];
    }),
    linkedMediation: answer.linkedMediation,
  };
  res.redirect(303, stepUrl('submitted'));
}

/**
 * Staff intake's 'Send for e-signature' (§4.2, SignRequest purpose 1): the state complaint stays a
 * draft until the filer signs the emailed link; its received date becomes the signing date.
 */
async function sendForSignature(req: Request, res: Response, state: DraftState): Promise<void> {
  const id = req.session.drDraftId;
  if (!id) return res.redirect(303, stepUrl(1));
  const intake = intakeForm.parse(req.body ?? {});
  const receivedVia = (RECEIVED_VIA as readonly string[]).includes(intake.receivedVia) ? { receivedVia: intake.receivedVia } : {};
  try {
    await res.locals.api.call({
      method: 'POST', path: `${API}/${encodeURIComponent(id)}/sign-requests`,
      json: { purpose: 1, recipientName: intake.recipientName, recipientEmail: intake.recipientEmail, ...receivedVia },
    });
  } catch (err) {
    const errors = refusal(err).map((e) => (e.field === 'recipientName' || e.field === 'recipientEmail' ? { ...e, field: `intake.${e.field}` } : e));
    return renderStep(req, res, { step: WIZARD_STEPS, state, errors, intake });
  }
  forget(req);
  addFlash(req, { type: 'success', text: signText.sent });
  res.redirect(303, '/dispute-resolution/dashboard');
}

export function drRequestWizardRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(WIZARD_PATH, requireRoute(ROUTE.id));

  router.get(WIZARD_PATH, async (req, res) => {
    const query = stepQuery.parse(req.query);
    if (query.draft) {
      const draft = await loadDraft(res, query.draft);
      if (!draft) throw notFound();
      req.session.drDraftId = draft.id;
      if (draft.option) req.session.drDraftOption = draft.option;
      else delete req.session.drDraftOption;
      delete req.session.drSubmitted;
      return res.redirect(303, stepUrl(reachableStep(undefined, draft)));
    }
    if (query.step === 'submitted') {
      const summary = req.session.drSubmitted;
      if (!summary) return res.redirect(303, stepUrl(1));
      return renderAcknowledgement(req, res, summary);
    }
    const { state, draft } = await currentDraft(req, res);
    const step = reachableStep(query.step, draft);
    if (query.step !== undefined && query.step !== step) return res.redirect(303, stepUrl(step));
    await renderStep(req, res, { step, state });
  });

  router.post(WIZARD_PATH, async (req, res) => {
    // A post that is not this form's (a JSON array, a missing step) starts the wizard over.
    const body: unknown = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
    const posted = wizardPost.safeParse(body);
    if (!posted.success) return res.redirect(303, WIZARD_PATH);
    const { step, action } = posted.data;
    const { state, draft } = await currentDraft(req, res);
    // A step the draft has not reached (an old tab, a hand-made post) starts where it may.
    if (step !== reachableStep(step, draft)) return res.redirect(303, stepUrl(reachableStep(undefined, draft)));
    if (step === WIZARD_STEPS && action === 'esign' && isStateStaff(req)) return sendForSignature(req, res, state);
    if (step === WIZARD_STEPS) return action === 'back' ? res.redirect(303, stepUrl(previousStep(step, state.option ?? null))) : submit(req, res, state);
    const change = readStep(step, body, state);
    const typed = withChange(state, change);
    const option = typed.option ?? null;
    if (action === 'add-allegation') {
      const list = typed.data.allegations ?? [];
      const allegations = list.length < MAX_ALLEGATIONS ? [...(list.length ? list : [{}]), {}] : list;
      return renderStep(req, res, { step, state: { ...typed, data: { ...typed.data, allegations } } });
    }
    try {
      if (step <= 6) await saveStep(req, res, step, change, action === 'continue');
    } catch (err) {
      return renderStep(req, res, { step, state: typed, errors: refusal(err) });
    }
    if (action === 'save') {
      addFlash(req, { type: 'success', text: t.draftSaved });
      return res.redirect(303, stepUrl(step));
    }
    res.redirect(303, stepUrl(action === 'back' ? previousStep(step, option) : nextStep(step, option)));
  });

  return router;
}
