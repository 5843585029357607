// ECO spec §6.5: percentages rounded half up from exact integers.
import { describe, expect, it } from 'vitest';
import { percentText, roundedPercent } from '../../lib/shared/percent.js';

describe('roundedPercent', () => {
  it.each([
    [2, 3, 66.67],
    [1, 160, 0.63],
    [121, 160, 75.63],
    [1, 8, 12.5],
    [20, 29, 68.97],
    [12, 14, 85.71],
    [1, 200, 0.5],
    [1, 400, 0.25],
    [1, 80000, 0],
    [1, 40000, 0],
    [1, 20000, 0.01],
    [0, 5, 0],
    [5, 5, 100],
  ])('%i/%i → %d', (num, den, expected) => expect(roundedPercent(num, den)).toBe(expected));

  it('has no value for a zero denominator', () => {
    expect(roundedPercent(0, 0)).toBeNull();
    expect(percentText(null)).toBe('');
    expect(percentText(12.5)).toBe('12.50');
  });
});
