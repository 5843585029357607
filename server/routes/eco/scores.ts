// Entry and exit ratings (/child-search/entryscore/{recordId}, /child-search/exitscore/{recordId};
// ECO spec §3.4, §3.5). One GET renders the page from the API's score answer; one POST takes the
// form with the pressed button as `action`: save, save-exit, add-person, remove-person-{i},
// submit (saves, then the confirmation step), confirm-submit, finalize, unlock, request-unlock.
// The body is read with zod safeParse; the API's refusals come back as field errors (422), its
// 409s (stale version, locked) as the form's message. Also mounts the import page (§8).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { lookupList, textBlock, type TextBlock } from '../../../lib/contract.js';
import { DEFAULT_YEAR_SETTINGS, OUTCOMES, type AssessmentType, type Outcome } from '../../../lib/eco/codes.js';
import { ecoScorePage, ecoYearSettings, type EcoScorePage as ScoreData } from '../../../lib/eco/contract.js';
import type { ScaleSettings } from '../../../lib/eco/score-line.js';
import { ecoScoreText } from '../../../lib/eco/messages.js';
import { errorMessages } from '../../../lib/messages.js';
import { EcoScoreChoosePage, EcoScorePage, type Option, type ScoreFieldError, type ScoreForm } from '../../../views/pages/eco/EcoScorePage.js';
import { routeById } from '../../../lib/routes.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { refusalErrors, UpstreamError } from '../../upstream.js';
import { ecoImportRouter } from './import.js';

const API = '/api/eco';
const MAX_TEAM = 50;
const pathOf = (kind: AssessmentType, recordId: number) => `/child-search/${kind}score/${recordId}`;

const cell = z.union([z.string().max(5000), z.array(z.string().max(5000)).max(MAX_TEAM)]);
/** The posted form: flat text fields (repeated checkboxes arrive as an array). */
const postBody = z.record(z.string().max(100), cell).refine((r) => Object.keys(r).length <= 400);
const recordIdParam = z.string().regex(/^\d{1,9}$/).transform(Number);
const pageQuery = z.object({ confirm: z.string().max(5).optional().catch(undefined) });
const apiMessage = z.object({ message: z.string() });

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();
const many = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []).map((s) => s.trim()).filter(Boolean);
const perOutcome = (f: (x: Outcome) => string): Record<Outcome, string> => ({ A: f('A'), B: f('B'), C: f('C') });

/** The form from the saved ratings (and the record's exit fields). */
export function formFromData(data: ScoreData): ScoreForm {
  const a = data.assessment;
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    version: a ? String(a.version) : '',
    ratingDate: text(a?.ratingDate),
    ratings: perOutcome((x) => text(a?.[`rating${x}`])),
    newSkills: perOutcome((x) => text(a?.[`newSkills${x}`])),
    evidence: perOutcome((x) => text(a?.[`evidence${x}`])),
    team: a && a.teamMembers.length ? a.teamMembers.map((m) => ({ ...m })) : [{ name: '', role: '' }],
    familyInput: text(a?.familyInput),
    sources: a ? [...a.sources] : [],
    sourcesOther: text(a?.sourcesOther),
    exitDate: text(data.banner.exitDate),
    exitReason: text(data.banner.exitReason),
    exitNote: text(data.banner.exitNote),
  };
}

/** The form as posted. */
export function formFromBody(body: Record<string, string | string[]>): ScoreForm {
  const count = Math.min(MAX_TEAM, Math.max(0, Number(one(body.teamCount)) || 0));
  const team: ScoreForm['team'] = [];
  for (let i = 0; i < count; i++) team.push({ name: one(body[`teamName${i}`]), role: one(body[`teamRole${i}`]) });
  return {
    version: one(body.version),
    ratingDate: one(body.ratingDate),
    ratings: perOutcome((x) => one(body[`rating${x}`])),
    newSkills: perOutcome((x) => one(body[`newSkills${x}`])),
    evidence: perOutcome((x) => one(body[`evidence${x}`])),
    team,
    familyInput: one(body.familyInput),
    sources: many(body.sources),
    sourcesOther: one(body.sourcesOther),
    exitDate: one(body.exitDate),
    exitReason: one(body.exitReason),
    exitNote: one(body.exitNote),
  };
}

const orNull = (s: string): string | null => (s === '' ? null : s);
const versionOf = (form: ScoreForm): number | undefined => (/^\d{1,9}$/.test(form.version) ? Number(form.version) : undefined);

