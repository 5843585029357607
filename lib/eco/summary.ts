// APR inclusion, progress-category counts, Summary Statements, targets and meaningful
// differences (ECO spec §6.4-§6.6). The APR report, its CSV and the dashboard all read these.
import type { IsoDay } from '../day.js';
import { roundedPercent } from '../shared/percent.js';
import { progressCategory } from './categories.js';
import {
  CATEGORIES,
  DEFAULT_YEAR_SETTINGS,
  exitReasons,
  type AssessmentStatus,
  type Category,
  type ExitReason,
  type NewSkills,
  type NotIncludedReason,
  type Outcome,
  type YearSettings,
} from './codes.js';
import { isInYear, meetsMinService } from './dates.js';
import { ecoReportText } from './messages.js';

/** 'submitted' = submitted and finalized (provisional); 'finalized' = finalized only (official). */
export type Basis = 'submitted' | 'finalized';

export interface OutcomeRatings {
  entry: number | null;
  exit: number | null;
  newSkills: NewSkills | null;
}

export interface RecordForApr {
  entryDate: IsoDay;
  exitDate: IsoDay | null;
  exitReason: ExitReason | null;
  entryStatus: AssessmentStatus | null;
  exitStatus: AssessmentStatus | null;
  ratings: Record<Outcome, OutcomeRatings>;
}

export type Inclusion = { included: true; category: Category } | { included: false; reason: NotIncludedReason };

const isIn = (status: AssessmentStatus | null, basis: Basis): boolean =>
  status === 'finalized' || (basis === 'submitted' && status === 'submitted');
const isSubmitted = (status: AssessmentStatus | null): boolean => status === 'submitted' || status === 'finalized';

/**
 * Whether a record counts for an outcome in year Y, or the first failing rule's reason (§6.4);
 * null when its exit is not in the year (it is not part of that year's report at all).
 */
export function outcomeInclusion(record: RecordForApr, outcome: Outcome, schoolYear: string, basis: Basis, settings: YearSettings = DEFAULT_YEAR_SETTINGS): Inclusion | null {
  if (!record.exitDate || !isInYear(record.exitDate, schoolYear)) return null;
  if (!meetsMinService(record.entryDate, record.exitDate, settings)) return { included: false, reason: 'short-stay' };
  if (!isSubmitted(record.entryStatus)) return { included: false, reason: 'entry-missing' };
  if (!isSubmitted(record.exitStatus)) {
    const need = record.exitReason ? exitReasons[record.exitReason].exitRatings : 'required';
    return { included: false, reason: need === 'required' ? 'exit-missing' : 'exit-not-collected' };
  }
  if (!isIn(record.entryStatus, basis) || !isIn(record.exitStatus, basis)) return { included: false, reason: 'not-finalized' };
  const r = record.ratings[outcome];
  const result = r.entry !== null && r.exit !== null && r.newSkills !== null ? progressCategory(r.entry, r.exit, r.newSkills, settings) : null;
  return result?.ok ? { included: true, category: result.category } : { included: false, reason: 'invalid-combination' };
}

export type CategoryCounts = Record<Category, number>;

export function countCategories(categories: readonly Category[]): CategoryCounts {
  const counts: CategoryCounts = { a: 0, b: 0, c: 0, d: 0, e: 0 };
  for (const c of categories) counts[c] += 1;
  return counts;
}

export interface Ratio {
  numerator: number;
  denominator: number;
  /** Rounded half up to 2 decimals; null for a zero denominator ('—', empty CSV cell). */
  percent: number | null;
}

const ratio = (numerator: number, denominator: number): Ratio => ({ numerator, denominator, percent: roundedPercent(numerator, denominator) });

export interface OutcomeSummary {
  n: number;
  counts: CategoryCounts;
  percents: Record<Category, number | null>;
  /** SS1 = (c+d)/(a+b+c+d): of those who entered below age expectations, who grew faster. */
  ss1: Ratio;
  /** SS2 = (d+e)/N: who were at age expectations at exit. */
  ss2: Ratio;
}

