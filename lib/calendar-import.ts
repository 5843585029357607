// The school calendar import rules of DR spec §10, as a pure function over the parsed rows
// (lib/csv-import.ts): every row's problems with its line and column, the per-LEA-and-year check,
// and, when nothing is wrong, the calendars the file describes with a hash of each one's content
// (an identical calendar is left alone on import).
import { createHash } from 'node:crypto';
import type { CsvRow, CsvRowError } from './csv-import.js';
import { schoolYearBounds } from './calendar.js';
import { isIsoDay, isWeekend, type IsoDay } from './day.js';
import { isSchoolYearKey } from './school-year.js';
import { calendarText as t } from './shared/messages.js';

export const CALENDAR_CSV_HEADER = ['leaCode', 'schoolYear', 'date', 'dayType'] as const;
export const CALENDAR_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** Not in the spec: generous for every LEA of a state over a few years (a few dozen rows each). */
export const CALENDAR_CSV_MAX_ROWS = 50_000;

export type DayType = 'FirstDay' | 'LastDay' | 'NonSchoolDay';
const DAY_TYPES: readonly string[] = ['FirstDay', 'LastDay', 'NonSchoolDay'];

export interface ImportedCalendar {
  leaCode: string;
  schoolYear: string;
  firstDay: IsoDay;
  lastDay: IsoDay;
  /** Sorted, each once. */
  nonSchoolDays: IsoDay[];
  /** SHA-256 of the content: the same calendar always hashes the same, whatever the row order. */
  contentHash: string;
}

export type CalendarImportPlan = { ok: true; calendars: ImportedCalendar[] } | { ok: false; errors: CsvRowError[] };

/** The content hash of a calendar (also what the seed stores, so a re-import of it is "unchanged"). */
export function calendarContentHash(c: { schoolYear: string; firstDay: IsoDay; lastDay: IsoDay; nonSchoolDays: readonly IsoDay[] }): string {
  const days = [...new Set(c.nonSchoolDays)].sort().join(',');
  return createHash('sha256').update(`${c.schoolYear}|${c.firstDay}|${c.lastDay}|${days}`).digest('hex');
}

interface GoodRow {
  line: number;
  leaCode: string;
  schoolYear: string;
  date: IsoDay;
  dayType: DayType;
}

const COLUMN_ORDER = new Map<string, number>(CALENDAR_CSV_HEADER.map((c, i) => [c, i]));
const byPlace = (a: CsvRowError, b: CsvRowError) => a.line - b.line || (COLUMN_ORDER.get(a.column) ?? 9) - (COLUMN_ORDER.get(b.column) ?? 9);

/**
 * Checks every row and every LEA-and-year group; `knownLeaCodes` are the LEA codes of the
 * agency. All or nothing: any error gives the full list and no calendar.
 */
export function planCalendarImport(rows: readonly CsvRow[], knownLeaCodes: ReadonlySet<string>): CalendarImportPlan {
  const errors: CsvRowError[] = [];
  const good: GoodRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of rows) {
    const leaCode = values.leaCode ?? '';
    const schoolYear = values.schoolYear ?? '';
    const date = values.date ?? '';
    const dayType = values.dayType ?? '';
    const before = errors.length;
    if (!knownLeaCodes.has(leaCode)) errors.push({ line, column: 'leaCode', value: leaCode, message: t.unknownLea(leaCode) });
    const yearOk = isSchoolYearKey(schoolYear);
    if (!yearOk) errors.push({ line, column: 'schoolYear', value: schoolYear, message: t.schoolYearFormat });
    const dateOk = isIsoDay(date);
    if (!dateOk) errors.push({ line, column: 'date', value: date, message: t.invalidDate });
    else if (yearOk) {
      const { first, last } = schoolYearBounds(schoolYear);
      if (date < first || date > last) errors.push({ line, column: 'date', value: date, message: t.outsideYear(date, schoolYear) });
    }
    // A duplicate is judged among rows whose LEA, year and date are right (else fix those first).
    if (errors.length === before) {
      const key = `${leaCode}|${date}`;
      if (seen.has(key)) errors.push({ line, column: 'date', value: date, message: t.duplicate(leaCode, date) });
      else seen.set(key, line);
    }
    if (!DAY_TYPES.includes(dayType)) errors.push({ line, column: 'dayType', value: dayType, message: t.dayType });
    if (errors.length === before) good.push({ line, leaCode, schoolYear, date, dayType: dayType as DayType });
  }

  // Per LEA and school year: one FirstDay, one LastDay, non-school days on weekdays between them.
  const groups = new Map<string, GoodRow[]>();
  for (const r of good) {
    const key = `${r.leaCode}|${r.schoolYear}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  // The FirstDay/LastDay count is over every row of a known LEA and well-formed year, even rows
  // with another error, so "exactly one" is judged on what the file says.
  const rawGroups = new Map<string, { line: number; leaCode: string; schoolYear: string; firsts: number; lasts: number }>();
  for (const { line, values } of rows) {
    const leaCode = values.leaCode ?? '';
    const schoolYear = values.schoolYear ?? '';
    if (!knownLeaCodes.has(leaCode) || !isSchoolYearKey(schoolYear)) continue;
    const key = `${leaCode}|${schoolYear}`;
    const g = rawGroups.get(key) ?? { line, leaCode, schoolYear, firsts: 0, lasts: 0 };
    if (values.dayType === 'FirstDay') g.firsts += 1;
    if (values.dayType === 'LastDay') g.lasts += 1;
    rawGroups.set(key, g);
  }
  const calendars: ImportedCalendar[] = [];
  for (const [key, first] of rawGroups) {
    const list = groups.get(key) ?? [];
    if (first.firsts !== 1 || first.lasts !== 1) {
      errors.push({ line: first.line, column: 'dayType', value: '', message: t.firstAndLast(first.leaCode, first.schoolYear) });
      continue;
    }
    const firstRow = list.find((r) => r.dayType === 'FirstDay');
    const lastRow = list.find((r) => r.dayType === 'LastDay');
    if (!firstRow || !lastRow) continue; // their own rows already carry the error
    if (firstRow.date > lastRow.date) {
      errors.push({ line: firstRow.line, column: 'date', value: firstRow.date, message: t.firstAfterLast(first.leaCode, first.schoolYear) });
      continue;
    }
    const nonSchool: IsoDay[] = [];
    for (const r of list) {
      if (r.dayType !== 'NonSchoolDay') continue;
      if (isWeekend(r.date) || r.date < firstRow.date || r.date > lastRow.date) errors.push({ line: r.line, column: 'date', value: r.date, message: t.nonSchoolDay(r.date) });
      else nonSchool.push(r.date);
    }
    const calendar = { leaCode: first.leaCode, schoolYear: first.schoolYear, firstDay: firstRow.date, lastDay: lastRow.date, nonSchoolDays: [...new Set(nonSchool)].sort() };
    calendars.push({ ...calendar, contentHash: calendarContentHash(calendar) });
  }
  if (errors.length) return { ok: false, errors: errors.sort(byPlace) };
  return { ok: true, calendars };
}
