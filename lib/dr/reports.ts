// The summary report and state tracking of DR spec §9.2 and §9.3, as pure functions over the
// cases the API answers: one row per LEA with a statewide total (its median over every closed
// case, not over the LEAs' medians), and each open case's next deadline with its days left.
import { daysBetween, type IsoDay } from '../day.js';
import { medianOf } from './rules.js';
import type { CaseType, DeadlineState } from './timeline.js';

export interface SummaryCase {
  leaCode: string;
  leaName: string;
  type: CaseType;
  receivedDate: IsoDay;
  /** Closing date and outcome as of the period end (null: open then). */
  closedDate: IsoDay | null;
  outcome: number | null;
  /** SC reports with at least one finding of noncompliance. */
  reportWithFindings: boolean;
}

export interface SummaryRow {
  leaCode: string;
  leaName: string;
  iepFacilitation: number;
  mediation: number;
  stateComplaints: number;
  dueProcess: number;
  expeditedDueProcess: number;
  totalRequests: number;
  openAtPeriodEnd: number;
  closed: number;
  /** One decimal; '' for an LEA with no closed case. */
  medianDaysToClose: string;
  complaintReportsWithFindings: number;
  agreementsReached: number;
}

export const SUMMARY_CSV_HEADER = [
  'LEA Code',
  'LEA Name',
  'IEP Facilitation',
  'Mediation',
  'State Complaints',
  'Due Process',
  'Expedited Due Process',
  'Total Requests',
  'Open at Period End',
  'Closed',
  'Median Days to Close',
  'Complaint Reports with Findings',
  'Agreements Reached',
] as const;

export const STATEWIDE_TOTAL = 'Statewide total';
/** Outcomes that count as an agreement reached (§9.2). */
const AGREEMENTS: ReadonlySet<number> = new Set([11, 21, 44, 45]);

function rowOf(leaCode: string, leaName: string, cases: readonly SummaryCase[]): SummaryRow {
  const count = (type: CaseType) => cases.filter((c) => c.type === type).length;
  const closed = cases.filter((c) => c.closedDate !== null);
  const median = closed.length ? medianOf(closed.map((c) => daysBetween(c.receivedDate, c.closedDate as IsoDay))) : '';
  return {
    leaCode,
    leaName,
    iepFacilitation: count('IEPF'),
    mediation: count('MED'),
    stateComplaints: count('SC'),
    dueProcess: count('DP'),
    expeditedDueProcess: count('EDP'),
    totalRequests: cases.length,
    openAtPeriodEnd: cases.length - closed.length,
    closed: closed.length,
    medianDaysToClose: median,
    complaintReportsWithFindings: cases.filter((c) => c.type === 'SC' && c.outcome === 31 && c.reportWithFindings).length,
    agreementsReached: closed.filter((c) => c.outcome !== null && AGREEMENTS.has(c.outcome)).length,
  };
}

/** One row per LEA with at least one case (by LEA code), then the statewide total. */
export function summaryReport(cases: readonly SummaryCase[]): { rows: SummaryRow[]; total: SummaryRow } {
  const byLea = new Map<string, SummaryCase[]>();
  for (const c of cases) byLea.set(c.leaCode, [...(byLea.get(c.leaCode) ?? []), c]);
  const rows = [...byLea.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, list]) => rowOf(code, list[0]!.leaName, list));
  return { rows, total: rowOf('', STATEWIDE_TOTAL, cases) };
}

export function summaryCsvRow(r: SummaryRow): string[] {
  return [
    r.leaCode,
    r.leaName,
    ...[r.iepFacilitation, r.mediation, r.stateComplaints, r.dueProcess, r.expeditedDueProcess, r.totalRequests, r.openAtPeriodEnd, r.closed].map(String),
    r.medianDaysToClose,
    String(r.complaintReportsWithFindings),
    String(r.agreementsReached),
  ];
}

// ---- the summary report's second table, 'Issues' (§9.2) ---------------------------------------------

export const ISSUES_CSV_HEADER = ['Issue Code', 'Issue', 'Cases', 'Noncompliance Findings'] as const;

export interface IssueCase {
  type: CaseType;
  /** The case's issue codes (dr-issue-categories). */
  issues: readonly string[];
  /** Its allegations' findings (SC; 1 = noncompliance). */
  findings?: readonly number[] | undefined;
}

export interface IssueRow {
  code: string;
  issue: string;
  cases: number;
  /** Allegations with a finding of noncompliance in the state complaints raising the issue. */
  noncomplianceFindings: number;
}

/**
 * One row per issue category raised by at least one case, in the list's order. Allegations carry
 * no issue of their own (§3), so a complaint's noncompliance findings count under each issue the
 * complaint raises.
 */
