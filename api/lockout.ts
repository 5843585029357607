// Sign-in throttle (issue 10, finding 6). A hard lock after five wrong passwords let anyone lock
// any account and told who exists; instead each guess against an account is counted before the
// password is checked (under a row lock, so a parallel burst cannot slip extra guesses in), the
// first five are free, and each guess after them waits 1, 2, 4 … minutes (at most an hour).
// The count is forgotten a day after the last wrong guess, or at once on a right password, an
// admin's Unblock or a password reset. Unknown names are counted alike, so the answers match.
import { createHash } from 'node:crypto';
import type { Queryable } from './db.js';

export const FREE_GUESSES = 5;
export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 60 * 60_000;
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

export interface ThrottleState {
  /** Guesses counted since the last right password (each is a failure until proven right). */
  failures: number;
  lastFailureAt: Date | null;
}

export type Reservation = { allowed: true; next: ThrottleState } | { allowed: false; retryAfterSeconds: number; until: Date };

/** How long the next guess waits after `failures` counted guesses. */
export function delayAfter(failures: number): number {
  if (failures < FREE_GUESSES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_GUESSES), MAX_DELAY_MS);
}

/** When the next guess may be checked, or null when it may be checked now. */
export function blockedUntil(state: ThrottleState, now: Date): Date | null {
  if (!state.lastFailureAt || now.getTime() - state.lastFailureAt.getTime() >= FORGET_AFTER_MS) return null;
  const until = state.lastFailureAt.getTime() + delayAfter(state.failures);
  return until > now.getTime() ? new Date(until) : null;
}

/** Takes one guess: refused while the delay runs, else counted (as a failure until proven right). */
export function reserveGuess(state: ThrottleState, now: Date): Reservation {
  const forgotten = !state.lastFailureAt || now.getTime() - state.lastFailureAt.getTime() >= FORGET_AFTER_MS;
  const current: ThrottleState = forgotten ? { failures: 0, lastFailureAt: null } : state;
  const until = blockedUntil(current, now);
  if (until) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)), until };
  return { allowed: true, next: { failures: current.failures + 1, lastFailureAt: now } };
}

/** The throttle's key: a known account by id (its user name and email share one count), else the typed name. */
export function throttleKey(userId: string | null, typedName: string): string {
  if (userId) return `user:${userId}`;
  return `name:${createHash('sha256').update(typedName.trim().toLowerCase()).digest('base64url')}`;
}

/**
 * Reserves a guess in one transaction. For a known account, users.locked_until follows the delay
 * the guess would start if wrong, so the admin screens show the account as locked meanwhile.
 */
export async function reserveSignInGuess(q: Queryable, key: string, userId: string | null, now: Date): Promise<Reservation> {
  await q.query('INSERT INTO sign_in_throttle (key) VALUES ($1) ON CONFLICT (key) DO NOTHING', [key]);
  const r = await q.query<{ failures: number; last_failure_at: Date | string | null }>(
    'SELECT failures, last_failure_at FROM sign_in_throttle WHERE key = $1 FOR UPDATE',
    [key],
  );
  const row = r.rows[0];
  const state: ThrottleState = {
    failures: Number(row?.failures ?? 0),
    lastFailureAt: row?.last_failure_at ? new Date(row.last_failure_at) : null,
  };
  const reservation = reserveGuess(state, now);
  if (!reservation.allowed) return reservation;
  await q.query('UPDATE sign_in_throttle SET failures = $2, last_failure_at = $3 WHERE key = $1', [
    key,
    reservation.next.failures,
    reservation.next.lastFailureAt,
  ]);
  if (userId) {
    const lockedUntil = delayAfter(reservation.next.failures) > 0 ? new Date(now.getTime() + delayAfter(reservation.next.failures)) : null;
    await q.query('UPDATE users SET locked_until = $2 WHERE id = $1', [userId, lockedUntil]);
  }
  // Now and then, sweep counts nobody has added to for a day.
  if (Math.random() < 0.01) {
    await q.query('DELETE FROM sign_in_throttle WHERE last_failure_at < $1', [new Date(now.getTime() - FORGET_AFTER_MS)]);
  }
  return reservation;
}

/** After a right password, an unblock or a password reset: the count and the shown lock go. */
export async function clearLockout(q: Queryable, userId: string, actor?: string): Promise<void> {
  await q.query('DELETE FROM sign_in_throttle WHERE key = $1', [throttleKey(userId, '')]);
  if (actor) {
    await q.query(`UPDATE users SET locked_until = NULL, updated_at = now(), updated_by = $2 WHERE id = $1`, [userId, actor]);
  } else {
    // A good sign-in is not an edit of the account: audit columns stay as they are.
    await q.query(`UPDATE users SET locked_until = NULL WHERE id = $1 AND locked_until IS NOT NULL`, [userId]);
  }
}
