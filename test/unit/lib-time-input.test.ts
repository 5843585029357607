import { describe, expect, it } from 'vitest';
import { normaliseTime, parseTime, timeError, timeTo24h, timeToMinutes } from '../../lib/time-input.js';

const INVALID = 'Invalid time format, use hh:mm PM such as 3:00 PM';

describe('time input normalisation on blur (spec §5)', () => {
  it('adds the missing space before AM/PM and upper-cases it', () => {
    expect(normaliseTime('3:00PM')).toBe('3:00 PM');
    expect(normaliseTime('3:00pm')).toBe('3:00 PM');
    expect(normaliseTime('11:45am')).toBe('11:45 AM');
    expect(normaliseTime(' 3:00   pm ')).toBe('3:00 PM');
  });

  it("appends ' PM' to a time with no AM/PM", () => {
    expect(normaliseTime('3:00')).toBe('3:00 PM');
    expect(normaliseTime('12:30')).toBe('12:30 PM');
    expect(normaliseTime('03:15')).toBe('3:15 PM');
  });

  it('turns 24-hour times past noon and at midnight into their 12-hour form', () => {
    expect(normaliseTime('14:30')).toBe('2:30 PM');
    expect(normaliseTime('23:59')).toBe('11:59 PM');
    expect(normaliseTime('0:15')).toBe('12:15 AM');
  });

  it('leaves what it cannot read for the validator to reject', () => {
    expect(normaliseTime('24:00')).toBe('24:00');
    expect(normaliseTime('3:60')).toBe('3:60');
    expect(normaliseTime('three')).toBe('three');
    expect(normaliseTime('')).toBe('');
  });
});

describe('time validation (spec §5)', () => {
  it('accepts 1-12 with AM/PM and 0-23 without, minutes 00-59', () => {
    for (const ok of ['3:00 PM', '12:00 AM', '1:59 am', '9:05PM', '0:00', '23:59', '12:30']) expect(timeError(ok)).toBeNull();
  });

  it('rejects everything else with the catalogue message', () => {
    for (const bad of ['13:00 PM', '0:30 AM', '24:00', '3:60', '3:5 PM', '3 PM', '3:00 XM', '300', 'noon', '3:00 P M']) {
      expect(timeError(bad)).toBe(INVALID);
    }
  });

  it('leaves an empty value to the required rule', () => {
    expect(timeError('')).toBeNull();
    expect(timeError('   ')).toBeNull();
  });

  it('reads times into minutes and a 24-hour clock', () => {
    expect(parseTime('3:05 pm')).toEqual({ hours: 3, minutes: 5, meridiem: 'PM' });
    expect(timeToMinutes('12:00 AM')).toBe(0);
    expect(timeToMinutes('12:00 PM')).toBe(720);
    expect(timeTo24h('3:05 PM')).toBe('15:05');
    expect(timeTo24h('14:30')).toBe('14:30');
    expect(timeTo24h('12:10 AM')).toBe('00:10');
    expect(timeTo24h('bad')).toBeNull();
  });

  it('every normalised valid input stays valid and keeps its meaning', () => {
    for (const v of ['0:15', '9:00', '12:59', '14:30', '9:00am', '11:11PM']) {
      const n = normaliseTime(v);
      expect(timeError(n)).toBeNull();
      expect(normaliseTime(n)).toBe(n);
    }
    // A time typed without AM/PM is read as afternoon (spec: ' PM' appended).
    expect(timeTo24h(normaliseTime('3:00'))).toBe('15:00');
    expect(timeTo24h(normaliseTime('14:30'))).toBe('14:30');
  });
});
