// The Early Childhood Outcomes child pages (ECO spec §3.2, §3.3, §3.6), without JavaScript:
//   GET  /child-search/child-list                 basic search, filters, the paged list (Eco.access)
//   GET  /child-search/child-list.csv             'Download CSV' (the API logs it)
//   POST /child-search/child-list/bulk            'Submit selected' / 'Finalize selected'
//   GET  /child-search/child-list/new             'Add child' (Eco.scores.submit), POST saves it
//   GET  /child-search/search                     advanced search; 'Held by {LEA}' with 'Claim'
//   POST /child-search/search/claim               claim a child held by another LEA (§6.9)
//   GET  /child-search/status/:id                 child details, records, history
//   GET  /child-search/status/:id/edit            'Edit child', POST saves it (with its version)
//   GET  /child-search/status/:id/delete          'Delete child' confirmation, POST deletes
//   POST /child-search/status/:id/records         'Start new record'
// The basic and the advanced search criteria live in req.session.childSearchForm (an LEA change
// clears it). Each POST calls the agency API and answers 303 with a flash, or 422 with the API's
// refusal in an error summary and at its fields, with what was typed.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { lookupList, pagedSchools } from '../../../lib/contract.js';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import { EXIT_REASONS, NOT_INCLUDED_REASONS, RECORD_STATUSES } from '../../../lib/eco/codes.js';
import { ecoChildDetail, ecoFinalizeReport, ecoRecordList, ecoScorePage, ecoSearchResult, type EcoChildDetail } from '../../../lib/eco/contract.js';
import { breadcrumbsFor } from '../../../lib/navigation.js';
import { hasAnyPermission, P } from '../../../lib/permissions.js';
import { routeById } from '../../../lib/routes.js';
import { parseTableQuery, type TableConfig } from '../../../lib/table-query.js';
import { EcoChildFormPage, type ChildFormValues } from '../../../views/pages/eco/EcoChildFormPage.js';
import { CHILD_LIST_PATH, EcoChildListPage, type BasicSearch, type ListFilters } from '../../../views/pages/eco/EcoChildListPage.js';
import { EcoSearchPage, SEARCH_PATH, type AdvancedCriteria } from '../../../views/pages/eco/EcoSearchPage.js';
import { EcoDeletePage, EcoStatusPage, EcoStatusPickPage, statusPath, type RecordExtras } from '../../../views/pages/eco/EcoStatusPage.js';
import { currentUser } from '../../auth-session.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requirePermissions, requireRoute } from '../../route-guard.js';
import { loadShellLists } from '../../shell-context.js';
import { refusalErrors, UpstreamError } from '../../upstream.js';
import { loadTextBlock } from '../auth.js';

const API = '/api/eco';
const SUBMIT = 'Eco.scores.submit';
const FINALIZE = 'Eco.scores.finalize';
export const CHILD_LIST_TABLE: TableConfig = { sortable: [], defaultSort: null, pageSizes: [25, 50, 100, 'all'], defaultPageSize: 25 };

type FieldErrors = { field: string; message: string }[];

// ---- query and body parsing (never throws: hostile input gets defaults) -----------------------

