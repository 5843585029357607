// The dispute resolution API (DR spec §12) under /api/disputeresolution: cases from draft to
// closed, their deadlines, actions, extensions, links and withdrawal requests, and the reports.
// Scope per §2: a case outside the caller's scope answers 404 exactly as a missing one; a missing
// permission 403. Bad input answers 422 with the message and field errors (§7). SQL lives in
// api/dr/store.ts; the rules in lib/dr/.
import { createHash, randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { schoolYearBounds } from '../../lib/calendar.js';
import { toCsv } from '../../lib/csv.js';
import { agencyToday, daysBetween, isIsoDay, type IsoDay } from '../../lib/day.js';
import { caseSchoolYear, DISPUTE_TYPES, lastEndedYear } from '../../lib/dr/cases.js';

export { lastEndedYear };
import { STATUS_NAMES, TYPE_NAMES, DEADLINE_NAMES, type DrCase, type DrCaseListItem, type DrLink, type DrWithdrawal, type Table7Answer } from '../../lib/dr/contract.js';
import { statusMessages, usDate } from '../../lib/dr/messages.js';
import { issuesCsvRow, issuesReport, ISSUES_CSV_HEADER, summaryCsvRow, summaryReport, SUMMARY_CSV_HEADER, TRACKING_CSV_HEADER, trackingOptions, trackingRows, trackingStatus, requestsByMonth } from '../../lib/dr/reports.js';
import { caseData, draftColumns, ISSUE_CATEGORIES, SIGNING_TEXT_BLOCKS, RECEIVED_VIA, signErrors, stepErrors, type CaseData, type DraftState, type StepContext } from '../../lib/dr/request.js';
import { allowedMoves, certifiedYearWarning, moveErrors, type Actor, type CaseStatus, type StatusCase } from '../../lib/dr/status.js';
import { table7, table7CasesOf, table7CsvRows, table7FileName, TABLE7_CSV_HEADER, TABLE7_LABELS, TABLE7_ROW_ORDER, editCheckResults, type Table7RowId } from '../../lib/dr/table7.js';
import { amendmentError, effectiveDueDate, extensionErrors, type DeadlineCode } from '../../lib/dr/timeline.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, forbidden, notFound, uuidParam } from '../http.js';
import { auditExport, auditPiiView, sendCsv, wantsCsv } from '../shared/http-files.js';
import { submitDraft } from './submit.js';
import { isUniqueViolation } from '../sql-errors.js';
import { deliverCaseNotices, notifyCase } from './notify.js';
import {
  acceptedNeutrals,
  CASE_FROM,
  caseInScope,
  caseTypeOf,
  computeCaseDeadlines,
  countCases,
  dataOf,
  DR,
  initialsOf,
  loadActions,
  loadAssignments,
  loadCaseRow,
  loadDeadlines,
  loadReportCases,
  NEUTRAL_ROLES,
  nextCaseNumber,
  piiVisible,
  recalculate,
  refreshDeadlines,
  scopedCase,
  scopeSql,
  statusName,
  toDeadline,
  viewerOf,
  withoutPii,
  type CaseRow,
  type Viewer,
} from './store.js';

const BASE = '/api/disputeresolution';

export const drMessages = {
  notFound: 'No such case.',
  invalid: 'The request is not valid.',
  notDraft: 'This request was already submitted.',
  closedLocked: 'This case is closed: reopen it to change it.',
  actionBeforeReceived: (day: string) => `Must be on or after ${day}`,
  noFutureDates: 'No future dates allowed',
  actionType: 'Select the action.',
  linkSelf: 'A case cannot be linked to itself.',
  linkDuplicate: 'These cases are already linked.',
  linkUnknown: 'No case has this case number.',
  withdrawClosed: 'This case is closed and cannot be withdrawn.',
  withdrawPending: 'A withdrawal request for this case is already waiting for review.',
  withdrawReason: 'Enter the reason for the withdrawal.',
  intakeStateOnly: 'Only state staff record the intake of a request.',
  caDescription: 'Describe the corrective action.',
  caDueDate: 'Enter the due date of the corrective action.',
  caAllegation: 'No such allegation.',
  caOnlyNoncompliance: 'Corrective actions follow a finding of noncompliance: record the finding first.',
  caWrongStep: 'This corrective action is not at that step: a district submits an open one, and a submitted one is verified.',
  receivedDate: 'Enter the date NDE received the request.',
  receivedVia: 'Select how the request was received.',
  otherPartyBeforeReceived: (day: string) => `Must be on or after ${day}`,
  scMustBeSigned:
    'A state complaint must be signed before it is filed (34 CFR 300.153(a)): tick Signed request on file, or keep it as a draft until it is signed.',
  withdrawNotFiler: 'Only the person who filed this request can ask to withdraw it.',
  declineNote: 'Enter a note explaining the decision.',
  alreadyDecided: 'This withdrawal request was already decided.',
  deleteReason: 'Enter the reason for deleting the case.',
  noDeadline: 'This case has no such deadline.',
  certified: 'This year is already certified.',
  notEnded: 'A reporting year can be certified once it has ended.',
} as const;

/** 422 with one message per field (§7: bad input is 422, never 5xx). */
export const invalid = (errors: { field: string; message: string }[], message = errors[0]?.message ?? drMessages.invalid) =>
  new ApiError(422, message, { errors });

export function parse422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw invalid(r.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message })), drMessages.invalid);
}

const dayString = z.string().refine((v) => isIsoDay(v), 'Invalid date format');
const optionalDay = z.union([dayString, z.literal(''), z.null()]).optional().transform((v) => (v ? v : null));

// ---- request bodies --------------------------------------------------------------------------------

