// ECO spec §6.7 (and §11's Prairie View figures): completeness, entry timeliness, pattern checks,
// record flags and the LEA status.
import { describe, expect, it } from 'vitest';
import { DEFAULT_YEAR_SETTINGS } from '../../lib/eco/codes.js';
import { completeness, entryTimeliness, leaStatus, patternFlags, recordFlags, type EntryRatings } from '../../lib/eco/quality.js';
import type { CategoryCounts } from '../../lib/eco/summary.js';

describe('completeness (§6.7)', () => {
  it.each([
    [12, 14, 85.71, 'Completeness below 90.00%'],
    [9, 10, 90, null],
    [0, 0, null, null],
  ] as const)('%i of %i → %s', (inc, elig, percent, flag) => expect(completeness(inc, elig)).toEqual({ numerator: inc, denominator: elig, percent, flag }));
});

describe('entry timeliness (§6.7)', () => {
  it('entry 08/12/2024 is on time submitted 10/11/2024 and late on 10/12/2024', () => {
    expect(entryTimeliness([{ entryDate: '2024-08-12', firstSubmittedOn: '2024-10-11' }], '2024-2025', '2025-01-01').percent).toBe(100);
    expect(entryTimeliness([{ entryDate: '2024-08-12', firstSubmittedOn: '2024-10-12' }], '2024-2025', '2025-01-01').percent).toBe(0);
  });

  it('3 of 4 on time = 75.00%; entries not yet due or due in another year do not count', () => {
    const r = entryTimeliness(
      [
        { entryDate: '2024-08-12', firstSubmittedOn: '2024-09-01' },
        { entryDate: '2024-09-01', firstSubmittedOn: '2024-10-31' },
        { entryDate: '2024-10-01', firstSubmittedOn: '2024-11-01' },
        { entryDate: '2024-10-15', firstSubmittedOn: null },
        { entryDate: '2024-12-01', firstSubmittedOn: null },
        { entryDate: '2024-04-01', firstSubmittedOn: null },
      ],
      '2024-2025',
      '2025-01-30',
    );
    expect(r).toEqual({ numerator: 3, denominator: 4, percent: 75 });
  });

  it('has no value when nothing is due', () => expect(entryTimeliness([], '2024-2025', '2025-01-01').percent).toBeNull());
});

const counts = (a: number, b: number, c: number, d: number, e: number): CategoryCounts => ({ a, b, c, d, e });
const ratings = (n: number, same: number): EntryRatings[] => Array.from({ length: n }, (_, i) => (i < same ? { A: 3, B: 3, C: 3 } : { A: 3, B: 4, C: 5 }));

describe('pattern flags (§6.7)', () => {
  it.each([
    ['none', counts(1, 2, 3, 4, 2), ratings(12, 6), []],
    ['a above 10.00% (2 of 12 = 16.67)', counts(2, 2, 2, 4, 2), ratings(12, 0), ['Category a above 10.00% in outcome A']],
    ['a at exactly 10.00% is not above', counts(1, 2, 3, 2, 2), ratings(10, 0), []],
    ['e above 50.00% (7 of 12)', counts(0, 1, 2, 2, 7), ratings(12, 0), ['Category e above 50.00% in outcome A']],
    ['e at exactly 50.00% is not above', counts(0, 1, 2, 3, 6), ratings(12, 0), []],
    ['identical entry ratings for 7 of 12', counts(1, 2, 3, 4, 2), ratings(12, 7), ['Identical entry ratings in all three outcomes for more than 50.00% of children']],
    ['fewer than 10 children: no checks', counts(5, 0, 0, 0, 4), ratings(9, 9), []],
  ] as const)('%s', (_name, c, r, flags) => {
    const ok = counts(0, 2, 3, 4, 3);
    expect(patternFlags({ A: c, B: ok, C: ok }, r)).toEqual(flags);
  });

  it('reads the thresholds from the year settings', () => {
    const s = { ...DEFAULT_YEAR_SETTINGS, maxPercentCategoryA: 20 };
    expect(patternFlags({ A: counts(2, 2, 2, 4, 2), B: counts(0, 2, 3, 4, 3), C: counts(3, 2, 3, 2, 2) }, [], s)).toEqual(['Category a above 20.00% in outcome C']);
  });
});

describe('record flags (§6.7)', () => {
  const base = { entryDate: '2024-08-12', firstSubmittedOn: '2024-10-11', entry: { A: 2, B: 5, C: 5 }, exit: { A: 5, B: 6, C: 7 } };
  it.each([
    ['none', base, []],
    ['row 9: A 2→6', { ...base, exit: { A: 6, B: 6, C: 7 } }, ['Large change']],
    ['a drop of 4', { ...base, entry: { A: 6, B: 5, C: 5 }, exit: { A: 2, B: 5, C: 5 } }, ['Large change']],
    ['late entry', { ...base, firstSubmittedOn: '2024-10-12' }, ['Late entry']],
    ['all 7s', { ...base, entry: { A: 7, B: 7, C: 7 }, exit: {} }, ['All 7s at entry']],
  ] as const)('%s', (_name, r, flags) => expect(recordFlags(r)).toEqual(flags));
});

describe('LEA status (§6.7)', () => {
  const lea = { activeRecords: 10, overdue: 0, flags: 0, awaitingFinalization: 1, leaDataDueDate: '2025-07-31', today: '2025-07-31' };
  it.each([
    ['no records', { ...lea, activeRecords: 0 }, 'No preschool children'],
    ['on track', lea, 'On track'],
    ['overdue', { ...lea, overdue: 1 }, 'Needs attention'],
    ['flagged', { ...lea, flags: 1 }, 'Needs attention'],
    ['past the due date with a submitted assessment', { ...lea, today: '2025-08-01' }, 'Needs attention'],
    ['past the due date, all finalized', { ...lea, today: '2025-08-01', awaitingFinalization: 0 }, 'On track'],
  ] as const)('%s', (_name, l, status) => expect(leaStatus(l)).toBe(status));
});
