// The generic field rules of spec §5, each returning its catalogue message or null. Form
// schemas (lib/validation/fields.ts) and islands use the same rules, so each is said once; this
// module imports no zod, so an island that uses a rule does not ship zod. Text limits: small
// 200, medium 600, large 1000; a text field without a size gets 200.
import { validationMessages as m } from './messages.js';
import { emailPattern } from './validation/auth-rules.js';

export const TEXT_LENGTH = { small: 200, medium: 600, large: 1000 } as const;
export type TextSize = keyof typeof TEXT_LENGTH;
export const DEFAULT_TEXT_LENGTH = TEXT_LENGTH.small;

export type Rule = (value: string) => string | null;

export function requiredError(value: string | readonly string[] | null | undefined): string | null {
  if (value === null || value === undefined) return m.fieldRequired;
  if (typeof value === 'string') return value.trim() === '' ? m.fieldRequired : null;
  return value.length === 0 ? m.fieldRequired : null;
}

export function maxLengthError(value: string, limit: TextSize | number = DEFAULT_TEXT_LENGTH): string | null {
  const n = typeof limit === 'number' ? limit : TEXT_LENGTH[limit];
  return [...value].length > n ? m.maxLength(n) : null;
}

function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** minValue / maxValue: a non-number is 'Input not in correct format'. */
export function minValueError(value: string | number, min: number): string | null {
  const n = toNumber(value);
  if (n === null) return m.incorrectFormat;
  return n < min ? m.minValue(min) : null;
}

export function maxValueError(value: string | number, max: number): string | null {
  const n = toNumber(value);
  if (n === null) return m.incorrectFormat;
  return n > max ? m.maxValue(max) : null;
}

export function patternError(value: string, pattern: RegExp): string | null {
  return value === '' || pattern.test(value) ? null : m.incorrectFormat;
}

export function noNumbersError(value: string): string | null {
  return /\d/.test(value) ? m.numbersNotAllowed : null;
}

/** Names: letters (any script), spaces, hyphens, apostrophes and periods only. */
export function lettersOnlyError(value: string): string | null {
  return /^[\p{L}\p{M}\s'’.-]*$/u.test(value) ? null : m.numbersAndSpecialNotAllowed;
}

/** US ZIP code: 12345 or 12345-6789. */
export function zipCodeError(value: string): string | null {
  return value === '' || /^\d{5}(-\d{4})?$/.test(value) ? null : m.zipCodeHelp;
}

export function emailError(value: string): string | null {
  return value === '' || emailPattern.test(value) ? null : m.validEmail;
}

export function selectFromListError(value: string, options: readonly string[]): string | null {
  return options.includes(value) ? null : m.selectFromList;
}

// ---- dates ----------------------------------------------------------------------------------
// Date fields carry calendar days, compared as 'yyyy-MM-dd' strings (no clock, no zone).

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isRealDay(y: number, mo: number, d: number): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** 'yyyy-MM-dd' from a date input ('2026-03-03') or a typed US date ('3/3/2026'); else null. */
export function parseDay(value: string): string | null {
  const v = value.trim();
  let y: number;
  let mo: number;
  let d: number;
  const iso = ISO_DAY.exec(v);
  const us = US_DAY.exec(v);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, mo, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  if (y < 1000 || !isRealDay(y, mo, d)) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** How a day is written inside a message: MM/dd/yyyy. */
export function displayDay(day: string): string {
  const [y, mo, d] = day.split('-');
  return `${mo}/${d}/${y}`;
}

export function dateFormatError(value: string): string | null {
  return value.trim() === '' || parseDay(value) ? null : m.invalidDateFormat;
}

/** The day must be on or after `min` ('yyyy-MM-dd'). */
export function minDateError(value: string, min: string): string | null {
  const day = parseDay(value);
  if (!day) return dateFormatError(value);
  return day < min ? m.minDate(displayDay(min)) : null;
}

export function maxDateError(value: string, max: string): string | null {
  const day = parseDay(value);
  if (!day) return dateFormatError(value);
  return day > max ? m.maxDate(displayDay(max)) : null;
}

/** No day after `today` ('yyyy-MM-dd', the agency's calendar day). */
export function noFutureDateError(value: string, today: string): string | null {
  const day = parseDay(value);
  if (!day) return dateFormatError(value);
  return day > today ? m.noFutureDates : null;
}

/** An end day before its start day; the same day is allowed. */
export function dateAfterStartError(start: string, end: string): string | null {
  const s = parseDay(start);
  const e = parseDay(end);
  if (!s || !e) return null;
  return e < s ? m.dateAfterStart : null;
}