const draftBody = draftColumns.extend({
  step: z.number().int().min(1).max(7),
  /** 'Save and continue' checks the step; 'Save draft' keeps whatever was typed. */
  validate: z.boolean().default(true),
  data: caseData.default({}),
});
const submitBody = z.object({
  typedName: z.string().max(200).default(''),
  agreed: z.boolean().default(false),
  /** Staff intake of a paper, email or fax filing (§4.2, state staff only). */
  intake: z
    .object({
      receivedDate: z.string().max(10),
      receivedVia: z.string().max(20),
      otherPartyReceivedDate: z.string().max(10).optional(),
      signatureOnFile: z.boolean().default(false),
    })
    .optional(),
});
const respondentsQuery = z.object({ leaId: z.coerce.number().int().positive().optional() });
const statusBody = z.object({
  toStatus: z.enum(STATUS_NAMES),
  outcome: z.number().int().min(11).max(46).nullable().optional(),
  reason: z.string().max(1000).nullable().optional(),
  reportDate: optionalDay,
  agreementDate: optionalDay,
  hearingDate: optionalDay,
  decisionDate: optionalDay,
  changeOfPlacementOrdered: z.boolean().nullable().optional(),
});
const updateBody = z.object({
  contentChecklistComplete: z.boolean().optional(),
  bothPartiesAgreedDate: optionalDay,
  otherPartyReceivedDate: optionalDay,
  hearingDate: optionalDay,
  decisionDate: optionalDay,
  decisionReceivedDate: optionalDay,
  changeOfPlacementOrdered: z.boolean().nullable().optional(),
  findings: z.array(z.object({ index: z.number().int().min(0).max(19), finding: z.number().int().min(0).max(4), notes: z.string().max(4000).optional() })).max(20).optional(),
  changeReason: z.string().max(1000).optional(),
});
const actionBody = z.object({
  type: z.string().min(1, drMessages.actionType).max(60),
  actionDate: dayString,
  fromDate: optionalDay,
  toDate: optionalDay,
  note: z.string().max(4000).default(''),
  visibility: z.enum(['Internal', 'Parties']).default('Internal'),
});
const extensionBody = z.object({
  deadlineCode: z.string().max(40),
  newDueDate: dayString,
  grantedDate: dayString,
  reason: z.enum(['EXCEPTIONAL', 'MEDIATION_OR_ADR', 'PARTY_REQUEST']).nullable().optional(),
  requestedBy: z.enum(['Parent', 'LEA']).nullable().optional(),
  note: z.string().max(1000).default(''),
});
const linkBody = z.object({ caseNumber: z.string().trim().min(1, drMessages.linkUnknown).max(20), relation: z.number().int().min(1).max(5), note: z.string().max(1000).default('') });
const withdrawalBody = z.object({ reason: z.string().trim().min(1, drMessages.withdrawReason).max(1000) });
const decisionBody = z.object({ status: z.enum(['Approved', 'Declined']), note: z.string().trim().max(1000).default('') });
const deleteBody = z.object({ reason: z.string().trim().max(1000).default('') });
const listQuery = z.object({
  type: z.coerce.number().int().min(1).max(5).optional(),
  status: z.coerce.number().int().min(0).max(4).optional(),
  leaId: z.coerce.number().int().positive().optional(),
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/).optional(),
  assignedToMe: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().refine((n) => [25, 50, 100].includes(n), 'Page size must be 25, 50 or 100.').default(25),
  sortField: z.enum(['due', 'received', 'caseNumber']).default('due'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
const trackingQuery = z.object({
  deadlineStatus: z.enum(['Overdue', 'Due soon', 'On track', 'Calendar missing', 'Suspended']).optional().catch(undefined),
  status: z.enum(['Overdue', 'Due soon', 'On track', 'Calendar missing', 'Suspended']).optional().catch(undefined),
  type: z.string().max(60).optional().catch(undefined),
  lea: z.string().max(200).optional().catch(undefined),
  caseManager: z.string().max(200).optional().catch(undefined),
  neutral: z.string().max(200).optional().catch(undefined),
});
const reportQuery = z.object({
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.').optional(),
  leaId: z.coerce.number().int().positive().optional(),
  type: z.coerce.number().int().min(1).max(5).optional(),
  /** The summary report's CSV: the LEA table (default) or the 'Issues' table. */
  table: z.enum(['lea', 'issues']).optional(),
});

/** Request schemas, for the OpenAPI document. */
export const drSchemas = { draftBody, submitBody, statusBody, updateBody, actionBody, extensionBody, linkBody, withdrawalBody, decisionBody, deleteBody };

// ---- helpers -------------------------------------------------------------------------------------

/** The version of each signing text the signer was shown: the time each block was last saved (§11). */
export async function signingTextVersions(q: Queryable): Promise<Record<string, string>> {
  const r = await q.query<{ block_code: string; version: string }>(
    `SELECT block_code, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS version FROM text_blocks WHERE block_code = ANY($1::text[])`,
    [[...SIGNING_TEXT_BLOCKS]],
  );
  return Object.fromEntries(r.rows.map((b) => [b.block_code, b.version]));
}

const STATUS_CODE: Readonly<Record<CaseStatus, number>> = { Draft: 0, Submitted: 1, Active: 2, 'Set Aside': 3, Closed: 4 };
const DISPUTE_TYPE_CODES = { IEPF: 1, MED: 2, SC: 3, DP: 4, EDP: 5 } as const;

export async function stepContext(q: Queryable, v: Viewer, leaId: number | undefined, today: IsoDay): Promise<StepContext> {
  const filerIsLea = v.isLeaUser && !v.isStateUser && !v.isPublicUser;
  const leas = await q.query<{ id: number; is_nde_level_district: boolean }>(
    filerIsLea ? 'SELECT id, is_nde_level_district FROM leas WHERE id = ANY($1::integer[])' : 'SELECT id, is_nde_level_district FROM leas',
    filerIsLea ? [v.leaIds] : [],
  );
  const schools = leaId ? await q.query<{ id: number }>('SELECT id FROM schools WHERE lea_id = $1', [leaId]) : { rows: [] };
  return {
    today,
    filerIsLea,
    leas: new Map(leas.rows.map((l) => [l.id, { isStateLevel: l.is_nde_level_district }])),
    schoolIds: new Set(schools.rows.map((s) => s.id)),
  };
}

const optionOfRow = (row: CaseRow): DraftState['option'] => {
  const t = caseTypeOf(row);
  return t === 'EDP' ? 'DP' : (t ?? undefined);
};

export const draftStateOf = (row: CaseRow): DraftState => ({
  requesterType: row.requester_type ?? undefined,
  option: optionOfRow(row),
  leaId: row.lea_id ?? undefined,
  data: dataOf(row),
});

function actorOf(v: Viewer, row: CaseRow, neutrals: readonly { userId: string; neutralType: number }[]): Actor {
  const mine = neutrals.find((n) => n.userId === v.userId);
  return { isStateUser: v.isStateUser, isOwner: row.created_by === v.userId, assignedAs: mine ? (NEUTRAL_ROLES[mine.neutralType]?.role as Actor['assignedAs']) ?? null : null };
}

async function statusCaseOf(q: Queryable, row: CaseRow): Promise<StatusCase> {
  const data = dataOf(row);
  const links = await q.query<{ closed: boolean }>(
    `SELECT h.status = 4 AS closed FROM dr_case_links k JOIN dr_cases h ON h.id = k.case_b
      WHERE k.case_a = $1 AND k.relation = 3 AND h.dispute_type IN (4, 5) AND NOT h.is_deleted`,
    [row.id],
  );
  const openHearing = links.rows.some((l) => !l.closed);
  return {
    type: caseTypeOf(row) ?? 'SC',
    status: statusName(row.status) as CaseStatus,
    contentChecklistComplete: row.content_checklist_complete,
    bothPartiesAgreedDate: row.both_parties_agreed_date,
    allegations: (data.allegations ?? []).map((a) => ({
      finding: a.finding && a.finding > 0 ? a.finding : null,
      correctiveActionsWithDueDate: (a.correctiveActions ?? []).filter((ca) => isIsoDay(ca.dueDate)).length,
      inOpenHearing: a.finding === 3 && openHearing,
      open: true,
    })),
    linkedHearingEnded: links.rows.length > 0 && !openHearing,
    closedDate: row.closed_date,
  };
}

export function drRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;
  const today = (): IsoDay => agencyToday(ctx.now());

  /** The case the caller may see, else 404 (§2). */
  async function caseFor(req: Request, res: Response, q: Queryable = db): Promise<{ row: CaseRow; viewer: Viewer; neutrals: { userId: string; neutralType: number }[] }> {
    const { id } = parse422(uuidParam, req.params);
    const found = await scopedCase(q, id, authOf(res));
    if (!found) throw notFound(drMessages.notFound);
    return found;
  }

  /** The caller's own draft (anyone else's answers 404; a submitted one is refused). */
  async function ownDraft(req: Request, res: Response): Promise<{ row: CaseRow; viewer: Viewer }> {
    const { row, viewer } = await caseFor(req, res);
    if (row.created_by !== viewer.userId) throw notFound(drMessages.notFound);
    if (row.status !== 0) throw invalid([{ field: 'form', message: drMessages.notDraft }]);
    return { row, viewer };
  }

  async function caseAnswer(q: Queryable, row: CaseRow, viewer: Viewer, neutrals: { userId: string; neutralType: number }[]): Promise<DrCase> {
    const data = dataOf(row);
    const pii = piiVisible(viewer, row, neutrals);
    const [deadlines, assignments, pending] = await Promise.all([
      row.status === 0 ? Promise.resolve([]) : loadDeadlines(q, row.id, row.status === 4, today()),
      loadAssignments(q, row.id),
      q.query('SELECT 1 FROM dr_withdrawals WHERE case_id = $1 AND status = $2', [row.id, 'Pending']),
    ]);
    const sc = await statusCaseOf(q, row);
    const canMove = row.status !== 0 && (can(viewer.auth, DR.update) || viewer.isStateUser || actorOf(viewer, row, neutrals).assignedAs !== null);
    return {
      id: row.id,
      caseNumber: row.case_number,
      disputeType: row.dispute_type,
      option: optionOfRow(row) ?? null,
      status: row.status,
      outcome: row.outcome,
      outcomeReason: row.outcome_reason,
      requesterType: row.requester_type,
      leaId: row.lea_id,
      leaName: row.lea_name,
      schoolYear: row.school_year,
      receivedDate: row.received_date,
      receivedVia: row.received_via,
      otherPartyReceivedDate: row.other_party_received_date,
      bothPartiesAgreedDate: row.both_parties_agreed_date,
      hearingDate: row.hearing_date,
      decisionDate: row.decision_date,
      decisionReceivedDate: row.decision_received_date,
      reportDate: row.report_date,
      agreementDate: row.agreement_date,
      agreementVoidedDate: row.agreement_voided_date,
      changeOfPlacementOrdered: row.change_of_placement_ordered,
      contentChecklistComplete: row.content_checklist_complete,
      closedDate: row.closed_date,
      caseManager: row.case_manager_name,
      draftStep: row.draft_step,
      studentInitials: initialsOf(row),
      piiVisible: pii,
      isOwner: row.created_by === viewer.userId,
      data: pii ? data : withoutPii(data),
      deadlines,
      assignments,
      pendingWithdrawal: pending.rows.length > 0,
      allowedMoves: canMove ? allowedMoves(sc, actorOf(viewer, row, neutrals)) : [],
    };
  }

  /** Writes a draft's columns and data from a step. */
  async function saveDraft(q: Queryable, id: string, state: DraftState, step: number, actor: string): Promise<void> {
    const d = state.data;
    await q.query(
      `UPDATE dr_cases SET requester_type = $2::smallint, dispute_type = $3::smallint, lea_id = $4::integer, data = $5::jsonb, draft_step = GREATEST(draft_step, $6::smallint),
              student_first_name = $7, student_last_name = $8, requester_email = $9, attorney_email = $10,
              filing_lea_id = CASE WHEN $2::smallint = 6 THEN $4::integer ELSE NULL END, updated_at = now(), updated_by = $11
        WHERE id = $1`,
      [
        id,
        state.requesterType ?? null,
        state.option ? (state.option === 'DP' && d.dpAnswers?.q1Expedited ? DISPUTE_TYPE_CODES.EDP : DISPUTE_TYPE_CODES[state.option]) : null,
        state.leaId ?? null,
        JSON.stringify(d),
        step,
        d.student?.firstName?.trim() || null,
        d.student?.lastName?.trim() || null,
        d.requester?.email?.trim() || null,
        d.dpAnswers?.q3HasAttorney ? d.attorney?.email?.trim() || null : null,
        actor,
      ],
    );
  }

  // ---- list and detail ---------------------------------------------------------------------------

  router.get(`${BASE}/cases`, auth, requirePermission(DR.view), async (req, res) => {
    const f = parse422(listQuery, req.query);
    const viewer = await viewerOf(db, authOf(res));
    const params: unknown[] = [];
    const where = ['NOT c.is_deleted', scopeSql(viewer, params)];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (f.type) add((p) => `c.dispute_type = ${p}`, f.type);
    if (f.status !== undefined) add((p) => `c.status = ${p}`, f.status);
    if (f.leaId) add((p) => `c.lea_id = ${p}`, f.leaId);
    if (f.schoolYear) add((p) => `(c.school_year = ${p} OR c.status = 0)`, f.schoolYear);
    if (f.assignedToMe === 'true') add((p) => `EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = c.id AND a.user_id::text = ${p} AND a.status IN ('Proposed', 'Accepted'))`, viewer.userId);
    if (f.q) {
      // Last-name search only for users who may see PII (§14): state staff and district contacts.
      const byName = viewer.isStateUser || viewer.isLeaUser;
      add((p) => (byName ? `(c.case_number ILIKE ${p} || '%' OR lower(c.student_last_name) = lower(${p}))` : `c.case_number ILIKE ${p} || '%'`), f.q.replace(/[%_\\]/g, ''));
    }
    const dir = f.sortDirection === 'desc' ? 'DESC' : 'ASC';
    const order = f.sortField === 'received' ? `c.received_date ${dir} NULLS LAST` : f.sortField === 'caseNumber' ? `c.case_number ${dir} NULLS LAST` : `c.next_due_date ${dir} NULLS LAST`;
    const whereSql = where.join(' AND ');
    const pageParams = [...params, viewer.userId, f.pageSize, (f.pageNumber - 1) * f.pageSize];
    const n = params.length;
    // The page and the total as two queries: the page reads 25 rows down the due-date index, the
    // count no more than it must (a window count over the page query made it sort every row).
    // The page carries the case generation, so a reused total costs no query of its own.
    const r = await db.query<{
      id: string; case_number: string | null; dispute_type: number | null; status: number; outcome: number | null; lea_id: number | null; lea_name: string | null;
      student_first_name: string | null; student_last_name: string | null; received_date: string | null; next_deadline_code: string | null; next_due_date: string | null;
      pending: boolean; is_owner: boolean; generation: string;
    }>(
      `SELECT c.id, c.case_number, c.dispute_type, c.status, c.outcome, c.lea_id, l.name AS lea_name, c.student_first_name, c.student_last_name,
              to_char(c.received_date, 'YYYY-MM-DD') AS received_date, c.next_deadline_code, to_char(c.next_due_date, 'YYYY-MM-DD') AS next_due_date,
              EXISTS (SELECT 1 FROM dr_withdrawals w WHERE w.case_id = c.id AND w.status = 'Pending') AS pending,
              c.created_by = $${n + 1} AS is_owner, (SELECT last_value::text FROM dr_case_generation) AS generation
         FROM dr_cases c LEFT JOIN leas l ON l.id = c.lea_id
        WHERE ${whereSql}
        ORDER BY ${order}, c.created_at DESC, c.id
        LIMIT $${n + 2} OFFSET $${n + 3}`,
      pageParams,
    );
    const counted = await countCases(db, whereSql, params, ctx.now().getTime(), r.rows[0]?.generation);
    const t = today();
    const items: DrCaseListItem[] = r.rows.map((c) => ({
      id: c.id,
      caseNumber: c.case_number,
      disputeType: c.dispute_type,
      status: c.status,
      outcome: c.outcome,
      leaId: c.lea_id,
      leaName: c.lea_name,
      studentInitials: initialsOf(c),
      receivedDate: c.received_date,
      nextDeadline:
        c.next_deadline_code && c.next_due_date
          ? { code: c.next_deadline_code, dueDate: c.next_due_date, daysLeft: daysBetween(t, c.next_due_date), state: t > c.next_due_date ? 'Overdue' : 'Pending' }
          : null,
      pendingWithdrawal: c.pending,
      isOwner: c.is_owner,
    }));
    res.json({ items, total: counted });
  });

  // The dashboard's tiles (§4.1), counted in the caller's scope.
  router.get(`${BASE}/dashboard`, auth, requirePermission(DR.view), async (_req, res) => {
    const viewer = await viewerOf(db, authOf(res));
    const params: unknown[] = [];
    const scope = scopeSql(viewer, params);
    params.push(today());
    const t = `$${params.length}::date`;
    // The open cases in scope once; each tile counts over them.
    const r = await db.query<{ by_type: Record<string, number> | null; overdue: string; due_soon: string; unassigned: string; withdrawals: string }>(
      `WITH open AS (SELECT c.id, c.dispute_type, c.status FROM dr_cases c WHERE NOT c.is_deleted AND c.status IN (1, 2, 3) AND ${scope}),
            due AS (SELECT COALESCE(d.extended_due_date, d.original_due_date) AS due FROM open o JOIN dr_deadlines d ON d.case_id = o.id WHERE d.state = 'Pending')
       SELECT (SELECT jsonb_object_agg(dispute_type, n) FROM (SELECT dispute_type, count(*)::int AS n FROM open GROUP BY dispute_type) x) AS by_type,
              (SELECT count(*) FROM due WHERE due < ${t}) AS overdue,
              (SELECT count(*) FROM due WHERE due BETWEEN ${t} AND ${t} + 7) AS due_soon,
              (SELECT count(*) FROM open o WHERE o.status IN (1, 2)
                  AND NOT EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = o.id AND a.status IN ('Proposed', 'Accepted'))) AS unassigned,
              (SELECT count(*) FROM dr_withdrawals w JOIN open o ON o.id = w.case_id WHERE w.status = 'Pending') AS withdrawals`,
      params,
    );
    const row = r.rows[0];
    const pending = can(viewer.auth, DR.withdrawals) ? Number(row?.withdrawals ?? 0) : null;
    res.json({
      openByType: Object.fromEntries([1, 2, 3, 4, 5].map((type) => [type, row?.by_type?.[String(type)] ?? 0])),
      overdue: Number(row?.overdue ?? 0),
      dueIn7Days: Number(row?.due_soon ?? 0),
      unassigned: viewer.isStateUser ? Number(row?.unassigned ?? 0) : null,
      withdrawalRequests: pending,
    });
  });

  router.get(`${BASE}/cases/:id`, auth, requirePermission(DR.view), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    const answer = await caseAnswer(db, row, viewer, neutrals);
    if (answer.piiVisible && row.status !== 0) await auditPiiView(db, authOf(res), { module: 'dr', entityType: 'dr-case', entityId: row.id });
    res.json(answer);
  });

  // ---- drafts and submission -----------------------------------------------------------------------

  // Step 3's choices (§4.2): the LEAs the caller may name as respondent (an LEA filer: their own),
  // and the schools of `leaId` when it is one of them.
  router.get(`${BASE}/respondents`, auth, requirePermission(DR.create), async (req, res) => {
    const { leaId } = parse422(respondentsQuery, req.query);
    const viewer = await viewerOf(db, authOf(res));
    const own = viewer.isLeaUser && !viewer.isStateUser && !viewer.isPublicUser;
    const leas = await db.query<{ id: number; name: string; lea_type: 'District' | 'Charter'; is_nde_level_district: boolean }>(
      `SELECT id, name, lea_type, is_nde_level_district FROM leas ${own ? 'WHERE id = ANY($1::integer[])' : ''} ORDER BY lower(name), id`,
      own ? [viewer.leaIds] : [],
    );
    const offered = leaId !== undefined && leas.rows.some((l) => l.id === leaId);
    const schools = offered ? await db.query<{ id: number; name: string }>('SELECT id, name FROM schools WHERE lea_id = $1 ORDER BY lower(name), id', [leaId]) : { rows: [] };
    res.json({
      leas: leas.rows.map((l) => ({ id: l.id, name: l.name, leaType: l.lea_type, isStateLevel: l.is_nde_level_district })),
      schools: schools.rows,
    });
  });

  router.post(`${BASE}/cases`, auth, requirePermission(DR.create), async (req, res) => {
    const caller = authOf(res);
    const viewer = await viewerOf(db, caller);
    // Step 1 starts prefilled from the account (§4.2); an LEA user files as type 6.
    const user = (await db.query<{ full_name: string; email: string; phone_number: string }>('SELECT full_name, email, phone_number FROM users WHERE id::text = $1', [caller.userId])).rows[0];
    const lea = viewer.isLeaUser && !viewer.isStateUser && !viewer.isPublicUser;
    const data: CaseData = { requester: { fullName: user?.full_name ?? '', email: user?.email ?? '', phone: user?.phone_number ?? '', preferredLanguage: 'English' } };
    const r = await db.query<{ id: string }>(
      `INSERT INTO dr_cases (requester_type, data, requester_email, created_by, updated_by) VALUES ($1, $2::jsonb, $3, $4, $4) RETURNING id`,
      [lea ? 6 : null, JSON.stringify(data), user?.email ?? null, caller.userId],
    );
    const id = r.rows[0]?.id as string;
    await recordAudit(db, { actor: caller.userId, action: 'dr-case.create', entityType: 'dr-case', entityId: id, changes: { status: { old: null, new: 'Draft' } } });
    res.status(201).json({ id });
  });

  router.put(`${BASE}/cases/:id/draft`, auth, requirePermission(DR.create), async (req, res) => {
    const { row, viewer } = await ownDraft(req, res);
    const body = parse422(draftBody, req.body);
    const before = draftStateOf(row);
    const next: DraftState = {
      requesterType: body.requesterType ?? before.requesterType,
      option: body.option ?? before.option,
      leaId: body.leaId ?? before.leaId,
      data: { ...before.data, ...body.data },
    };
    if (viewer.isLeaUser && !viewer.isStateUser && !viewer.isPublicUser) next.requesterType = 6;
    if (body.validate) {
      const errors = stepErrors(body.step, next, await stepContext(db, viewer, next.leaId, today()));
      if (errors.length) throw invalid(errors);
    }
    await saveDraft(db, row.id, next, body.step, viewer.userId);
    res.json({ id: row.id, step: body.step });
  });

  router.post(`${BASE}/cases/:id/submit`, auth, requirePermission(DR.create), async (req, res) => {
    const { row, viewer } = await ownDraft(req, res);
    const body = parse422(submitBody, req.body);
    const state = draftStateOf(row);
    const t = today();
    const type = caseTypeOf(row);
    const context = await stepContext(db, viewer, state.leaId, t);
    const intake = body.intake;
    let received = t;
    let otherPartyReceived: string | null = null;
    if (intake) {
      // Staff intake (§4.2): the dates NDE and the other party received it; only a state complaint must be signed.
      if (!viewer.isStateUser) throw forbidden(drMessages.intakeStateOnly);
      const errors = signErrors(state, context, state.data.requester?.fullName ?? '', true).filter((e) => e.field === 'form');
      if (!isIsoDay(intake.receivedDate)) errors.push({ field: 'intake.receivedDate', message: drMessages.receivedDate });
      else if (intake.receivedDate > t) errors.push({ field: 'intake.receivedDate', message: drMessages.noFutureDates });
      if (!(RECEIVED_VIA as readonly string[]).includes(intake.receivedVia)) errors.push({ field: 'intake.receivedVia', message: drMessages.receivedVia });
      if (intake.otherPartyReceivedDate && (!isIsoDay(intake.otherPartyReceivedDate) || intake.otherPartyReceivedDate > t)) {
        errors.push({ field: 'intake.otherPartyReceivedDate', message: isIsoDay(intake.otherPartyReceivedDate) ? drMessages.noFutureDates : 'Invalid date format' });
      } else if (intake.otherPartyReceivedDate && isIsoDay(intake.receivedDate) && intake.otherPartyReceivedDate < intake.receivedDate) {
        errors.push({ field: 'intake.otherPartyReceivedDate', message: drMessages.otherPartyBeforeReceived(usDate(intake.receivedDate)) });
      }
      if (type === 'SC' && !intake.signatureOnFile) errors.push({ field: 'intake.signatureOnFile', message: drMessages.scMustBeSigned });
      if (errors.length) throw invalid(errors);
      received = intake.receivedDate;
      otherPartyReceived = intake.otherPartyReceivedDate || null;
    } else {
      const errors = signErrors(state, context, body.typedName, body.agreed);
      if (errors.length) throw invalid(errors);
    }
    if (!type) throw invalid([{ field: 'form', message: drMessages.invalid }]);
    const textVersions = intake ? {} : await signingTextVersions(db);
    const data: CaseData = intake
      ? { ...state.data, signatureOnFile: intake.signatureOnFile }
      : {
          ...state.data,
          signature: {
            typedName: body.typedName.trim(),
            signedAt: ctx.now().toISOString(),
            textVersions,
            // The signer's address, kept only as a hash (§3 signature ipHash).
            ipHash: createHash('sha256').update(req.ip ?? '').digest('hex'),
            userAgent: (req.get('user-agent') ?? '').slice(0, 400),
          },
        };
    const { answer, notices } = await db.tx((q) =>
      submitDraft(ctx, q, { row, type, received, receivedVia: intake?.receivedVia ?? 'Online', otherPartyReceived, data, actor: viewer.userId, today: t }),
    );
    await deliverCaseNotices(ctx, notices);
    res.json(answer);
  });

  router.delete(`${BASE}/cases/:id`, auth, requirePermission(DR.create, DR.delete), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    const body = parse422(deleteBody, req.body ?? {});
    const ownDraft = row.status === 0 && row.created_by === viewer.userId;
    if (!ownDraft) {
      if (!(can(viewer.auth, DR.delete) && viewer.isStateUser)) throw forbidden();
      if (row.status === 4) throw invalid([{ field: 'form', message: drMessages.closedLocked }]);
      if (!body.reason) throw invalid([{ field: 'reason', message: drMessages.deleteReason }]);
    }
    await db.tx(async (q) => {
      if (ownDraft) await q.query('DELETE FROM dr_cases WHERE id = $1', [row.id]);
      else await q.query('UPDATE dr_cases SET is_deleted = true, deleted_reason = $2, updated_at = now(), updated_by = $3 WHERE id = $1', [row.id, body.reason, viewer.userId]);
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.delete', entityType: 'dr-case', entityId: row.id, changes: { caseNumber: { old: row.case_number, new: null }, reason: { old: null, new: body.reason || null } } });
    });
    res.status(204).end();
  });

  // ---- case data and status ------------------------------------------------------------------------

  router.put(`${BASE}/cases/:id`, auth, requirePermission(DR.update), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    if (row.status === 0) throw notFound(drMessages.notFound);
    if (row.status === 4) throw invalid([{ field: 'form', message: drMessages.closedLocked }]);
    const body = parse422(updateBody, req.body);
    const data = dataOf(row);
    if (body.findings) {
      const list = [...(data.allegations ?? [])];
      for (const f of body.findings) {
        const a = list[f.index];
        if (a) list[f.index] = { ...a, finding: f.finding, findingNotes: f.notes ?? a.findingNotes };
      }
      data.allegations = list;
    }
    const pick = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
    const changes = {
      content_checklist_complete: pick(body.contentChecklistComplete, row.content_checklist_complete),
      both_parties_agreed_date: pick(body.bothPartiesAgreedDate, row.both_parties_agreed_date),
      other_party_received_date: pick(body.otherPartyReceivedDate, row.other_party_received_date),
      hearing_date: pick(body.hearingDate, row.hearing_date),
      decision_date: pick(body.decisionDate, row.decision_date),
      decision_received_date: pick(body.decisionReceivedDate, row.decision_received_date),
      change_of_placement_ordered: pick(body.changeOfPlacementOrdered, row.change_of_placement_ordered),
    };
    await db.tx(async (q) => {
      await q.query(
        `UPDATE dr_cases SET content_checklist_complete = $2::boolean, both_parties_agreed_date = $3::date, other_party_received_date = $4::date, hearing_date = $5::date,
                decision_date = $6::date, decision_received_date = $7::date, change_of_placement_ordered = $8::boolean, data = $9::jsonb, updated_at = now(), updated_by = $10
          WHERE id = $1`,
        [row.id, ...Object.values(changes), JSON.stringify(data), viewer.userId],
      );
      const audited: Record<string, { old: unknown; new: unknown }> = {};
      for (const [k, v] of Object.entries(changes)) {
        const old = (row as unknown as Record<string, unknown>)[k];
        if (old !== v) audited[k] = { old, new: v };
      }
      if (body.findings) audited.findings = { old: null, new: body.findings };
      if (body.changeReason) audited.reason = { old: null, new: body.changeReason };
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.update', entityType: 'dr-case', entityId: row.id, changes: audited });
      await logRecalculation(q, row.id, viewer.userId);
    });
    const fresh = (await loadCaseRow(db, row.id)) as CaseRow;
    res.json(await caseAnswer(db, fresh, viewer, neutrals));
  });

  // ---- corrective actions (§3 CorrectiveAction, §5.3: Open -> Submitted (LEA) -> Verified) ----------------

  const correctiveBody = z.object({
    allegation: z.number().int().min(0).max(19),
    description: z.string().trim().min(1, drMessages.caDescription).max(1000),
    dueDate: z.string().refine(isIsoDay, drMessages.caDueDate),
  });
  const correctiveStatusBody = z.object({ status: z.enum(['Submitted', 'Verified']) });

  router.post(`${BASE}/cases/:id/corrective-actions`, auth, requirePermission(DR.update), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    if (caseTypeOf(row) !== 'SC' || row.status === 0) throw notFound(drMessages.notFound);
    const body = parse422(correctiveBody, req.body);
    const data = dataOf(row);
    const list = [...(data.allegations ?? [])];
    const a = list[body.allegation];
    if (!a) throw invalid([{ field: 'allegation', message: drMessages.caAllegation }]);
    if (a.finding !== 1) throw invalid([{ field: 'allegation', message: drMessages.caOnlyNoncompliance }]);
    const id = randomUUID();
    list[body.allegation] = { ...a, correctiveActions: [...(a.correctiveActions ?? []), { id, description: body.description, dueDate: body.dueDate, status: 'Open' }] };
    await db.tx(async (q) => {
      await q.query('UPDATE dr_cases SET data = $2::jsonb, updated_at = now(), updated_by = $3 WHERE id = $1', [row.id, JSON.stringify({ ...data, allegations: list }), viewer.userId]);
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.corrective-action', entityType: 'dr-case', entityId: row.id, changes: { correctiveAction: { old: null, new: { allegation: body.allegation, dueDate: body.dueDate } } } });
    });
    res.status(201).json(await caseAnswer(db, (await loadCaseRow(db, row.id)) as CaseRow, viewer, neutrals));
  });

  router.put(`${BASE}/cases/:id/corrective-actions/:caId`, auth, requirePermission(DR.view), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    const body = parse422(correctiveStatusBody, req.body);
    const data = dataOf(row);
    const caId = String(req.params.caId);
    const list = [...(data.allegations ?? [])];
    const at = list.findIndex((a) => (a.correctiveActions ?? []).some((c) => c.id === caId));
    if (at < 0) throw notFound();
    const ca = (list[at]?.correctiveActions ?? []).find((c) => c.id === caId);
    // The district submits its evidence; the investigator or inspector (or state staff) verifies (§5.3).
    const mine = neutrals.find((n) => n.userId === viewer.userId);
    const verifier = viewer.isStateUser || mine?.neutralType === 5 || mine?.neutralType === 6;
    const district = viewer.isLeaUser && row.lea_id !== null && viewer.leaIds.includes(row.lea_id);
    if (body.status === 'Submitted' && !(district || viewer.isStateUser)) throw forbidden();
    if (body.status === 'Verified' && !verifier) throw forbidden();
    if ((body.status === 'Submitted' && ca?.status !== 'Open') || (body.status === 'Verified' && ca?.status !== 'Submitted')) {
      throw invalid([{ field: 'status', message: drMessages.caWrongStep }]);
    }
    list[at] = {
      ...list[at],
      correctiveActions: (list[at]?.correctiveActions ?? []).map((c) => (c.id === caId ? { ...c, status: body.status, ...(body.status === 'Verified' ? { verifiedDate: today() } : {}) } : c)),
    };
    await db.tx(async (q) => {
      await q.query('UPDATE dr_cases SET data = $2::jsonb, updated_at = now(), updated_by = $3 WHERE id = $1', [row.id, JSON.stringify({ ...data, allegations: list }), viewer.userId]);
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.corrective-action-status', entityType: 'dr-case', entityId: row.id, changes: { [caId]: { old: ca?.status, new: body.status } } });
    });
    res.json(await caseAnswer(db, (await loadCaseRow(db, row.id)) as CaseRow, viewer, neutrals));
  });

  /** Recomputes the deadlines and logs 'Due date recalculated' when a due date moved (§6.4). */
  const logRecalculation = (q: Queryable, caseId: string, actor: string) => recalculate(q, caseId, actor, today());

  router.post(`${BASE}/cases/:id/status`, auth, requirePermission(DR.update, DR.stateUser, DR.view), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    if (row.status === 0) throw notFound(drMessages.notFound);
    const body = parse422(statusBody, req.body);
    const t = today();
    const sc = await statusCaseOf(db, row);
    const actor = actorOf(viewer, row, neutrals);
    const to = body.toStatus as CaseStatus;
    const errors = moveErrors(sc, { to, today: t, outcome: body.outcome ?? null, outcomeReason: body.reason ?? null, reportDate: body.reportDate, agreementDate: body.agreementDate, hearingDate: body.hearingDate, decisionDate: body.decisionDate, changeOfPlacementOrdered: body.changeOfPlacementOrdered ?? null, reason: body.reason ?? null }, actor);
    if (errors.length) {
      if (errors[0] === statusMessages.notAllowed && !actor.isStateUser && !actor.assignedAs) throw forbidden(errors[0]);
      throw invalid(errors.map((message) => ({ field: 'toStatus', message })));
    }
    let notices: string[] = [];
    await db.tx(async (q) => {
      const data = dataOf(row);
      const from = statusName(row.status);
      if (to === 'Set Aside') data.setAside = [...(data.setAside ?? []), { from: t, to: null }];
      if (from === 'Set Aside' && to !== 'Set Aside') data.setAside = (data.setAside ?? []).map((p) => (p.to === null ? { ...p, to: t } : p));
      if (to === 'Closed') {
        await q.query(
          `UPDATE dr_cases SET status = 4, outcome = $2::smallint, outcome_reason = $3, closed_date = $4::date,
                  report_date = COALESCE($5::date, report_date), agreement_date = COALESCE($6::date, agreement_date), hearing_date = COALESCE($7::date, hearing_date),
                  decision_date = COALESCE($8::date, decision_date), change_of_placement_ordered = COALESCE($9::boolean, change_of_placement_ordered), data = $10::jsonb,
                  updated_at = now(), updated_by = $11
            WHERE id = $1`,
          [row.id, body.outcome, body.reason ?? null, t, body.reportDate, body.agreementDate, body.hearingDate, body.decisionDate, body.changeOfPlacementOrdered ?? null, JSON.stringify(data), viewer.userId],
        );
        // The report's issue is the milestone that meets SC_DECISION (§6.1): recorded with its date.
        if (body.outcome === 31 && body.reportDate) {
          await q.query(
            `INSERT INTO dr_case_actions (case_id, type, action_date, note, visibility, created_by, updated_by)
             SELECT $1, 'REPORT_ISSUED', $2, '', 'Parties', $3, $3 WHERE NOT EXISTS (SELECT 1 FROM dr_case_actions WHERE case_id = $1 AND type = 'REPORT_ISSUED')`,
            [row.id, body.reportDate, viewer.userId],
          );
        }
      } else {
        const reopen = from === 'Closed';
        await q.query(
          `UPDATE dr_cases SET status = $2::smallint, data = $3::jsonb,
                  case_manager_user_id = CASE WHEN $2::smallint = 2 AND case_manager_user_id IS NULL AND $5::boolean THEN $4::uuid ELSE case_manager_user_id END,
                  outcome = CASE WHEN $6::boolean THEN NULL ELSE outcome END, outcome_reason = CASE WHEN $6::boolean THEN NULL ELSE outcome_reason END,
                  closed_date = CASE WHEN $6::boolean THEN NULL ELSE closed_date END, updated_at = now(), updated_by = $4::text
            WHERE id = $1`,
          [row.id, STATUS_CODE[to], JSON.stringify(data), viewer.userId, viewer.isStateUser, reopen],
        );
      }
      await recordAudit(q, {
        actor: viewer.userId,
        action: 'dr-case.status',
        entityType: 'dr-case',
        entityId: row.id,
        changes: { status: { old: from, new: to }, ...(body.outcome ? { outcome: { old: row.outcome, new: body.outcome } } : {}), ...(body.reason ? { reason: { old: null, new: body.reason } } : {}) },
      });
      await logRecalculation(q, row.id, viewer.userId);
      // DR Case Accepted and DR Case Closed (§11); each close has its own key, so a reopened case closed again is announced again.
      if (to === 'Closed') notices = await notifyCase(ctx, q, { kind: 'closed', closedAt: ctx.now().toISOString() }, row.id);
      else if (from === 'Submitted' && to === 'Active') notices = await notifyCase(ctx, q, { kind: 'accepted' }, row.id);
    });
    await deliverCaseNotices(ctx, notices);
    const fresh = (await loadCaseRow(db, row.id)) as CaseRow;
    // Reopening a case of a certified year changes the live Table 7, not the certified one (§5.1).
    const warnings: string[] = [];
    if (row.status === 4 && to === 'Active' && row.school_year) {
      const certified = await db.query('SELECT 1 FROM dr_table7_certifications WHERE school_year = $1', [row.school_year]);
      const w = certifiedYearWarning(row.school_year, new Set(certified.rows.length ? [row.school_year] : []));
      if (w) warnings.push(w);
    }
    res.json({ ...(await caseAnswer(db, fresh, viewer, await acceptedNeutrals(db, row.id))), warnings });
  });

  // ---- deadlines and extensions -------------------------------------------------------------------------

  router.get(`${BASE}/cases/:id/deadlines`, auth, requirePermission(DR.view), async (req, res) => {
    const { row } = await caseFor(req, res);
    res.json(row.status === 0 ? [] : await loadDeadlines(db, row.id, row.status === 4, today()));
  });

  router.post(`${BASE}/cases/:id/extensions`, auth, requirePermission(DR.update), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    if (row.status === 0) throw notFound(drMessages.notFound);
    if (row.status === 4) throw invalid([{ field: 'form', message: drMessages.closedLocked }]);
    const body = parse422(extensionBody, req.body);
    const computed = await computeCaseDeadlines(db, row, dataOf(row), today());
    const deadline = computed.find((d) => d.code === body.deadlineCode);
    const type = caseTypeOf(row);
    if (!deadline || !type) throw invalid([{ field: 'deadlineCode', message: drMessages.noDeadline }]);
    const errors = extensionErrors(type, deadline, { grantedDate: body.grantedDate, newDueDate: body.newDueDate, reason: body.reason ?? null, requestedBy: body.requestedBy ?? null });
    if (errors.length) throw invalid(errors.map((message) => ({ field: fieldOfExtensionError(message), message })));
    if (body.grantedDate > today()) throw invalid([{ field: 'grantedDate', message: drMessages.noFutureDates }]);
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO dr_extensions (case_id, deadline_code, new_due_date, reason, requested_by, granted_date, granted_by, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, body.deadlineCode, body.newDueDate, body.reason, body.requestedBy ?? null, body.grantedDate, viewer.userId, body.note],
      );
      await q.query(
        `INSERT INTO dr_case_actions (case_id, type, action_date, note, visibility, created_by, updated_by) VALUES ($1, 'EXTENSION_GRANTED', $2, $3, 'Parties', $4, $4)`,
        [row.id, body.grantedDate, `${DEADLINE_NAMES[body.deadlineCode] ?? body.deadlineCode} extended to ${body.newDueDate}. ${body.note}`.trim(), viewer.userId],
      );
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.extension', entityType: 'dr-case', entityId: row.id, changes: { [body.deadlineCode]: { old: effectiveDueDate(deadline), new: body.newDueDate } } });
      await refreshDeadlines(q, row.id, today());
    });
    res.status(201).json(await loadDeadlines(db, row.id, false, today()));
  });

  // ---- actions --------------------------------------------------------------------------------------

  /** Mediation session notes are for the mediator and state staff only (§4.3, §14). */
  const hidesSessionNotes = (viewer: Viewer, neutrals: { userId: string; neutralType: number }[]) =>
    !viewer.isStateUser && !neutrals.some((n) => n.userId === viewer.userId && n.neutralType === 2);

  router.get(`${BASE}/cases/:id/actions`, auth, requirePermission(DR.view), async (req, res) => {
    const { row, viewer, neutrals } = await caseFor(req, res);
    const all = await loadActions(db, row.id);
    const seeAll = can(viewer.auth, DR.seeActions);
    const hideNotes = hidesSessionNotes(viewer, neutrals) && caseTypeOf(row) === 'MED';
    res.json(
      all
        .filter((a) => seeAll || a.visibility === 'Parties')
        .map((a) => (hideNotes && a.type === 'SESSION_HELD' ? { ...a, note: '' } : a)),
    );
  });

  router.post(`${BASE}/cases/:id/actions`, auth, requirePermission(DR.editActions, DR.view), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    if (row.status === 0) throw notFound(drMessages.notFound);
    const body = parse422(actionBody, req.body);
    const filer = row.created_by === viewer.userId && !can(viewer.auth, DR.editActions);
    // The filer may add only 'Additional information from filer', for the parties (§5.1, 300.152(a)(2)).
    if (!can(viewer.auth, DR.editActions) && !filer) throw forbidden();
    const type = filer ? 'ADDITIONAL_INFORMATION' : body.type;
    const errors: { field: string; message: string }[] = [];
    if (row.received_date && body.actionDate < row.received_date) errors.push({ field: 'actionDate', message: drMessages.actionBeforeReceived(usDate(row.received_date)) });
    if (body.actionDate > today()) errors.push({ field: 'actionDate', message: drMessages.noFutureDates });
    if (type === 'AMENDED_COMPLAINT') {
      const e = amendmentError(body.actionDate, row.hearing_date);
      if (e) errors.push({ field: 'actionDate', message: e });
    }
    if (errors.length) throw invalid(errors);
    const created = await db.tx(async (q) => {
      const r = await q.query<{ id: number }>(
        `INSERT INTO dr_case_actions (case_id, type, action_date, from_date, to_date, note, visibility, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [row.id, type, body.actionDate, body.fromDate, body.toDate, body.note, filer ? 'Parties' : body.visibility, viewer.userId],
      );
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.action', entityType: 'dr-case', entityId: row.id, changes: { action: { old: null, new: { type, date: body.actionDate } } } });
      await logRecalculation(q, row.id, viewer.userId);
      return r.rows[0]?.id;
    });
    res.status(201).json({ id: created, deadlines: await loadDeadlines(db, row.id, row.status === 4, today()) });
  });

  // ---- links --------------------------------------------------------------------------------------------

  async function linksOf(q: Queryable, caseId: string): Promise<DrLink[]> {
    const r = await q.query<{ id: number; relation: number; note: string; is_a: boolean; other_id: string; case_number: string | null; dispute_type: number | null; status: number }>(
      `SELECT k.id, k.relation, k.note, k.case_a = $1 AS is_a, o.id AS other_id, o.case_number, o.dispute_type, o.status
         FROM dr_case_links k JOIN dr_cases o ON o.id = CASE WHEN k.case_a = $1 THEN k.case_b ELSE k.case_a END
        WHERE (k.case_a = $1 OR k.case_b = $1) AND NOT o.is_deleted ORDER BY k.id`,
      [caseId],
    );
    return r.rows.map((k) => ({ id: k.id, relation: k.relation, note: k.note, isA: k.is_a, other: { id: k.other_id, caseNumber: k.case_number, disputeType: k.dispute_type, status: k.status } }));
  }

  router.get(`${BASE}/cases/:id/links`, auth, requirePermission(DR.view), async (req, res) => {
    const { row } = await caseFor(req, res);
    res.json(await linksOf(db, row.id));
  });

  router.post(`${BASE}/cases/:id/links`, auth, requirePermission(DR.linkcase), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    const body = parse422(linkBody, req.body);
    const other = (await db.query<{ id: string; dispute_type: number }>('SELECT id, dispute_type FROM dr_cases WHERE upper(case_number) = upper($1) AND NOT is_deleted', [body.caseNumber])).rows[0];
    if (!other) throw invalid([{ field: 'caseNumber', message: drMessages.linkUnknown }]);
    if (other.id === row.id) throw invalid([{ field: 'caseNumber', message: drMessages.linkSelf }]);
    try {
      await db.tx(async (q) => {
        await q.query('INSERT INTO dr_case_links (case_a, case_b, relation, note, created_by) VALUES ($1, $2, $3, $4, $5)', [row.id, other.id, body.relation, body.note, viewer.userId]);
        await recordAudit(q, { actor: viewer.userId, action: 'dr-case.link', entityType: 'dr-case', entityId: row.id, changes: { link: { old: null, new: { caseNumber: body.caseNumber, relation: body.relation } } } });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([{ field: 'caseNumber', message: drMessages.linkDuplicate }]);
      throw err;
    }
    res.status(201).json(await linksOf(db, row.id));
  });

  router.delete(`${BASE}/cases/:id/links/:linkId`, auth, requirePermission(DR.linkcase), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    const linkId = Number(req.params.linkId);
    if (!Number.isInteger(linkId) || linkId < 1) throw notFound();
    const r = await db.query('DELETE FROM dr_case_links WHERE id = $1 AND (case_a = $2 OR case_b = $2)', [linkId, row.id]);
    if (!r.rowCount) throw notFound();
    await recordAudit(db, { actor: viewer.userId, action: 'dr-case.unlink', entityType: 'dr-case', entityId: row.id, changes: { link: { old: linkId, new: null } } });
    res.status(204).end();
  });

  // ---- withdrawals ------------------------------------------------------------------------------------------

  const WITHDRAWAL_SELECT = `SELECT w.id, w.case_id, c.case_number, w.reason, w.status, COALESCE(ru.full_name, w.requested_by) AS requested_by, w.requested_at,
            COALESCE(du.full_name, w.decided_by) AS decided_by, w.decided_at, w.decision_note
       FROM dr_withdrawals w JOIN dr_cases c ON c.id = w.case_id
       LEFT JOIN users ru ON ru.id::text = w.requested_by LEFT JOIN users du ON du.id::text = w.decided_by`;
  type WithdrawalRow = { id: number; case_id: string; case_number: string | null; reason: string; status: DrWithdrawal['status']; requested_by: string; requested_at: Date | string; decided_by: string | null; decided_at: Date | string | null; decision_note: string | null };
  const toWithdrawal = (w: WithdrawalRow): DrWithdrawal => ({
    id: w.id,
    caseId: w.case_id,
    caseNumber: w.case_number,
    reason: w.reason,
    status: w.status,
    requestedBy: w.requested_by,
    requestedAt: new Date(w.requested_at).toISOString(),
    decidedBy: w.decided_by,
    decidedAt: w.decided_at ? new Date(w.decided_at).toISOString() : null,
    decisionNote: w.decision_note,
  });

  router.post(`${BASE}/cases/:id/withdrawals`, auth, requirePermission(DR.view), async (req, res) => {
    const { row, viewer } = await caseFor(req, res);
    const email = viewer.confirmedEmail?.toLowerCase();
    const isFiler = row.created_by === viewer.userId || (email !== undefined && (row.requester_email?.toLowerCase() === email || row.attorney_email?.toLowerCase() === email));
    if (!isFiler) throw forbidden(drMessages.withdrawNotFiler);
    if (row.status === 0) throw notFound(drMessages.notFound);
    if (row.status === 4) throw invalid([{ field: 'reason', message: drMessages.withdrawClosed }]);
    const body = parse422(withdrawalBody, req.body);
    try {
      const r = await db.query<{ id: number }>('INSERT INTO dr_withdrawals (case_id, requested_by, reason) VALUES ($1, $2, $3) RETURNING id', [row.id, viewer.userId, body.reason]);
      await recordAudit(db, { actor: viewer.userId, action: 'dr-case.withdrawal-request', entityType: 'dr-case', entityId: row.id, changes: { withdrawal: { old: null, new: r.rows[0]?.id } } });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([{ field: 'reason', message: drMessages.withdrawPending }]);
      throw err;
    }
    const w = (await db.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE w.case_id = $1 AND w.status = 'Pending'`, [row.id])).rows[0] as WithdrawalRow;
    await notifyCase(ctx, db, { kind: 'withdrawal-requested', withdrawalId: w.id }, row.id);
    res.status(201).json(toWithdrawal(w));
  });

  router.get(`${BASE}/withdrawals`, auth, requirePermission(DR.withdrawals), async (req, res) => {
    const viewer = await viewerOf(db, authOf(res));
    const params: unknown[] = [];
    const scope = scopeSql(viewer, params);
    const status = typeof req.query.status === 'string' && ['Pending', 'Approved', 'Declined'].includes(req.query.status) ? req.query.status : 'Pending';
    params.push(status);
    const r = await db.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE NOT c.is_deleted AND ${scope} AND w.status = $${params.length} ORDER BY w.requested_at`, params);
    res.json(r.rows.map(toWithdrawal));
  });

  router.put(`${BASE}/withdrawals/:id`, auth, requirePermission(DR.withdrawals), async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id < 1) throw notFound();
    const body = parse422(decisionBody, req.body);
    const viewer = await viewerOf(db, authOf(res));
    const w = (await db.query<{ case_id: string; status: string }>('SELECT case_id, status FROM dr_withdrawals WHERE id = $1', [id])).rows[0];
    if (!w) throw notFound();
    const row = await loadCaseRow(db, w.case_id);
    if (!row) throw notFound();
    const neutrals = await acceptedNeutrals(db, row.id);
    if (!caseInScope(viewer, row, neutrals)) throw notFound();
    const type = caseTypeOf(row);
    // Deciders: state staff, or for DP/EDP the assigned hearing officer (§8).
    const isHearingOfficer = (type === 'DP' || type === 'EDP') && neutrals.some((n) => n.userId === viewer.userId && n.neutralType === 3);
    if (!viewer.isStateUser && !isHearingOfficer) throw forbidden();
    if (w.status !== 'Pending') throw invalid([{ field: 'status', message: drMessages.alreadyDecided }]);
    if (body.status === 'Declined' && !body.note) throw invalid([{ field: 'note', message: drMessages.declineNote }]);
    const notices: string[] = [];
    await db.tx(async (q) => {
      await q.query(`UPDATE dr_withdrawals SET status = $2, decided_by = $3, decided_at = now(), decision_note = $4 WHERE id = $1`, [id, body.status, viewer.userId, body.note || null]);
      if (body.status === 'Approved' && row.status !== 4) {
        const held = (await q.query('SELECT 1 FROM dr_case_actions WHERE case_id = $1 AND type = $2', [row.id, 'SESSION_HELD'])).rows.length > 0;
        const outcome = type === 'SC' ? 32 : type === 'MED' ? (held ? 22 : 24) : type === 'IEPF' ? (held ? 12 : 13) : 42;
        await q.query(`UPDATE dr_cases SET status = 4, outcome = $2, outcome_reason = 'Withdrawn', closed_date = $3, updated_at = now(), updated_by = $4 WHERE id = $1`, [row.id, outcome, today(), viewer.userId]);
        await refreshDeadlines(q, row.id, today());
        notices.push(...(await notifyCase(ctx, q, { kind: 'closed', closedAt: ctx.now().toISOString() }, row.id)));
      }
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.withdrawal-decision', entityType: 'dr-case', entityId: row.id, changes: { withdrawal: { old: 'Pending', new: body.status } } });
      notices.push(...(await notifyCase(ctx, q, { kind: 'withdrawal-decided', withdrawalId: id }, row.id)));
    });
    await deliverCaseNotices(ctx, notices);
    const fresh = await db.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE w.id = $1`, [id]);
    res.json(toWithdrawal(fresh.rows[0] as WithdrawalRow));
  });

  // ---- reports --------------------------------------------------------------------------------------------

  /** The LEAs a report covers: all for state staff (or the chosen one), else the caller's own. */
  async function reportLeas(viewer: Viewer, leaId: number | undefined): Promise<{ leaIds: number[] | null; filtered: boolean }> {
    if (viewer.isStateUser) return { leaIds: leaId ? [leaId] : null, filtered: Boolean(leaId) };
    const own = viewer.leaIds.length ? [...viewer.leaIds] : await visibleLeaIdsOf(viewer);
    if (leaId && !own.includes(leaId)) throw notFound('No such LEA.');
    return { leaIds: leaId ? [leaId] : own, filtered: true };
  }

  async function visibleLeaIdsOf(viewer: Viewer): Promise<number[]> {
    const r = await db.query<{ id: number }>(
      'SELECT lea_id AS id FROM user_leas WHERE user_id::text = $1 UNION SELECT lea_id FROM users WHERE id::text = $1 AND lea_id IS NOT NULL',
      [viewer.userId],
    );
    return r.rows.map((x) => x.id);
  }

  async function table7Of(schoolYear: string, leaIds: number[] | null, filtered: boolean): Promise<Table7Answer> {
    const { first, last } = schoolYearBounds(schoolYear);
    const cases = await loadReportCases(db, first, last, leaIds);
    const t = table7(cases, schoolYear, today());
    const cert = filtered
      ? null
      : (await db.query<{ certified_at: Date | string; certified_by: string; rows: Record<string, number>; b15: string; b16: string }>(
          `SELECT k.certified_at, COALESCE(u.full_name, k.certified_by) AS certified_by, k.rows, k.b15, k.b16
             FROM dr_table7_certifications k LEFT JOIN users u ON u.id::text = k.certified_by WHERE k.school_year = $1`,
          [schoolYear],
        )).rows[0];
    return {
      schoolYear,
      asOf: t.asOf,
      inProgress: t.inProgress,
      rows: TABLE7_ROW_ORDER.map((id) => ({ row: id, label: TABLE7_LABELS[id], value: t.rows[id] })),
      informational: [
        { label: 'Reports issued late', value: t.informational.reportsLate },
        { label: 'Decisions issued late', value: t.informational.decisionsLate },
        { label: 'Resolved without a hearing: resolution agreement', value: t.informational.resolvedByResolutionAgreement },
        { label: 'Resolved without a hearing: mediation agreement', value: t.informational.resolvedByMediationAgreement },
        { label: 'Resolved without a hearing: other settlement', value: t.informational.resolvedByOtherSettlement },
      ],
      checks: editCheckResults(t.rows),
      b15: t.b15,
      b16: t.b16,
      notes: t.notes,
      certified: cert ? { certifiedAt: new Date(cert.certified_at).toISOString(), certifiedBy: cert.certified_by, rows: cert.rows, b15: cert.b15, b16: cert.b16 } : null,
      filtered,
    };
  }

  router.get(`${BASE}/reports/table7`, auth, requirePermission(DR.reports), async (req, res) => {
    const f = parse422(reportQuery, req.query);
    const viewer = await viewerOf(db, authOf(res));
    const schoolYear = f.schoolYear ?? lastEndedYear(today());
    const { leaIds, filtered } = await reportLeas(viewer, f.leaId);
    const answer = await table7Of(schoolYear, leaIds, filtered);
    if (wantsCsv(req)) {
      const rows = table7CsvRows({ ...tableShape(answer) });
      await auditExport(db, authOf(res), { module: 'dr', report: 'table7', filters: { schoolYear, leaId: f.leaId ?? null }, rowCount: rows.length });
      sendCsv(res, table7FileName(schoolYear), toCsv([...TABLE7_CSV_HEADER], rows));
      return;
    }
    res.json(answer);
  });

  // The drill-down (§4.4): the cases behind one Table 7 value, initials only.
  router.get(`${BASE}/reports/table7/cases`, auth, requirePermission(DR.reports), async (req, res) => {
    const f = parse422(reportQuery.extend({ row: z.enum(TABLE7_ROW_ORDER as [Table7RowId, ...Table7RowId[]]) }), req.query);
    const viewer = await viewerOf(db, authOf(res));
    const schoolYear = f.schoolYear ?? lastEndedYear(today());
    const { leaIds } = await reportLeas(viewer, f.leaId);
    const { first, last } = schoolYearBounds(schoolYear);
    const cases = table7CasesOf(await loadReportCases(db, first, last, leaIds), schoolYear, today(), f.row);
    res.json({
      schoolYear,
      row: f.row,
      label: TABLE7_LABELS[f.row],
      items: cases
        .sort((a, b) => a.caseNumber.localeCompare(b.caseNumber))
        .map((c) => ({ id: c.id, caseNumber: c.caseNumber, disputeType: DISPUTE_TYPE_CODES[c.type], status: c.status, leaName: c.leaName, studentInitials: c.studentInitials, receivedDate: c.receivedDate })),
    });
  });

  router.post(`${BASE}/reports/table7/certify`, auth, requirePermission(DR.reports), async (req, res) => {
    const viewer = await viewerOf(db, authOf(res));
    if (!viewer.isStateUser) throw forbidden();
    const body = parse422(z.object({ schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.') }), req.body);
    const answer = await table7Of(body.schoolYear, null, false);
    if (answer.inProgress) throw invalid([{ field: 'schoolYear', message: drMessages.notEnded }]);
    const rows = Object.fromEntries(answer.rows.map((r) => [r.row, r.value]));
    // Certifying again replaces the snapshot (a correction after certification is certified anew).
    await db.query(
      `INSERT INTO dr_table7_certifications (school_year, certified_by, rows, b15, b16) VALUES ($1, $2, $3::jsonb, $4, $5)
       ON CONFLICT (school_year) DO UPDATE SET certified_at = now(), certified_by = EXCLUDED.certified_by, rows = EXCLUDED.rows, b15 = EXCLUDED.b15, b16 = EXCLUDED.b16`,
      [body.schoolYear, viewer.userId, JSON.stringify(rows), answer.b15, answer.b16],
    );
    await recordAudit(db, { actor: viewer.userId, action: 'dr-table7.certify', entityType: 'dr-table7', entityId: body.schoolYear, changes: { rows: { old: null, new: rows } } });
    res.json(await table7Of(body.schoolYear, null, false));
  });

  router.get(`${BASE}/reports/summary`, auth, requirePermission(DR.summary), async (req, res) => {
    const f = parse422(reportQuery, req.query);
    const viewer = await viewerOf(db, authOf(res));
    const schoolYear = f.schoolYear ?? lastEndedYear(today());
    const { leaIds } = await reportLeas(viewer, f.leaId);
    const { first, last } = schoolYearBounds(schoolYear);
    const asOf = today() < last ? today() : last;
    const cases = (await loadReportCases(db, first, last, leaIds)).filter((c) => !f.type || c.type === DISPUTE_TYPES[f.type as 1 | 2 | 3 | 4 | 5]);
    const report = summaryReport(
      cases.map((c) => {
        const closed = c.closedDate && c.closedDate <= asOf;
        return { leaCode: c.leaCode, leaName: c.leaName, type: c.type, receivedDate: c.receivedDate, closedDate: closed ? c.closedDate : null, outcome: closed ? c.outcome : null, reportWithFindings: (c.findings ?? []).includes(1) };
      }),
    );
    const issues = issuesReport(cases, ISSUE_CATEGORIES);
    if (wantsCsv(req)) {
      const filters = { schoolYear, leaId: f.leaId ?? null, type: f.type ?? null };
      if (f.table === 'issues') {
        const rows = issues.map(issuesCsvRow);
        await auditExport(db, authOf(res), { module: 'dr', report: 'summary-issues', filters, rowCount: rows.length });
        sendCsv(res, `dr-summary-issues-${schoolYear}.csv`, toCsv([...ISSUES_CSV_HEADER], rows));
        return;
      }
      const rows = [...report.rows, report.total].map(summaryCsvRow);
      await auditExport(db, authOf(res), { module: 'dr', report: 'summary', filters, rowCount: rows.length });
      sendCsv(res, `dr-summary-${schoolYear}.csv`, toCsv([...SUMMARY_CSV_HEADER], rows));
      return;
    }
    res.json({ schoolYear, asOf, ...report, issues, byMonth: requestsByMonth(cases, schoolYear) });
  });

  router.get(`${BASE}/reports/state-tracking`, auth, requirePermission(DR.tracking), async (req, res) => {
    const viewer = await viewerOf(db, authOf(res));
    if (!viewer.isStateUser) throw forbidden();
    const t = today();
    const r = await db.query<{
      id: string; case_number: string; dispute_type: number; status: number; lea_name: string | null; student_first_name: string | null; student_last_name: string | null;
      received_date: string; manager: string | null; neutral: string | null; code: string | null; due: string | null; state: string | null;
    }>(
      `SELECT c.id, c.case_number, c.dispute_type, c.status, l.name AS lea_name, c.student_first_name, c.student_last_name,
              to_char(c.received_date, 'YYYY-MM-DD') AS received_date, m.full_name AS manager,
              (SELECT string_agg(u.full_name, ', ') FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.case_id = c.id AND a.status = 'Accepted') AS neutral,
              d.code, to_char(COALESCE(d.extended_due_date, d.original_due_date), 'YYYY-MM-DD') AS due, d.state
         FROM dr_cases c LEFT JOIN leas l ON l.id = c.lea_id LEFT JOIN users m ON m.id = c.case_manager_user_id
         LEFT JOIN LATERAL (
           SELECT * FROM dr_deadlines d WHERE d.case_id = c.id AND d.state IN ('Pending', 'Suspended', 'Calendar missing')
            ORDER BY (d.state = 'Pending') DESC, COALESCE(d.extended_due_date, d.original_due_date) NULLS LAST LIMIT 1
         ) d ON true
        WHERE NOT c.is_deleted AND c.status IN (1, 2, 3)`,
    );
    const rows = r.rows
      .map((c) => {
        const status = trackingStatus(c.due, (c.state ?? 'Pending') as never, t);
        return {
          id: c.id,
          caseNumber: c.case_number,
          type: TYPE_NAMES[c.dispute_type] ?? '',
          status: STATUS_NAMES[c.status] ?? '',
          lea: c.lea_name ?? '',
          studentInitials: initialsOf(c),
          received: c.received_date,
          caseManager: c.manager ?? '',
          neutral: c.neutral ?? '',
          nextDeadline: c.code ? (DEADLINE_NAMES[c.code] ?? c.code) : '',
          dueDate: c.due ?? '',
          daysLeft: c.due ? daysBetween(t, c.due) : null,
          deadlineStatus: c.code ? status : '',
        };
      })
      .sort((a, b) => (a.daysLeft ?? Number.MAX_SAFE_INTEGER) - (b.daysLeft ?? Number.MAX_SAFE_INTEGER));
    const q = trackingQuery.parse(req.query);
    const filters = { status: q.deadlineStatus ?? q.status ?? '', type: q.type ?? '', lea: q.lea ?? '', caseManager: q.caseManager ?? '', neutral: q.neutral ?? '' };
    const shown = trackingRows(rows, filters);
    if (wantsCsv(req)) {
      const csvRows = shown.map((x) => [x.caseNumber, x.type, x.status, x.lea, x.studentInitials, x.received, x.caseManager, x.neutral, x.nextDeadline, x.dueDate, x.daysLeft === null ? '' : String(x.daysLeft), x.deadlineStatus]);
      await auditExport(db, authOf(res), { module: 'dr', report: 'state-tracking', filters, rowCount: csvRows.length });
      sendCsv(res, `dr-state-tracking-${t}.csv`, toCsv([...TRACKING_CSV_HEADER], csvRows));
      return;
    }
    const counts = Object.fromEntries(['Overdue', 'Due soon', 'On track', 'Calendar missing', 'Suspended'].map((st) => [st, rows.filter((r) => r.deadlineStatus === st).length]));
    // The second table (§9.3): corrective actions not yet verified, of complaints not deleted.
    const ca = await db.query<{ id: string; case_number: string; allegation: number; ca: { id: string; dueDate: string; status: string } }>(
      `SELECT c.id, c.case_number, a.ord::int - 1 AS allegation, x.ca
         FROM dr_cases c, jsonb_array_elements(COALESCE(c.data->'allegations', '[]')) WITH ORDINALITY AS a(al, ord),
              jsonb_array_elements(COALESCE(a.al->'correctiveActions', '[]')) AS x(ca)
        WHERE NOT c.is_deleted AND c.dispute_type = 3 AND x.ca->>'status' <> 'Verified'
        ORDER BY x.ca->>'dueDate'`,
    );
    const correctiveActions = ca.rows.map((r) => {
      const overdue = r.ca.status === 'Open' && r.ca.dueDate < t ? daysBetween(r.ca.dueDate, t) : 0;
      return { caseId: r.id, caseNumber: r.case_number, allegation: r.allegation + 1, dueDate: r.ca.dueDate, status: overdue ? 'Overdue' : r.ca.status, daysOverdue: overdue };
    });
    res.json({ today: t, counts: { ...counts, 'Corrective actions overdue': correctiveActions.filter((x) => x.daysOverdue > 0).length }, options: trackingOptions(rows), rows: shown, correctiveActions });
  });

  return router;
}

function fieldOfExtensionError(message: string): string {
  if (message.startsWith('Select the reason')) return 'reason';
  if (message.startsWith('Select which party')) return 'requestedBy';
  if (message.startsWith('An extension must be granted')) return 'grantedDate';
  return 'newDueDate';
}

/** The Table7 shape table7CsvRows reads, rebuilt from the answer. */
function tableShape(a: Table7Answer) {
  return { rows: Object.fromEntries(a.rows.map((r) => [r.row, r.value])), b15: a.b15, b16: a.b16 } as Parameters<typeof table7CsvRows>[0];
}

export type { DeadlineCode };
