// The Early Childhood Outcomes report pages (ECO spec §3.1, §3.7, §3.8, §7), each one API call for
// the screen and the same call for its CSV (downloaded through the portal, the token never leaves it):
//   GET  /child-search/dashboard                          tiles, summary statements, recent activity (Eco.access)
//   GET  /child-search/state-tracking[.csv]               one row per LEA and 'State total' (App.stateuser)
//   POST /child-search/state-tracking/{leaId}/remind      'Send reminder', 303 with 'Reminder sent to {n} users.'
//   POST /child-search/state-tracking/open-lea            makes the LEA current, 303 to the ECO dashboard
//   GET  /child-search/apr-report[.csv]                   FFY Indicator B7 (Eco.reports.view)
//   GET  /child-search/apr-report/by-lea.csv              statewide, per LEA (App.data.allleas, the API decides)
//   GET  /child-search/apr-report/children.csv            the child data (PII, logged by the API)
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { lookupList, pagedSchools } from '../../../lib/contract.js';
import { ecoPageText as t } from '../../../lib/eco/page-text.js';
import { ecoAprReport, ecoDashboard, ecoReminderAnswer, ecoStateTracking } from '../../../lib/eco/report-contract.js';
import { hasAnyPermission, P } from '../../../lib/permissions.js';
import { routeById } from '../../../lib/routes.js';
import { ECO_APR_PATH, EcoAprReportPage, type EcoAprFilters } from '../../../views/pages/eco/EcoAprReportPage.js';
import { ECO_DASHBOARD_PATH, EcoDashboardPage } from '../../../views/pages/eco/EcoDashboardPage.js';
import { ECO_OPEN_LEA_PATH, ECO_TRACKING_PATH, EcoStateTrackingPage, LEA_TYPES } from '../../../views/pages/eco/EcoStateTrackingPage.js';
import { currentUser } from '../../auth-session.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requirePermissions, requireRoute } from '../../route-guard.js';
import { loadShellLists } from '../../shell-context.js';
import { loadTextBlock } from '../auth.js';
import { makeLeaCurrent } from '../session-context.js';

const API = '/api/eco';
const year = z.string().regex(/^\d{4}-\d{4}$/).optional().catch(undefined);
const trackingQuery = z.object({
  schoolYear: year,
  leaType: z.enum(LEA_TYPES).optional().catch(undefined),
  status: z.enum(t.tracking.statuses).optional().catch(undefined),
});
/** `leaId` 'state' is the Statewide scope of users with App.data.allleas. */
const aprQuery = z.object({
  schoolYear: year,
  leaId: z.union([z.literal('state'), z.string().regex(/^\d{1,9}$/)]).optional().catch(undefined),
  basis: z.enum(['submitted', 'finalized']).optional().catch(undefined),
  schoolId: z.string().regex(/^\d{1,9}$/).optional().catch(undefined),
  disability: z.string().regex(/^[a-z0-9-]{1,100}$/).optional().catch(undefined),
});
const leaIdParam = z.object({ leaId: z.string().regex(/^\d{1,9}$/).transform(Number) });

const permissionsOf = (req: Request): readonly string[] => currentUser(req)?.permissions ?? [];

/** The school years of the top bar's list, with the report's own if it is not there. */
async function yearsOf(req: Request, res: Response, current: string): Promise<string[]> {
  const lists = await loadShellLists(req, res);
  return [...new Set([current, ...lists.schoolYears.map((y) => y.key)])].sort().reverse();
}

/** The API query of the APR report and its CSVs: 'state' becomes the state-level district. */
async function aprApiQuery(req: Request, res: Response, q: z.infer<typeof aprQuery>): Promise<Record<string, string | undefined>> {
  let leaId = q.leaId;
  if (leaId === 'state') {
    const stateLevel = (await loadShellLists(req, res)).leas.find((l) => l.isNdeLevelDistrict);
    leaId = stateLevel ? String(stateLevel.id) : undefined;
  }
  return { schoolYear: q.schoolYear, leaId, basis: q.basis, schoolId: q.schoolId, disability: q.disability };
}

/** The state tracking page with the filters a row's form carried back (only known values). */
function trackingHref(body: unknown): string {
  const raw = body && typeof body === 'object' && 'filters' in body && typeof body.filters === 'string' ? body.filters : '';
  const q = trackingQuery.parse(Object.fromEntries(new URLSearchParams(raw.slice(0, 200))));
  const query = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  return query ? `${ECO_TRACKING_PATH}?${query}` : ECO_TRACKING_PATH;
}

