// The resend-verification countdown (spec §2: "please wait m:ss minutes to resend").

/** Seconds as m:ss (minutes unpadded); fractions round up so "0:00" only shows at zero. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/** Whole seconds left until `untilMs`, never negative. */
export function secondsUntil(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}