export function issuesReport(cases: readonly IssueCase[], categories: readonly { code: string; label: string }[]): IssueRow[] {
  return categories
    .map(({ code, label }) => {
      const raising = cases.filter((c) => c.issues.includes(code));
      const findings = raising.filter((c) => c.type === 'SC').reduce((n, c) => n + (c.findings ?? []).filter((f) => f === 1).length, 0);
      return { code, issue: label, cases: raising.length, noncomplianceFindings: findings };
    })
    .filter((r) => r.cases > 0);
}

export const issuesCsvRow = (r: IssueRow): string[] => [r.code, r.issue, String(r.cases), String(r.noncomplianceFindings)];

// ---- state tracking (§9.3) -------------------------------------------------------------------------

export type TrackingStatus = 'Overdue' | 'Due soon' | 'On track' | 'Calendar missing' | 'Suspended';

/** Days left = due - today in calendar days (negative: overdue). */
export function daysLeft(due: IsoDay, today: IsoDay): number {
  return daysBetween(today, due);
}

/** The status filter of a case's next deadline: Overdue, Due soon (0-7 days), On track (> 7). */
export function trackingStatus(due: IsoDay | null, state: DeadlineState, today: IsoDay): TrackingStatus {
  if (state === 'Calendar missing') return 'Calendar missing';
  if (state === 'Suspended' || due === null) return 'Suspended';
  const left = daysLeft(due, today);
  if (left < 0) return 'Overdue';
  return left <= 7 ? 'Due soon' : 'On track';
}

export const TRACKING_CSV_HEADER = [
  'Case Number',
  'Type',
  'Status',
  'LEA',
  'Student Initials',
  'Received',
  'Case Manager',
  'Neutral',
  'Next Deadline',
  'Due Date',
  'Days Left',
  'Deadline Status',
] as const;

/** State tracking's filters (§9.3): deadline status, type, LEA, case manager, neutral ('' = any). */
export interface TrackingFilters {
  status: string;
  type: string;
  lea: string;
  caseManager: string;
  neutral: string;
}

export interface TrackingRow {
  type: string;
  lea: string;
  caseManager: string;
  /** The accepted neutrals' names, ', '-separated. */
  neutral: string;
  deadlineStatus: string;
}

/** The rows the filters keep; the screen and its CSV both show exactly these. */
export function trackingRows<R extends TrackingRow>(rows: readonly R[], f: TrackingFilters): R[] {
  return rows.filter(
    (r) =>
      (!f.status || r.deadlineStatus === f.status) &&
      (!f.type || r.type === f.type) &&
      (!f.lea || r.lea === f.lea) &&
      (!f.caseManager || r.caseManager === f.caseManager) &&
      (!f.neutral || r.neutral.split(', ').includes(f.neutral)),
  );
}

/** The filters' choices: each column's distinct values over every open case. */
export function trackingOptions(rows: readonly TrackingRow[]): Record<'type' | 'lea' | 'caseManager' | 'neutral', string[]> {
  const distinct = (values: readonly string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return {
    type: distinct(rows.map((r) => r.type)),
    lea: distinct(rows.map((r) => r.lea)),
    caseManager: distinct(rows.map((r) => r.caseManager)),
    neutral: distinct(rows.flatMap((r) => r.neutral.split(', '))),
  };
}

// ---- requests over time (the summary report's chart) ---------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const CASE_TYPE_ORDER: readonly CaseType[] = ['IEPF', 'MED', 'SC', 'DP', 'EDP'];

/** The twelve months of a July-June year ('Jul 2025' … 'Jun 2026') and each type's requests received in each. */
export function requestsByMonth(cases: readonly Pick<SummaryCase, 'type' | 'receivedDate'>[], schoolYear: string): { months: string[]; counts: Record<CaseType, number[]> } {
  const start = Number(schoolYear.slice(0, 4));
  const keys = Array.from({ length: 12 }, (_, i) => {
    const month = ((6 + i) % 12) + 1;
    const year = i < 6 ? start : start + 1;
    return { key: `${year}-${String(month).padStart(2, '0')}`, label: `${MONTHS[month - 1]} ${year}` };
  });
  const counts = Object.fromEntries(CASE_TYPE_ORDER.map((t) => [t, new Array<number>(12).fill(0)])) as Record<CaseType, number[]>;
  for (const c of cases) {
    const i = keys.findIndex((k) => k.key === c.receivedDate.slice(0, 7));
    if (i >= 0) counts[c.type][i] = (counts[c.type][i] ?? 0) + 1;
  }
  return { months: keys.map((k) => k.label), counts };
}
