import { describe, expect, it } from 'vitest';
import { digitsOnly, isDigitsOnly } from '../../lib/numbers-only.js';

describe('numbers-only input (spec §5)', () => {
  it('strips everything but digits', () => {
    expect(digitsOnly('(402) 555-0100')).toBe('4025550100');
    expect(digitsOnly('12a3.4-5 ')).toBe('12345');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('١٢٣')).toBe(''); // only ASCII digits are kept
  });

  it('tells digit-only values apart', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('')).toBe(true);
    expect(isDigitsOnly('12 3')).toBe(false);
  });
});
