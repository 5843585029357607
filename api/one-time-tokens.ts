// Single-use tokens for links sent by email (verify an address, reset a password). Only a SHA-256
// hash is stored; a token is spent the moment it is used.
import type { Queryable } from './db.js';
import { hashToken, newRawToken } from './refresh-tokens.js';

export type OneTimePurpose = 'verify-email' | 'reset-password' | 'confirm-email';

export const VERIFY_EMAIL_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
/** A set-password link for an account an administrator created: it waits in an inbox longer. */
export const WELCOME_PASSWORD_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A link to confirm a new email address an administrator (or the user) entered. */
export const CONFIRM_EMAIL_TTL_SECONDS = 3 * 24 * 60 * 60;

export async function createOneTimeToken(
  q: Queryable,
  input: { userId: string; purpose: OneTimePurpose; ttlSeconds: number; now: Date; actor: string; payload?: string },
): Promise<string> {
  const raw = newRawToken();
  await q.query(
    `INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at, created_at, created_by, updated_at, updated_by, payload)
     VALUES ($1, $2, $3, $4, $5, $6, $5, $6, $7)`,
    [input.userId, input.purpose, hashToken(raw), new Date(input.now.getTime() + input.ttlSeconds * 1000), input.now, input.actor, input.payload ?? null],
  );
  return raw;
}

/** The user a token is still good for (unused, unexpired, right purpose), locked for this transaction. */
export async function findUsableToken(
  q: Queryable,
  raw: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<{ id: number; userId: string; payload: string | null } | null> {
  const r = await q.query<{ id: number; user_id: string; payload: string | null }>(
    `SELECT id, user_id, payload FROM one_time_tokens
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 FOR UPDATE`,
    [hashToken(raw), purpose, now],
  );
  const row = r.rows[0];
  return row ? { id: row.id, userId: row.user_id, payload: row.payload } : null;
}

/** Spends every outstanding token of this purpose for the user (the one used, and older ones). */
export async function spendTokens(q: Queryable, userId: string, purpose: OneTimePurpose, now: Date, actor: string): Promise<void> {
  await q.query(
    `UPDATE one_time_tokens SET used_at = $3, updated_at = $3, updated_by = $4
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose, now, actor],
  );
}
