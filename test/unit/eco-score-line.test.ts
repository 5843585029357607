// The exit form's live line (lib/eco/score-line.ts): the §6.3 table through the raw form values,
// and nothing until the entry rating, the exit rating and the answer are all given.
import { describe, expect, it } from 'vitest';
import { categoryLabels, DEFAULT_YEAR_SETTINGS, type Category } from '../../lib/eco/codes.js';
import { ecoScoreText, ecoValidationMessages as v } from '../../lib/eco/messages.js';
import { categoryLine, ratingOf } from '../../lib/eco/score-line.js';

const scale = DEFAULT_YEAR_SETTINGS;
const TABLE: [number, number, 'Y' | 'N', Category | 'invalid'][] = [
  [1, 1, 'N', 'a'], [1, 1, 'Y', 'b'], [3, 3, 'Y', 'b'], [3, 3, 'N', 'invalid'], [4, 3, 'N', 'a'], [4, 3, 'Y', 'b'], [2, 4, 'Y', 'c'], [2, 4, 'N', 'invalid'],
  [4, 6, 'Y', 'd'], [5, 6, 'N', 'invalid'], [6, 7, 'Y', 'e'], [7, 6, 'N', 'e'], [6, 6, 'N', 'e'], [7, 7, 'N', 'e'], [6, 4, 'Y', 'b'], [6, 4, 'N', 'a'],
];

describe('categoryLine', () => {
  it.each(TABLE)('E=%i X=%i P=%s gives %s', (e, x, p, expected) => {
    const line = categoryLine('B', e, String(x), p, scale);
    expect(line).toBe(expected === 'invalid' ? ecoScoreText.notPossible(v.impossibleCombination('B', x, e)) : ecoScoreText.progressCategory(expected, categoryLabels[expected]));
  });

  it('is empty until every value is given, and ignores values off the scale', () => {
    expect(categoryLine('A', null, '3', 'Y', scale)).toBeNull();
    expect(categoryLine('A', 3, '', 'Y', scale)).toBeNull();
    expect(categoryLine('A', 3, '3', '', scale)).toBeNull();
    expect(categoryLine('A', 3, '9', 'Y', scale)).toBeNull();
    expect(ratingOf('07', scale)).toBe(7);
    expect(ratingOf('0', scale)).toBeNull();
    expect(ratingOf('2.5', scale)).toBeNull();
  });
});