const text = (max: number) => z.string().trim().max(max).default('').catch('');
const many = (values: readonly string[]) =>
  z
    .union([z.string(), z.array(z.string()).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((x) => values.includes(x)))
    .catch([]);
/** A ticked checkbox; the dashboard's tiles may link with 'true'. */
const on = z.enum(['on', 'true', '1']).optional().catch(undefined);
const idText = z.union([z.string().regex(/^\d{1,9}$/), z.literal('')]).default('').catch('');

const listQuery = z.object({
  action: z.enum(['search', 'clear', 'filter']).optional().catch(undefined),
  ssid: text(20),
  lastName: text(50),
  birthDate: text(20),
  status: many(RECORD_STATUSES),
  schoolId: idText,
  disability: text(100),
  kBound: on,
  attention: on,
});

const advancedQuery = z.object({
  action: z.enum(['search', 'clear']).optional().catch(undefined),
  ssid: text(20),
  lastName: text(50),
  firstName: text(50),
  birthDate: text(20),
  schoolId: idText,
  disability: text(100),
  entryFrom: text(20),
  entryTo: text(20),
  exitFrom: text(20),
  exitTo: text(20),
  exitReason: z.union([z.enum(EXIT_REASONS), z.literal('')]).default('').catch(''),
  entryStatus: many(['none', 'draft', 'submitted', 'finalized']),
  exitStatus: many(['none', 'draft', 'submitted', 'finalized']),
  status: many(RECORD_STATUSES),
  reason: many(NOT_INCLUDED_REASONS),
  flag: text(100),
  leaId: z.union([z.literal('all'), z.string().regex(/^\d{1,9}$/), z.literal('')]).default('').catch(''),
});

const basicSchema = z.object({ ssid: z.string(), lastName: z.string(), birthDate: z.string() });
const savedForm = z.object({ basic: basicSchema.optional(), advanced: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional() });
type SavedForm = z.infer<typeof savedForm>;

const formText = z.string().max(200).default('').catch('');
const childForm = z.object({
  stateStudentId: formText,
  firstName: formText,
  middleName: formText,
  lastName: formText,
  birthDate: formText,
  entryDate: formText,
  disabilityCategory: formText,
  schoolId: formText,
  version: formText,
});
const bulkBody = z.object({ action: z.enum(['submit', 'finalize']), records: z.union([z.string().regex(/^\d{1,9}$/), z.array(z.string().regex(/^\d{1,9}$/)).max(1000)]) });
const claimBody = z.object({ stateStudentId: z.string().max(50), birthDate: z.string().max(50) });
const recordBody = z.object({ entryDate: z.string().max(50).optional() });
const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/) });

function idOf(req: Request): number {
  const p = idParam.safeParse(req.params);
  if (!p.success) throw notFound();
  return Number(p.data.id);
}

function savedOf(req: Request): SavedForm {
  const p = savedForm.safeParse(req.session.childSearchForm ?? {});
  return p.success ? p.data : {};
}

function save(req: Request, patch: Partial<SavedForm>): void {
  const next: SavedForm = { ...savedOf(req), ...patch };
  for (const k of Object.keys(next) as (keyof SavedForm)[]) if (next[k] === undefined) delete next[k];
  req.session.childSearchForm = next;
}

const emptyToUndefined = (v: string | undefined): string | undefined => (v && v.trim() ? v.trim() : undefined);
const permissionsOf = (req: Request): readonly string[] => currentUser(req)?.permissions ?? [];
const can = (req: Request, ...p: string[]) => hasAnyPermission(permissionsOf(req), p);

/** A refused API call (400, 404 on a lookup, 409 stale or locked, 422) as field errors; else rethrow. */
function refusal(err: unknown, statuses: readonly number[] = [400, 409, 422]): FieldErrors {
  const errors = refusalErrors(err, statuses);
  if (!errors) throw err;
  return errors;
}

// ---- shared lookups --------------------------------------------------------------------------

interface Lookups {
  schools: { value: string; label: string }[];
  disabilities: { value: string; label: string }[];
  leas: { value: string; label: string }[];
  /** The top bar's LEA is the state-level district: lists cover every LEA (§3.0). */
  statewide: boolean;
}

async function lookups(req: Request, res: Response): Promise<Lookups> {
  const lists = await loadShellLists(req, res);
  const leaId = req.session.currentLeaId ?? null;
  const current = lists.leas.find((l) => l.id === leaId);
  const statewide = !current || current.isNdeLevelDistrict;
  const [schools, disabilities] = await Promise.all([
    !statewide && current
      ? res.locals.api.call({ path: '/api/schools', query: { leaId: current.id, pageSize: 1000, sortField: 'name' }, schema: pagedSchools }).catch(() => ({ items: [], totalCount: 0 }))
      : Promise.resolve({ items: [], totalCount: 0 }),
    res.locals.api.call({ path: '/api/lists/by-name/disability-categories', schema: lookupList }).catch(() => null),
  ]);
  return {
    schools: schools.items.map((s) => ({ value: String(s.id), label: s.name })),
    disabilities: (disabilities?.items ?? []).map((i) => ({ value: i.code, label: i.label })),
    leas: lists.leas.filter((l) => !l.isNdeLevelDistrict).map((l) => ({ value: String(l.id), label: l.name })),
    statewide,
  };
}

