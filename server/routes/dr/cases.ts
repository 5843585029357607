// The dispute resolution dashboard and case detail (DR spec §4.1, §4.3):
//   GET  /dispute-resolution/dashboard                  My Requests (public filer) or tiles and case list
//   GET  /dispute-resolution/cases/:id?tab=             a case with its tabs
//   POST /dispute-resolution/cases/:id/status           accept, set aside, close, reopen
//   POST /dispute-resolution/cases/:id/update           checklist, agreement and hearing dates, findings
//   POST /dispute-resolution/cases/:id/extensions       record an extension
//   POST /dispute-resolution/cases/:id/actions          add an action (or the filer's additional information)
//   POST /dispute-resolution/cases/:id/links            link a case by number
//   POST /dispute-resolution/cases/:id/withdrawals      request withdrawal
//   POST /dispute-resolution/cases/:id/withdrawals/:w   approve or decline one
//   POST /dispute-resolution/cases/:id/delete           delete one's own draft
// Each POST calls the agency API once and answers 303 back to its tab, or 422 with the API's
// refusal shown on the same tab with what was typed.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { textBlock } from '../../../lib/contract.js';
import { agencyToday } from '../../../lib/day.js';
import { DISPUTE_TYPES } from '../../../lib/dr/cases.js';
import { NEUTRAL_TYPE_FOR } from '../../../lib/dr/rules.js';
import { drDocuments } from '../../../lib/dr/documents.js';
import { drSurveyInvitations, drAction, drCase, drCaseList, drDashboard, drLink, drWithdrawal, STATUS_NAMES, type DrCase, type DrDashboard } from '../../../lib/dr/contract.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import { signRequestList } from '../../../lib/dr/sign-contract.js';
import { signText } from '../../../lib/dr/sign-text.js';
import { routeById } from '../../../lib/routes.js';
import { breadcrumbsFor } from '../../../lib/navigation.js';
import { hasAnyPermission } from '../../../lib/permissions.js';
import { parseTableQuery, type TableConfig } from '../../../lib/table-query.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CASE_TABS, DrCasePage, type CaseTab, type DrCasePageProps } from '../../../views/pages/dr/DrCasePage.js';
import { DR_DASHBOARD_PATH, DrDashboardPage, type CaseFilters } from '../../../views/pages/dr/DrDashboardPage.js';
import { currentUser } from '../../auth-session.js';
import { DR, drHas, drPermissionsOf } from './access.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requirePermissions, requireRoute } from '../../route-guard.js';
import { SessionValueCache } from '../../session-cache.js';
import { loadShellLists } from '../../shell-context.js';
import { refusalErrors, SessionExpiredError } from '../../upstream.js';

const API = '/api/disputeresolution';
export const CASES_TABLE: TableConfig = { sortable: ['due', 'received', 'caseNumber'], defaultSort: 'due', defaultDir: 'asc', pageSizes: [25, 50, 100], defaultPageSize: 25 };

const idParam = z.object({ id: z.string().uuid() });
const filterQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  type: z.string().regex(/^[1-5]$/).optional().catch(undefined),
  status: z.string().regex(/^[0-4]$/).optional().catch(undefined),
  leaId: z.string().regex(/^\d{1,9}$/).optional().catch(undefined),
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/).optional().catch(undefined),
  assignedToMe: z.string().optional().catch(undefined),
  tab: z.enum(CASE_TABS).optional().catch(undefined),
});

/** A form the portal refuses itself (an upload it cannot use), shown as the API's refusals are. */
export class FormRefusal extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? '');
  }
}

/** A refused API call's field errors (422 or 400), else rethrow. */
function refusalOf(err: unknown): FieldError[] | null {
  return err instanceof FormRefusal ? err.errors : refusalErrors(err);
}

/** A form body as strings (checkbox 'on' included), for re-rendering what was typed. */
function formStrings(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && k !== '_csrf') out[k] = v.slice(0, 4000);
  return out;
}

const proposal = z.object({ id: z.number(), neutralType: z.number(), caseNumber: z.string(), disputeType: z.number(), leaName: z.string().nullable(), receivedDate: z.string() });
const rosterEntry = z.object({ userId: z.string(), name: z.string(), nextInRotation: z.boolean() });
const p422Value = (refused: DrCasePageProps['refused'], field: string) => refused?.values[field];

const emptyToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export async function renderCase(req: Request, res: Response, asked: CaseTab, refused: DrCasePageProps['refused'] = null): Promise<void> {
  // The survey tab is state staff's (§4.3); anyone else asking for it gets the overview.
  const tab: CaseTab = asked === 'survey' && !drHas(req, 'stateuser') ? 'overview' : asked;
  const { id } = idParam.parse(req.params);
  const api = res.locals.api;
  const c = await api.call({ path: `${API}/cases/${id}`, schema: drCase });
  const canSeeActions = drHas(req, 'disputerequests.seeCaseActions');
  const isFiler = c.isOwner || c.piiVisible;
  const [actions, links, withdrawals, withdrawBlock, linkBlock, documents, invitations] = await Promise.all([
    tab === 'actions' || tab === 'timeline' ? api.call({ path: `${API}/cases/${id}/actions`, schema: z.array(drAction) }) : Promise.resolve(null),
    tab === 'links' ? api.call({ path: `${API}/cases/${id}/links`, schema: z.array(drLink) }) : Promise.resolve([]),
    tab === 'withdrawal' && drHas(req, 'viewwithdrawalrequests') && c.pendingWithdrawal
      ? api.call({ path: `${API}/withdrawals`, schema: z.array(drWithdrawal) }).then((all) => all.filter((w) => w.caseId === c.id))
      : Promise.resolve([]),
    tab === 'withdrawal' ? api.call({ path: '/api/text-blocks/by-block-code/dr-withdraw-confirmation-text', schema: textBlock, auth: 'none' }).catch(() => null) : Promise.resolve(null),
    tab === 'links' ? api.call({ path: '/api/text-blocks/by-block-code/dr-link-case-instructions', schema: textBlock, auth: 'none' }).catch(() => null) : Promise.resolve(null),
    tab === 'documents' && c.piiVisible ? api.call({ path: `${API}/cases/${id}/documents`, schema: drDocuments }) : Promise.resolve(null),
    tab === 'survey' && drHas(req, 'stateuser') ? api.call({ path: `${API}/cases/${id}/survey-invitations`, schema: drSurveyInvitations }) : Promise.resolve(null),
  ]);
  const isState = drHas(req, 'stateuser');
  const caseType = c.disputeType ? DISPUTE_TYPES[c.disputeType as 1 | 2 | 3 | 4 | 5] : null;
  const neededNeutralType = caseType ? (NEUTRAL_TYPE_FOR[caseType] ?? 1) : 1;
  const wantedType = Number(p422Value(refused, 'neutralType')) || neededNeutralType;
  const roster = tab === 'neutrals' && isState ? await api.call({ path: `${API}/neutrals`, query: { type: wantedType }, schema: z.array(rosterEntry) }) : [];
  const signRequests = tab === 'neutrals' && isState ? await api.call({ path: `${API}/cases/${id}/sign-requests`, schema: signRequestList }) : null;
  const props: DrCasePageProps = {
    c,
    roster,
    signRequests,
    neededNeutralType,
    tab,
    today: agencyToday(),
    actions,
    links,
    withdrawals,
    documents,
    invitations,
    textBlocks: { withdraw: withdrawBlock, linkInstructions: linkBlock },
    can: {
      assign: isState,
      submitCorrective: isState || drHas(req, 'roles.leauser'),
      verifyCorrective: isState || c.assignments.some((a) => a.status === 'Accepted' && (a.neutralType === 5 || a.neutralType === 6) && a.userId === currentUser(req)?.id),
      update: drHas(req, 'disputerequests.update'),
      seeActions: canSeeActions,
      editActions: drHas(req, 'disputerequests.editCaseActions'),
      link: drHas(req, 'linkcase'),
      decideWithdrawal: drHas(req, 'viewwithdrawalrequests'),
      requestWithdrawal: c.isOwner || (drHas(req, 'roles.publicuser') && isFiler),
      addFilerInfo: c.isOwner && !drHas(req, 'disputerequests.editCaseActions'),
    },
    refused,
    tz: res.locals.deps.config.tz,
  };
  const title = `${c.caseNumber ? t.caseTitle(c.caseNumber) : t.draft}: ${t.tabs[tab]} - ${t.heading}`;
  renderPage(req, res, createElement(DrCasePage, props), {
    title,
    layout: 'shell',
    status: refused ? 422 : 200,
    breadcrumbs: breadcrumbsFor(DR_DASHBOARD_PATH, [{ label: c.caseNumber ?? t.draft }]),
  });
}

/**
 * The tiles' counts are kept per session for a short while, as the dashboard's messages are (a
 * reload of the case list asks the API for the page of cases only); anything the user changes
 * through these pages forgets them at once.
 */
