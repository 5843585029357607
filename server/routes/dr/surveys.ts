// The survey manager (DR spec §4.7), state staff only (requireRoute('dr.survey-manager')):
//   GET  /dispute-resolution/survey-manager                         the surveys; POST: 'New survey'
//   POST /dispute-resolution/survey-manager/:id/copy|activate|retire the life cycle (§5.3)
//   GET  /dispute-resolution/survey-manager/:id                     details, question editor, results
//   POST /dispute-resolution/survey-manager/:id                     save the details
//   POST .../:id/questions[/:seq[/up|down|delete]]                  add, change, move, delete a question
// Each POST calls the agency API once (the whole survey is PUT back with its questions) and answers
// 303, or 422 with the API's refusal on the same page.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { routeById } from '../../../lib/routes.js';
import { surveyAnswer, surveyList, surveyResultsAnswer, type SurveyAnswer } from '../../../lib/dr/survey-contract.js';
import { QUESTION_TYPES, SURVEY_AUDIENCES, surveyText as t } from '../../../lib/dr/survey-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { DrSurveyManagerPage, SURVEY_MANAGER_PATH, surveyHref, type SurveyDetailsValues } from '../../../views/pages/dr/DrSurveyManagerPage.js';
import { DrSurveyPage } from '../../../views/pages/dr/DrSurveyPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { refusalErrors, UpstreamError } from '../../upstream.js';

const API = '/api/disputeresolution/surveys';
const ROUTE = 'dr.survey-manager';
const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/) });
const seqParam = idParam.extend({ seq: z.string().regex(/^\d{1,3}$/) });
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** The details form as typed, and as the API takes it. */
function detailsOf(body: Record<string, unknown>): SurveyDetailsValues & { json: { name: string; disputeTypes: number[]; audience: string } } {
  const name = typeof body.name === 'string' ? body.name : '';
  const disputeTypes = asList(body.disputeTypes).filter((x) => /^[1-5]$/.test(x));
  const audience = typeof body.audience === 'string' && (SURVEY_AUDIENCES as readonly string[]).includes(body.audience) ? body.audience : 'Parent';
  return { name, disputeTypes, audience, json: { name, disputeTypes: disputeTypes.map(Number), audience } };
}

function questionOf(body: Record<string, unknown>): { text: string; type: string; required: boolean } {
  const type = typeof body.type === 'string' && (QUESTION_TYPES as readonly string[]).includes(body.type) ? body.type : 'Likert5';
  return { text: typeof body.text === 'string' ? body.text : '', type, required: body.required === 'on' };
}

/** The API's 422 as field errors; anything else is thrown on. */
function refusalOf(err: unknown): FieldError[] {
  const errors = refusalErrors(err, [422]);
  if (!errors) throw err;
  return errors;
}

const bodyOf = (s: SurveyAnswer, questions = s.questions.map(({ text, type, required }) => ({ text, type, required }))) => ({
  name: s.name, disputeTypes: s.disputeTypes, audience: s.audience, questions,
});

