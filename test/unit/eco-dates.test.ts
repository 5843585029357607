// ECO spec §6.1 and §6.8: every worked example of days, due dates, birthdays and expected exits.
import { describe, expect, it } from 'vitest';
import { DEFAULT_YEAR_SETTINGS } from '../../lib/eco/codes.js';
import {
  ageLabel,
  birthday,
  daysOfService,
  earliestEntryRatingDate,
  entryDue,
  exitDue,
  exitRatingWindow,
  expectedExit,
  isInYear,
  isKindergartenBound,
  isPastDue,
  leaDataDueDate,
  meetsMinService,
  schoolYearBounds,
} from '../../lib/eco/dates.js';

describe('days of service and the 182-day rule (§6.1)', () => {
  it.each([
    ['2024-08-12', '2025-02-10', 182, true],
    ['2024-08-12', '2025-02-09', 181, false],
    ['2023-09-01', '2024-03-01', 182, true],
    ['2023-09-01', '2024-02-29', 181, false],
    ['2025-02-01', '2025-04-15', 73, false],
  ] as const)('%s → %s = %i days, eligible %s', (entry, exit, days, eligible) => {
    expect(daysOfService(entry, exit)).toBe(days);
    expect(meetsMinService(entry, exit)).toBe(eligible);
  });

  it('is switched off by applyMinServiceRule', () => {
    expect(meetsMinService('2025-02-01', '2025-04-15', { ...DEFAULT_YEAR_SETTINGS, applyMinServiceRule: false })).toBe(true);
  });
});

describe('due dates (§6.1)', () => {
  it('entry 08/12/2024: due 10/11/2024, overdue from 10/12/2024, earliest rating 07/13/2024', () => {
    expect(entryDue('2024-08-12')).toBe('2024-10-11');
    expect(isPastDue('2024-10-11', '2024-10-11')).toBe(false);
    expect(isPastDue('2024-10-11', '2024-10-12')).toBe(true);
    expect(earliestEntryRatingDate('2024-08-12')).toBe('2024-07-13');
  });

  it('exit 05/30/2025: ratings 03/31/2025 to 06/29/2025, exit due 06/29/2025', () => {
    expect(exitRatingWindow('2025-05-30', '2025-09-01')).toEqual({ from: '2025-03-31', to: '2025-06-29' });
    expect(exitDue('2025-05-30')).toBe('2025-06-29');
  });

  it('never lets the window end in the future', () => {
    expect(exitRatingWindow('2025-05-30', '2025-06-05')).toEqual({ from: '2025-03-31', to: '2025-06-05' });
  });

  it('knows the year, its FFY and the LEA data due date', () => {
    expect(schoolYearBounds('2025-2026')).toEqual({ start: '2025-07-01', end: '2026-06-30', ffy: 2025 });
    expect(leaDataDueDate('2024-2025')).toBe('2025-07-31');
    expect(leaDataDueDate('2024-2025', { leaDataDueDate: '2025-08-15' })).toBe('2025-08-15');
    expect(isInYear('2025-06-30', '2024-2025')).toBe(true);
    expect(isInYear('2025-07-01', '2024-2025')).toBe(false);
  });
});

describe('birthdays (§6.1)', () => {
  it.each([
    ['2020-02-29', 3, '2023-02-28'],
    ['2020-02-29', 4, '2024-02-29'],
    ['2021-11-05', 3, '2024-11-05'],
  ] as const)('born %s, birthday %i = %s', (born, n, day) => expect(birthday(born, n)).toBe(day));

  it('writes the age at entry', () => {
    expect(ageLabel('2021-04-10', '2024-08-12')).toBe('3 y 4 m');
    expect(ageLabel('2021-08-12', '2024-08-12')).toBe('3 y 0 m');
    expect(ageLabel('2021-08-13', '2024-08-12')).toBe('2 y 11 m');
  });
});

describe('expected exits (§6.8)', () => {
  it.each([
    ['2021-08-01', true],
    ['2021-08-02', false],
  ] as const)('2025-2026, born %s: kindergarten-bound %s', (born, bound) => expect(isKindergartenBound(born, '2025-2026')).toBe(bound));

  it('flags kindergarten-bound children with June 30', () => {
    expect(expectedExit('2021-08-01', '2025-2026', '2025-10-01')).toEqual({ day: '2026-06-30', flag: 'Exit expected 06/30/2026', defaultReason: null });
    expect(expectedExit('2021-08-02', '2025-2026', '2025-10-01')).toBeNull();
  });

  it('flags a sixth birthday within 60 days with the day before, reason age-six', () => {
    expect(expectedExit('2019-11-20', '2025-2026', '2025-10-01')).toEqual({ day: '2025-11-19', flag: 'Exit expected 11/19/2025', defaultReason: 'age-six' });
    expect(expectedExit('2019-11-30', '2025-2026', '2025-10-01')).toEqual({ day: '2025-11-29', flag: 'Exit expected 11/29/2025', defaultReason: 'age-six' });
    expect(expectedExit('2019-12-01', '2025-2026', '2025-10-01')?.defaultReason).toBeNull();
  });
});