export const DR_TILES_TTL_MS = 15_000;

/**
 * One POST of a case form: call the API, then 303 to the tab with a flash, or 422 on the tab with
 * the refusal and what was typed. `before` runs first (the dashboard forgets its tiles).
 */
export function casePoster(router: Router, before: (req: Request) => Promise<unknown> = async () => undefined) {
  const view = requirePermissions(`${DR}.disputerequests.view`);
  return (path: string, tab: CaseTab, form: string | ((req: Request) => string), call: (req: Request, res: Response, id: string) => Promise<string | void>, ...pre: RequestHandler[]) => {
    router.post(`/dispute-resolution/cases/:id${path}`, view, ...pre, async (req, res) => {
      const parsed = idParam.safeParse(req.params);
      if (!parsed.success) throw notFound();
      await before(req);
      try {
        const message = await call(req, res, parsed.data.id);
        addFlash(req, { type: 'success', text: message || t.saved });
        res.redirect(303, `/dispute-resolution/cases/${parsed.data.id}?tab=${tab}`);
      } catch (err) {
        const errors = refusalOf(err);
        if (!errors) throw err;
        await renderCase(req, res, tab, { form: typeof form === 'string' ? form : form(req), errors, values: formStrings(req.body) });
      }
    });
  };
}

export function drCasesRouter(deps: AppDeps): Router {
  const router = Router();
  const tilesCache = new SessionValueCache(deps, 'dr-tiles', drDashboard);
  const forgetTiles = (req: Request) => tilesCache.forget(req.sessionID).catch((err: unknown) => req.log?.warn({ err }, 'dr tiles cache unavailable'));
  async function tilesFor(req: Request, res: Response): Promise<DrDashboard> {
    const hit = await tilesCache.get(req.sessionID).catch(() => null);
    if (hit) return hit;
    const tiles = await res.locals.api.call({ path: `${API}/dashboard`, schema: drDashboard });
    await tilesCache.set(req.sessionID, tiles, DR_TILES_TTL_MS).catch((err: unknown) => req.log?.warn({ err }, 'dr tiles cache unavailable'));
    return tiles;
  }
  const view = requirePermissions(`${DR}.disputerequests.view`);

  router.get(DR_DASHBOARD_PATH, requireRoute('dr.dashboard'), async (req, res) => {
    const permissions = drPermissionsOf(req);
    const isPublic = hasAnyPermission(permissions, [`${DR}.roles.publicuser`]) && !hasAnyPermission(permissions, [`${DR}.stateuser`, `${DR}.roles.leauser`]);
    const f = filterQuery.parse(req.query);
    const state = parseTableQuery(req.query, CASES_TABLE);
    const neutral = hasAnyPermission(permissions, ['facilitator', 'mediator', 'hearingofficer', 'investigator', 'inspector'].map((r) => `${DR}.roles.${r}`));
    // 'Assigned to me' starts on for neutrals (§4.1); the filter form always sends its own value.
    const filtered = Object.keys(req.query).some((k) => ['q', 'type', 'status', 'leaId', 'schoolYear', 'assignedToMe'].includes(k));
    const assignedToMe = isPublic ? false : filtered ? f.assignedToMe === 'on' : neutral;
    const filters: CaseFilters = { q: f.q ?? '', type: f.type ?? '', status: f.status ?? '', leaId: f.leaId ?? '', schoolYear: f.schoolYear ?? '', assignedToMe };
    const pageSize = state.pageSize === 'all' ? 100 : state.pageSize;
    const canView = hasAnyPermission(permissions, [`${DR}.disputerequests.view`]);
    const [list, tiles, lists, proposals] = await Promise.all([
      canView
        ? res.locals.api.call({
            path: `${API}/cases`,
            query: {
              q: filters.q || undefined,
              type: filters.type || undefined,
              status: filters.status || undefined,
              leaId: filters.leaId || undefined,
              schoolYear: filters.schoolYear || undefined,
              assignedToMe: assignedToMe ? 'true' : undefined,
              pageNumber: isPublic ? 1 : state.page,
              pageSize: isPublic ? 100 : pageSize,
              sortField: state.sort ?? 'due',
              sortDirection: state.dir,
            },
            schema: drCaseList,
          })
        : Promise.resolve({ items: [], total: 0 }),
      !isPublic && canView ? tilesFor(req, res) : Promise.resolve(null),
      loadShellLists(req, res),
      neutral ? res.locals.api.call({ path: `${API}/assignments/mine`, schema: z.array(proposal) }) : Promise.resolve([]),
    ]);
    renderPage(
      req,
      res,
      createElement(DrDashboardPage, {
        mode: isPublic ? 'public' : 'staff',
        cases: list.items,
        total: list.total,
        tiles,
        filters,
        leaOptions: lists.leas.filter((l) => !l.isNdeLevelDistrict || hasAnyPermission(permissions, [`${DR}.stateuser`])).map((l) => ({ id: l.id, name: l.name })),
        yearOptions: lists.schoolYears.map((y) => y.key),
        searchByName: hasAnyPermission(permissions, [`${DR}.stateuser`, `${DR}.roles.leauser`]),
        canCreate: hasAnyPermission(permissions, [`${DR}.disputerequests.create`, `${DR}.roles.publicuser`]),
        isStateUser: hasAnyPermission(permissions, [`${DR}.stateuser`]),
        table: { state, config: CASES_TABLE },
        proposals,
      }),
      { title: routeById('dr.dashboard').title, layout: 'shell' },
    );
  });

  router.get('/dispute-resolution/cases/:id', view, async (req, res) => {
    if (!idParam.safeParse(req.params).success) throw notFound();
    const f = filterQuery.parse(req.query);
    await renderCase(req, res, f.tab ?? 'overview');
  });

  const post = casePoster(router, forgetTiles);

  post('/status', 'overview', 'status', async (req, res, id) => {
    const b = formStrings(req.body);
    const cop = b.changeOfPlacementOrdered === 'yes' ? true : b.changeOfPlacementOrdered === 'no' ? false : null;
    const c: DrCase = await res.locals.api.call({
      path: `${API}/cases/${id}/status`,
      method: 'POST',
      json: {
        toStatus: b.toStatus ?? '',
        outcome: b.outcome ? Number(b.outcome) : null,
        reason: emptyToNull(b.reason),
        reportDate: emptyToNull(b.reportDate),
        agreementDate: emptyToNull(b.agreementDate),
        hearingDate: emptyToNull(b.hearingDate),
        decisionDate: emptyToNull(b.decisionDate),
        changeOfPlacementOrdered: cop,
      },
      schema: drCase,
    });
    return [t.statusChanged(STATUS_NAMES[c.status] ?? ''), ...(c.warnings ?? [])].join(' ');
  });

  post('/update', 'overview', 'update', async (req, res, id) => {
    const b = formStrings(req.body);
    const findings = Object.entries(b)
      .filter(([k]) => /^finding-\d{1,2}$/.test(k))
      .map(([k, v]) => ({ index: Number(k.slice(8)), finding: Number(v) }))
      .filter((f) => Number.isInteger(f.finding) && f.finding >= 0 && f.finding <= 4);
    await res.locals.api.call({
      path: `${API}/cases/${id}`,
      method: 'PUT',
      json: {
        ...('bothPartiesAgreedDate' in b ? { bothPartiesAgreedDate: emptyToNull(b.bothPartiesAgreedDate) } : {}),
        ...('hearingDate' in b ? { hearingDate: emptyToNull(b.hearingDate) } : {}),
        ...('decisionDate' in b ? { decisionDate: emptyToNull(b.decisionDate) } : {}),
        contentChecklistComplete: b.contentChecklistComplete === 'on',
        ...(findings.length ? { findings } : {}),
      },
      schema: drCase,
    });
  });

  post('/corrective-actions', 'overview', (req) => `ca-${formStrings(req.body).allegation ?? ''}`, async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({
      path: `${API}/cases/${id}/corrective-actions`,
      method: 'POST',
      json: { allegation: Number(b.allegation), description: b.description ?? '', dueDate: b.dueDate ?? '' },
      schema: z.unknown(),
    });
  });

  post('/corrective-actions/:ca', 'overview', 'status', async (req, res, id) => {
    const ca = String(req.params.ca).slice(0, 40);
    await res.locals.api.call({ path: `${API}/cases/${id}/corrective-actions/${encodeURIComponent(ca)}`, method: 'PUT', json: { status: formStrings(req.body).status === 'Verified' ? 'Verified' : 'Submitted' }, schema: z.unknown() });
  });

  post('/extensions', 'timeline', 'extension', async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({
      path: `${API}/cases/${id}/extensions`,
      method: 'POST',
      json: { deadlineCode: b.deadlineCode ?? '', newDueDate: b.newDueDate ?? '', grantedDate: b.grantedDate ?? '', reason: emptyToNull(b.reason), requestedBy: emptyToNull(b.requestedBy), note: b.note ?? '' },
      schema: z.unknown(),
    });
  });

  post('/actions', 'actions', 'action', async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({
      path: `${API}/cases/${id}/actions`,
      method: 'POST',
      json: { type: b.type ?? '', actionDate: b.actionDate ?? '', note: b.note ?? '', visibility: b.visibility === 'Parties' ? 'Parties' : 'Internal' },
      schema: z.unknown(),
    });
  });

  post('/links', 'links', 'link', async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({ path: `${API}/cases/${id}/links`, method: 'POST', json: { caseNumber: b.caseNumber ?? '', relation: Number(b.relation) || 1 }, schema: z.unknown() });
  });

  post('/withdrawals', 'withdrawal', 'withdrawal', async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({ path: `${API}/cases/${id}/withdrawals`, method: 'POST', json: { reason: b.reason ?? '' }, schema: drWithdrawal });
    return t.withdrawal.pending;
  });

  post('/withdrawals/:w', 'withdrawal', (req) => `decide-${String(req.params.w)}`, async (req, res) => {
    const w = Number(req.params.w);
    if (!Number.isInteger(w) || w < 1) throw notFound();
    const b = formStrings(req.body);
    await res.locals.api.call({ path: `${API}/withdrawals/${w}`, method: 'PUT', json: { status: b.status === 'Approved' ? 'Approved' : 'Declined', note: b.note ?? '' }, schema: drWithdrawal });
  });

  post('/assignments', 'neutrals', 'assign', async (req, res, id) => {
    const b = formStrings(req.body);
    const userId = emptyToNull(b.userId);
    await res.locals.api.call({
      path: `${API}/cases/${id}/assignments`,
      method: 'POST',
      json: { neutralType: Number(b.neutralType) || 1, method: userId ? 4 : 1, ...(userId ? { userId } : {}) },
      schema: z.unknown(),
    });
  });

  // Signature requests (§4.3, §8): agreement to participate, resolution meeting waiver, the choice of three.
  post('/sign-requests', 'neutrals', (req) => `sign-${formStrings(req.body).purpose ?? ''}`, async (req, res, id) => {
    const b = formStrings(req.body);
    await res.locals.api.call({
      path: `${API}/cases/${id}/sign-requests`, method: 'POST',
      json: { purpose: Number(b.purpose) || 0, recipientName: b.recipientName ?? '', recipientEmail: b.recipientEmail ?? '' }, schema: z.unknown(),
    });
    return b.purpose === '4' ? signText.offerSent : signText.sent;
  });

  post('/assignments/:a/remove', 'neutrals', (req) => `remove-${String(req.params.a)}`, async (req, res) => {
    const a = Number(req.params.a);
    if (!Number.isInteger(a) || a < 1) throw notFound();
    await res.locals.api.call({ path: `${API}/assignments/${a}`, method: 'DELETE', json: { reason: formStrings(req.body).reason ?? '' }, schema: z.unknown() });
  });

  // A proposed neutral's answer, from the dashboard (the case itself opens once accepted).
  router.post('/dispute-resolution/assignments/:a', view, async (req, res) => {
    const a = Number(req.params.a);
    if (!Number.isInteger(a) || a < 1) throw notFound();
    const b = formStrings(req.body);
    await forgetTiles(req);
    try {
      await res.locals.api.call({
        path: `${API}/assignments/${a}`,
        method: 'PUT',
        json: { status: b.answer === 'Accepted' ? 'Accepted' : 'Declined', noConflictConfirmed: b.noConflict === 'on' },
        schema: z.unknown(),
      });
      addFlash(req, { type: 'success', text: t.saved });
    } catch (err) {
      const errors = refusalOf(err);
      if (!errors) throw err;
      addFlash(req, { type: 'error', text: errors[0]?.message ?? t.saved });
    }
    res.redirect(303, DR_DASHBOARD_PATH);
  });

  router.post('/dispute-resolution/cases/:id/delete', view, async (req, res) => {
    const parsed = idParam.safeParse(req.params);
    if (!parsed.success) throw notFound();
    await forgetTiles(req);
    await res.locals.api.call({ path: `${API}/cases/${parsed.data.id}`, method: 'DELETE', json: {}, schema: z.unknown() });
    addFlash(req, { type: 'success', text: t.saved });
    res.redirect(303, DR_DASHBOARD_PATH);
  });

  return router;
}
