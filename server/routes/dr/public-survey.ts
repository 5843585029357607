// The public satisfaction survey (DR spec §4.11, §8): /dr-public/survey/:token, no sign-in, in the
// public layout. GET shows the survey the emailed link opens; POST sends the answers once
// (201: 'Thank you. Your answers were recorded.'; 422: the page again with what was chosen). A used,
// expired or unknown link shows 'This survey link has expired or was already used.' The API is
// called with the portal's public Basic credentials and the token only.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { publicSurveyAnswer, type PublicSurveyAnswer } from '../../../lib/dr/survey-contract.js';
import { surveyMessages, surveyText as t } from '../../../lib/dr/survey-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { DrPublicSurveyPage } from '../../../views/pages/dr/DrPublicSurveyPage.js';
import type { AppDeps } from '../../deps.js';
import { anonymousPostLimit } from '../../rate-limit.js';
import { renderPage } from '../../render.js';
import { UpstreamError } from '../../upstream.js';

const API = '/api/disputeresolution/public/surveys';
const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

const unusable = (err: unknown) => err instanceof UpstreamError && err.kind === 'http' && (err.status === 404 || err.status === 410);

function renderMessage(req: Request, res: Response, message: string, status: number): void {
  renderPage(req, res, createElement(DrPublicSurveyPage, { state: 'message', message }), { title: t.publicTitle, layout: 'public', status });
}

/** The form's answers as the API takes them: Likert 1-5, Yes/No as true/false, text. */
function answersOf(survey: PublicSurveyAnswer, body: Record<string, unknown>): { answers: Record<string, number | boolean | string | null>; values: Record<string, string> } {
  const answers: Record<string, number | boolean | string | null> = {};
  const values: Record<string, string> = {};
  for (const q of survey.questions) {
    const raw = body[`answer-${q.seq}`];
    const v = typeof raw === 'string' ? raw : '';
    values[`answer-${q.seq}`] = v;
    if (q.type === 'Likert5') answers[q.seq] = /^[1-5]$/.test(v) ? Number(v) : null;
    else if (q.type === 'YesNo') answers[q.seq] = v === 'yes' ? true : v === 'no' ? false : null;
    else answers[q.seq] = v.trim() ? v.slice(0, 4000) : null;
  }
  return { answers, values };
}

export function drPublicSurveyRouter(_deps: AppDeps): Router {
  const router = Router();
  const PATH = '/dr-public/survey/:token';

  const load = async (res: Response, token: string) => res.locals.api.call({ path: `${API}/${token}`, schema: publicSurveyAnswer, auth: 'basic' });

  router.get(PATH, async (req, res) => {
    const p = tokenParam.safeParse(req.params);
    if (!p.success) return renderMessage(req, res, surveyMessages.linkUnusable, 404);
    try {
      const survey = await load(res, p.data.token);
      renderPage(req, res, createElement(DrPublicSurveyPage, { state: 'form', token: p.data.token, survey, values: {}, errors: [] }), { title: survey.name, layout: 'public' });
    } catch (err) {
      if (!unusable(err)) throw err;
      renderMessage(req, res, surveyMessages.linkUnusable, (err as UpstreamError).status ?? 410);
    }
  });

  router.post(PATH, anonymousPostLimit, async (req, res) => {
    const p = tokenParam.safeParse(req.params);
    if (!p.success) return renderMessage(req, res, surveyMessages.linkUnusable, 404);
    let survey: PublicSurveyAnswer;
    try {
      survey = await load(res, p.data.token);
    } catch (err) {
      if (!unusable(err)) throw err;
      return renderMessage(req, res, surveyMessages.linkUnusable, (err as UpstreamError).status ?? 410);
    }
    const { answers, values } = answersOf(survey, req.body ?? {});
    try {
      await res.locals.api.call({ path: `${API}/${p.data.token}`, method: 'POST', json: { answers }, auth: 'basic' });
      renderMessage(req, res, surveyMessages.thankYou, 200);
    } catch (err) {
      if (unusable(err)) return renderMessage(req, res, surveyMessages.linkUnusable, (err as UpstreamError).status ?? 410);
      if (!(err instanceof UpstreamError && err.kind === 'http' && err.status === 422)) throw err;
      const errors: FieldError[] = err.body?.errors?.map((e) => ({ field: e.field, message: e.message })) ?? [{ field: 'form', message: err.body?.message ?? t.answerRequired }];
      renderPage(req, res, createElement(DrPublicSurveyPage, { state: 'form', token: p.data.token, survey, values, errors }), {
        title: survey.name, layout: 'public', status: 422, errorsInTitle: true,
      });
    }
  });

  return router;
}
