import { describe, expect, it } from 'vitest';
import { isStrongPassword, unmetPasswordRequirements, PASSWORD_MIN_LENGTH } from '../../lib/password-policy.js';

describe('password policy (spec §5)', () => {
  it('needs 12 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(unmetPasswordRequirements('Aa1!aaaaaaa').map((r) => r.id)).toEqual(['length']);
    expect(isStrongPassword('Aa1!aaaaaaaa')).toBe(true);
  });

  it.each([
    ['aa1!aaaaaaaa', 'upper'],
    ['AA1!AAAAAAAA', 'lower'],
    ['Aa!aaaaaaaaa', 'digit'],
    ['Aa1aaaaaaaaa', 'symbol'],
  ])('refuses %s for lack of %s', (password, missing) => {
    expect(unmetPasswordRequirements(password).map((r) => r.id)).toEqual([missing]);
  });

  it('lists every unmet rule for an empty password', () => {
    expect(unmetPasswordRequirements('').map((r) => r.id)).toEqual(['length', 'symbol', 'digit', 'upper', 'lower']);
  });
});
