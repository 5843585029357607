// The dispute resolution module's SQL (DR spec §3): reading a case with what its rules need,
// scope as SQL for lists, the deadlines kept in step with the timeline engine, case numbers,
// and the cases Table 7 and the summary report read. The routes (api/dr/routes.ts) stay thin.
import { agencyToday, daysBetween, type IsoDay } from '../../lib/day.js';
import { caseNumber as formatCaseNumber, DISPUTE_TYPES, inScope, type ScopeViewer } from '../../lib/dr/cases.js';
import { DEADLINE_NAMES, STATUS_NAMES, type DrAction, type DrAssignment, type DrDeadline } from '../../lib/dr/contract.js';
import { caseData, studentInitials, type CaseData } from '../../lib/dr/request.js';
import type { Table7Case } from '../../lib/dr/table7.js';
import {
  computeDeadlines,
  DEFAULT_SETTINGS,
  effectiveDueDate,
  type CaseType,
  type ComputedDeadline,
  type Extension,
  type MilestoneAction,
  type MilestoneCode,
  type TimelineCase,
} from '../../lib/dr/timeline.js';
import { isMediationRelatedToHearing } from '../../lib/dr/rules.js';
import { P } from '../../lib/permissions.js';
import type { AuthContext } from '../auth-middleware.js';
import { can } from '../auth-middleware.js';
import type { Queryable } from '../db.js';
import { loadHolidayDates, loadSchoolCalendars, onCalendarsChanged, type CalendarChange } from '../shared/calendars.js';

export const DR = {
  access: 'DisputeResolution.access',
  view: 'DisputeResolution.disputerequests.view',
  create: 'DisputeResolution.disputerequests.create',
  update: 'DisputeResolution.disputerequests.update',
  delete: 'DisputeResolution.disputerequests.delete',
  seeActions: 'DisputeResolution.disputerequests.seeCaseActions',
  editActions: 'DisputeResolution.disputerequests.editCaseActions',
  linkcase: 'DisputeResolution.linkcase',
  publicUser: 'DisputeResolution.roles.publicuser',
  leaUser: 'DisputeResolution.roles.leauser',
  withdrawals: 'DisputeResolution.viewwithdrawalrequests',
  stateUser: 'DisputeResolution.stateuser',
  templates: 'DisputeResolution.emailtemplates.manage',
  summary: 'DisputeResolution.summary.view',
  tracking: 'DisputeResolution.statetracking.view',
  reports: 'DisputeResolution.reports.view',
} as const;

export const NEUTRAL_ROLES: Readonly<Record<number, { permission: string; role: 'facilitator' | 'mediator' | 'hearingofficer' | 'investigator' | 'inspector'; label: string }>> = {
  1: { permission: 'DisputeResolution.roles.facilitator', role: 'facilitator', label: 'Facilitator' },
  2: { permission: 'DisputeResolution.roles.mediator', role: 'mediator', label: 'Mediator' },
  3: { permission: 'DisputeResolution.roles.hearingofficer', role: 'hearingofficer', label: 'Hearing officer' },
  4: { permission: 'DisputeResolution.roles.hearingofficer', role: 'hearingofficer', label: 'Review officer' },
  5: { permission: 'DisputeResolution.roles.investigator', role: 'investigator', label: 'Investigator' },
  6: { permission: 'DisputeResolution.roles.inspector', role: 'inspector', label: 'Inspector' },
};

export interface CaseRow {
  id: string;
  case_number: string | null;
  dispute_type: number | null;
  status: number;
  outcome: number | null;
  outcome_reason: string | null;
  requester_type: number | null;
  lea_id: number | null;
  lea_name: string | null;
  lea_is_state_level: boolean | null;
  filing_lea_id: number | null;
  school_year: string | null;
  received_date: string | null;
  received_via: string | null;
  other_party_received_date: string | null;
  both_parties_agreed_date: string | null;
  hearing_date: string | null;
  decision_date: string | null;
  decision_received_date: string | null;
  report_date: string | null;
  agreement_date: string | null;
  agreement_voided_date: string | null;
  change_of_placement_ordered: boolean | null;
  content_checklist_complete: boolean;
  closed_date: string | null;
  case_manager_user_id: string | null;
  case_manager_name: string | null;
  student_first_name: string | null;
  student_last_name: string | null;
  requester_email: string | null;
  attorney_email: string | null;
  draft_step: number;
  data: unknown;
  created_by: string;
  created_at: Date | string;
  is_deleted: boolean;
}