// ---- the child list (§3.2) -------------------------------------------------------------------

function listApiQuery(basic: BasicSearch | null, f: ListFilters) {
  return {
    ssid: basic?.ssid || undefined,
    lastName: basic && !basic.ssid ? basic.lastName || undefined : undefined,
    birthDate: basic && !basic.ssid ? basic.birthDate || undefined : undefined,
    status: f.status.length ? f.status.join(',') : undefined,
    schoolId: f.schoolId || undefined,
    disability: f.disability || undefined,
    kBound: f.kBound ? 'true' : undefined,
    attention: f.attention ? 'true' : undefined,
  };
}

const basicComplete = (b: BasicSearch): boolean => Boolean(b.ssid) || (Boolean(b.lastName) && Boolean(b.birthDate));

/** The list's query: the basic search typed and the filters, never failing. */
function listStateOf(query: unknown): { q: z.infer<typeof listQuery>; typed: BasicSearch; filters: ListFilters } {
  const q = listQuery.safeParse(query).data ?? listQuery.parse({});
  return {
    q,
    typed: { ssid: q.ssid, lastName: q.lastName, birthDate: q.birthDate },
    filters: { status: q.status, schoolId: q.schoolId, disability: q.disability, kBound: q.kBound !== undefined, attention: q.attention !== undefined },
  };
}

