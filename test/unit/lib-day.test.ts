import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, agencyToday, ageOn, daysBetween, dayIn, isIsoDay, isWeekend, weekday } from '../../lib/day.js';

describe('calendar days', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('isIsoDay(%j) is %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });

  it('adds days across months, years and daylight saving changes', () => {
    expect(addDays('2025-10-20', 15)).toBe('2025-11-04');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09'); // over the spring change
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-10-25', '2025-11-01')).toBe(7);
    expect(daysBetween('2025-11-03', '2025-11-01')).toBe(-2);
  });

  it('knows weekdays and weekends', () => {
    expect(weekday('2025-10-20')).toBe(1); // Monday
    expect(isWeekend('2025-10-25')).toBe(true);
    expect(isWeekend('2025-10-24')).toBe(false);
  });

  it('adds years and months, clamping to the month end', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('counts age in whole years', () => {
    expect(ageOn('2020-06-15', '2026-06-14')).toBe(5);
    expect(ageOn('2020-06-15', '2026-06-15')).toBe(6);
    expect(ageOn('2020-02-29', '2026-02-28')).toBe(6);
  });

  it("takes today's date in Pacific time, not UTC", () => {
    // 05:30 UTC on 24 November is still 23 November in Nevada (UTC-8)
    expect(agencyToday(new Date('2026-11-24T05:30:00Z'))).toBe('2026-11-23');
    expect(agencyToday(new Date('2026-11-24T08:00:00Z'))).toBe('2026-11-24');
    expect(dayIn(new Date('2026-11-24T05:30:00Z'), 'UTC')).toBe('2026-11-24');
  });
});
