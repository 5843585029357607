// Bearer-token checks for API routes: authenticate answers 401 without a valid access token,
// requirePermission answers 403 without any one of the listed permissions.
import type { Request, RequestHandler, Response } from 'express';
import type { ApiContext } from './context.js';
import { forbidden, unauthorized } from './http.js';
import { stampOf } from './security-stamps.js';
import { asList, verifyAccessToken } from './tokens.js';

export interface AuthContext {
  userId: string;
  email: string;
  fullName: string;
  roles: string[];
  permissions: string[];
  /** CurrentLeaId header, when the portal sent one. */
  currentLeaId: number | null;
  /** activeschoolyear header, when the portal sent one. */
  activeSchoolYear: string | null;
  /** The refresh-token family of the caller's sign-in, when the token names it. */
  sessionFamily: string | null;
}

export function authenticate(ctx: ApiContext): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    if (!match?.[1]) return next(unauthorized());
    const claims = await verifyAccessToken(ctx.config.jwtSecret, match[1], ctx.now());
    if (!claims) return next(unauthorized('The access token is invalid or has expired.'));
    // A disabled, deleted, demoted or re-passworded user's earlier tokens end here, not at expiry.
    const current = await stampOf(ctx, claims.sub);
    if (!current?.active || current.stamp !== (claims.stamp ?? 0)) return next(unauthorized('The access token is invalid or has expired.'));
    const lea = Number(req.get('currentleaid'));
    const year = req.get('activeschoolyear') ?? '';
    const auth: AuthContext = {
      userId: claims.sub,
      email: claims.email,
      fullName: claims.fullname,
      roles: asList(claims.role),
      permissions: asList(claims.permission),
      currentLeaId: Number.isInteger(lea) && lea > 0 ? lea : null,
      activeSchoolYear: /^\d{4}-\d{4}$/.test(year) ? year : null,
      sessionFamily: claims.sid ?? null,
    };
    res.locals.auth = auth;
    next();
  };
}

/** The authenticated caller; only valid behind authenticate(). */
export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw unauthorized();
  return auth;
}

export function can(auth: AuthContext, ...permissions: string[]): boolean {
  return permissions.some((p) => auth.permissions.includes(p));
}

export function requirePermission(...permissions: string[]): RequestHandler {
  return (_req: Request, res, next) => {
    const auth = res.locals.auth as AuthContext | undefined;
    if (!auth) return next(unauthorized());
    if (!can(auth, ...permissions)) return next(forbidden());
    next();
  };
}