const D = (col: string, as = col.replace(/^c\./, '')) => `to_char(${col}, 'YYYY-MM-DD') AS ${as}`;

export const CASE_COLUMNS = `c.id, c.case_number, c.dispute_type, c.status, c.outcome, c.outcome_reason, c.requester_type, c.lea_id,
  l.name AS lea_name, l.is_nde_level_district AS lea_is_state_level, c.filing_lea_id, c.school_year,
  ${D('c.received_date')}, c.received_via, ${D('c.other_party_received_date')}, ${D('c.both_parties_agreed_date')},
  ${D('c.hearing_date')}, ${D('c.decision_date')}, ${D('c.decision_received_date')}, ${D('c.report_date')},
  ${D('c.agreement_date')}, ${D('c.agreement_voided_date')}, c.change_of_placement_ordered, c.content_checklist_complete,
  ${D('c.closed_date')}, c.case_manager_user_id, m.full_name AS case_manager_name, c.student_first_name, c.student_last_name,
  c.requester_email, c.attorney_email, c.draft_step, c.data, c.created_by, c.created_at, c.is_deleted`;

export const CASE_FROM = `dr_cases c LEFT JOIN leas l ON l.id = c.lea_id LEFT JOIN users m ON m.id = c.case_manager_user_id`;

export async function loadCaseRow(q: Queryable, id: string): Promise<CaseRow | null> {
  const r = await q.query<CaseRow>(`SELECT ${CASE_COLUMNS} FROM ${CASE_FROM} WHERE c.id = $1 AND NOT c.is_deleted`, [id]);
  return r.rows[0] ?? null;
}

export const dataOf = (row: Pick<CaseRow, 'data'>): CaseData => {
  const parsed = caseData.safeParse(row.data ?? {});
  return parsed.success ? parsed.data : {};
};

export const caseTypeOf = (row: Pick<CaseRow, 'dispute_type'>): CaseType | null =>
  row.dispute_type ? DISPUTE_TYPES[row.dispute_type as 1 | 2 | 3 | 4 | 5] : null;

export const statusName = (status: number) => STATUS_NAMES[status] ?? 'Draft';

// ---- the case list's total -------------------------------------------------------------------------

interface CountEntry {
  generation: string;
  total: number;
  at: number;
}
const countCache = new Map<string, CountEntry>();
const COUNT_CACHE_MAX = 500;
/** A bound on the one staleness the generation cannot see (a count read between a write and its commit). */
const COUNT_CACHE_MS = 30_000;

/**
 * How many cases match a list's condition: counted once per filter and reused until a case or an
 * assignment changes (migration 035's generation moves with every such write, from any API
 * instance) or 30 seconds pass. Counting every matching row cost more than reading the page.
 * `knownGeneration`: the generation the caller's page query read with its rows.
 */
export async function countCases(q: Queryable, whereSql: string, params: readonly unknown[], nowMs: number, knownGeneration?: string): Promise<number> {
  const key = `${whereSql}\u0000${JSON.stringify(params)}`;
  const generation = knownGeneration ?? (await q.query<{ g: string }>('SELECT last_value::text AS g FROM dr_case_generation')).rows[0]?.g ?? '';
  const hit = countCache.get(key);
  if (hit && hit.generation === generation && nowMs - hit.at < COUNT_CACHE_MS) return hit.total;
  const r = await q.query<{ total: string }>(`SELECT count(*) AS total FROM dr_cases c WHERE ${whereSql}`, params);
  const total = Number(r.rows[0]?.total ?? 0);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.delete(countCache.keys().next().value as string);
  countCache.delete(key);
  countCache.set(key, { generation, total, at: nowMs });
  return total;
}

