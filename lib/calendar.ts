// Business days, school days and the Nevada holiday list: pure rules every module's deadline
// engine counts with (MODULES.md "Deadlines, reminders and email"; DR spec §6.1, §13; RAI spec
// §7.7). The data (the one holiday list, each LEA's school calendars) lives in the API
// (api/shared/calendars.ts); these functions take it as arguments.
//
// "+N" counts N days after the trigger (day 0); "-N" is the Nth day before it (DR spec §6.1).
import { addDays, isWeekend, weekday, type IsoDay } from './day.js';
import { nextSchoolYear, schoolYearForDate, schoolYearKey } from './school-year.js';

/**
 * The list manager's lookup list that is this holiday list (RAI spec `state-holidays`: item code =
 * the date), and the screen where its items are kept.
 */
export const STATE_HOLIDAYS_LIST = 'state-holidays';
export const HOLIDAYS_SCREEN = '/dispute-resolution/calendars';

export type HolidayKind = 'Federal' | 'State' | 'Both';
export const HOLIDAY_KINDS: readonly HolidayKind[] = ['Federal', 'State', 'Both'];

export interface Holiday {
  /** The day the holiday is observed (a Saturday holiday on Friday, a Sunday one on Monday). */
  date: IsoDay;
  name: string;
  kind: HolidayKind;
}

/** The days that are holidays, for the day counters. */
export type HolidayDates = ReadonlySet<IsoDay>;

export function holidayDates(holidays: Iterable<Pick<Holiday, 'date'>>): HolidayDates {
  const set = new Set<IsoDay>();
  for (const h of holidays) set.add(h.date);
  return set;
}

// ---- business days -----------------------------------------------------------------------------

/** Monday to Friday and not a holiday (DR spec §6.1: "Monday-Friday minus the Holiday list"). */
export function isBusinessDay(day: IsoDay, holidays: HolidayDates): boolean {
  return !isWeekend(day) && !holidays.has(day);
}

/**
 * +n: the nth business day after `day`; -n: the nth business day before it; 0: `day` itself.
 * Agreement signed Fri 2025-11-21, +3 → Wed 2025-11-26; hearing Mon 2025-12-01, -5 → Thu 2025-11-20.
 */
