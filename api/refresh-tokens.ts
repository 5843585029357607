// Refresh tokens: 32 random bytes handed out once in an HttpOnly cookie and stored only as a
// SHA-256 hash. Each rotation stays in its family; presenting a token that was already rotated
// (or revoked) means it was copied, so the whole family is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { ApiConfig } from './config.js';
import type { Queryable } from './db.js';

export const REFRESH_COOKIE = 'refreshToken';
export const REFRESH_COOKIE_PATH = '/api/auth';

export const hashToken = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('base64url');
export const newRawToken = (): string => randomBytes(32).toString('base64url');

export interface RefreshTokenRow {
  id: number;
  family_id: string;
  user_id: string;
  active_school_year: string | null;
  expires_at: Date | string;
  rotated_at: Date | string | null;
  revoked_at: Date | string | null;
}

/** Starts a family (no familyId) or continues one; returns the raw token for the cookie. */
export async function issueRefreshToken(
  q: Queryable,
  input: { userId: string; familyId?: string; activeSchoolYear: string | null; ttlSeconds: number; now: Date },
): Promise<{ raw: string; familyId: string }> {
  const raw = newRawToken();
  const familyId = input.familyId ?? randomUUID();
  await q.query(
    `INSERT INTO refresh_tokens (family_id, user_id, token_hash, active_school_year, expires_at, created_at, created_by, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7)`,
    [familyId, input.userId, hashToken(raw), input.activeSchoolYear, new Date(input.now.getTime() + input.ttlSeconds * 1000), input.now, input.userId],
  );
  return { raw, familyId };
}

/** The row of a presented token, locked for the rest of the transaction so two rotations cannot race. */
export async function findRefreshToken(q: Queryable, raw: string): Promise<RefreshTokenRow | null> {
  const r = await q.query<RefreshTokenRow>(
    `SELECT id, family_id, user_id, active_school_year, expires_at, rotated_at, revoked_at
     FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [hashToken(raw)],
  );
  return r.rows[0] ?? null;
}

export async function markRotated(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET rotated_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
}

export async function revokeFamily(q: Queryable, familyId: string, now: Date, actor = 'system'): Promise<void> {
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $2, updated_at = $2, updated_by = $3 WHERE family_id = $1 AND revoked_at IS NULL`,
    [familyId, now, actor],
  );
}

/** Ends every session of a user (password reset, deletion, disabling). */
export async function revokeUserTokens(q: Queryable, userId: string, now: Date, actor = 'system'): Promise<void> {
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $2, updated_at = $2, updated_by = $3 WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId, now, actor],
  );
}

/** A token is usable when neither rotated nor revoked and not yet expired. */
export function refreshTokenState(row: RefreshTokenRow, now: Date): 'active' | 'reused' | 'expired' {
  if (row.rotated_at !== null || row.revoked_at !== null) return 'reused';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

function cookieOptions(config: ApiConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: config.nodeEnv === 'production' };
}

export function setRefreshCookie(res: Response, config: ApiConfig, raw: string): void {
  res.cookie(REFRESH_COOKIE, raw, { ...cookieOptions(config), maxAge: config.refreshTokenTtlSeconds * 1000 });
}

export function clearRefreshCookie(res: Response, config: ApiConfig): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

/** The presented refresh token: the cookie the browser or the portal (forwarding it) sends. */
export function presentedRefreshToken(req: Request): string | null {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const value = cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}