// ---- viewers and scope ---------------------------------------------------------------------------

export interface Viewer extends ScopeViewer {
  auth: AuthContext;
}

export async function viewerOf(q: Queryable, auth: AuthContext): Promise<Viewer> {
  const isStateUser = can(auth, DR.stateUser);
  const isLeaUser = can(auth, DR.leaUser);
  const isPublicUser = can(auth, DR.publicUser);
  let leaIds: number[] = [];
  let confirmedEmail: string | null = null;
  if (isLeaUser || isPublicUser) {
    const r = await q.query<{ email: string; email_confirmed: boolean; lea_ids: number[] | null }>(
      `SELECT u.email, u.email_confirmed,
              ARRAY(SELECT lea_id FROM user_leas WHERE user_id = u.id UNION SELECT u.lea_id WHERE u.lea_id IS NOT NULL) AS lea_ids
         FROM users u WHERE u.id::text = $1`,
      [auth.userId],
    );
    const u = r.rows[0];
    if (u) {
      leaIds = isLeaUser ? (u.lea_ids ?? []).filter((x): x is number => typeof x === 'number') : [];
      confirmedEmail = isPublicUser && u.email_confirmed ? u.email : null;
    }
  }
  return { auth, userId: auth.userId, isStateUser, isLeaUser, leaIds, isPublicUser, confirmedEmail };
}

/** The SQL condition of §2 scope over `dr_cases c`, appending its parameters. */
export function scopeSql(v: Viewer, params: unknown[]): string {
  params.push(v.userId);
  const me = `$${params.length}`;
  if (v.isStateUser) return `(c.created_by = ${me} OR c.status <> 0)`;
  const parts = [
    `EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = c.id AND a.user_id::text = ${me} AND a.status = 'Accepted')`,
  ];
  if (v.isLeaUser && v.leaIds.length) {
    params.push(v.leaIds);
    parts.push(`(c.lea_id = ANY($${params.length}::integer[]) OR c.filing_lea_id = ANY($${params.length}::integer[]))`);
  }
  if (v.isPublicUser && v.confirmedEmail) {
    params.push(v.confirmedEmail.toLowerCase());
    parts.push(`(lower(c.requester_email) = $${params.length} OR lower(c.attorney_email) = $${params.length})`);
  }
  return `(c.created_by = ${me} OR (c.status <> 0 AND (${parts.join(' OR ')})))`;
}

export async function acceptedNeutrals(q: Queryable, caseId: string): Promise<{ userId: string; neutralType: number }[]> {
  const r = await q.query<{ user_id: string; neutral_type: number }>(
    `SELECT user_id::text, neutral_type FROM dr_assignments WHERE case_id = $1 AND status = 'Accepted'`,
    [caseId],
  );
  return r.rows.map((x) => ({ userId: x.user_id, neutralType: x.neutral_type }));
}

export function caseInScope(v: Viewer, row: CaseRow, neutrals: readonly { userId: string }[]): boolean {
  return inScope(v, {
    isDraft: row.status === 0,
    createdBy: row.created_by,
    respondentLeaId: row.lea_id,
    filingLeaId: row.filing_lea_id,
    requesterEmail: row.requester_email,
    attorneyEmail: row.attorney_email,
    acceptedNeutralIds: neutrals.map((n) => n.userId),
  });
}

/** A case the caller may see with its viewer and accepted neutrals; null when missing or out of scope (404). */
export async function scopedCase(q: Queryable, id: string, auth: AuthContext): Promise<{ row: CaseRow; viewer: Viewer; neutrals: { userId: string; neutralType: number }[] } | null> {
  const viewer = await viewerOf(q, auth);
  const row = await loadCaseRow(q, id);
  if (!row) return null;
  const neutrals = await acceptedNeutrals(q, row.id);
  return caseInScope(viewer, row, neutrals) ? { row, viewer, neutrals } : null;
}

