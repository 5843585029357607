// Sign-in lockout: five wrong passwords inside a 15-minute window lock the account for 15
// minutes. Times come from ctx.now() so tests can move the clock.
import type { Queryable } from './db.js';

export const MAX_FAILED_SIGN_INS = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_MS = 15 * 60 * 1000;

export interface LockoutState {
  failed_login_count: number;
  failed_login_window_start: Date | string | null;
  locked_until: Date | string | null;
}

export function isLocked(state: Pick<LockoutState, 'locked_until'>, now: Date): boolean {
  return state.locked_until !== null && new Date(state.locked_until).getTime() > now.getTime();
}

/** The state after one more wrong password: a new window when the last one has passed, a lock at the fifth. */
export function nextFailureState(state: LockoutState, now: Date): LockoutState {
  const start = state.failed_login_window_start === null ? null : new Date(state.failed_login_window_start);
  const inWindow = start !== null && now.getTime() - start.getTime() < FAILURE_WINDOW_MS;
  const count = inWindow ? state.failed_login_count + 1 : 1;
  if (count >= MAX_FAILED_SIGN_INS) {
    return { failed_login_count: 0, failed_login_window_start: null, locked_until: new Date(now.getTime() + LOCKOUT_MS) };
  }
  return { failed_login_count: count, failed_login_window_start: inWindow && start ? start : now, locked_until: state.locked_until };
}

/** Records a wrong password (row locked so parallel attempts all count); true when the account is now locked. */
export async function recordFailedSignIn(q: Queryable, userId: string, now: Date): Promise<boolean> {
  const r = await q.query<LockoutState>(
    'SELECT failed_login_count, failed_login_window_start, locked_until FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const current = r.rows[0];
  if (!current) return false;
  const next = nextFailureState(current, now);
  await q.query(
    `UPDATE users SET failed_login_count = $2, failed_login_window_start = $3, locked_until = $4 WHERE id = $1`,
    [userId, next.failed_login_count, next.failed_login_window_start, next.locked_until],
  );
  return isLocked(next, now);
}

/** After a good sign-in, an unblock or a password reset. */
export async function clearLockout(q: Queryable, userId: string, actor?: string): Promise<void> {
  if (actor) {
    await q.query(
      `UPDATE users SET failed_login_count = 0, failed_login_window_start = NULL, locked_until = NULL, updated_at = now(), updated_by = $2
       WHERE id = $1`,
      [userId, actor],
    );
  } else {
    // A good sign-in is not an edit of the account: audit columns stay as they are.
    await q.query(`UPDATE users SET failed_login_count = 0, failed_login_window_start = NULL, locked_until = NULL WHERE id = $1`, [userId]);
  }
}
