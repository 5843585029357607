// The dispute resolution reports (DR spec §4.4-4.6, §9), each one API call for the screen and the
// same call with format=csv for its CSV (downloaded through the portal, the token never leaves it):
//   GET  /dispute-resolution/reports[.csv]                    Table 7, B15, B16 (reports.view)
//   POST /dispute-resolution/reports/certify                  certify a year (state staff)
//   GET  /dispute-resolution/reports/summary-report[.csv]     summary per LEA (summary.view)
//   GET  /dispute-resolution/reports/state-tracking[.csv]     open cases by next deadline (state staff)
import { isDrStateStaff } from './access.js';
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { agencyToday } from '../../../lib/day.js';
import { lastEndedYear } from '../../../lib/dr/cases.js';
import { TABLE7_ROW_ORDER } from '../../../lib/dr/table7.js';
import { drSummaryAnswer, drTrackingAnswer, table7Answer } from '../../../lib/dr/contract.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import { routeById } from '../../../lib/routes.js';
import { breadcrumbsFor } from '../../../lib/navigation.js';
import { REPORTS_PATH, ROW_CASES_PATH, RowCasesPage, StateTrackingPage, SUMMARY_PATH, SummaryPage, Table7Page, TRACKING_PATH, TRACKING_STATUSES } from '../../../views/pages/dr/DrReportPages.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { addFlash } from '../../flash.js';
import { notFound } from '../../errors.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { loadShellLists } from '../../shell-context.js';
import { UpstreamError } from '../../upstream.js';

const API = '/api/disputeresolution';
const rowCases = z.object({
  schoolYear: z.string(),
  row: z.string(),
  label: z.string(),
  items: z.array(z.object({ id: z.string(), caseNumber: z.string(), disputeType: z.number(), status: z.number(), leaName: z.string(), studentInitials: z.string(), receivedDate: z.string() })),
});
const reportQuery = z.object({
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/).optional().catch(undefined),
  leaId: z.string().regex(/^\d{1,9}$/).optional().catch(undefined),
  type: z.string().regex(/^[1-5]$/).optional().catch(undefined),
  deadlineStatus: z.enum(TRACKING_STATUSES).optional().catch(undefined),
});
const trackingQuery = z.object({
  status: z.enum(TRACKING_STATUSES).optional().catch(undefined),
  deadlineStatus: z.enum(TRACKING_STATUSES).optional().catch(undefined),
  type: z.string().max(60).optional().catch(undefined),
  lea: z.string().max(200).optional().catch(undefined),
  caseManager: z.string().max(200).optional().catch(undefined),
  neutral: z.string().max(200).optional().catch(undefined),
});

/** The last five ended July-June years, newest first, and the year in progress. */
function reportYears(latestEnded: string): string[] {
  const start = Number(latestEnded.slice(0, 4));
  return [start + 1, start, start - 1, start - 2, start - 3, start - 4].map((y) => `${y}-${y + 1}`);
}

async function leaOptions(req: Request, res: Response): Promise<{ id: number; name: string }[]> {
  const lists = await loadShellLists(req, res);
  return lists.leas.filter((l) => !l.isNdeLevelDistrict || isDrStateStaff(req)).map((l) => ({ id: l.id, name: l.name }));
}