/** §14: full PII for state staff, users of the respondent LEA, assigned neutrals and the filer. */
export function piiVisible(v: Viewer, row: CaseRow, neutrals: readonly { userId: string }[]): boolean {
  if (row.created_by === v.userId || v.isStateUser) return true;
  if (v.isLeaUser && row.lea_id !== null && v.leaIds.includes(row.lea_id)) return true;
  if (neutrals.some((n) => n.userId === v.userId)) return true;
  const email = v.confirmedEmail?.toLowerCase();
  return Boolean(email) && (row.requester_email?.toLowerCase() === email || row.attorney_email?.toLowerCase() === email);
}

/** The data without the student's and filer's details (§14), for viewers who may not see them. */
export function withoutPii(d: CaseData): CaseData {
  return {
    issues: d.issues,
    concernsSpecificStudent: d.concernsSpecificStudent,
    allegations: d.allegations?.map((a) => ({ finding: a.finding, correctiveActions: a.correctiveActions })),
    dpAnswers: d.dpAnswers,
    setAside: d.setAside,
    appeal: d.appeal,
    signatureOnFile: d.signatureOnFile,
  };
}

export const initialsOf = (row: Pick<CaseRow, 'student_first_name' | 'student_last_name'>) => studentInitials(row.student_first_name, row.student_last_name);

// ---- actions, extensions, deadlines ---------------------------------------------------------------

interface ActionRow {
  id: number;
  type: string;
  action_date: string;
  from_date: string | null;
  to_date: string | null;
  note: string;
  visibility: 'Internal' | 'Parties';
  created_by_name: string | null;
  created_by: string;
  created_at: Date | string;
}

export async function loadActions(q: Queryable, caseId: string): Promise<DrAction[]> {
  const r = await q.query<ActionRow>(
    `SELECT a.id, a.type, ${D('a.action_date', 'action_date')}, ${D('a.from_date', 'from_date')}, ${D('a.to_date', 'to_date')},
            a.note, a.visibility, a.created_by, a.created_at, u.full_name AS created_by_name
       FROM dr_case_actions a LEFT JOIN users u ON u.id::text = a.created_by
      WHERE a.case_id = $1 ORDER BY a.action_date DESC, a.id DESC`,
    [caseId],
  );
  return r.rows.map((a) => ({
    id: a.id,
    type: a.type,
    actionDate: a.action_date,
    fromDate: a.from_date,
    toDate: a.to_date,
    note: a.note,
    visibility: a.visibility,
    createdBy: a.created_by_name ?? a.created_by,
    createdAt: new Date(a.created_at).toISOString(),
  }));
}

export async function loadExtensions(q: Queryable, caseId: string): Promise<Extension[]> {
  const r = await q.query<{ deadline_code: string; granted_date: string; new_due_date: string; reason: Extension['reason']; requested_by: 'Parent' | 'LEA' | null }>(
    `SELECT deadline_code, ${D('granted_date')}, ${D('new_due_date')}, reason, requested_by FROM dr_extensions WHERE case_id = $1 ORDER BY granted_date, id`,
    [caseId],
  );
  return r.rows.map((e) => ({ code: e.deadline_code as Extension['code'], grantedDate: e.granted_date, newDueDate: e.new_due_date, reason: e.reason, requestedBy: e.requested_by }));
}

export const MILESTONES: ReadonlySet<string> = new Set<MilestoneCode>([
  'AMENDED_COMPLAINT', 'ISSUES_LETTER_SENT', 'REPORT_ISSUED', 'SUFFICIENCY_CHALLENGE', 'SUFFICIENCY_RULING', 'RESOLUTION_MEETING_HELD',
  'RESOLUTION_WAIVED', 'MEDIATION_INSTEAD_OF_RM', 'NO_AGREEMENT_POSSIBLE', 'MEDIATION_CONTINUED', 'WITHDREW_FROM_MEDIATION', 'PARENT_DELAYED_RM',
  'HO_STARTED_TIMELINE', 'AGREEMENT_SIGNED', 'AGREEMENT_VOIDED', 'HEARING_HELD', 'DECISION_ISSUED', 'EXTENSION_GRANTED', 'APPEAL_FILED',
  'REVIEW_DECISION_ISSUED', 'SESSION_HELD', 'CA_VERIFIED',
]);

