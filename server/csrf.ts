// CSRF defence, two layers on every unsafe method (POST/PUT/PATCH/DELETE):
// 1. a synchroniser token kept in the session (csrf-sync), sent back as the `_csrf` form field
//    or the `x-csrf-token` header (islands/api.ts);
// 2. the Origin (or, without it, the Referer) must name this host.
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { csrfSync } from 'csrf-sync';
import { errorMessages } from '../lib/messages.js';

export class CsrfError extends Error {
  override readonly name = 'CsrfError';
  readonly status = 403;
  constructor(readonly reason: 'token' | 'origin') {
    super(errorMessages.csrfInvalid);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function tokenFromRequest(req: Request): string | undefined {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && '_csrf' in body) {
    const value = (body as { _csrf: unknown })._csrf;
    if (typeof value === 'string') return value;
  }
  const header = req.get('x-csrf-token');
  return header || undefined;
}

const csrf = csrfSync({
  getTokenFromRequest: tokenFromRequest,
  // Without a session there is no stored token, and validation fails as it should.
  getTokenFromState: (req) => req.session?.csrfToken,
  storeTokenInState: (req, token) => {
    if (req.session) req.session.csrfToken = token;
  },
  size: 32,
});

/** The session's token, created on first use (which is what creates an anonymous session). */
export function csrfTokenFor(req: Request): string {
  if (!req.session) return '';
  return csrf.generateToken(req);
}

/** Replaces the token, e.g. after sign-in so a token seen before cannot be replayed. */
export function rotateCsrfToken(req: Request): string {
  if (!req.session) return '';
  return csrf.generateToken(req, true);
}

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** True when the request's Origin (or Referer) names this host; absent both, the token decides. */
export function sameOrigin(req: Request): boolean {
  const host = (req.get('host') ?? '').toLowerCase();
  // Behind a trusted proxy the public host arrives in X-Forwarded-Host (req.host reads it then).
  const publicHost = (req.host ?? '').toLowerCase();
  const allowed = new Set([host, publicHost].filter(Boolean));
  const origin = req.get('origin');
  if (origin !== undefined) {
    const h = origin === 'null' ? null : hostOf(origin);
    return h !== null && allowed.has(h);
  }
  const referer = req.get('referer');
  if (referer !== undefined) {
    const h = hostOf(referer);
    return h !== null && allowed.has(h);
  }
  return true;
}

/** Constant-time comparison of the sent token with the session's. */
export function tokenValid(req: Request): boolean {
  const sent = tokenFromRequest(req);
  const stored = req.session?.csrfToken;
  if (typeof sent !== 'string' || typeof stored !== 'string' || stored.length === 0) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function csrfProtection(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!sameOrigin(req)) return next(new CsrfError('origin'));
    if (!tokenValid(req)) return next(new CsrfError('token'));
    next();
  };
}
