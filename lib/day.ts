// Calendar days as the module specs count them: a day is a 'YYYY-MM-DD' string, with no time and
// no zone. Arithmetic runs on UTC midnights, so daylight saving never adds or loses a day.
// "Today" is the agency's date in America/Los_Angeles (MODULES.md), whatever zone the process
// runs in.
import { zonedParts } from './dates.js';

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDay = string;

/** The agency's time zone: every module spec counts days and deadlines in it. */
export const AGENCY_TIME_ZONE = 'America/Los_Angeles';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parts(day: IsoDay): [number, number, number] {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${JSON.stringify(day)}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function utcMs(day: IsoDay): number {
  const [y, mo, d] = parts(day);
  return Date.UTC(y, mo - 1, d);
}

function fromUtcMs(ms: number): IsoDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar day written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIsoDay(value: unknown): value is IsoDay {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  return fromUtcMs(utcMs(value)) === value;
}

/** The calendar day an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): IsoDay {
  const p = zonedParts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The agency's date ("today") at an instant; pass the clock in so tests can fix it. */
export function agencyToday(now: Date = new Date()): IsoDay {
  return dayIn(now, AGENCY_TIME_ZONE);
}

export function addDays(day: IsoDay, n: number): IsoDay {
  return fromUtcMs(utcMs(day) + n * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: IsoDay): number {
  return new Date(utcMs(day)).getUTCDay();
}

export function isWeekend(day: IsoDay): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** Same month and day n years later; 29 February becomes 28 February in a common year. */
export function addYears(day: IsoDay, n: number): IsoDay {
  const [y, mo, d] = parts(day);
  const year = y + n;
  const last = new Date(Date.UTC(year, mo, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The same day of the month n months later, clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: IsoDay, n: number): IsoDay {
  const [y, mo, d] = parts(day);
  const index = y * 12 + (mo - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole years of age on a day: the largest n with addYears(birth, n) <= on. */
export function ageOn(birth: IsoDay, on: IsoDay): number {
  const [by] = parts(birth);
  const [oy] = parts(on);
  let n = oy - by;
  if (addYears(birth, n) > on) n -= 1;
  return n;
}

export function compareDays(a: IsoDay, b: IsoDay): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minDay(a: IsoDay, b: IsoDay): IsoDay {
  return a <= b ? a : b;
}

export function maxDay(a: IsoDay, b: IsoDay): IsoDay {
  return a >= b ? a : b;
}