export function timelineCaseOf(row: CaseRow, data: CaseData, actions: readonly DrAction[], extensions: readonly Extension[]): TimelineCase | null {
  const type = caseTypeOf(row);
  if (!type || !row.received_date) return null;
  const milestones: MilestoneAction[] = actions
    .filter((a) => MILESTONES.has(a.type))
    .map((a) => ({ code: a.type as MilestoneCode, date: a.actionDate, fromDate: a.fromDate, toDate: a.toDate }));
  const appeal = data.appeal?.filedDate
    ? { filedDate: data.appeal.filedDate, appealNoticeReceivedDate: data.appeal.appealNoticeReceivedDate || null, reviewDecisionDate: data.appeal.reviewDecisionDate || null }
    : null;
  return {
    type,
    filedByLea: row.requester_type === 6,
    receivedDate: row.received_date,
    otherPartyReceivedDate: row.other_party_received_date,
    hearingDate: row.hearing_date,
    decisionDate: row.decision_date,
    decisionReceivedDate: row.decision_received_date,
    bothPartiesAgreedDate: row.both_parties_agreed_date,
    agreementDate: type === 'DP' || type === 'EDP' ? (milestones.find((m) => m.code === 'AGREEMENT_SIGNED')?.date ?? null) : null,
    appeal,
    actions: milestones,
    extensions,
    setAside: (data.setAside ?? []).map((p) => ({ from: p.from, to: p.to })),
    closedDate: row.closed_date,
  };
}

export async function computeCaseDeadlines(q: Queryable, row: CaseRow, data: CaseData, today: IsoDay): Promise<ComputedDeadline[]> {
  const actions = await loadActions(q, row.id);
  const extensions = await loadExtensions(q, row.id);
  const tc = timelineCaseOf(row, data, actions, extensions);
  if (!tc || row.lea_id === null) return [];
  const [holidays, calendars] = await Promise.all([loadHolidayDates(q), loadSchoolCalendars(q, row.lea_id)]);
  return computeDeadlines(tc, { holidays, calendars, leaName: row.lea_name ?? '', ...DEFAULT_SETTINGS }, today);
}

const storedState = (state: string) => (state === 'Overdue' ? 'Pending' : state);

/**
 * Recomputes a case's deadlines and stores them with its next deadline (§6.4). Returns the due
 * dates that moved, for the case log.
 */
export async function refreshDeadlines(q: Queryable, caseId: string, today: IsoDay): Promise<{ code: string; from: string | null; to: string | null }[]> {
  const row = await loadCaseRow(q, caseId);
  if (!row) return [];
  const before = new Map(
    (await q.query<{ code: string; due: string | null; state: string }>(
      `SELECT code, ${D('COALESCE(extended_due_date, original_due_date)', 'due')}, state FROM dr_deadlines WHERE case_id = $1`,
      [caseId],
    )).rows.map((d) => [d.code, d]),
  );
  const computed = row.status === 0 ? [] : await computeCaseDeadlines(q, row, dataOf(row), today);
  await q.query('DELETE FROM dr_deadlines WHERE case_id = $1', [caseId]);
  if (computed.length) {
    await q.query(
      `INSERT INTO dr_deadlines (case_id, code, basis, trigger_date, original_due_date, extended_due_date, met_date, state, citation, trail)
       SELECT $1, code, basis, trigger_date, original_due_date, extended_due_date, met_date, state, citation, trail
         FROM jsonb_to_recordset($2::jsonb) AS x(code text, basis text, trigger_date date, original_due_date date, extended_due_date date,
              met_date date, state text, citation text, trail text[])`,
      [
        caseId,
        JSON.stringify(
          computed.map((d) => ({
            code: d.code,
            basis: d.basis,
            trigger_date: d.triggerDate,
            original_due_date: d.originalDueDate,
            extended_due_date: d.extendedDueDate,
            met_date: d.metDate,
            state: storedState(d.state),
            citation: d.citation,
            trail: d.trail,
          })),
        ),
      ],
    );
  }
  const open = row.status !== 4 ? computed.filter((d) => (d.state === 'Pending' || d.state === 'Overdue') && effectiveDueDate(d)) : [];
  open.sort((a, b) => (effectiveDueDate(a) as string).localeCompare(effectiveDueDate(b) as string));
  const next = open[0];
  await q.query('UPDATE dr_cases SET next_deadline_code = $2, next_due_date = $3 WHERE id = $1', [caseId, next?.code ?? null, next ? effectiveDueDate(next) : null]);
  const moved: { code: string; from: string | null; to: string | null }[] = [];
  for (const d of computed) {
    const old = before.get(d.code);
    const now = effectiveDueDate(d);
    if (old && old.due !== now && (old.state === 'Pending' || old.state === 'Suspended' || old.state === 'Calendar missing')) moved.push({ code: d.code, from: old.due, to: now });
  }
  return moved;
}

