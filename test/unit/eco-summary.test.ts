// ECO spec §6.4-§6.6 and the resulting prior-year APR of §11: inclusion reasons, category
// counts, Summary Statements with half-up rounding, targets, 90% intervals and comparisons.
import { describe, expect, it } from 'vitest';
import { ECO_SEED_ROWS } from '../../api/eco/seed.js';
import { progressCategory } from '../../lib/eco/categories.js';
import { DEFAULT_YEAR_SETTINGS, type Category, type NewSkills, type Outcome } from '../../lib/eco/codes.js';
import {
  compareWithPriorYear,
  compareWithState,
  confidenceInterval90,
  countCategories,
  outcomeInclusion,
  percentCell,
  ss1Note,
  summarize,
  targetStatus,
  type RecordForApr,
} from '../../lib/eco/summary.js';

describe('Summary Statements (§6.5)', () => {
  it('outcome A: a=1 b=2 c=3 d=4 e=2', () => {
    const s = summarize({ a: 1, b: 2, c: 3, d: 4, e: 2 });
    expect(s.n).toBe(12);
    expect(s.percents).toEqual({ a: 8.33, b: 16.67, c: 25, d: 33.33, e: 16.67 });
    expect(s.ss1).toEqual({ numerator: 7, denominator: 10, percent: 70 });
    expect(s.ss2).toEqual({ numerator: 6, denominator: 12, percent: 50 });
    expect(percentCell(s.percents.c)).toBe('25.00');
  });

  it('all maintained: SS1 has no value, SS2 100.00', () => {
    const s = summarize({ a: 0, b: 0, c: 0, d: 0, e: 12 });
    expect(s.ss1).toEqual({ numerator: 0, denominator: 0, percent: null });
    expect(percentCell(s.ss1.percent)).toBe('—');
    expect(ss1Note(s.ss1)).toBe('Not calculated: no child entered below age expectations.');
    expect(s.ss2.percent).toBe(100);
    expect(ss1Note(s.ss2)).toBeNull();
  });

  it('no children: nothing has a value', () => {
    const s = summarize({ a: 0, b: 0, c: 0, d: 0, e: 0 });
    expect(s.percents.a).toBeNull();
    expect(s.ss2.percent).toBeNull();
  });
});

describe('targets (§6.6)', () => {
  it.each([
    [68.97, 68.97, 'Met'],
    [68.97, 68.98, 'Not met'],
    [null, 50, null],
    [70, null, null],
  ] as const)('%s against %s → %s', (percent, target, status) => expect(targetStatus(percent, target)).toBe(status));
});

describe('90% interval and comparisons (§6.6)', () => {
  it.each([
    [30, 50, 48.6, 71.4, 'Interpret with caution (±11.40 points)'],
    [121, 160, 70.04, 81.21, 'Interpret with caution (±5.58 points)'],
    [7, 10, 46.16, 93.84, 'Interpret with caution (±23.84 points)'],
  ] as const)('%i/%i → %d-%d', (num, den, lower, upper, caution) => {
    expect(confidenceInterval90(num, den)).toMatchObject({ lower, upper, caution });
  });

  it('clips at 0 and 100 and has none without a denominator', () => {
    expect(confidenceInterval90(10, 10)).toMatchObject({ lower: 100, upper: 100, halfWidth: 0, caution: null });
    expect(confidenceInterval90(1, 2)).toMatchObject({ lower: 0, upper: 100 });
    expect(confidenceInterval90(0, 0)).toBeNull();
  });

  it.each([
    [30, 50, -2.62, 'Below state'],
    [121, 160, -0.83, 'No meaningful difference'],
  ] as const)('LEA %i/%i against a rest of state of 300/380: z = %d', (num, den, z, comparison) => {
    const r = compareWithState({ numerator: num, denominator: den }, { numerator: 300 + num, denominator: 380 + den });
    expect(r.z!.toFixed(2)).toBe(z.toFixed(2));
    expect(r.comparison).toBe(comparison);
  });

  it('LEA 7/10 against a rest of state of 12/14: z = −0.91', () => {
    const r = compareWithState({ numerator: 7, denominator: 10 }, { numerator: 19, denominator: 24 });
    expect(r.z!.toFixed(2)).toBe('-0.91');
    expect(r.comparison).toBe('No meaningful difference');
  });

  it('says above, nothing without a rest of state, and no difference when the variance is 0', () => {
    expect(compareWithState({ numerator: 45, denominator: 50 }, { numerator: 345, denominator: 430 }).comparison).toBe('Above state');
    expect(compareWithState({ numerator: 30, denominator: 50 }, { numerator: 30, denominator: 50 })).toEqual({ z: null, comparison: '—' });
    expect(compareWithState({ numerator: 5, denominator: 5 }, { numerator: 15, denominator: 15 })).toEqual({ z: null, comparison: 'No meaningful difference' });
  });

  it('compares with the prior year', () => {
    expect(compareWithPriorYear({ numerator: 30, denominator: 50 }, { numerator: 300, denominator: 380 }).comparison).toBe('Below prior year');
    expect(compareWithPriorYear({ numerator: 300, denominator: 380 }, { numerator: 30, denominator: 50 }).comparison).toBe('Above prior year');
    expect(compareWithPriorYear({ numerator: 30, denominator: 50 }, null)).toEqual({ z: null, comparison: '—' });
  });
});