export function drReportsRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get(REPORTS_PATH, requireRoute('dr.reports'), async (req, res) => {
    const q = reportQuery.parse(req.query);
    const [report, leas] = await Promise.all([
      res.locals.api.call({ path: `${API}/reports/table7`, query: { schoolYear: q.schoolYear, leaId: q.leaId }, schema: table7Answer }),
      leaOptions(req, res),
    ]);
    const year = report.schoolYear;
    renderPage(
      req,
      res,
      createElement(Table7Page, {
        report,
        years: [...new Set([...reportYears(lastEndedYear(agencyToday())), year])].sort().reverse(),
        year,
        leas,
        lea: q.leaId ?? '',
        leaName: leas.find((l) => String(l.id) === q.leaId)?.name ?? t.reports.leaAll,
        isStateUser: isDrStateStaff(req),
        generatedAt: new Date().toISOString(),
        drillHref: `${ROW_CASES_PATH}?schoolYear=${year}${q.leaId ? `&leaId=${q.leaId}` : ''}`,
      }),
      { title: routeById('dr.reports').title, layout: 'shell' },
    );
  });

  router.get(ROW_CASES_PATH, requireRoute('dr.reports'), async (req, res) => {
    const q = reportQuery.extend({ row: z.string().max(12).optional().catch(undefined) }).parse(req.query);
    if (!q.row || !(TABLE7_ROW_ORDER as readonly string[]).includes(q.row)) throw notFound();
    const answer = await res.locals.api.call({ path: `${API}/reports/table7/cases`, query: { schoolYear: q.schoolYear, leaId: q.leaId, row: q.row }, schema: rowCases });
    const backHref = `${REPORTS_PATH}?schoolYear=${answer.schoolYear}${q.leaId ? `&leaId=${q.leaId}` : ''}`;
    renderPage(req, res, createElement(RowCasesPage, { ...answer, backHref }), {
      title: `${t.reports.rowCases(answer.row, answer.schoolYear)} - ${t.heading}`,
      layout: 'shell',
      breadcrumbs: breadcrumbsFor(REPORTS_PATH, [{ label: t.reports.rowCases(answer.row, answer.schoolYear) }]),
    });
  });

  router.get(`${REPORTS_PATH}.csv`, requireRoute('dr.reports'), async (req, res) => {
    const q = reportQuery.parse(req.query);
    await downloadFromApi(res, { path: `${API}/reports/table7`, query: { schoolYear: q.schoolYear, leaId: q.leaId, format: 'csv' } }, `table7-${q.schoolYear ?? 'report'}.csv`);
  });

  router.post(`${REPORTS_PATH}/certify`, requireRoute('dr.reports'), async (req, res) => {
    const body = z.object({ schoolYear: z.string().regex(/^\d{4}-\d{4}$/) }).safeParse(req.body);
    if (!body.success) {
      res.redirect(303, REPORTS_PATH);
      return;
    }
    try {
      await res.locals.api.call({ path: `${API}/reports/table7/certify`, method: 'POST', json: { schoolYear: body.data.schoolYear }, schema: table7Answer });
      addFlash(req, { type: 'success', text: t.reports.certified });
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'http' && err.status === 422)) throw err;
      addFlash(req, { type: 'error', text: err.body?.errors?.[0]?.message ?? err.body?.message ?? t.reports.fail });
    }
    res.redirect(303, `${REPORTS_PATH}?schoolYear=${body.data.schoolYear}`);
  });

  router.get(SUMMARY_PATH, requireRoute('dr.reports/summary-report'), async (req, res) => {
    const q = reportQuery.parse(req.query);
    const [report, leas] = await Promise.all([
      res.locals.api.call({ path: `${API}/reports/summary`, query: { schoolYear: q.schoolYear, leaId: q.leaId, type: q.type }, schema: drSummaryAnswer }),
      leaOptions(req, res),
    ]);
    const year = report.schoolYear;
    renderPage(
      req,
      res,
      createElement(SummaryPage, {
        rows: report.rows,
        issues: report.issues,
        type: q.type ?? '',
        byMonth: report.byMonth,
        total: report.rows.length ? report.total : null,
        years: [...new Set([...reportYears(lastEndedYear(agencyToday())), year])].sort().reverse(),
        year,
        leas,
        lea: q.leaId ?? '',
        generatedAt: new Date().toISOString(),
      }),
      { title: routeById('dr.reports/summary-report').title, layout: 'shell' },
    );
  });

  router.get(`${SUMMARY_PATH}.csv`, requireRoute('dr.reports/summary-report'), async (req, res) => {
    const q = reportQuery.parse(req.query);
    await downloadFromApi(res, { path: `${API}/reports/summary`, query: { schoolYear: q.schoolYear, leaId: q.leaId, type: q.type, format: 'csv' } }, 'dr-summary.csv');
  });

  router.get(`${SUMMARY_PATH}/issues.csv`, requireRoute('dr.reports/summary-report'), async (req, res) => {
    const q = reportQuery.parse(req.query);
    await downloadFromApi(res, { path: `${API}/reports/summary`, query: { schoolYear: q.schoolYear, leaId: q.leaId, type: q.type, format: 'csv', table: 'issues' } }, 'dr-summary-issues.csv');
  });

  router.get(TRACKING_PATH, requireRoute('dr.reports/state-tracking'), async (req, res) => {
    const q = trackingQuery.parse(req.query);
    const filters = { status: q.status ?? q.deadlineStatus ?? '', type: q.type ?? '', lea: q.lea ?? '', caseManager: q.caseManager ?? '', neutral: q.neutral ?? '' };
    const report = await res.locals.api.call({ path: `${API}/reports/state-tracking`, query: { ...filters, status: undefined, deadlineStatus: filters.status || undefined }, schema: drTrackingAnswer });
    renderPage(req, res, createElement(StateTrackingPage, { report, filters, generatedAt: new Date().toISOString() }), {
      title: routeById('dr.reports/state-tracking').title,
      layout: 'shell',
    });
  });

  router.get(`${TRACKING_PATH}.csv`, requireRoute('dr.reports/state-tracking'), async (req, res) => {
    const q = trackingQuery.parse(req.query);
    await downloadFromApi(res, { path: `${API}/reports/state-tracking`, query: { deadlineStatus: q.status ?? q.deadlineStatus, type: q.type, lea: q.lea, caseManager: q.caseManager, neutral: q.neutral, format: 'csv' } }, 'dr-state-tracking.csv');
  });

  return router;
}
