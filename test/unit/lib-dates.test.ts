import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate, formatTime, toDate, zonedParts } from '../../lib/dates.js';

describe('date formats (spec §9)', () => {
  const instant = '2026-03-03T21:05:00Z'; // 15:05 in Chicago (UTC-6)

  it('shows weekday, day with ordinal suffix, month and year', () => {
    expect(formatLongDate(instant, 'America/Chicago')).toBe('Tuesday, 3rd March 2026');
    expect(formatLongDate('2026-03-01T12:00:00Z', 'UTC')).toBe('Sunday, 1st March 2026');
    expect(formatLongDate('2026-03-02T12:00:00Z', 'UTC')).toBe('Monday, 2nd March 2026');
    expect(formatLongDate('2026-03-11T12:00:00Z', 'UTC')).toBe('Wednesday, 11th March 2026');
    expect(formatLongDate('2026-03-22T12:00:00Z', 'UTC')).toBe('Sunday, 22nd March 2026');
  });

  it('shows 12-hour times with AM/PM', () => {
    expect(formatTime(instant, 'America/Chicago')).toBe('3:05 PM');
    expect(formatTime('2026-03-03T06:00:00Z', 'America/Chicago')).toBe('12:00 AM');
    expect(formatTime('2026-03-03T18:00:00Z', 'America/Chicago')).toBe('12:00 PM');
    expect(formatDateTime(instant, 'America/Chicago')).toBe('Tuesday, 3rd March 2026 3:05 PM');
  });

  it('shows the calendar day of the zone, not of UTC', () => {
    // 02:30 UTC on the 4th is still the evening of the 3rd in Chicago
    expect(formatShortDate('2026-03-04T02:30:00Z', 'America/Chicago')).toBe('3/3/2026');
    expect(formatShortDate('2026-03-04T02:30:00Z', 'UTC')).toBe('3/4/2026');
    expect(formatLongDate(new Date('2026-03-04T02:30:00Z'), 'America/Chicago')).toBe('Tuesday, 3rd March 2026');
  });

  it('handles daylight saving time', () => {
    // 8 March 2026 07:59 UTC = 01:59 CST; 08:00 UTC = 03:00 CDT
    expect(formatTime('2026-03-08T07:59:00Z', 'America/Chicago')).toBe('1:59 AM');
    expect(formatTime('2026-03-08T08:00:00Z', 'America/Chicago')).toBe('3:00 AM');
    expect(zonedParts(new Date('2026-07-01T17:00:00Z'), 'America/Chicago')).toMatchObject({ hour: 12, minute: 0, day: 1, month: 7 });
  });

  it('shows nothing for a missing or invalid value', () => {
    for (const v of [null, undefined, '', 'not a date', '2026-13-45']) {
      expect(formatLongDate(v, 'UTC')).toBe('');
      expect(formatShortDate(v, 'UTC')).toBe('');
      expect(formatTime(v, 'UTC')).toBe('');
    }
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });

  it('refuses an unknown time zone loudly', () => {
    expect(() => formatLongDate(instant, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('gives each instant its own seconds and the right side of a clock change, asked once or many times', () => {
    // Chicago moves from 01:59:59 CST to 03:00:00 CDT at 08:00Z on 8 March 2026.
    for (let round = 0; round < 2; round += 1) {
      expect(zonedParts(new Date('2026-03-08T07:59:30Z'), 'America/Chicago')).toEqual({ year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 30 });
      expect(zonedParts(new Date('2026-03-08T07:59:45Z'), 'America/Chicago')).toMatchObject({ hour: 1, minute: 59, second: 45 });
      expect(zonedParts(new Date('2026-03-08T08:00:05Z'), 'America/Chicago')).toEqual({ year: 2026, month: 3, day: 8, hour: 3, minute: 0, second: 5 });
      expect(formatTime('2026-03-08T08:00:05Z', 'America/Chicago')).toBe('3:00 AM');
      expect(formatTime('2026-03-08T08:00:05Z', 'UTC')).toBe('8:00 AM');
    }
    // Before 1970 (and in zones whose old offsets had seconds) nothing is taken from a kept minute.
    expect(zonedParts(new Date('1969-12-31T23:59:59Z'), 'UTC')).toEqual({ year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59 });
  });
});
