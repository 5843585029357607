// CSRF defence, two layers on every unsafe method (POST/PUT/PATCH/DELETE):
// 1. a token sent back as the `_csrf` form field or the `x-csrf-token` header (islands/api.ts):
//    - with a session (signed in, or a flow that keeps server state), a synchroniser token kept in
//      the session (csrf-sync);
//    - without one (signed-out pages: sign-in, register, forgot password...), a signed
//      double-submit token (csrf-csrf): an HMAC-bound cookie and the same token in the form, so
//      viewing a signed-out page writes nothing to Redis (issue 10, finding 7);
// 2. the Origin (or, without it, the Referer) must name this host.
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import { csrfSync } from 'csrf-sync';
import { errorMessages } from '../lib/messages.js';
import type { PortalConfig } from './config.js';

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

type CsrfConfig = Pick<PortalConfig, 'isProduction' | 'sessionSecret'>;

/** The signed-out forms' cookie: __Host- in production (no subdomain can set it). */
export function csrfCookieName(config: Pick<PortalConfig, 'isProduction'>): string {
  return config.isProduction ? '__Host-portal.csrf' : 'portal.csrf';
}

const doubleSubmit = new WeakMap<CsrfConfig, DoubleCsrfUtilities>();

function doubleSubmitFor(config: CsrfConfig): DoubleCsrfUtilities {
  let utilities = doubleSubmit.get(config);
  if (!utilities) {
    utilities = doubleCsrf({
      getSecret: () => config.sessionSecret,
      // Signed-out: there is no session to bind to; the HMAC and the __Host- cookie carry it.
      getSessionIdentifier: () => 'signed-out',
      cookieName: csrfCookieName(config),
      cookieOptions: { sameSite: 'lax', path: '/', secure: config.isProduction, httpOnly: true },
      getCsrfTokenFromRequest: tokenFromRequest,
      size: 32,
    });
    doubleSubmit.set(config, utilities);
  }
  return utilities;
}

/** Whether the request has server state a token can live in (a signed-in or stateful session). */
function hasSessionState(req: Request): boolean {
  const session = req.session as (typeof req.session | undefined);
  return Boolean(session && (session.user || session.csrfToken));
}

/**
 * The token for this page's forms: the session's when it has state (created on first use),
 * otherwise a double-submit token whose cookie goes out with this response, and no session.
 */
export function csrfTokenFor(req: Request, res: Response): string {
  const config = res.locals.deps?.config;
  if (req.session && (hasSessionState(req) || !config)) return csrf.generateToken(req);
  if (!config) return '';
  // A Secure cookie set over plain HTTP is dropped by browsers: no token, as no session before.
  if (config.isProduction && !req.secure) return '';
  // cookie-parser runs in the app; a bare router (unit tests) has no cookies to reuse.
  req.cookies ??= {};
  return doubleSubmitFor(config).generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false });
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

/** The session's token, or, for a request without a signed-in session, the double-submit pair. */
export function requestTokenValid(req: Request, config: CsrfConfig): boolean {
  if (tokenValid(req)) return true;
  const session = req.session as (typeof req.session | undefined);
  if (session?.user) return false;
  req.cookies ??= {};
  return doubleSubmitFor(config).validateRequest(req);
}

export function csrfProtection(config: CsrfConfig): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!sameOrigin(req)) return next(new CsrfError('origin'));
    if (!requestTokenValid(req, config)) return next(new CsrfError('token'));
    next();
  };
}