export function ecoReportsRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get(ECO_DASHBOARD_PATH, requireRoute('eco.dashboard'), async (req, res) => {
    const [dashboard, textBlock] = await Promise.all([
      res.locals.api.call({ path: `${API}/dashboard`, schema: ecoDashboard }),
      loadTextBlock(req, res, 'eco-dashboard-instructions'),
    ]);
    renderPage(req, res, createElement(EcoDashboardPage, { dashboard, textBlock, canSubmit: hasAnyPermission(permissionsOf(req), ['Eco.scores.submit']) }), {
      title: routeById('eco.dashboard').title,
      layout: 'shell',
    });
  });

  router.get(ECO_TRACKING_PATH, requireRoute('eco.state-tracking'), async (req, res) => {
    const q = trackingQuery.parse(req.query);
    const [report, textBlock] = await Promise.all([
      res.locals.api.call({ path: `${API}/state-tracking`, query: { schoolYear: q.schoolYear, leaType: q.leaType, status: q.status }, schema: ecoStateTracking }),
      loadTextBlock(req, res, 'eco-state-tracking-instructions'),
    ]);
    renderPage(
      req,
      res,
      createElement(EcoStateTrackingPage, {
        report,
        filters: { schoolYear: report.schoolYear, leaType: q.leaType ?? 'All', status: q.status ?? '' },
        years: await yearsOf(req, res, report.schoolYear),
        generatedAt: new Date().toISOString(),
        textBlock,
      }),
      { title: routeById('eco.state-tracking').title, layout: 'shell' },
    );
  });

  router.get(`${ECO_TRACKING_PATH}.csv`, requireRoute('eco.state-tracking'), async (req, res) => {
    const q = trackingQuery.parse(req.query);
    await downloadFromApi(res, { path: `${API}/state-tracking.csv`, query: { schoolYear: q.schoolYear, leaType: q.leaType, status: q.status } }, 'eco-state-tracking.csv');
  });

  router.post(`${ECO_TRACKING_PATH}/:leaId/remind`, requirePermissions(P.stateUser), async (req, res) => {
    const parsed = leaIdParam.safeParse(req.params);
    if (!parsed.success) throw notFound();
    const answer = await res.locals.api.call({ path: `${API}/state-tracking/${parsed.data.leaId}/remind`, method: 'POST', json: {}, schema: ecoReminderAnswer });
    addFlash(req, { type: 'success', text: t.tracking.reminderSent(answer.sent) });
    res.redirect(303, trackingHref(req.body));
  });

  router.post(ECO_OPEN_LEA_PATH, requireRoute('eco.state-tracking'), async (req, res) => {
    const parsed = z.object({ leaId: z.string().regex(/^\d{1,9}$/).transform(Number) }).safeParse(req.body);
    const lists = await loadShellLists(req, res, { fresh: true });
    const lea = parsed.success ? lists.leas.find((l) => l.id === parsed.data.leaId) : undefined;
    if (!lea) {
      addFlash(req, { type: 'error', text: t.tracking.leaNotAvailable });
      res.redirect(303, ECO_TRACKING_PATH);
      return;
    }
    makeLeaCurrent(req, lea.id);
    res.redirect(303, ECO_DASHBOARD_PATH);
  });

  router.get(ECO_APR_PATH, requireRoute('eco.apr-report'), async (req, res) => {
    const q = aprQuery.parse(req.query);
    const allLeas = hasAnyPermission(permissionsOf(req), [P.allLeas]);
    const [report, textBlock, lists, disabilityList] = await Promise.all([
      res.locals.api.call({ path: `${API}/apr`, query: await aprApiQuery(req, res, allLeas ? q : { ...q, leaId: q.leaId === 'state' ? undefined : q.leaId }), schema: ecoAprReport }),
      loadTextBlock(req, res, 'eco-apr-report-instructions'),
      loadShellLists(req, res),
      res.locals.api.call({ path: '/api/lists/by-name/disability-categories', schema: lookupList }).catch(() => null),
    ]);
    const schools =
      report.scope.kind === 'LEA' && report.scope.leaId !== null
        ? (await res.locals.api.call({ path: '/api/schools', query: { leaId: report.scope.leaId, pageSize: 1000, sortField: 'name' }, schema: pagedSchools }).catch(() => ({ items: [] }))).items
        : [];
    const filters: EcoAprFilters = {
      schoolYear: report.schoolYear,
      leaId: report.scope.kind === 'LEA' ? String(report.scope.leaId ?? '') : allLeas ? 'state' : '',
      basis: report.basis,
      schoolId: report.scope.kind === 'LEA' ? (q.schoolId ?? '') : '',
      disability: q.disability ?? '',
    };
    renderPage(
      req,
      res,
      createElement(EcoAprReportPage, {
        report,
        filters,
        years: await yearsOf(req, res, report.schoolYear),
        leas: allLeas ? lists.leas.filter((l) => !l.isNdeLevelDistrict).map((l) => ({ value: String(l.id), label: l.name })) : null,
        schools: schools.map((s) => ({ value: String(s.id), label: s.name })),
        disabilities: (disabilityList?.items ?? []).map((i) => ({ value: i.code, label: i.label })),
        textBlock,
        generatedAt: new Date().toISOString(),
      }),
      { title: routeById('eco.apr-report').title, layout: 'shell' },
    );
  });

  for (const [suffix, apiPath, fallback] of [
    ['.csv', '/apr.csv', 'eco-apr.csv'],
    ['/by-lea.csv', '/apr/by-lea.csv', 'eco-apr-by-lea.csv'],
    ['/children.csv', '/apr/children.csv', 'eco-children.csv'],
  ] as const) {
    router.get(`${ECO_APR_PATH}${suffix}`, requireRoute('eco.apr-report'), async (req, res) => {
      const q = aprQuery.parse(req.query);
      await downloadFromApi(res, { path: `${API}${apiPath}`, query: await aprApiQuery(req, res, q) }, fallback);
    });
  }

  return router;
}
