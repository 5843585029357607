// Days, due dates and age rules of ECO (spec §6.1, §6.8, §1). Calendar days only, on IsoDay
// strings through lib/day.ts, so no time zone or DST can move a due date.
import { addDays, addMonths, addYears, ageOn, daysBetween, minDay, type IsoDay } from '../day.js';
import { DEFAULT_YEAR_SETTINGS, type ExitReason, type YearSettings } from './codes.js';
import { ecoReportText } from './messages.js';

const startYear = (schoolYear: string): number => Number(schoolYear.slice(0, 4));

/** The reporting year runs July 1 to June 30; FFY is the start year (2025-2026 = FFY 2025). */
export function schoolYearBounds(schoolYear: string): { start: IsoDay; end: IsoDay; ffy: number } {
  const y1 = startYear(schoolYear);
  return { start: `${y1}-07-01`, end: `${y1 + 1}-06-30`, ffy: y1 };
}

/** The LEA data due date: the state's setting, else July 31 after the year ends (§1, §2.6). */
export function leaDataDueDate(schoolYear: string, settings: Pick<YearSettings, 'leaDataDueDate'> = DEFAULT_YEAR_SETTINGS): IsoDay {
  return settings.leaDataDueDate ?? `${startYear(schoolYear) + 1}-07-31`;
}

export const isInYear = (day: IsoDay, schoolYear: string): boolean => {
  const { start, end } = schoolYearBounds(schoolYear);
  return day >= start && day <= end;
};

/** exitDate − entryDate, as the ECTA calculator counts it (08/12/2024 → 02/10/2025 = 182). */
export const daysOfService = (entryDate: IsoDay, exitDate: IsoDay): number => daysBetween(entryDate, exitDate);

/** Whether the stay meets the six-month rule; always true when the year switches the rule off. */
export function meetsMinService(entryDate: IsoDay, exitDate: IsoDay, settings: Pick<YearSettings, 'minServiceDays' | 'applyMinServiceRule'> = DEFAULT_YEAR_SETTINGS): boolean {
  return !settings.applyMinServiceRule || daysOfService(entryDate, exitDate) >= settings.minServiceDays;
}

export const entryDue = (entryDate: IsoDay, settings: Pick<YearSettings, 'entryDueDays'> = DEFAULT_YEAR_SETTINGS): IsoDay => addDays(entryDate, settings.entryDueDays);

/** Overdue from the day after the due date (entry 08/12/2024: due 10/11, overdue 10/12). */
export const isPastDue = (due: IsoDay, today: IsoDay): boolean => today > due;

export const earliestEntryRatingDate = (entryDate: IsoDay, settings: Pick<YearSettings, 'entryEarliestDays'> = DEFAULT_YEAR_SETTINGS): IsoDay =>
  addDays(entryDate, -settings.entryEarliestDays);

export const exitDue = (exitDate: IsoDay, settings: Pick<YearSettings, 'exitWindowAfterDays'> = DEFAULT_YEAR_SETTINGS): IsoDay => addDays(exitDate, settings.exitWindowAfterDays);

/** The days exit ratings may carry: exit − 60 to exit + 30, never after today (§5). */
export function exitRatingWindow(
  exitDate: IsoDay,
  today: IsoDay,
  settings: Pick<YearSettings, 'exitWindowBeforeDays' | 'exitWindowAfterDays'> = DEFAULT_YEAR_SETTINGS,
): { from: IsoDay; to: IsoDay } {
  return { from: addDays(exitDate, -settings.exitWindowBeforeDays), to: minDay(addDays(exitDate, settings.exitWindowAfterDays), today) };
}

/** The n-th birthday; a child born on 02/29 has it on 02/28 in a common year (§6.1). */
export const birthday = (birthDate: IsoDay, years: number): IsoDay => addYears(birthDate, years);

/** Age on a day as the banner writes it ('3 y 4 m'). */
export function ageLabel(birthDate: IsoDay, on: IsoDay): string {
  const years = ageOn(birthDate, on);
  let months = 0;
  while (months < 11 && addMonths(birthDate, years * 12 + months + 1) <= on) months += 1;
  return `${years} y ${months} m`;
}

/** NRS 392.040(2): kindergarten-bound in year Y when the child is 5 on or before August 1 of Y's end year. */
export function isKindergartenBound(birthDate: IsoDay, schoolYear: string): boolean {
  return birthday(birthDate, 5) <= `${startYear(schoolYear) + 1}-08-01`;
}

export interface ExpectedExit {
  day: IsoDay;
  flag: string;
  /** The exit reason the form proposes, when the rule gives one. */
  defaultReason: ExitReason | null;
}

/**
 * The forecast exit of an open record (§6.8): the day before the sixth birthday when that falls
 * within `withinDays` of today, else June 30 for a kindergarten-bound child, else none. The sixth
 * birthday wins because it comes first: services end before it, whatever the school year.
 */
export function expectedExit(birthDate: IsoDay, schoolYear: string, today: IsoDay, withinDays = 60): ExpectedExit | null {
  const sixth = birthday(birthDate, 6);
  if (sixth >= today && sixth <= addDays(today, withinDays)) {
    const day = addDays(sixth, -1);
    return { day, flag: ecoReportText.exitExpected(day), defaultReason: 'age-six' };
  }
  if (isKindergartenBound(birthDate, schoolYear)) {
    const day = schoolYearBounds(schoolYear).end;
    return { day, flag: ecoReportText.exitExpected(day), defaultReason: null };
  }
  return null;
}
