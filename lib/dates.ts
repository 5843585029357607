// Dates and times as the portal shows them (spec §9): weekday, day with ordinal suffix, month
// and year ('Tuesday, 3rd March 2026'); times on a 12-hour clock ('3:05 PM'); a short date for
// messages ('3/3/2026'). Every function takes the IANA time zone to show the instant in, so the
// server renders the agency's wall-clock time whatever the process time zone is.
//
// date-fns formats with the process's local clock, so the instant is first converted to the
// zone's wall-clock fields with Intl, and those fields are given to date-fns on a Date that
// carries them as local time. Dates are built at noon (never inside a DST gap of the process
// zone) and times on a fixed day, for the same reason.
import { format, isValid, parseISO } from 'date-fns';
import { BoundedMemo } from './memo.js';

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone: a configuration error that should surface.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

// formatToParts is slow, and pages ask for the same minutes over and over (message dates, the
// greeting's "now"). Zone offsets are whole minutes for every instant after 1970, so the fields
// of an instant are those of its minute plus its own seconds: answers are kept per minute
// (bounded; least recently used first out). Earlier instants are always computed.
const MINUTE_CACHE_MAX = 2_000;
const MINUTE_MS = 60_000;
const minuteParts = new BoundedMemo<ZonedParts>(MINUTE_CACHE_MAX);

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const ms = date.getTime();
  if (!(ms >= 0)) return computeZonedParts(date, timeZone);
  const minute = Math.floor(ms / MINUTE_MS);
  const parts = minuteParts.get(`${timeZone}|${minute}`, () => computeZonedParts(new Date(minute * MINUTE_MS), timeZone));
  return { ...parts, second: Math.floor((ms % MINUTE_MS) / 1000) };
}

function computeZonedParts(date: Date, timeZone: string): ZonedParts {
  const out: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** Accepts a Date or an ISO string; null when it is not a valid instant. */
export function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? d : null;
}

function localDay(p: ZonedParts): Date {
  return new Date(p.year, p.month - 1, p.day, 12, 0, 0);
}

function localTime(p: ZonedParts): Date {
  return new Date(2001, 0, 15, p.hour, p.minute, 0);
}

// date-fns parses its pattern on every call; the texts of a minute are kept like its fields.
// None of the patterns below shows seconds.
const minuteTexts = new BoundedMemo<string>(MINUTE_CACHE_MAX);

function formatIn(d: Date, timeZone: string, pattern: string, wallClock: (p: ZonedParts) => Date): string {
  const ms = d.getTime();
  const text = () => format(wallClock(zonedParts(d, timeZone)), pattern);
  return ms >= 0 ? minuteTexts.get(`${pattern}|${timeZone}|${Math.floor(ms / MINUTE_MS)}`, text) : text();
}

export const LONG_DATE = 'EEEE, do MMMM yyyy';
export const TIME_12H = 'h:mm a';
export const SHORT_DATE = 'M/d/yyyy';

/** 'Tuesday, 3rd March 2026'; '' for an invalid value. */
export function formatLongDate(value: Date | string | null | undefined, timeZone: string): string {
  const d = toDate(value);
  return d ? formatIn(d, timeZone, LONG_DATE, localDay) : '';
}

/** '3:05 PM'; '' for an invalid value. */
export function formatTime(value: Date | string | null | undefined, timeZone: string): string {
  const d = toDate(value);
  return d ? formatIn(d, timeZone, TIME_12H, localTime) : '';
}

/** 'Tuesday, 3rd March 2026 3:05 PM'. */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  const d = toDate(value);
  return d ? `${formatLongDate(d, timeZone)} ${formatTime(d, timeZone)}` : '';
}

/** '3/3/2026', the message list's short date. */
export function formatShortDate(value: Date | string | null | undefined, timeZone: string): string {
  const d = toDate(value);
  return d ? formatIn(d, timeZone, SHORT_DATE, localDay) : '';
}

// Calendar days ('2026-03-03') and wall-clock times ('15:05') carry no zone: they are shown as
// they are, through the same formats, by reading them as UTC instants and showing them in UTC.

/** 'Tuesday, 3rd March 2026' for a 'yyyy-MM-dd' day; '' when it is not one. */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatLongDate(`${day}T12:00:00Z`, 'UTC') : '';
}

/** '3:05 PM' for a 24-hour 'HH:mm' time; '' when it is not one. */
export function formatClockTime(time: string): string {
  return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(time) ? formatTime(`2001-01-15T${time}:00Z`, 'UTC') : '';
}