/** The §6.5 formulas on one outcome's counts. */
export function summarize(counts: CategoryCounts): OutcomeSummary {
  const { a, b, c, d, e } = counts;
  const n = a + b + c + d + e;
  const percents = Object.fromEntries(CATEGORIES.map((k) => [k, roundedPercent(counts[k], n)])) as Record<Category, number | null>;
  return { n, counts, percents, ss1: ratio(c + d, a + b + c + d), ss2: ratio(d + e, n) };
}

/** The on-screen text of a percent: '70.00', or '—' for no value. */
export const percentCell = (percent: number | null): string => (percent === null ? ecoReportText.noValue : percent.toFixed(2));

/** SS1's note when it has no value (§6.5). */
export const ss1Note = (ss1: Ratio): string | null => (ss1.denominator === 0 ? ecoReportText.ss1NotCalculated : null);

/** 'Met' when the rounded percent is at least the target; null without a value or a target (§6.6). */
export function targetStatus(percent: number | null, target: number | null): 'Met' | 'Not met' | null {
  if (percent === null || target === null) return null;
  return percent >= target ? ecoReportText.met : ecoReportText.notMet;
}

const Z90 = 1.645;
const toPercent2 = (p: number): number => Math.round(p * 10000) / 100;

export interface ConfidenceInterval {
  lower: number;
  upper: number;
  /** The half-width in percentage points, 2 decimals. */
  halfWidth: number;
  /** 'Interpret with caution (±h points)' when h > 5 points; null otherwise. */
  caution: string | null;
}

/** The 90% interval of a proportion (§6.6), clipped to 0-100; null without a denominator. */
export function confidenceInterval90(numerator: number, denominator: number): ConfidenceInterval | null {
  if (denominator === 0) return null;
  const p = numerator / denominator;
  const h = Z90 * Math.sqrt((p * (1 - p)) / denominator);
  const halfWidth = toPercent2(h);
  return {
    lower: toPercent2(Math.max(0, p - h)),
    upper: toPercent2(Math.min(1, p + h)),
    halfWidth,
    caution: h * 100 > 5 ? ecoReportText.caution(halfWidth.toFixed(2)) : null,
  };
}

export type Comparison = 'Above state' | 'Below state' | 'Above prior year' | 'Below prior year' | 'No meaningful difference' | '—';

export interface ZTest {
  /** null when the test cannot be made ('—') or the pooled variance is 0. */
  z: number | null;
  comparison: Comparison;
}

/** Unpooled two-proportion z test at 90% of p1 = n1 against p2 = n2. */
function zTest(x1: number, n1: number, x2: number, n2: number, above: Comparison, below: Comparison): ZTest {
  if (n1 === 0 || n2 === 0) return { z: null, comparison: '—' };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const variance = (p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2;
  if (variance === 0) return { z: null, comparison: 'No meaningful difference' };
  const z = (p1 - p2) / Math.sqrt(variance);
  return { z, comparison: z > Z90 ? above : z < -Z90 ? below : 'No meaningful difference' };
}

/** The LEA against the rest of the state (the state minus the LEA), so a large LEA is not compared with itself. */
export function compareWithState(lea: Pick<Ratio, 'numerator' | 'denominator'>, state: Pick<Ratio, 'numerator' | 'denominator'>): ZTest {
  return zTest(lea.numerator, lea.denominator, state.numerator - lea.numerator, state.denominator - lea.denominator, 'Above state', 'Below state');
}

/** A year against the prior year for the same scope; no prior year gives '—'. */
export function compareWithPriorYear(current: Pick<Ratio, 'numerator' | 'denominator'>, prior: Pick<Ratio, 'numerator' | 'denominator'> | null): ZTest {
  if (!prior) return { z: null, comparison: '—' };
  return zTest(current.numerator, current.denominator, prior.numerator, prior.denominator, 'Above prior year', 'Below prior year');
}
