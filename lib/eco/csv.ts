// The ECO CSV exports (spec §7): headers exactly as the spec writes them, one row mapper per
// report, written with the shared toCsv (BOM, RFC 4180, formula guard). Percents are text with 2
// decimals ('12.50'), empty without a value, because a number cell would drop the trailing zero.
import { csvFileName, type CsvCell } from '../csv.js';
import { rowErrorsCsv, type CsvErrorColumn, type CsvRowError } from '../csv-import.js';
import { percentText } from '../shared/percent.js';
import { CATEGORIES, OUTCOMES, type AssessmentStatus, type Category, type ExitReason, type NewSkills, type NotIncludedReason, type Outcome } from './codes.js';
import type { Basis, OutcomeSummary } from './summary.js';
import { targetStatus } from './summary.js';

const header = (line: string): readonly string[] => Object.freeze(line.split(','));

export const APR_SUMMARY_HEADER = header(
  'ffy,schoolYear,scope,leaCode,leaName,basis,outcome,n,countA,countB,countC,countD,countE,percentA,percentB,percentC,percentD,percentE,ss1Numerator,ss1Denominator,ss1Percent,ss1Target,ss1Met,ss2Numerator,ss2Denominator,ss2Percent,ss2Target,ss2Met',
);
/** The by-LEA file has the summary's header (§7). */
export const APR_BY_LEA_HEADER = APR_SUMMARY_HEADER;
export const CHILD_DATA_HEADER = header(
  'stateStudentId,lastName,firstName,birthDate,leaCode,leaName,schoolName,disabilityCategory,entryDate,exitDate,exitReason,daysOfService,entryStatus,exitStatus,entryRatingA,entryRatingB,entryRatingC,exitRatingA,exitRatingB,exitRatingC,newSkillsA,newSkillsB,newSkillsC,categoryA,categoryB,categoryC,included,notIncludedReason',
);
export const STATE_TRACKING_HEADER = header(
  'schoolYear,leaCode,leaName,leaType,activeChildren,entryPending,entryOverdue,awaitingFinalization,exitsInYear,eligibleExits,includedExits,exitPending,exitOverdue,notIncluded,completenessPercent,entryTimelinessPercent,patternFlags,openUnlockRequests,status',
);
export const IMPORT_ERRORS_HEADER = header('rowNumber,column,value,message');

/** §7's file names; the spec says 'statewide' where MODULES.md's default says 'state'. */
export const ecoFileNames = {
  aprSummary: (schoolYear: string, leaCode: string | null) => csvFileName('eco', 'apr', schoolYear, leaCode ?? 'statewide'),
  aprByLea: (schoolYear: string) => csvFileName('eco', 'apr', schoolYear, 'by-lea'),
  children: (schoolYear: string, leaCode: string | null) => csvFileName('eco', 'children', schoolYear, leaCode ?? 'statewide'),
  stateTracking: (schoolYear: string) => `eco-state-tracking-${schoolYear}.csv`,
  importErrors: 'eco-import-errors.csv',
} as const;

export interface AprSummaryInput {
  ffy: number;
  schoolYear: string;
  scope: 'LEA' | 'State';
  leaCode: string | null;
  leaName: string | null;
  basis: Basis;
  outcome: Outcome;
  summary: OutcomeSummary;
  ss1Target: number | null;
  ss2Target: number | null;
}

/** One row of the APR summary or by-LEA file. */
export function aprSummaryRow(r: AprSummaryInput): CsvCell[] {
  const s = r.summary;
  const statement = (ss: OutcomeSummary['ss1'], target: number | null): CsvCell[] => [
    ss.numerator,
    ss.denominator,
    percentText(ss.percent),
    target === null ? '' : target.toFixed(2),
    targetStatus(ss.percent, target) ?? '',
  ];
  return [
    r.ffy,
    r.schoolYear,
    r.scope,
    r.leaCode ?? '',
    r.leaName ?? '',
    r.basis,
    r.outcome,
    s.n,
    ...CATEGORIES.map((c) => s.counts[c]),
    ...CATEGORIES.map((c) => percentText(s.percents[c])),
    ...statement(s.ss1, r.ss1Target),
    ...statement(s.ss2, r.ss2Target),
  ];
}

export interface ChildDataInput {
  stateStudentId: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  leaCode: string;
  leaName: string;
  schoolName: string | null;
  disabilityCategory: string;
  entryDate: string;
  exitDate: string | null;
  exitReason: ExitReason | null;
  daysOfService: number | null;
  entryStatus: AssessmentStatus | null;
  exitStatus: AssessmentStatus | null;
  entryRatings: Partial<Record<Outcome, number>>;
  exitRatings: Partial<Record<Outcome, number>>;
  newSkills: Partial<Record<Outcome, NewSkills>>;
  categories: Partial<Record<Outcome, Category>>;
  /** Per outcome, the reason it is not included (null when included); §6.4's order. */
  notIncluded: Record<Outcome, NotIncludedReason | null>;
}

/** One child data row: `included` Y only when all three outcomes are; the first reason code otherwise. */
export function childDataRow(r: ChildDataInput): CsvCell[] {
  const reasons = OUTCOMES.map((x) => r.notIncluded[x]).filter((x): x is NotIncludedReason => x !== null);
  return [
    r.stateStudentId,
    r.lastName,
    r.firstName,
    r.birthDate,
    r.leaCode,
    r.leaName,
    r.schoolName ?? '',
    r.disabilityCategory,
    r.entryDate,
    r.exitDate ?? '',
    r.exitReason ?? '',
    r.daysOfService,
    r.entryStatus ?? '',
    r.exitStatus ?? '',
    ...OUTCOMES.map((x) => r.entryRatings[x]),
    ...OUTCOMES.map((x) => r.exitRatings[x]),
    ...OUTCOMES.map((x) => r.newSkills[x] ?? ''),
    ...OUTCOMES.map((x) => r.categories[x] ?? ''),
    reasons.length === 0 ? 'Y' : 'N',
    reasons[0] ?? '',
  ];
}

export interface StateTrackingInput {
  schoolYear: string;
  leaCode: string;
  leaName: string;
  leaType: string;
  activeChildren: number;
  entryPending: number;
  entryOverdue: number;
  awaitingFinalization: number;
  exitsInYear: number;
  eligibleExits: number;
  includedExits: number;
  exitPending: number;
  exitOverdue: number;
  notIncluded: number;
  completenessPercent: number | null;
  entryTimelinessPercent: number | null;
  patternFlags: number;
  openUnlockRequests: number;
  status: string;
}

/** One state tracking row, in the header's order. */
export function stateTrackingRow(r: StateTrackingInput): CsvCell[] {
  return STATE_TRACKING_HEADER.map((name) => {
    if (name === 'completenessPercent' || name === 'entryTimelinessPercent') return percentText(r[name]);
    return r[name as keyof StateTrackingInput];
  });
}

const IMPORT_ERROR_COLUMNS: readonly CsvErrorColumn[] = [{ key: 'line', label: 'rowNumber' }, 'column', 'value', 'message'];

/** `eco-import-errors.csv` (§8): rowNumber is the file line, the header is line 1. */
export const importErrorsCsv = (errors: readonly CsvRowError[]): string => rowErrorsCsv(errors, IMPORT_ERROR_COLUMNS);
