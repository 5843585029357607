// ECO spec §6.3: every column of the worked table, plus a changed scale from the year settings.
import { describe, expect, it } from 'vitest';
import { categoryPreview, progressCategory } from '../../lib/eco/categories.js';
import { DEFAULT_YEAR_SETTINGS, type NewSkills } from '../../lib/eco/codes.js';

const table: [number, number, NewSkills, string][] = [
  [1, 1, 'N', 'a'],
  [1, 1, 'Y', 'b'],
  [3, 3, 'Y', 'b'],
  [3, 3, 'N', 'invalid'],
  [4, 3, 'N', 'a'],
  [4, 3, 'Y', 'b'],
  [2, 4, 'Y', 'c'],
  [2, 4, 'N', 'invalid'],
  [4, 6, 'Y', 'd'],
  [5, 6, 'N', 'invalid'],
  [6, 7, 'Y', 'e'],
  [7, 6, 'N', 'e'],
  [6, 6, 'N', 'e'],
  [7, 7, 'N', 'e'],
  [6, 4, 'Y', 'b'],
  [6, 4, 'N', 'a'],
];

describe('progress category engine (§6.3)', () => {
  it.each(table)('E=%i X=%i P=%s → %s', (entry, exit, p, expected) => {
    const r = progressCategory(entry, exit, p);
    expect(r.ok ? r.category : 'invalid').toBe(expected);
  });

  it('reads T and m from the year settings', () => {
    const scale = { ...DEFAULT_YEAR_SETTINGS, scaleMin: 0, ageExpectedMin: 5 };
    expect(progressCategory(5, 5, 'N', scale)).toEqual({ ok: true, category: 'e' });
    expect(progressCategory(0, 0, 'N', scale)).toEqual({ ok: true, category: 'a' });
    expect(progressCategory(1, 1, 'N', scale)).toEqual({ ok: false, invalid: true });
  });

  it('writes the live line of the exit form (§3.5)', () => {
    expect(categoryPreview('A', 4, 6, 'Y')).toBe('Progress category: d, Improved functioning to reach a level comparable to same-aged peers');
    expect(categoryPreview('B', 3, 3, 'N')).toBe(
      'This combination is not possible: Outcome B: the exit rating (3) is not lower than the entry rating (3), so the child has shown new skills. Answer Yes or correct the rating.',
    );
  });
});