/** The API's ratings body from the form (the rows left empty are dropped). */
export function ratingsBody(kind: AssessmentType, form: ScoreForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    version: versionOf(form),
    ratingDate: orNull(form.ratingDate),
    teamMembers: form.team.filter((m) => m.name !== '' || m.role !== '').map((m) => ({ name: orNull(m.name), role: orNull(m.role) })),
    familyInput: orNull(form.familyInput),
    sources: form.sources,
    sourcesOther: orNull(form.sourcesOther),
  };
  for (const x of OUTCOMES) {
    body[`rating${x}`] = orNull(form.ratings[x]);
    body[`evidence${x}`] = orNull(form.evidence[x]);
    if (kind === 'exit') body[`newSkills${x}`] = orNull(form.newSkills[x]);
  }
  return body;
}

const exitBody = (form: ScoreForm) => ({ exitDate: orNull(form.exitDate), exitReason: orNull(form.exitReason), exitNote: orNull(form.exitNote) });

async function listOptions(res: Response, name: string): Promise<Option[]> {
  const list = await res.locals.api.call({ path: `/api/lists/by-name/${name}`, schema: lookupList });
  return (list.items ?? []).map((i) => ({ code: i.code, label: i.label }));
}

async function block(res: Response, code: string): Promise<TextBlock | null> {
  return res.locals.api.call({ path: `/api/text-blocks/by-block-code/${code}`, schema: textBlock, auth: 'none' }).catch(() => null);
}

interface Extras {
  form?: ScoreForm;
  errors?: ScoreFieldError[];
  status?: number;
  confirm?: boolean;
}

async function loadScore(res: Response, kind: AssessmentType, recordId: number): Promise<ScoreData> {
  try {
    return await res.locals.api.call({ path: `${API}/records/${recordId}/${kind}`, schema: ecoScorePage });
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) throw notFound();
    throw err;
  }
}

/** The rating scale of the top bar's school year (§2.6); the defaults when it has no settings yet. */
async function scaleOf(req: Request, res: Response): Promise<ScaleSettings> {
  const year = req.session?.schoolYear;
  const s = year && /^\d{4}-\d{4}$/.test(year) ? await res.locals.api.call({ path: `${API}/settings/${year}`, schema: ecoYearSettings }).catch(() => null) : null;
  const { ageExpectedMin, scaleMin, scaleMax } = s ?? DEFAULT_YEAR_SETTINGS;
  return { ageExpectedMin, scaleMin, scaleMax };
}

async function renderScore(req: Request, res: Response, kind: AssessmentType, recordId: number, extras: Extras = {}): Promise<void> {
  const [data, roles, sources, exitReasons, instructions, ratingScale, scale] = await Promise.all([
    loadScore(res, kind, recordId),
    listOptions(res, 'eco-team-roles'),
    listOptions(res, 'eco-assessment-sources'),
    kind === 'exit' ? listOptions(res, 'eco-exit-reasons') : Promise.resolve([]),
    block(res, kind === 'entry' ? 'eco-entry-score-instructions' : 'eco-exit-score-instructions'),
    block(res, 'eco-rating-scale'),
    scaleOf(req, res),
  ]);
  const errors = extras.errors ?? [];
  const saved = formFromData(data);
  // A refused post keeps what was typed, but the version is always the one just read.
  const form = extras.form ? { ...extras.form, version: saved.version } : saved;
  const route = routeById(kind === 'entry' ? 'eco.entryscore' : 'eco.exitscore');
  renderPage(
    req,
    res,
    createElement(EcoScorePage, {
      kind,
      recordId,
      data,
      form,
      errors,
      confirm: extras.confirm ?? false,
      blocks: { instructions, ratingScale },
      lists: { roles, sources, exitReasons },
      scale,
      action: pathOf(kind, recordId),
    }),
    { title: route.title, layout: 'shell', status: extras.status ?? (errors.length ? 422 : 200), errorsInTitle: errors.length > 0 },
  );
}

/** The API's refusal as the page's errors: 400/422 by field, 409 (stale, locked, order) as one message. */
function refusal(err: unknown): { errors: ScoreFieldError[]; status: number } | null {
  const fields = refusalErrors(err);
  if (fields) return { errors: fields, status: 422 };
  const conflict = refusalErrors(err, [409]);
  if (conflict) return { errors: conflict.map((e) => (e.field === 'form' ? e : { field: 'form', message: e.message })), status: 409 };
  return null;
}

