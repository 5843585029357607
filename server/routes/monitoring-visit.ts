// The Integrated Monitoring Review visit page and its person picker (spec §2 Person picker, §3
// Person in picker, §4 Person picker, §5):
//   GET  /monitoring/visit                      the page; with search fields in the query, the
//                                               picker's no-JavaScript search results
//   GET  /api/portal/people                     the picker's in-place search (JSON)
//   POST /monitoring/visit/people               save the picker's selection (ticked people by id,
//                                               people added by hand by first and last name)
//   POST /monitoring/visit/people/:id/remove    take one person off the selection
//   POST /monitoring/visit/details              save the visit details (Monitoring.visit.init) to
//                                               the agency API (PUT /api/monitoring/visit, for the
//                                               selected LEA and school year)
// The selection lives in the session. People found by search keep their external id; people
// added by hand get negative ids; an id already selected is not added twice.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { monitoringVisit, monitoringVisitResponse, pagedPeople, pagedSchools } from '../../lib/contract.js';
import { formatDateTime, formatDay } from '../../lib/dates.js';
import { monitoringText, navText, shellText, visitDetailsText } from '../../lib/messages.js';
import { hasAnyPermission, P } from '../../lib/permissions.js';
import { mergePeople, toPerson, type PersonSearchQuery } from '../../lib/person-picker.js';
import type { FieldError } from '../../lib/validation/admin-org.js';
import { personSearchQuery, personSelectionBody } from '../../lib/validation/person-picker.js';
import { validateVisitDetails, visitDetailsBody, visitDetailsFields, visitDetailsValues, type VisitDetailsForm } from '../../lib/validation/visit-details.js';
import type { SummaryError } from '../../views/components/form/ErrorSummary.js';
import {
  MonitoringVisitPage,
  PICKER_ID,
  VISIT_PATH,
  VISIT_PEOPLE_PATH,
  type MonitoringVisitPageProps,
  type SelectedPerson,
} from '../../views/pages/MonitoringVisitPage.js';
import { VISIT_DETAILS_PATH, type VisitDetailsSectionProps } from '../../views/pages/VisitDetailsSection.js';
import { currentUser } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { addFlash } from '../flash.js';
import { renderPage } from '../render.js';
import { requirePermissions } from '../route-guard.js';
import { loadShellLists } from '../shell-context.js';
import { SessionExpiredError, UpstreamError } from '../upstream.js';
import { sendUpstreamError } from './api-proxy.js';
import { refusedFields } from './admin/admin-org-shared.js';

declare module 'express-session' {
  interface SessionData {
    /** The people selected for the monitoring review (the person picker's saved selection). */
    visitPeople?: SelectedPerson[];
  }
}

/** Results of one search; the picker is for choosing a few people, not browsing everyone. */
export const SEARCH_LIMIT = 100;
/** People kept in one selection (the session must stay small). */
export const MAX_SELECTED = 200;
const SCHOOLS_PAGE = 1000;
const SEARCH_KEYS = ['leaId', 'schoolId', 'firstName', 'lastName'] as const;

type FoundPerson = { id: number; firstName: string; lastName: string };

function selectionOf(req: Request): SelectedPerson[] {
  return req.session.visitPeople ?? [];
}

async function searchPeople(res: Response, q: Partial<PersonSearchQuery> & { externalIds?: number[] }): Promise<FoundPerson[]> {
  const page = await res.locals.api.call({
    path: '/api/people',
    query: {
      leaId: q.leaId,
      schoolId: q.schoolId,
      firstName: q.firstName || undefined,
      lastName: q.lastName || undefined,
      externalIds: q.externalIds?.join(','),
      pageSize: SEARCH_LIMIT,
    },
    schema: pagedPeople,
  });
  return page.items.map((p) => ({ id: p.externalId, firstName: p.firstName, lastName: p.lastName }));
}