export function addBusinessDays(day: IsoDay, n: number, holidays: HolidayDates): IsoDay {
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be a whole number, got ${n}`);
  const step = n < 0 ? -1 : 1;
  let current = day;
  for (let left = Math.abs(n); left > 0; ) {
    current = addDays(current, step);
    if (isBusinessDay(current, holidays)) left -= 1;
  }
  return current;
}

/** The first business day after `day` (RAI spec §7.7 "one working day": Fri 2026-09-04 → Tue 2026-09-08 after Labor Day). */
export function nextBusinessDay(day: IsoDay, holidays: HolidayDates): IsoDay {
  return addBusinessDays(day, 1, holidays);
}

// ---- school years and school days --------------------------------------------------------------

/** The school year (July 1 - June 30) a day falls in: 2025-06-30 → 2024-2025, 2025-07-01 → 2025-2026. */
export function schoolYearOfDay(day: IsoDay): string {
  return schoolYearForDate(new Date(`${day}T00:00:00Z`));
}

/** The first and last day of a school year key: 2025-2026 → 2025-07-01 to 2026-06-30. */
export function schoolYearBounds(schoolYear: string): { first: IsoDay; last: IsoDay } {
  const start = Number(schoolYear.slice(0, 4));
  if (schoolYearKey(start) !== schoolYear) throw new RangeError(`Not a school year: ${schoolYear}`);
  return { first: `${start}-07-01`, last: `${start + 1}-06-30` };
}

/** One LEA's calendar for one school year (DR spec §3 SchoolCalendar, §10 import). */
export interface SchoolCalendar {
  schoolYear: string;
  firstDay: IsoDay;
  lastDay: IsoDay;
  nonSchoolDays: readonly IsoDay[];
}

/** A weekday from firstDay to lastDay that is neither a non-school day nor a holiday (DR spec §6.1). */
export function isSchoolDay(day: IsoDay, calendar: SchoolCalendar, holidays: HolidayDates, nonSchool?: ReadonlySet<IsoDay>): boolean {
  if (day < calendar.firstDay || day > calendar.lastDay || isWeekend(day) || holidays.has(day)) return false;
  return !(nonSchool ?? new Set(calendar.nonSchoolDays)).has(day);
}

/** Every school day of a calendar, in order (its length is the calendar's count of school days). */
export function schoolDaysOf(calendar: SchoolCalendar, holidays: HolidayDates): IsoDay[] {
  const nonSchool = new Set(calendar.nonSchoolDays);
  const days: IsoDay[] = [];
  for (let d = calendar.firstDay; d <= calendar.lastDay; d = addDays(d, 1)) {
    if (isSchoolDay(d, calendar, holidays, nonSchool)) days.push(d);
  }
  return days;
}

export type SchoolDayResult = { ok: true; day: IsoDay } | { ok: false; missingSchoolYear: string };

/**
 * The nth school day after `day` in one LEA's calendars, continuing into the next school year's
 * calendar when a year ends (DR spec §6.1). A calendar that the count needs and does not have
 * gives `missingSchoolYear` (the deadline is then 'Calendar missing'); calendars the count does
 * not reach are not needed. EDP filed 2026-05-20 (+20) → 5 school days left in May, then the
 * 2026-2027 calendar → Fri 2026-08-28.
 */
export function addSchoolDays(day: IsoDay, n: number, calendars: readonly SchoolCalendar[], holidays: HolidayDates): SchoolDayResult {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`School days are counted forward only, got ${n}`);
  if (n === 0) return { ok: true, day };
  const byYear = new Map(calendars.map((c) => [c.schoolYear, c]));
  let year = schoolYearOfDay(day);
  let left = n;
  let from = day;
  // A calendar year has at most one school year ahead worth looking at each pass; bound the
  // walk so a calendar with no school days at all cannot loop forever.
  for (let pass = 0; pass < 50; pass++) {
    const calendar = byYear.get(year);
    if (!calendar) return { ok: false, missingSchoolYear: year };
    const nonSchool = new Set(calendar.nonSchoolDays);
    let d = from < calendar.firstDay ? addDays(calendar.firstDay, -1) : from;
    while (d < calendar.lastDay) {
      d = addDays(d, 1);
      if (isSchoolDay(d, calendar, holidays, nonSchool)) {
        left -= 1;
        if (left === 0) return { ok: true, day: d };
      }
    }
    from = d;
    year = nextSchoolYear(year);
  }
  return { ok: false, missingSchoolYear: year };
}

// ---- the Nevada holiday list ----------------------------------------------------------------------

const iso = (y: number, m: number, d: number): IsoDay => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The nth given weekday (0 Sunday … 6 Saturday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, wd: number, n: number): IsoDay {
  if (n > 0) {
    const first = iso(year, month, 1);
    return addDays(first, ((wd - weekday(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = iso(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return addDays(last, -((weekday(last) - wd + 7) % 7));
}

/** The observed-holiday rule (DR spec §13; NRS 236.015): Saturday → the Friday before, Sunday → the Monday after. */
export function observedDate(day: IsoDay): IsoDay {
  const w = weekday(day);
  return w === 6 ? addDays(day, -1) : w === 0 ? addDays(day, 1) : day;
}

const MON = 1;
const THU = 4;
const FRI = 5;

/** The legal holidays of one calendar year, on their actual dates (before the observed rule). */
function holidaysOn(year: number): Holiday[] {
  const thanksgiving = nthWeekday(year, 11, THU, 4);
  return [
    { date: iso(year, 1, 1), name: "New Year's Day", kind: 'Both' },
    { date: nthWeekday(year, 1, MON, 3), name: 'Martin Luther King Jr. Day', kind: 'Both' },
    { date: nthWeekday(year, 2, MON, 3), name: "Presidents' Day", kind: 'Both' },
    { date: nthWeekday(year, 5, MON, -1), name: 'Memorial Day', kind: 'Both' },
    { date: iso(year, 6, 19), name: 'Juneteenth', kind: 'Both' },
    { date: iso(year, 7, 4), name: 'Independence Day', kind: 'Both' },
    { date: nthWeekday(year, 9, MON, 1), name: 'Labor Day', kind: 'Both' },
    // A federal holiday that is not a Nevada state holiday.
    { date: nthWeekday(year, 10, MON, 2), name: 'Columbus Day', kind: 'Federal' },
    { date: nthWeekday(year, 10, FRI, -1), name: 'Nevada Day', kind: 'State' },
    { date: iso(year, 11, 11), name: 'Veterans Day', kind: 'Both' },
    { date: thanksgiving, name: 'Thanksgiving', kind: 'Both' },
    { date: addDays(thanksgiving, 1), name: 'Family Day', kind: 'State' },
    { date: iso(year, 12, 25), name: 'Christmas', kind: 'Both' },
  ];
}

/**
 * The holidays observed in one calendar year (DR spec §13): New Year's Day, Martin Luther King
 * Jr. Day, Presidents' Day, Memorial Day, Juneteenth, Independence Day, Labor Day, Columbus Day,
 * Nevada Day (last Friday of October), Veterans Day, Thanksgiving, Family Day (the day after
 * Thanksgiving) and Christmas, each on its observed day ("(observed)" added to a moved one).
 * A New Year's Day on a Saturday is observed on December 31 and so belongs to the year before.
 */
export function nevadaHolidays(year: number): Holiday[] {
  const observed = [...holidaysOn(year), ...holidaysOn(year + 1).slice(0, 1)].map((h) => {
    const date = observedDate(h.date);
    return date === h.date ? h : { ...h, date, name: `${h.name} (observed)` };
  });
  const prefix = `${year}-`;
  return observed.filter((h) => h.date.startsWith(prefix)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