export function ecoScoresRouter(deps: AppDeps): Router {
  const router = Router();
  for (const kind of ['entry', 'exit'] as const) {
    const base = `/child-search/${kind}score`;
    router.use(base, requireRoute(kind === 'entry' ? 'eco.entryscore' : 'eco.exitscore'));

    const idOf = (req: Request): number => {
      const r = recordIdParam.safeParse(req.params.recordId);
      if (!r.success || r.data < 1) throw notFound();
      return r.data;
    };

    router.get(base, (req, res) => {
      const route = routeById(kind === 'entry' ? 'eco.entryscore' : 'eco.exitscore');
      renderPage(req, res, createElement(EcoScoreChoosePage, { kind }), { title: route.title, layout: 'shell' });
    });

    router.get(`${base}/:recordId`, async (req, res) => {
      const confirm = pageQuery.parse(req.query).confirm === '1';
      await renderScore(req, res, kind, idOf(req), { confirm });
    });

    router.post(`${base}/:recordId`, async (req, res) => {
      const recordId = idOf(req);
      const parsed = postBody.safeParse(req.body ?? {});
      if (!parsed.success) return renderScore(req, res, kind, recordId, { errors: [{ field: 'form', message: errorMessages.invalidRequest }], status: 400 });
      const body = parsed.data;
      const action = one(body.action);
      const form = formFromBody(body);
      const back = pathOf(kind, recordId);
      const version = versionOf(form);

      const attempt = async (call: () => Promise<string>, keepForm: boolean, next = back): Promise<void> => {
        try {
          const message = await call();
          if (message) addFlash(req, { type: 'success', text: message });
          res.redirect(303, next);
        } catch (err) {
          const r = refusal(err);
          if (!r) throw err;
          await renderScore(req, res, kind, recordId, { errors: r.errors, status: r.status, ...(keepForm ? { form } : {}) });
        }
      };
      const put = async (json: Record<string, unknown>) => (await res.locals.api.call({ method: 'PUT', path: `${API}/records/${recordId}/${kind}`, json, schema: apiMessage })).message;
      const assessmentId = async (): Promise<number> => {
        const data = await loadScore(res, kind, recordId);
        if (!data.assessment) throw notFound();
        return data.assessment.id;
      };

      if (action === 'add-person') {
        return renderScore(req, res, kind, recordId, { form: { ...form, team: [...form.team, { name: '', role: '' }].slice(0, MAX_TEAM) } });
      }
      const remove = /^remove-person-(\d{1,2})$/.exec(action);
      if (remove) {
        const team = form.team.filter((_, i) => i !== Number(remove[1]));
        return renderScore(req, res, kind, recordId, { form: { ...form, team: team.length ? team : [{ name: '', role: '' }] } });
      }
      switch (action) {
        case 'save':
          return attempt(() => put({ ...ratingsBody(kind, form), ...(kind === 'exit' && 'exitDate' in body ? exitBody(form) : {}) }), true);
        case 'save-exit':
          if (kind !== 'exit') throw notFound();
          return attempt(() => put(exitBody(form)), true);
        case 'submit':
          // Saved first, so nothing typed is lost; then the confirmation step.
          return attempt(
            async () => {
              await put({ ...ratingsBody(kind, form), ...(kind === 'exit' && 'exitDate' in body ? exitBody(form) : {}) });
              return '';
            },
            true,
            `${back}?confirm=1`,
          );
        case 'confirm-submit':
          return attempt(async () => (await res.locals.api.call({ method: 'POST', path: `${API}/records/${recordId}/${kind}/submit`, json: { version: version ?? -1 }, schema: apiMessage })).message, false);
        case 'finalize':
          return attempt(async () => {
            await res.locals.api.call({ method: 'POST', path: `${API}/assessments/finalize`, json: { ids: [await assessmentId()] } });
            return ecoScoreText.finalized(kind);
          }, false);
        case 'unlock':
          return attempt(async () => (await res.locals.api.call({ method: 'POST', path: `${API}/assessments/${await assessmentId()}/unlock`, json: { reason: one(body.reason) }, schema: apiMessage })).message, false);
        case 'request-unlock':
          return attempt(async () => (await res.locals.api.call({ method: 'POST', path: `${API}/assessments/${await assessmentId()}/unlock-requests`, json: { reason: one(body.reason) }, schema: apiMessage })).message, false);
        default:
          return renderScore(req, res, kind, recordId, { form });
      }
    });
  }
  router.use(ecoImportRouter(deps));
  return router;
}