/** The people posted by id, named by the API (ids the caller may not see are dropped). */
async function resolveIds(res: Response, ids: readonly number[]): Promise<FoundPerson[]> {
  const found = new Map<number, FoundPerson>();
  for (let i = 0; i < ids.length; i += SEARCH_LIMIT) {
    const chunk = ids.slice(i, i + SEARCH_LIMIT);
    for (const p of await searchPeople(res, { externalIds: chunk })) found.set(p.id, p);
  }
  return ids.flatMap((id) => {
    const p = found.get(id);
    return p ? [p] : [];
  });
}

interface RenderOptions {
  status?: number;
  errors?: SummaryError[];
  /** A refused "Visit details" form: what was typed and why it was refused. */
  details?: { values: VisitDetailsForm; errors: FieldError[] };
}

/**
 * The "Visit details" step: the saved visit of the selected LEA and school year, as a form for
 * users who may start visits and read-only for those who may view them; null for neither.
 */
async function loadDetails(req: Request, res: Response, permissions: readonly string[], refused: RenderOptions['details']): Promise<VisitDetailsSectionProps | null> {
  const canEdit = hasAnyPermission(permissions, [P.visitInit]);
  if (!canEdit && !hasAnyPermission(permissions, [P.visitView])) return null;
  const mode = canEdit ? 'edit' : 'view';
  const empty = { mode, values: visitDetailsValues(null), errors: refused?.errors ?? [], saved: null } as const;
  if (req.session.currentLeaId == null) return { ...empty, mode: 'no-lea' };
  let visit;
  try {
    ({ visit } = await res.locals.api.call({ path: '/api/monitoring/visit', schema: monitoringVisitResponse }));
  } catch (err) {
    // The API refuses the selected LEA or school year (none, or no longer there): say to choose one.
    if (err instanceof UpstreamError && err.kind === 'http' && [400, 404].includes(err.status)) return { ...empty, mode: 'no-lea' };
    throw err;
  }
  if (!visit) return { ...empty, values: refused?.values ?? empty.values };
  const stored = visitDetailsValues(visit);
  return {
    mode,
    values: refused?.values ?? stored,
    errors: refused?.errors ?? [],
    saved: {
      ...stored,
      visitDate: formatDay(visit.visitDate),
      lastUpdated: visitDetailsText.lastUpdated(visit.updatedBy, formatDateTime(visit.updatedAt, res.locals.deps.config.tz)),
    },
  };
}

async function renderVisit(req: Request, res: Response, options: RenderOptions = {}): Promise<void> {
  const user = currentUser(req);
  if (!user) throw new SessionExpiredError();
  const selected = selectionOf(req);
  let picker: MonitoringVisitPageProps['picker'] = null;
  let searchFailed = false;
  if (hasAnyPermission(user.permissions, [P.visitSelectStudents])) {
    const query = personSearchQuery.parse(req.query);
    const searched = options.errors === undefined && SEARCH_KEYS.some((k) => k in req.query);
    const [lists, schools] = await Promise.all([
      loadShellLists(req, res),
      res.locals.api.call({ path: '/api/schools', query: { pageSize: SCHOOLS_PAGE, sortField: 'name' }, schema: pagedSchools }),
    ]);
    let found: FoundPerson[] = [];
    if (searched) {
      try {
        found = await searchPeople(res, query);
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        req.log?.warn({ err }, 'people search failed');
        searchFailed = true;
      }
    }
    // The people chosen so far come first, ticked; search results follow, without repeats.
    const people = mergePeople(
      selected.map((p) => toPerson(p, true)),
      found.map((p) => toPerson(p)),
    );
    picker = {
      leas: lists.leas.map((l) => ({ id: l.id, name: l.name })),
      schools: schools.items.map((s) => ({ id: s.id, leaId: s.leaId, name: s.name })),
      query: { leaId: query.leaId, schoolId: query.schoolId, firstName: query.firstName, lastName: query.lastName },
      searched: searched && !searchFailed,
      people: people.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, selected: p.selected })),
      submitLabel: shellText.saveSelection,
    };
  }
  const errors = options.errors ?? [];
  const details = await loadDetails(req, res, user.permissions, options.details);
  renderPage(req, res, createElement(MonitoringVisitPage, { selected, picker, searchFailed, errors, details }), {
    title: navText.integratedMonitoringReview,
    status: options.status,
    errorsInTitle: errors.length > 0 || (options.details?.errors.length ?? 0) > 0,
  });
}

