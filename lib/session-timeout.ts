// The session-timeout warning (WCAG 2.2.1, GOV.UK pattern): the user is warned at least two
// minutes before the idle timeout and can stay signed in.
export const MIN_WARNING_SECONDS = 120;

export interface TimeoutPlan {
  /** ms from the last activity until the warning opens. */
  warnAfterMs: number;
  /** ms from the last activity until the session is gone. */
  expireAfterMs: number;
}

export function timeoutPlan(idleSeconds: number, warnSeconds = MIN_WARNING_SECONDS): TimeoutPlan {
  const idle = Math.max(0, idleSeconds) * 1000;
  const warn = Math.max(MIN_WARNING_SECONDS, warnSeconds) * 1000;
  // A timeout shorter than the warning period warns at once.
  return { warnAfterMs: Math.max(0, idle - warn), expireAfterMs: idle };
}

/** The login page to land on when the session ran out, coming back to where the user was. */
export function expiredLoginUrl(returnPath: string): string {
  const safe = returnPath.startsWith('/') && !returnPath.startsWith('//') ? returnPath : '/';
  return `/auth/login?returnUrl=${encodeURIComponent(safe)}`;
}