/** Recomputes a case's deadlines and logs 'Due date recalculated' with the old and new dates when one moved (§6.4). */
export async function recalculate(q: Queryable, caseId: string, actor: string, today: IsoDay): Promise<number> {
  const moved = await refreshDeadlines(q, caseId, today);
  if (!moved.length) return 0;
  const note = moved.map((m) => `${DEADLINE_NAMES[m.code] ?? m.code}: ${m.from ?? 'none'} to ${m.to ?? 'none'}`).join('; ');
  await q.query(
    `INSERT INTO dr_case_actions (case_id, type, action_date, note, visibility, created_by, updated_by) VALUES ($1, 'DUE_DATE_RECALCULATED', $2, $3, 'Internal', $4, $4)`,
    [caseId, today, `Due date recalculated: ${note}`, actor],
  );
  return moved.length;
}

/**
 * A holiday or school calendar changed (§4.10, §6.4): the open cases whose deadlines count
 * business or school days are recomputed in the change's transaction (all of them for a holiday,
 * the calendar's LEA for a calendar).
 */
export async function recalculateForCalendars(q: Queryable, change: CalendarChange, actor: string, today: IsoDay): Promise<number> {
  const leaIds = change.kind === 'school-calendars' ? [...new Set(change.calendars.map((c) => c.leaId))] : null;
  const r = await q.query<{ id: string }>(
    `SELECT c.id FROM dr_cases c
      WHERE NOT c.is_deleted AND c.status IN (1, 2, 3) ${leaIds ? 'AND c.lea_id = ANY($1::integer[])' : ''}
        AND EXISTS (SELECT 1 FROM dr_deadlines d WHERE d.case_id = c.id AND d.basis IN ('B', 'S'))`,
    leaIds ? [leaIds] : [],
  );
  let moved = 0;
  for (const { id } of r.rows) moved += await recalculate(q, id, actor, today);
  return moved;
}

let calendarListener: (() => void) | null = null;

/** Registers the recalculation with the shared calendars once per process (api/app.ts). */
export function listenForCalendarChanges(): void {
  if (calendarListener) return;
  calendarListener = onCalendarsChanged(async (change, q, ctx) => {
    await recalculateForCalendars(q, change, 'system', agencyToday(ctx.now()));
  });
}

export function toDeadline(d: ComputedDeadline): DrDeadline {
  return {
    code: d.code,
    basis: d.basis,
    triggerDate: d.triggerDate,
    originalDueDate: d.originalDueDate,
    extendedDueDate: d.extendedDueDate,
    metDate: d.metDate,
    state: d.state,
    citation: d.citation,
    trail: d.trail,
  };
}