const fieldIds: Record<string, { id: string; label: string }> = {
  manualFirstName: { id: `${PICKER_ID}-manual-first-name`, label: shellText.firstName },
  manualLastName: { id: `${PICKER_ID}-manual-last-name`, label: shellText.lastName },
};

const idParam = /^-?[1-9][0-9]{0,9}$/;

export function monitoringVisitRouter(_deps: AppDeps): Router {
  const router = Router();
  const canView = requirePermissions(P.visitView, P.visitInit, P.visitSelectStudents);
  const canSelect = requirePermissions(P.visitSelectStudents);
  const canInit = requirePermissions(P.visitInit);

  router.get(VISIT_PATH, canView, async (req, res) => {
    await renderVisit(req, res);
  });

  router.get('/api/portal/people', canSelect, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      res.json({ people: await searchPeople(res, personSearchQuery.parse(req.query)) });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      req.log?.warn({ err }, 'people search failed');
      // No network and timeouts say so (503 / 504, as every island call); anything else: the search is unavailable.
      if (err.kind === 'network' || err.kind === 'timeout') sendUpstreamError(res, err);
      else res.status(502).json({ message: monitoringText.searchUnavailable });
    }
  });

  router.post(VISIT_PEOPLE_PATH, canSelect, async (req, res) => {
    const parsed = personSelectionBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => {
        const field = fieldIds[String(issue.path[0])];
        return field ? { field: field.id, message: `${field.label}: ${issue.message}` } : { message: issue.message };
      });
      await renderVisit(req, res, { status: 422, errors });
      return;
    }
    const found = await resolveIds(res, parsed.data.personIds);
    // Hand-added people get fresh negative ids: -1, -2, ... (spec §3).
    const manual = parsed.data.manual.map((p, i) => ({ id: -(i + 1), firstName: p.firstName, lastName: p.lastName }));
    const selection = [...found, ...manual].slice(0, MAX_SELECTED);
    req.session.visitPeople = selection;
    addFlash(req, { type: 'success', text: monitoringText.selectionSaved(selection.length) });
    res.redirect(303, VISIT_PATH);
  });

  router.post(VISIT_DETAILS_PATH, canInit, async (req, res) => {
    const { result, values } = validateVisitDetails(req.body);
    if (!result.ok) {
      await renderVisit(req, res, { status: 422, details: { values, errors: result.errors } });
      return;
    }
    try {
      await res.locals.api.call({ method: 'PUT', path: '/api/monitoring/visit', json: visitDetailsBody(result.data), schema: monitoringVisit });
    } catch (err) {
      // The API's own refusal (no LEA selected, a value it will not store): shown like the form's.
      await renderVisit(req, res, { status: 422, details: { values: result.data, errors: refusedFields(err, visitDetailsFields) } });
      return;
    }
    addFlash(req, { type: 'success', text: visitDetailsText.saved });
    res.redirect(303, VISIT_PATH);
  });

  router.post(`${VISIT_PEOPLE_PATH}/:id/remove`, canSelect, (req, res) => {
    const raw = String(req.params.id);
    if (!idParam.test(raw)) throw notFound();
    const id = Number(raw);
    const selected = selectionOf(req);
    const person = selected.find((p) => p.id === id);
    if (person) {
      req.session.visitPeople = selected.filter((p) => p.id !== id);
      addFlash(req, { type: 'success', text: monitoringText.personRemoved(`${person.firstName} ${person.lastName}`) });
    }
    res.redirect(303, VISIT_PATH);
  });

  return router;
}
