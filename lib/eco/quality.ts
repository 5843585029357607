// Completeness, entry timeliness, pattern checks, record flags and the LEA status of ECO
// (spec §6.7): the data-quality checks the ECTA calculators run, for every LEA and year.
import type { IsoDay } from '../day.js';
import { roundedPercent } from '../shared/percent.js';
import { DEFAULT_YEAR_SETTINGS, OUTCOMES, type Outcome, type YearSettings } from './codes.js';
import { entryDue, isInYear } from './dates.js';
import { ecoReportText } from './messages.js';
import type { CategoryCounts } from './summary.js';

export interface Rate {
  numerator: number;
  denominator: number;
  percent: number | null;
}

/** Children included in all three outcomes ÷ eligible exits; flagged below the threshold. */
export function completeness(includedInAll: number, eligibleExits: number, settings: Pick<YearSettings, 'completenessThreshold'> = DEFAULT_YEAR_SETTINGS): Rate & { flag: string | null } {
  const percent = roundedPercent(includedInAll, eligibleExits);
  const flagged = percent !== null && percent < settings.completenessThreshold;
  return { numerator: includedInAll, denominator: eligibleExits, percent, flag: flagged ? ecoReportText.completenessBelow(settings.completenessThreshold) : null };
}

export interface EntryForTimeliness {
  entryDate: IsoDay;
  /** The agency-zone date of firstSubmittedAt; null when never submitted. */
  firstSubmittedOn: IsoDay | null;
}

/**
 * On-time entries ÷ entries due: entries whose due date falls in the year and before today;
 * on time when first submitted on or before the due date (an unlock and resubmit cannot fix it).
 */
export function entryTimeliness(entries: readonly EntryForTimeliness[], schoolYear: string, today: IsoDay, settings: Pick<YearSettings, 'entryDueDays'> = DEFAULT_YEAR_SETTINGS): Rate {
  let due = 0;
  let onTime = 0;
  for (const e of entries) {
    const d = entryDue(e.entryDate, settings);
    if (!isInYear(d, schoolYear) || d >= today) continue;
    due += 1;
    if (e.firstSubmittedOn !== null && e.firstSubmittedOn <= d) onTime += 1;
  }
  return { numerator: onTime, denominator: due, percent: roundedPercent(onTime, due) };
}

export type EntryRatings = Record<Outcome, number>;

/**
 * The ECTA pattern checks (§6.7), only when N ≥ minNForPatterns: too many a or e in an outcome,
 * and the same entry rating in all three outcomes for more than half of the children.
 */
export function patternFlags(
  counts: Record<Outcome, CategoryCounts>,
  entryRatings: readonly EntryRatings[],
  settings: Pick<YearSettings, 'minNForPatterns' | 'maxPercentCategoryA' | 'maxPercentCategoryE'> = DEFAULT_YEAR_SETTINGS,
): string[] {
  const flags: string[] = [];
  for (const x of OUTCOMES) {
    const c = counts[x];
    const n = c.a + c.b + c.c + c.d + c.e;
    if (n < settings.minNForPatterns) continue;
    if ((roundedPercent(c.a, n) ?? 0) > settings.maxPercentCategoryA) flags.push(ecoReportText.categoryAAbove(settings.maxPercentCategoryA, x));
    if ((roundedPercent(c.e, n) ?? 0) > settings.maxPercentCategoryE) flags.push(ecoReportText.categoryEAbove(settings.maxPercentCategoryE, x));
  }
  if (entryRatings.length >= settings.minNForPatterns) {
    const identical = entryRatings.filter((r) => r.A === r.B && r.B === r.C).length;
    if ((roundedPercent(identical, entryRatings.length) ?? 0) > 50) flags.push(ecoReportText.identicalEntryRatings);
  }
  return flags;
}

export interface RecordForFlags {
  entryDate: IsoDay;
  firstSubmittedOn: IsoDay | null;
  entry: Partial<Record<Outcome, number>>;
  exit: Partial<Record<Outcome, number>>;
}

/** The record's chips (§6.7): 'Large change' (|X − E| ≥ 4), 'All 7s at entry', 'Late entry'. */
export function recordFlags(r: RecordForFlags, settings: Pick<YearSettings, 'entryDueDays' | 'scaleMax'> = DEFAULT_YEAR_SETTINGS): string[] {
  const flags: string[] = [];
  const late = r.firstSubmittedOn !== null && r.firstSubmittedOn > entryDue(r.entryDate, settings);
  if (late) flags.push(ecoReportText.lateEntry);
  if (OUTCOMES.some((x) => r.entry[x] !== undefined && r.exit[x] !== undefined && Math.abs(r.exit[x]! - r.entry[x]!) >= 4)) flags.push(ecoReportText.largeChange);
  if (OUTCOMES.every((x) => r.entry[x] === 7)) flags.push(ecoReportText.allSevensAtEntry);
  return flags;
}

export interface LeaForStatus {
  activeRecords: number;
  overdue: number;
  /** Pattern and completeness flags. */
  flags: number;
  /** Assessments submitted and not finalized. */
  awaitingFinalization: number;
  leaDataDueDate: IsoDay;
  today: IsoDay;
}

export type LeaStatus = 'No preschool children' | 'Needs attention' | 'On track';

/** The state tracking status of an LEA (§6.7). */
export function leaStatus(l: LeaForStatus): LeaStatus {
  if (l.activeRecords === 0) return ecoReportText.noPreschoolChildren;
  if (l.overdue > 0 || l.flags > 0 || (l.today > l.leaDataDueDate && l.awaitingFinalization > 0)) return ecoReportText.needsAttention;
  return ecoReportText.onTrack;
}