/** The stored deadlines, as the screen shows them today (Pending past due reads Overdue). */
export async function loadDeadlines(q: Queryable, caseId: string, closed: boolean, today: IsoDay): Promise<DrDeadline[]> {
  const r = await q.query<{
    code: string; basis: 'C' | 'B' | 'S'; trigger_date: string | null; original_due_date: string | null; extended_due_date: string | null;
    met_date: string | null; state: string; citation: string; trail: string[];
  }>(
    `SELECT code, basis, ${D('trigger_date')}, ${D('original_due_date')}, ${D('extended_due_date')}, ${D('met_date')}, state, citation, trail
       FROM dr_deadlines WHERE case_id = $1 ORDER BY COALESCE(extended_due_date, original_due_date) NULLS LAST, code`,
    [caseId],
  );
  return r.rows.map((d) => {
    const due = d.extended_due_date ?? d.original_due_date;
    const state = d.state === 'Pending' && due && !closed && today > due ? 'Overdue' : d.state;
    return {
      code: d.code,
      basis: d.basis,
      triggerDate: d.trigger_date,
      originalDueDate: d.original_due_date,
      extendedDueDate: d.extended_due_date,
      metDate: d.met_date,
      state,
      citation: d.citation,
      trail: d.trail,
    };
  });
}

export async function loadAssignments(q: Queryable, caseId: string): Promise<DrAssignment[]> {
  const r = await q.query<{ id: number; neutral_type: number; user_id: string; full_name: string; method: number; status: string; assigned_at: Date | string; end_reason: string | null }>(
    `SELECT a.id, a.neutral_type, a.user_id::text, u.full_name, a.method, a.status, a.assigned_at, a.end_reason
       FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 ORDER BY a.assigned_at, a.id`,
    [caseId],
  );
  return r.rows.map((a) => ({
    id: a.id,
    neutralType: a.neutral_type,
    userId: a.user_id,
    name: a.full_name,
    method: a.method,
    status: a.status,
    assignedAt: new Date(a.assigned_at).toISOString(),
    endReason: a.end_reason,
  }));
}

// ---- case numbers ---------------------------------------------------------------------------------

/** The next case number of a type and school year; sequences are never reused. */
export async function nextCaseNumber(q: Queryable, type: CaseType, schoolYear: string): Promise<string> {
  const r = await q.query<{ last_seq: number }>(
    `INSERT INTO dr_case_sequences (prefix, school_year, last_seq) VALUES ($1, $2, 1)
     ON CONFLICT (prefix, school_year) DO UPDATE SET last_seq = dr_case_sequences.last_seq + 1
     RETURNING last_seq`,
    [type, schoolYear],
  );
  return formatCaseNumber(type, schoolYear, r.rows[0]?.last_seq ?? 1);
}

// ---- report inputs --------------------------------------------------------------------------------

interface ReportRow {
  id: string;
  case_number: string;
  student_first_name: string | null;
  student_last_name: string | null;
  dispute_type: number;
  status: number;
  lea_id: number | null;
  lea_code: string | null;
  lea_name: string | null;
  received_date: string;
  closed_date: string | null;
  outcome: number | null;
  report_date: string | null;
  decision_date: string | null;
  agreement_date: string | null;
  change_of_placement_ordered: boolean | null;
  data: unknown;
  session_held: string | null;
  rm_held: string | null;
  agreement_signed: string | null;
  agreement_voided: string | null;
  report_action: string | null;
  sc_original: string | null;
  sc_extended: string | null;
  decision_original: string | null;
  decision_extended: string | null;
  hearings: { received: string; closed: string | null }[] | null;
}

export interface ReportCase extends Table7Case {
  id: string;
  caseNumber: string;
  status: number;
  studentInitials: string;
  leaId: number | null;
  leaCode: string;
  leaName: string;
  /** The case's issue codes (the summary report's 'Issues' table). */
  issues: string[];
}