// §11: entry/exit/new-skills per outcome A; B; C, rows 1-12.
const ROWS = ECO_SEED_ROWS;
const YEAR = '2024-2025';
const record = (row: number, exitStatus: 'submitted' | 'finalized' = 'finalized'): RecordForApr => {
  const [a, b, c] = ROWS[row]!.split(' ').map((t) => {
    const [e, x, p] = t.split('/');
    return { entry: Number(e), exit: Number(x), newSkills: p as NewSkills };
  });
  return { entryDate: '2024-09-02', exitDate: '2025-06-01', exitReason: 'kindergarten', entryStatus: 'finalized', exitStatus, ratings: { A: a!, B: b!, C: c! } };
};
const prairieView = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((r) => record(r, r === 6 || r === 12 ? 'submitted' : 'finalized'));
const others = [4, 5, 6, 7, 8, 9, 10, 11, 1, 5, 8, 10, 11, 12, 2, 7, 9, 12].map((r) => record(r));

const aprRow = (records: RecordForApr[], x: Outcome, basis: 'submitted' | 'finalized') => {
  const cats: Category[] = [];
  for (const r of records) {
    const inc = outcomeInclusion(r, x, YEAR, basis);
    if (inc?.included) cats.push(inc.category);
  }
  const s = summarize(countCategories(cats));
  return [Object.values(s.counts).join('/'), percentCell(s.ss1.percent), percentCell(s.ss2.percent)];
};

describe('the prior-year APR of the demo seed (§11)', () => {
  it.each([
    ['Prairie View', 'A', 'submitted', '1/2/3/4/2', '70.00', '50.00'],
    ['Prairie View', 'B', 'submitted', '0/3/4/3/2', '70.00', '41.67'],
    ['Prairie View', 'C', 'submitted', '1/1/2/5/3', '77.78', '66.67'],
    ['Statewide', 'A', 'submitted', '2/3/7/12/6', '79.17', '60.00'],
    ['Statewide', 'B', 'submitted', '0/5/10/9/6', '79.17', '50.00'],
    ['Statewide', 'C', 'submitted', '2/2/3/14/9', '80.95', '76.67'],
    ['Prairie View', 'A', 'finalized', '1/2/2/4/1', '66.67', '50.00'],
    ['Prairie View', 'B', 'finalized', '0/3/3/3/1', '66.67', '40.00'],
    ['Prairie View', 'C', 'finalized', '1/1/2/4/2', '75.00', '60.00'],
  ] as const)('%s outcome %s (%s): %s, SS1 %s, SS2 %s', (scope, x, basis, counts, ss1, ss2) => {
    const records = scope === 'Statewide' ? [...prairieView, ...others] : prairieView;
    expect(aprRow(records, x, basis)).toEqual([counts, ss1, ss2]);
  });

  it('counts 30 children statewide', () => expect(prairieView.length + others.length).toBe(30));
});

describe('inclusion reasons, in order (§6.4)', () => {
  const base = record(5);
  it.each([
    ['included', {}, 'submitted', { included: true, category: 'c' }],
    ['exit outside the year', { exitDate: '2025-07-01' }, 'submitted', null],
    ['open record', { exitDate: null }, 'submitted', null],
    ['short stay (181 days)', { entryDate: '2024-12-01', exitDate: '2025-05-31' }, 'submitted', { included: false, reason: 'short-stay' }],
    ['182 days is enough', { entryDate: '2024-12-01', exitDate: '2025-06-01' }, 'submitted', { included: true, category: 'c' }],
    ['short stay before entry-missing', { entryDate: '2025-02-01', exitDate: '2025-04-15', entryStatus: null }, 'submitted', { included: false, reason: 'short-stay' }],
    ['entry draft', { entryStatus: 'draft' }, 'submitted', { included: false, reason: 'entry-missing' }],
    ['exit missing, reason requires', { exitStatus: null }, 'submitted', { included: false, reason: 'exit-missing' }],
    ['exit draft, moved-out', { exitStatus: 'draft', exitReason: 'moved-out' }, 'submitted', { included: false, reason: 'exit-not-collected' }],
    ['deceased', { exitStatus: null, exitReason: 'deceased' }, 'submitted', { included: false, reason: 'exit-not-collected' }],
    ['optional reason with submitted exit counts', { exitReason: 'moved-out', exitStatus: 'submitted' }, 'submitted', { included: true, category: 'c' }],
    ['submitted, finalized only', { exitStatus: 'submitted' }, 'finalized', { included: false, reason: 'not-finalized' }],
    ['entry submitted, finalized only', { entryStatus: 'submitted' }, 'finalized', { included: false, reason: 'not-finalized' }],
    ['invalid combination from old data', { ratings: { ...base.ratings, A: { entry: 3, exit: 3, newSkills: 'N' } } }, 'submitted', { included: false, reason: 'invalid-combination' }],
  ] as const)('%s', (_name, change, basis, expected) => {
    expect(outcomeInclusion({ ...base, ...change } as RecordForApr, 'A', YEAR, basis)).toEqual(expected);
  });

  it('does not apply the 182-day rule when the year switches it off', () => {
    const r = { ...base, entryDate: '2025-02-01', exitDate: '2025-04-15' };
    expect(outcomeInclusion(r, 'A', YEAR, 'submitted', { ...DEFAULT_YEAR_SETTINGS, applyMinServiceRule: false })).toEqual({ included: true, category: 'c' });
  });

  it('agrees with the engine for the row of Large change (row 9, A 2→6)', () => {
    expect(progressCategory(2, 6, 'Y')).toEqual({ ok: true, category: 'd' });
  });
});
