import { describe, expect, it } from 'vitest';
import { isSchoolYearKey, nextSchoolYear, priorSchoolYear, schoolYearForDate, schoolYearKey } from '../../lib/school-year.js';

describe('school years (spec §3: prior and next from the first four digits)', () => {
  it('computes the prior and next school year', () => {
    expect(priorSchoolYear('2023-2024')).toBe('2022-2023');
    expect(nextSchoolYear('2023-2024')).toBe('2024-2025');
    expect(nextSchoolYear('1999-2000')).toBe('2000-2001');
  });

  it('refuses keys that are not school years', () => {
    expect(() => priorSchoolYear('2023')).toThrow(RangeError);
    expect(() => nextSchoolYear('23-24')).toThrow(RangeError);
    expect(() => nextSchoolYear('')).toThrow(RangeError);
  });

  it('recognises keys whose second year follows the first', () => {
    expect(isSchoolYearKey('2023-2024')).toBe(true);
    expect(isSchoolYearKey('2023-2025')).toBe(false);
    expect(isSchoolYearKey('2023-2024x')).toBe(false);
    expect(schoolYearKey(2030)).toBe('2030-2031');
  });

  it('puts 1 July in the new school year and 30 June in the old one', () => {
    expect(schoolYearForDate(new Date(Date.UTC(2024, 5, 30, 23)))).toBe('2023-2024');
    expect(schoolYearForDate(new Date(Date.UTC(2024, 6, 1)))).toBe('2024-2025');
    expect(schoolYearForDate(new Date(Date.UTC(2025, 0, 15)))).toBe('2024-2025');
  });
});
