// The signing link's lifetime (DR spec §4.11): 14 calendar days; the hearing officer choice 5
// business days, 2 for an expedited hearing, weekends and holidays skipped.
import { describe, expect, it } from 'vitest';
import { holidayDates } from '../../lib/calendar.js';
import { signExpiryDay } from '../../lib/dr/sign-text.js';

// Thanksgiving and Family Day 2025 (Nevada).
const holidays = holidayDates([{ date: '2025-11-27' }, { date: '2025-11-28' }]);

describe('sign link expiry (§4.11)', () => {
  it('a signature, agreement or waiver link lasts 14 calendar days', () => {
    for (const purpose of [1, 2, 3] as const) expect(signExpiryDay(purpose, false, '2025-11-26', holidays)).toBe('2025-12-10');
  });
  it('the choice of three: 5 business days over Thanksgiving, 2 for an expedited hearing', () => {
    expect(signExpiryDay(4, false, '2025-11-26', holidays)).toBe('2025-12-05');
    expect(signExpiryDay(4, true, '2025-11-26', holidays)).toBe('2025-12-02');
  });
  it('a choice offered on a Friday counts from the next Monday', () => {
    expect(signExpiryDay(4, false, '2025-10-03', holidays)).toBe('2025-10-10');
    expect(signExpiryDay(4, true, '2025-10-03', holidays)).toBe('2025-10-07');
  });
});