/** Every non-draft case received in [from, to], with what Table 7 and the summary read. */
export async function loadReportCases(q: Queryable, from: IsoDay, to: IsoDay, leaIds: readonly number[] | null): Promise<ReportCase[]> {
  const params: unknown[] = [from, to];
  let leaFilter = '';
  if (leaIds) {
    params.push(leaIds);
    leaFilter = `AND c.lea_id = ANY($3::integer[])`;
  }
  const firstAction = (type: string) =>
    `(SELECT to_char(min(a.action_date), 'YYYY-MM-DD') FROM dr_case_actions a WHERE a.case_id = c.id AND a.type = '${type}')`;
  const due = (code: string, col: 'original_due_date' | 'extended_due_date') =>
    `(SELECT to_char(d.${col}, 'YYYY-MM-DD') FROM dr_deadlines d WHERE d.case_id = c.id AND d.code = '${code}')`;
  const r = await q.query<ReportRow>(
    `SELECT c.id, c.case_number, c.student_first_name, c.student_last_name, c.dispute_type, c.status, c.lea_id, l.lea_code, l.name AS lea_name, ${D('c.received_date')}, ${D('c.closed_date')}, c.outcome,
            ${D('c.report_date')}, ${D('c.decision_date')}, ${D('c.agreement_date')}, c.change_of_placement_ordered,
            jsonb_build_object('allegations', COALESCE(c.data->'allegations', '[]'), 'setAside', COALESCE(c.data->'setAside', '[]'), 'issues', COALESCE(c.data->'issues', '[]')) AS data,
            ${firstAction('SESSION_HELD')} AS session_held, ${firstAction('RESOLUTION_MEETING_HELD')} AS rm_held,
            ${firstAction('AGREEMENT_SIGNED')} AS agreement_signed, ${firstAction('AGREEMENT_VOIDED')} AS agreement_voided,
            ${firstAction('REPORT_ISSUED')} AS report_action,
            ${due('SC_DECISION', 'original_due_date')} AS sc_original, ${due('SC_DECISION', 'extended_due_date')} AS sc_extended,
            COALESCE(${due('DP_DECISION', 'original_due_date')}, ${due('EDP_DECISION', 'original_due_date')}) AS decision_original,
            ${due('DP_DECISION', 'extended_due_date')} AS decision_extended,
            CASE WHEN c.dispute_type = 2 THEN (
              SELECT jsonb_agg(jsonb_build_object('received', to_char(h.received_date, 'YYYY-MM-DD'), 'closed', to_char(h.closed_date, 'YYYY-MM-DD')))
                FROM dr_case_links k JOIN dr_cases h ON h.id = CASE WHEN k.case_a = c.id THEN k.case_b ELSE k.case_a END
               WHERE k.relation = 2 AND (k.case_a = c.id OR k.case_b = c.id) AND h.dispute_type IN (4, 5) AND NOT h.is_deleted)
            END AS hearings
       FROM dr_cases c LEFT JOIN leas l ON l.id = c.lea_id
      WHERE NOT c.is_deleted AND c.status <> 0 AND c.received_date BETWEEN $1 AND $2 ${leaFilter}`,
    params,
  );
  return r.rows.map((c) => {
    const type = DISPUTE_TYPES[c.dispute_type as 1 | 2 | 3 | 4 | 5];
    const data = dataOf(c);
    const related = c.hearings ? isMediationRelatedToHearing(c.received_date, c.hearings.map((h) => ({ receivedDate: h.received, closedDate: h.closed }))) : false;
    return {
      id: c.id,
      caseNumber: c.case_number,
      status: c.status,
      studentInitials: initialsOf(c),
      leaId: c.lea_id,
      leaCode: c.lea_code ?? '',
      leaName: c.lea_name ?? '',
      type,
      receivedDate: c.received_date,
      isDraft: false,
      isDeleted: false,
      outcome: c.outcome,
      closedDate: c.closed_date,
      reportDate: c.report_date ?? c.report_action,
      findings: (data.allegations ?? []).map((a) => a.finding ?? 0),
      issues: data.issues ?? [],
      originalDueDate: type === 'SC' ? c.sc_original : c.decision_original,
      extendedDueDate: type === 'SC' ? c.sc_extended : c.decision_extended,
      setAside: data.setAside ?? [],
      sessionHeldDate: c.session_held,
      agreementDate: c.agreement_date,
      relatedToHearing: related,
      resolutionMeetingDate: c.rm_held,
      resolutionAgreementDate: c.agreement_signed,
      resolutionAgreementVoidedDate: c.agreement_voided,
      decisionDate: c.decision_date,
      changeOfPlacementOrdered: c.change_of_placement_ordered,
    };
  });
}

export const todayOf = (now: Date): IsoDay => agencyToday(now);
export const daysLeftOf = (due: string, today: IsoDay) => daysBetween(today, due);
