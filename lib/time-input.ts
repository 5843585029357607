// Time fields (spec §5): hour:minutes then AM/PM, hours 1-12 with AM/PM or 0-23 without,
// minutes 00-59; anything else is 'Invalid time format, use hh:mm PM such as 3:00 PM'.
// On blur (and on the server, for forms posted without JavaScript) the value is normalised:
// a missing space before AM/PM is added, and a time with no AM/PM gets ' PM' appended.
// A 24-hour time past noon (14:30) or at midnight (0:15) is turned into its 12-hour form
// instead, since '14:30 PM' would be neither valid nor what the user meant.
import { validationMessages } from './messages.js';

const WITH_MERIDIEM = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/;
const WITHOUT_MERIDIEM = /^(\d{1,2}):(\d{2})$/;

export interface ParsedTime {
  /** 1-12 */
  hours: number;
  minutes: number;
  meridiem: 'AM' | 'PM';
}

function validMinutes(mm: string): boolean {
  return /^[0-5]\d$/.test(mm);
}

/** The normalised text of a time field. Values it cannot make sense of are returned trimmed. */
export function normaliseTime(value: string): string {
  const v = value.trim();
  const withM = WITH_MERIDIEM.exec(v);
  if (withM) {
    const [, h = '', mm = '', m = ''] = withM;
    return `${Number(h)}:${mm} ${m.toUpperCase()}`;
  }
  const without = WITHOUT_MERIDIEM.exec(v);
  if (without) {
    const [, h = '', mm = ''] = without;
    const hours = Number(h);
    if (!validMinutes(mm) || hours > 23) return v;
    if (hours === 0) return `12:${mm} AM`;
    if (hours > 12) return `${hours - 12}:${mm} PM`;
    return `${hours}:${mm} PM`;
  }
  return v;
}

/** The time as hours, minutes and AM/PM; null unless it is a valid time. */
export function parseTime(value: string): ParsedTime | null {
  const v = value.trim();
  const withM = WITH_MERIDIEM.exec(v);
  if (withM) {
    const [, h = '', mm = '', m = ''] = withM;
    const hours = Number(h);
    if (hours < 1 || hours > 12 || !validMinutes(mm)) return null;
    return { hours, minutes: Number(mm), meridiem: m.toUpperCase() === 'AM' ? 'AM' : 'PM' };
  }
  const without = WITHOUT_MERIDIEM.exec(v);
  if (without) {
    const [, h = '', mm = ''] = without;
    const hours = Number(h);
    if (hours > 23 || !validMinutes(mm)) return null;
    return {
      hours: hours % 12 === 0 ? 12 : hours % 12,
      minutes: Number(mm),
      meridiem: hours < 12 ? 'AM' : 'PM',
    };
  }
  return null;
}

/** The field error for a time value, or null. An empty value is the required rule's business. */
export function timeError(value: string): string | null {
  if (value.trim() === '') return null;
  return parseTime(value) ? null : validationMessages.invalidTimeFormat;
}

/** Minutes after midnight of a valid time (for comparisons and storage). */
export function timeToMinutes(value: string): number | null {
  const t = parseTime(value);
  if (!t) return null;
  const h24 = (t.hours % 12) + (t.meridiem === 'PM' ? 12 : 0);
  return h24 * 60 + t.minutes;
}

/** 'HH:mm' on a 24-hour clock, the form the API stores. */
export function timeTo24h(value: string): string | null {
  const m = timeToMinutes(value);
  if (m === null) return null;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
