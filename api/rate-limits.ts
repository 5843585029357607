// The agency API's rate limits (issue 10, findings 4, 5 and 6): fixed-window counters in the
// database, so every API instance shares them and a counter moves in one atomic statement (a
// parallel burst cannot slip extra tries between a read and a write). Subjects (addresses,
// client addresses, account ids) are hashed, so the table holds no personal data in the clear.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ApiContext } from './context.js';
import { ApiError } from './http.js';

export interface LimitRule {
  /** What is limited, e.g. 'register:ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Every limit of the API, in one place (the README's Security section lists them). */
export const LIMITS = {
  registerPerClient: { name: 'register:ip', limit: 10, windowMs: 60 * 60_000 },
  registerPerAddress: { name: 'register:addr', limit: 3, windowMs: 60 * 60_000 },
  recoverPerClient: { name: 'recover:ip', limit: 10, windowMs: 15 * 60_000 },
  /** Reset emails to one address; past it the answer is the same, and no email goes out. */
  recoverPerAddress: { name: 'recover:addr', limit: 3, windowMs: 60 * 60_000 },
  resetPerClient: { name: 'reset:ip', limit: 10, windowMs: 15 * 60_000 },
  resendPerClient: { name: 'resend:ip', limit: 10, windowMs: 15 * 60_000 },
  resendPerAddress: { name: 'resend:addr', limit: 3, windowMs: 60 * 60_000 },
  /** Sign-in guesses per client, counted before checking and given back by a right password (finding 6). */
  signInPerClient: { name: 'signin:ip', limit: 20, windowMs: 15 * 60_000 },
  /** The dispute resolution public page's calls (options, decisions, downloads) per client. */
  drPublicPerClient: { name: 'drpublic:ip', limit: 300, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url')}`;
}

export interface HitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/** Counts one try against the rule for this subject; `allowed` is false once past the limit. */
export async function hit(ctx: ApiContext, rule: LimitRule, subject: string): Promise<HitResult> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const r = await ctx.db.query<{ hits: number; window_start: Date | string }>(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
     RETURNING hits, window_start`,
    [keyOf(rule, subject), now, windowStart],
  );
  const row = r.rows[0];
  const hits = Number(row?.hits ?? 1);
  const started = row ? new Date(row.window_start).getTime() : now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + rule.windowMs - now.getTime()) / 1000));
  // Now and then, sweep counters whose window is long gone.
  if (Math.random() < 0.01) {
    await ctx.db.query(`DELETE FROM rate_limits WHERE window_start < $1`, [new Date(now.getTime() - 24 * 60 * 60_000)]);
  }
  const limit = rule.name.endsWith(':ip') ? rule.limit * ctx.config.rateLimitScale : rule.limit;
  return { allowed: hits <= limit, hits, retryAfterSeconds };
}

/** Gives back one counted try (a right password is not a guess to hold against the client). */
export async function unhit(ctx: ApiContext, rule: LimitRule, subject: string): Promise<void> {
  await ctx.db.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [keyOf(rule, subject)]);
}

/** The client's address as the trusted proxy (the portal) reports it. */
export function clientOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Counts a try for the client and refuses it with 429 (and Retry-After) past the limit. */
export async function limitClient(ctx: ApiContext, req: Request, res: Response, rule: LimitRule): Promise<void> {
  const result = await hit(ctx, rule, clientOf(req));
  if (!result.allowed) {
    res.set('Retry-After', String(result.retryAfterSeconds));
    throw new ApiError(429, TOO_MANY_REQUESTS, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