/** The same query in the page's own words (the CSV link reads it back with listStateOf). */
function listHref(path: string, basic: BasicSearch | null, f: ListFilters): string {
  const params = new URLSearchParams();
  if (basic) for (const [k, v] of Object.entries(basic)) if (v) params.append(k, v);
  for (const s of f.status) params.append('status', s);
  if (f.schoolId) params.append('schoolId', f.schoolId);
  if (f.disability) params.append('disability', f.disability);
  if (f.kBound) params.append('kBound', 'on');
  if (f.attention) params.append('attention', 'on');
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function renderList(req: Request, res: Response, extra: { errors?: FieldErrors; status?: number } = {}): Promise<void> {
  const { q, typed: asked, filters } = listStateOf(req.query);
  const errors: FieldErrors = [...(extra.errors ?? [])];
  let typed: BasicSearch = savedOf(req).basic ?? { ssid: '', lastName: '', birthDate: '' };
  let active: BasicSearch | null = basicComplete(typed) ? typed : null;
  if (q.action === 'search') {
    typed = asked;
    if (basicComplete(typed)) {
      active = typed;
      save(req, { basic: typed });
    } else {
      active = null;
      errors.push({ field: 'ssid', message: t.basicSearchIncomplete });
    }
  }
  const state = parseTableQuery(req.query, CHILD_LIST_TABLE);
  const [look, block] = await Promise.all([lookups(req, res), loadTextBlock(req, res, 'eco-child-search-instructions')]);
  let list = { items: [] as z.infer<typeof ecoRecordList>['items'], total: 0 };
  try {
    list = await res.locals.api.call({ path: `${API}/records`, query: { ...listApiQuery(active, filters), page: state.page, pageSize: state.pageSize }, schema: ecoRecordList });
  } catch (err) {
    errors.push(...refusal(err, [400]).map((e) => ({ field: e.field === 'search' || e.field === 'birthDate' ? 'ssid' : e.field, message: e.message })));
  }
  renderPage(
    req,
    res,
    createElement(EcoChildListPage, {
      rows: list.items,
      total: list.total,
      basic: typed,
      searched: active !== null,
      filters,
      errors,
      lookups: look,
      instructions: block,
      table: { state, config: CHILD_LIST_TABLE },
      csvHref: listHref(`${CHILD_LIST_PATH}.csv`, active, filters),
      can: { submit: can(req, SUBMIT), finalize: can(req, FINALIZE) },
    }),
    { title: routeById('eco.child-list').title, layout: 'shell', status: extra.status ?? 200, errorsInTitle: errors.length > 0 },
  );
}

// ---- the add / edit form --------------------------------------------------------------------

function valuesOfChild(d: EcoChildDetail): ChildFormValues {
  const c = d.child;
  const target = d.records.find((r) => r.exitDate === null) ?? d.records[d.records.length - 1];
  return {
    stateStudentId: c.stateStudentId,
    firstName: c.firstName,
    middleName: c.middleName ?? '',
    lastName: c.lastName,
    birthDate: c.birthDate,
    entryDate: target?.entryDate ?? '',
    disabilityCategory: c.disabilityCategory,
    schoolId: c.schoolId === null ? '' : String(c.schoolId),
    version: String(c.version),
  };
}

async function renderForm(req: Request, res: Response, mode: { kind: 'new' } | { kind: 'edit'; detail: EcoChildDetail }, values: ChildFormValues, errors: FieldErrors = []): Promise<void> {
  const look = await lookups(req, res);
  const name = mode.kind === 'edit' ? `${mode.detail.child.lastName}, ${mode.detail.child.firstName}` : '';
  const title = mode.kind === 'new' ? t.newHeading : t.editHeading(name);
  const action = mode.kind === 'new' ? `${CHILD_LIST_PATH}/new` : `${statusPath(mode.detail.child.id)}/edit`;
  const cancelHref = mode.kind === 'new' ? CHILD_LIST_PATH : statusPath(mode.detail.child.id);
  const hasEntryDate = mode.kind === 'new' || mode.detail.records.length > 0;
  renderPage(req, res, createElement(EcoChildFormPage, { title, action, cancelHref, values, errors, schools: look.schools, disabilities: look.disabilities, hasEntryDate, withVersion: mode.kind === 'edit' }), {
    title: `${title} - ${routeById('eco.child-list').title}`,
    layout: 'shell',
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
    breadcrumbs: mode.kind === 'new' ? breadcrumbsFor(CHILD_LIST_PATH, [{ label: t.newHeading }]) : breadcrumbsFor(CHILD_LIST_PATH, [{ label: name, href: statusPath(mode.detail.child.id) }, { label: t.editChild }]),
  });
}

const blankChild: ChildFormValues = childForm.parse({});

function typedChild(body: unknown): ChildFormValues {
  return childForm.parse(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
}

function childJson(v: ChildFormValues) {
  return {
    stateStudentId: v.stateStudentId,
    firstName: v.firstName,
    middleName: v.middleName,
    lastName: v.lastName,
    birthDate: v.birthDate,
    entryDate: v.entryDate,
    disabilityCategory: v.disabilityCategory,
    schoolId: v.schoolId,
  };
}

// ---- the status page (§3.6) ------------------------------------------------------------------

async function loadDetail(res: Response, id: number): Promise<EcoChildDetail> {
  return res.locals.api.call({ path: `${API}/children/${id}`, schema: ecoChildDetail });
}

async function renderStatus(req: Request, res: Response, id: number, extra: { errors?: FieldErrors; entryDate?: string } = {}): Promise<void> {
  const detail = await loadDetail(res, id);
  // Categories per outcome come with the exit ratings' page (the same engine as the report).
  const extras: RecordExtras = {};
  await Promise.all(
    detail.records
      .filter((r) => r.exitDate !== null && r.exitAssessmentId !== null)
      .map(async (r) => {
        const page = await res.locals.api.call({ path: `${API}/records/${r.recordId}/exit`, schema: ecoScorePage }).catch(() => null);
        if (page?.categories) extras[r.recordId] = page.categories;
      }),
  );
  const name = `${detail.child.lastName}, ${detail.child.firstName}`;
  const errors = extra.errors ?? [];
  const disabilityLabels = Object.fromEntries((await lookups(req, res)).disabilities.map((d) => [d.value, d.label]));
  renderPage(
    req,
    res,
    createElement(EcoStatusPage, { detail, disabilityLabels, categories: extras, canEdit: can(req, SUBMIT), errors, entryDate: extra.entryDate ?? '' }),
    {
      title: `${t.statusHeading(name)} - ${routeById('eco.status').title}`,
      layout: 'shell',
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
      breadcrumbs: breadcrumbsFor(CHILD_LIST_PATH, [{ label: name }]),
    },
  );
}

// ---- advanced search (§3.3) ------------------------------------------------------------------

function criteriaOf(q: z.infer<typeof advancedQuery>): AdvancedCriteria {
  const { action: _action, ...criteria } = q;
  return criteria;
}

const hasCriteria = (c: AdvancedCriteria): boolean => Object.values(c).some((v) => (Array.isArray(v) ? v.length > 0 : v !== ''));

function searchApiQuery(c: AdvancedCriteria, allLeas: boolean) {
  const one = (v: string) => emptyToUndefined(v);
  const list = (v: readonly string[]) => (v.length ? v.join(',') : undefined);
  return {
    ssid: one(c.ssid),
    lastName: one(c.lastName),
    firstName: one(c.firstName),
    birthDate: one(c.birthDate),
    schoolId: one(c.schoolId),
    disability: one(c.disability),
    entryFrom: one(c.entryFrom),
    entryTo: one(c.entryTo),
    exitFrom: one(c.exitFrom),
    exitTo: one(c.exitTo),
    exitReason: one(c.exitReason),
    entryStatus: list(c.entryStatus),
    exitStatus: list(c.exitStatus),
    status: list(c.status),
    reason: list(c.reason),
    flag: one(c.flag),
    leaId: allLeas ? one(c.leaId) : undefined,
  };
}

async function renderSearch(req: Request, res: Response, extra: { errors?: FieldErrors; criteria?: AdvancedCriteria; status?: number } = {}): Promise<void> {
  const q = advancedQuery.safeParse(req.query).data ?? advancedQuery.parse({});
  let criteria = extra.criteria ?? criteriaOf(q);
  if (!extra.criteria) {
    if (q.action === 'search') save(req, { advanced: { ...criteria } });
    else {
      const saved = advancedQuery.safeParse(savedOf(req).advanced ?? {});
      if (saved.success) criteria = criteriaOf(saved.data);
    }
  }
  const allLeas = can(req, P.allLeas);
  const errors: FieldErrors = [...(extra.errors ?? [])];
  const [look, block] = await Promise.all([lookups(req, res), loadTextBlock(req, res, 'eco-advanced-search-instructions')]);
  let result: z.infer<typeof ecoSearchResult> | null = null;
  if (hasCriteria(criteria)) {
    try {
      result = await res.locals.api.call({ path: `${API}/search`, query: searchApiQuery(criteria, allLeas), schema: ecoSearchResult });
    } catch (err) {
      errors.push(...refusal(err, [400]));
    }
  }
  renderPage(
    req,
    res,
    createElement(EcoSearchPage, { criteria, result, errors, lookups: look, allLeas, instructions: block }),
    { title: routeById('eco.search').title, layout: 'shell', status: extra.status ?? 200, errorsInTitle: errors.length > 0 },
  );
}

// ---- the router ------------------------------------------------------------------------------

export function ecoChildrenRouter(_deps: AppDeps): Router {
  const router = Router();
  const list = requireRoute('eco.child-list');
  const status = requireRoute('eco.status');
  const submit = requirePermissions(SUBMIT);

  /** A search page: 'Clear' forgets its saved criteria, anything else renders it. */
  const searchPage = (path: string, key: keyof SavedForm, render: (req: Request, res: Response) => Promise<void>) =>
    router.get(path, requireRoute(key === 'basic' ? 'eco.child-list' : 'eco.search'), async (req, res) => {
      if (req.query.action === 'clear') {
        save(req, { [key]: undefined });
        res.redirect(303, path);
        return;
      }
      await render(req, res);
    });
  searchPage(CHILD_LIST_PATH, 'basic', (req, res) => renderList(req, res));
  searchPage(SEARCH_PATH, 'advanced', (req, res) => renderSearch(req, res));

  router.get(`${CHILD_LIST_PATH}.csv`, list, async (req, res) => {
    const { typed, filters } = listStateOf(req.query);
    await downloadFromApi(res, { path: `${API}/records`, query: { ...listApiQuery(basicComplete(typed) ? typed : null, filters), format: 'csv' } }, 'eco-child-list.csv');
  });

  router.post(`${CHILD_LIST_PATH}/bulk`, list, async (req, res) => {
    const p = bulkBody.safeParse(req.body);
    if (!p.success) {
      addFlash(req, { type: 'error', text: t.nothingSelected });
      res.redirect(303, CHILD_LIST_PATH);
      return;
    }
    const ids = [...new Set(Array.isArray(p.data.records) ? p.data.records : [p.data.records])].map(Number);
    const api = res.locals.api;
    if (p.data.action === 'submit') {
      if (!can(req, SUBMIT)) throw notFound();
      let done = 0;
      for (const id of ids) {
        try {
          const [entry, exit] = await Promise.all(['entry', 'exit'].map((type) => api.call({ path: `${API}/records/${id}/${type}`, schema: ecoScorePage })));
          const target = exit?.assessment?.status === 'draft' ? { type: 'exit', a: exit.assessment } : entry?.assessment?.status === 'draft' ? { type: 'entry', a: entry.assessment } : null;
          if (!target) continue;
          await api.call({ method: 'POST', path: `${API}/records/${id}/${target.type}/submit`, json: { version: target.a.version } });
          done += 1;
        } catch (err) {
          if (!(err instanceof UpstreamError) || err.kind !== 'http' || err.status >= 500) throw err;
        }
      }
      addFlash(req, { type: done === ids.length ? 'success' : 'info', text: t.submittedSome(done, ids.length, ids.length - done) });
    } else {
      if (!can(req, FINALIZE)) throw notFound();
      const assessments: number[] = [];
      for (const id of ids) {
        for (const type of ['entry', 'exit']) {
          const page = await api.call({ path: `${API}/records/${id}/${type}`, schema: ecoScorePage }).catch((err: unknown) => {
            if (err instanceof UpstreamError && err.kind === 'http' && err.status < 500) return null;
            throw err;
          });
          if (page?.assessment?.status === 'submitted') assessments.push(page.assessment.id);
        }
      }
      if (assessments.length === 0) addFlash(req, { type: 'error', text: t.nothingSelected });
      else {
        // Two or more: the bulk answer; one: the same call, whose refusal is the single finalize's message.
        try {
          const report = await api.call({ method: 'POST', path: `${API}/assessments/finalize`, json: { ids: assessments }, schema: ecoFinalizeReport });
          addFlash(req, { type: 'success', text: report.message });
        } catch (err) {
          const errors = refusal(err, [400, 403, 404, 409, 422]);
          addFlash(req, { type: 'error', text: errors[0]?.message ?? t.nothingSelected });
        }
      }
    }
    res.redirect(303, CHILD_LIST_PATH);
  });

  router.get(`${CHILD_LIST_PATH}/new`, list, submit, async (req, res) => {
    await renderForm(req, res, { kind: 'new' }, blankChild);
  });

  router.post(`${CHILD_LIST_PATH}/new`, list, submit, async (req, res) => {
    const values = typedChild(req.body);
    try {
      const created = await res.locals.api.call({ method: 'POST', path: `${API}/children`, json: childJson(values), schema: z.object({ childId: z.number().int(), recordId: z.number().int() }) });
      addFlash(req, { type: 'success', text: t.childAdded });
      res.redirect(303, `/child-search/entryscore/${created.recordId}`);
    } catch (err) {
      await renderForm(req, res, { kind: 'new' }, values, refusal(err));
    }
  });

  router.post(`${SEARCH_PATH}/claim`, requireRoute('eco.search'), submit, async (req, res) => {
    const p = claimBody.safeParse(req.body);
    const typed = p.success ? p.data : { stateStudentId: '', birthDate: '' };
    try {
      const claimed = await res.locals.api.call({ method: 'POST', path: `${API}/children/claim`, json: typed, schema: z.object({ childId: z.number().int(), recordId: z.number().int() }) });
      const detail = await loadDetail(res, claimed.childId);
      addFlash(req, { type: 'success', text: t.claimed(detail.child.leaName) });
      res.redirect(303, statusPath(claimed.childId));
    } catch (err) {
      const errors = refusal(err, [400, 404, 409, 422]);
      const saved = advancedQuery.safeParse(savedOf(req).advanced ?? {});
      const criteria = saved.success ? criteriaOf(saved.data) : criteriaOf(advancedQuery.parse({}));
      await renderSearch(req, res, { errors, criteria, status: 422 });
    }
  });

  // The route table's own path: no child chosen yet.
  router.get(routeById('eco.status').path, status, (req, res) => {
    renderPage(req, res, createElement(EcoStatusPickPage), { title: routeById('eco.status').title, layout: 'shell' });
  });

  router.get(`${routeById('eco.status').path}/:id`, status, async (req, res) => {
    await renderStatus(req, res, idOf(req));
  });

  router.get(`${routeById('eco.status').path}/:id/edit`, status, submit, async (req, res) => {
    const detail = await loadDetail(res, idOf(req));
    await renderForm(req, res, { kind: 'edit', detail }, valuesOfChild(detail));
  });

  router.post(`${routeById('eco.status').path}/:id/edit`, status, submit, async (req, res) => {
    const id = idOf(req);
    const detail = await loadDetail(res, id);
    const values = typedChild(req.body);
    const version = /^\d{1,9}$/.test(values.version) ? Number(values.version) : null;
    try {
      await res.locals.api.call({ method: 'PUT', path: `${API}/children/${id}`, json: { ...childJson(values), version }, schema: ecoChildDetail });
      addFlash(req, { type: 'success', text: t.childSaved });
      res.redirect(303, statusPath(id));
    } catch (err) {
      await renderForm(req, res, { kind: 'edit', detail }, values, refusal(err));
    }
  });

  router.get(`${routeById('eco.status').path}/:id/delete`, status, submit, async (req, res) => {
    const detail = await loadDetail(res, idOf(req));
    renderDelete(req, res, detail);
  });

  router.post(`${routeById('eco.status').path}/:id/delete`, status, submit, async (req, res) => {
    const id = idOf(req);
    const detail = await loadDetail(res, id);
    try {
      await res.locals.api.call({ method: 'DELETE', path: `${API}/children/${id}` });
      addFlash(req, { type: 'success', text: t.childDeleted });
      res.redirect(303, CHILD_LIST_PATH);
    } catch (err) {
      renderDelete(req, res, detail, refusal(err));
    }
  });

  router.post(`${routeById('eco.status').path}/:id/records`, status, submit, async (req, res) => {
    const id = idOf(req);
    const p = recordBody.safeParse(req.body);
    const entryDate = p.success ? (p.data.entryDate ?? '') : '';
    try {
      const created = await res.locals.api.call({ method: 'POST', path: `${API}/children/${id}/records`, json: { entryDate }, schema: z.object({ recordId: z.number().int() }) });
      res.redirect(303, `/child-search/entryscore/${created.recordId}`);
    } catch (err) {
      const errors = refusal(err).map((e) => ({ field: e.field === 'form' ? 'form' : 'newEntryDate', message: e.message }));
      await renderStatus(req, res, id, { errors, entryDate });
    }
  });

  return router;
}

function renderDelete(req: Request, res: Response, detail: EcoChildDetail, errors: FieldErrors = []): void {
  const name = `${detail.child.lastName}, ${detail.child.firstName}`;
  renderPage(req, res, createElement(EcoDeletePage, { detail, errors }), {
    title: `${t.deleteHeading(name)} - ${routeById('eco.status').title}`,
    layout: 'shell',
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
    breadcrumbs: breadcrumbsFor(CHILD_LIST_PATH, [{ label: name, href: statusPath(detail.child.id) }, { label: t.deleteChild }]),
  });
}

