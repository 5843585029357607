// The lockout rule: five wrong passwords inside 15 minutes lock the account for 15 minutes.
import { describe, expect, it } from 'vitest';
import { isLocked, nextFailureState, type LockoutState } from '../../api/lockout.js';

const MIN = 60_000;
const t0 = new Date('2025-03-01T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);
const fresh: LockoutState = { failed_login_count: 0, failed_login_window_start: null, locked_until: null };

function fail(times: number, everyMinutes: number, from = fresh): LockoutState {
  let state = from;
  for (let i = 0; i < times; i++) state = nextFailureState(state, at(i * everyMinutes));
  return state;
}

describe('nextFailureState', () => {
  it('locks on the fifth failure inside the window, for 15 minutes', () => {
    const four = fail(4, 1);
    expect(four.failed_login_count).toBe(4);
    expect(isLocked(four, at(4))).toBe(false);
    const five = nextFailureState(four, at(4));
    expect(isLocked(five, at(4))).toBe(true);
    expect(isLocked(five, at(18.9))).toBe(true);
    expect(isLocked(five, at(19))).toBe(false);
    expect(five.failed_login_count).toBe(0);
  });

  it('starts a new window when the first failure is 15 minutes old', () => {
    const state = fail(5, 4); // failures at 0, 4, 8, 12, 16 minutes
    expect(isLocked(state, at(16))).toBe(false);
    expect(state.failed_login_count).toBe(1);
    expect(new Date(state.failed_login_window_start!).getTime()).toBe(at(16).getTime());
  });

  it('keeps the window start while counting', () => {
    const state = fail(3, 2);
    expect(new Date(state.failed_login_window_start!).getTime()).toBe(t0.getTime());
  });
});
