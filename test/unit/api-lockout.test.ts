import { describe, expect, it } from 'vitest';
import { blockedUntil, delayAfter, reserveGuess, throttleKey, type ThrottleState } from '../../api/lockout.js';

const t0 = new Date('2026-11-02T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const fresh: ThrottleState = { failures: 0, lastFailureAt: null };

/** Plays guesses at the given minutes; each allowed one counts (a wrong password). */
function play(minutes: number[]): { outcomes: (true | number)[]; state: ThrottleState } {
  let state = fresh;
  const outcomes: (true | number)[] = [];
  for (const m of minutes) {
    const r = reserveGuess(state, at(m));
    if (r.allowed) {
      state = r.next;
      outcomes.push(true);
    } else outcomes.push(r.retryAfterSeconds);
  }
  return { outcomes, state };
}

describe('sign-in throttle (issue 10, finding 6)', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 60_000],
    [6, 120_000],
    [7, 240_000],
    [10, 32 * 60_000],
    [11, 60 * 60_000],
    [40, 60 * 60_000],
  ])('after %i counted guesses the next waits %i ms', (failures, ms) => {
    expect(delayAfter(failures)).toBe(ms);
  });

  it('checks five guesses at once, then makes the sixth wait a minute (a parallel burst gets no more)', () => {
    const { outcomes, state } = play([0, 0, 0, 0, 0, 0, 0]);
    expect(outcomes).toEqual([true, true, true, true, true, 60, 60]);
    expect(state.failures).toBe(5);
    expect(blockedUntil(state, at(0))?.getTime()).toBe(at(1).getTime());
  });

  it('doubles the wait after each further wrong guess, up to an hour', () => {
    const { outcomes } = play([0, 0, 0, 0, 0, 1, 2, 3, 7, 15, 31, 63, 123, 124, 183]);
    expect(outcomes).toEqual([true, true, true, true, true, true, 60, true, true, true, true, true, true, 3540, true]);
  });

  it('tells how long is left in whole seconds, never zero', () => {
    const { state } = play([0, 0, 0, 0, 0]);
    const r = reserveGuess(state, new Date(at(1).getTime() - 400));
    expect(r).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets the count a day after the last wrong guess', () => {
    const { state } = play([0, 0, 0, 0, 0, 1, 3, 7]);
    expect(reserveGuess(state, at(7 + 24 * 60 - 1))).toMatchObject({ allowed: true, next: { failures: 9 } });
    expect(reserveGuess(state, at(7 + 24 * 60))).toMatchObject({ allowed: true, next: { failures: 1 } });
    expect(blockedUntil(state, at(7 + 24 * 60))).toBeNull();
  });

  it('counts a known account by id, so its user name and email share one count, and an unknown name by what was typed', () => {
    expect(throttleKey('0c7d', 'a@example.org')).toBe(throttleKey('0c7d', 'alice'));
    expect(throttleKey(null, ' Nobody@Example.org ')).toBe(throttleKey(null, 'nobody@example.org'));
    expect(throttleKey(null, 'nobody@example.org')).not.toContain('nobody');
    expect(throttleKey(null, 'x')).not.toBe(throttleKey(null, 'y'));
  });
});