export function drSurveysRouter(_deps: AppDeps): Router {
  const router = Router();
  const guard = requireRoute(ROUTE);
  const title = () => routeById(ROUTE).title;

  const renderManager = async (req: Request, res: Response, errors: FieldError[] = [], values: SurveyDetailsValues = { name: '', disputeTypes: [], audience: 'Parent' }) => {
    const surveys = await res.locals.api.call({ path: API, schema: surveyList });
    renderPage(req, res, createElement(DrSurveyManagerPage, { title: title(), surveys, errors, values }), {
      title: title(), layout: 'shell', status: errors.length ? 422 : 200, errorsInTitle: errors.length > 0,
    });
  };

  const loadSurvey = async (res: Response, id: string) => {
    try {
      return await res.locals.api.call({ path: `${API}/${id}`, schema: surveyAnswer });
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) throw notFound();
      throw err;
    }
  };

  const renderSurvey = async (req: Request, res: Response, survey: SurveyAnswer, refused: { form: string; errors: FieldError[] } | null = null) => {
    const results = await res.locals.api.call({ path: `${API}/${survey.id}/results`, schema: surveyResultsAnswer });
    renderPage(req, res, createElement(DrSurveyPage, { survey, results, refused }), {
      title: survey.name, layout: 'shell', status: refused ? 422 : 200, errorsInTitle: Boolean(refused),
      breadcrumbs: [{ label: title(), href: SURVEY_MANAGER_PATH }, { label: survey.name }],
    });
  };

  router.get(SURVEY_MANAGER_PATH, guard, async (req, res) => {
    await renderManager(req, res);
  });

  router.post(SURVEY_MANAGER_PATH, guard, async (req, res) => {
    const d = detailsOf(req.body ?? {});
    try {
      const created = await res.locals.api.call({ path: API, method: 'POST', json: { ...d.json, questions: [] }, schema: surveyAnswer });
      addFlash(req, { type: 'success', text: t.created });
      res.redirect(303, surveyHref(created.id));
    } catch (err) {
      await renderManager(req, res, refusalOf(err), d);
    }
  });

  for (const [action, done] of [['copy', t.copied], ['activate', t.activated], ['retire', t.retired]] as const) {
    router.post(`${SURVEY_MANAGER_PATH}/:id/${action}`, guard, async (req, res) => {
      const p = idParam.safeParse(req.params);
      if (!p.success) throw notFound();
      const survey = await loadSurvey(res, p.data.id);
      const fromSurvey = req.body?.back === 'survey';
      try {
        const after = await res.locals.api.call({ path: `${API}/${survey.id}/${action}`, method: 'POST', json: {}, schema: surveyAnswer.passthrough() });
        addFlash(req, { type: 'success', text: done });
        res.redirect(303, action === 'copy' ? surveyHref(after.id) : fromSurvey ? surveyHref(survey.id) : SURVEY_MANAGER_PATH);
      } catch (err) {
        const errors = refusalOf(err);
        if (fromSurvey) await renderSurvey(req, res, survey, { form: action, errors });
        else await renderManager(req, res, errors);
      }
    });
  }

  router.get(`${SURVEY_MANAGER_PATH}/:id`, guard, async (req, res) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound();
    await renderSurvey(req, res, await loadSurvey(res, p.data.id));
  });

  /** PUTs the survey with a change; 303 back, or the page with the refusal of `form`. */
  const save = async (req: Request, res: Response, survey: SurveyAnswer, form: string, json: object) => {
    try {
      await res.locals.api.call({ path: `${API}/${survey.id}`, method: 'PUT', json, schema: surveyAnswer });
      addFlash(req, { type: 'success', text: t.saved });
      res.redirect(303, surveyHref(survey.id));
    } catch (err) {
      const errors = refusalOf(err).map((e) => ({ ...e, field: e.field.replace(/^questions\.\d+\./, '') }));
      await renderSurvey(req, res, survey, { form, errors });
    }
  };

  router.post(`${SURVEY_MANAGER_PATH}/:id`, guard, async (req, res) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound();
    const survey = await loadSurvey(res, p.data.id);
    await save(req, res, survey, 'details', { ...bodyOf(survey), ...detailsOf(req.body ?? {}).json });
  });

  router.post(`${SURVEY_MANAGER_PATH}/:id/questions`, guard, async (req, res) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound();
    const survey = await loadSurvey(res, p.data.id);
    const b = bodyOf(survey);
    await save(req, res, survey, 'add', { ...b, questions: [...b.questions, questionOf(req.body ?? {})] });
  });

  router.post(`${SURVEY_MANAGER_PATH}/:id/questions/:seq{/:move}`, guard, async (req, res) => {
    const p = seqParam.extend({ move: z.enum(['up', 'down', 'delete']).optional() }).safeParse(req.params);
    if (!p.success) throw notFound();
    const survey = await loadSurvey(res, p.data.id);
    const questions = bodyOf(survey).questions;
    const i = Number(p.data.seq) - 1;
    if (!questions[i]) throw notFound();
    const move = p.data.move;
    if (move === 'delete') questions.splice(i, 1);
    else if (move === 'up' || move === 'down') {
      const j = move === 'up' ? i - 1 : i + 1;
      if (questions[j]) [questions[i], questions[j]] = [questions[j], questions[i]!];
    } else questions[i] = questionOf(req.body ?? {}) as (typeof questions)[number];
    await save(req, res, survey, `q${p.data.seq}`, { ...bodyOf(survey), questions });
  });

  return router;
}
