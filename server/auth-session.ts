// Signing in and out. Tokens never reach the browser: sign-in stores them server-side
// (token-store.ts) under a freshly regenerated session id, and the browser keeps only the
// session cookie.
import { csrfCookieName } from './csrf.js';
import type { Request, RequestHandler, Response } from 'express';
import { tokenResponse } from '../lib/contract.js';
import { errorMessages } from '../lib/messages.js';
import { PUBLIC_DR_ROLE } from '../lib/permissions.js';
import { loginUrl, wantsJson } from './errors.js';
import { decodeAccessToken, homeUrlFromClaims, TokenError, userFromClaims } from './jwt.js';
import { addFlash } from './flash.js';
import { destroySession, hasSignedInMarker, regenerateSession, saveSession, sessionCookieName, sessionCookieOptions, signedInMarkerName } from './session.js';
import { tokenMark, type SessionUser } from './session-types.js';
import type { TokenRecord } from './token-store.js';
import { mergeCookies, UpstreamError } from './upstream.js';

export interface SignInCredentials {
  username: string;
  password: string;
  recaptchaToken?: string;
}

export type SignInResult = { ok: true; user: SessionUser; isPublicDrUser: boolean; homeUrl: string } | { ok: false; message: string };

export function currentUser(req: Request): SessionUser | null {
  return (req.session as typeof req.session | undefined)?.user ?? null;
}

/** Spec §8 "Login failure": 'Error: ' plus the server's message, else 'Invalid email or password.' */
export function signInFailureMessage(err: UpstreamError): string {
  if (err.kind === 'network') return errorMessages.noNetwork;
  if (err.kind === 'timeout') return errorMessages.upstreamTimeout;
  // Wrong credentials get the spec's plain message; any other server explanation (locked,
  // unverified) is shown after "Error: " as spec §8 says.
  if (err.kind === 'http' && err.body?.code === 'invalid_credentials') return errorMessages.loginFailed;
  const serverMessage = err.kind === 'http' ? err.body?.message : undefined;
  return serverMessage ? `${errorMessages.loginErrorPrefix}${serverMessage}` : errorMessages.loginFailed;
}

/** Tells the API to revoke the session's refresh token and forgets the tokens. Never throws. */
/** The longest sign-out (or a new sign-in) waits for the API to revoke the old tokens. */
export const REVOKE_WAIT_MS = 2_000;

async function revokeTokens(req: Request, res: Response): Promise<void> {
  const { tokens, log } = res.locals.deps;
  const sid = req.sessionID;
  if (!sid) return;
  let record: TokenRecord | null = null;
  try {
    record = await tokens.store.get(sid);
  } catch (err) {
    log.warn({ err }, 'could not read tokens to revoke');
  }
  if (record) {
    const revoked = res.locals.api
      .exchange({ method: 'POST', path: '/api/auth/revoke-token', json: {}, credentials: record })
      .then(
        () => undefined,
        (err: unknown) => {
          // The local session ends regardless; an unrevoked refresh token expires on its own.
          log.warn({ err: err instanceof UpstreamError ? err.message : err }, 'upstream token revoke failed');
        },
      );
    // Signing out must not hang on a slow API: past REVOKE_WAIT_MS the revoke goes on by itself
    // (it carries its own copy of the tokens) and the session ends now.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([revoked, new Promise<void>((resolve) => (timer = setTimeout(resolve, REVOKE_WAIT_MS)))]);
    clearTimeout(timer);
  }
  await tokens.remove(sid).catch((err: unknown) => log.warn({ err }, 'could not delete the token record'));
}

export async function signIn(req: Request, res: Response, credentials: SignInCredentials): Promise<SignInResult> {
  const { tokens } = res.locals.deps;
  // Spec §4: a new login while logged in first logs out.
  if (currentUser(req)) await revokeTokens(req, res);

  let token;
  let setCookie: string[];
  try {
    const result = await res.locals.api.exchange({
      method: 'POST',
      path: '/api/auth/token',
      form: { username: credentials.username, password: credentials.password, recaptchaToken: credentials.recaptchaToken ?? '' },
      schema: tokenResponse,
      auth: 'none',
    });
    token = result.data;
    setCookie = result.setCookie;
  } catch (err) {
    if (err instanceof UpstreamError) {
      // The API's wait (an account's delay after wrong passwords) reaches the browser too.
      const wait = err.status === 429 ? err.body?.retryAfterSeconds : undefined;
      if (wait) res.set('Retry-After', String(wait));
      return { ok: false, message: signInFailureMessage(err) };
    }
    throw err;
  }

  if (!token.accessToken) return { ok: false, message: errorMessages.emptyAccessToken };
  let user: SessionUser;
  let homeUrl: string;
  try {
    const claims = decodeAccessToken(token.accessToken);
    user = userFromClaims(claims, token.leaId);
    homeUrl = homeUrlFromClaims(claims);
  } catch (err) {
    if (err instanceof TokenError) return { ok: false, message: err.message };
    throw err;
  }

  // A new session id at sign-in: an id planted before sign-in (session fixation) is worthless.
  await regenerateSession(req);
  req.session.user = user;
  req.session.userTokenMark = tokenMark(token.accessToken);
  req.session.currentLeaId = token.leaId;
  req.session.signedInAt = Date.now();
  await tokens.save(req.sessionID, {
    accessToken: token.accessToken,
    expiresAt: Date.now() + token.expiresIn * 1000,
    cookies: mergeCookies({}, setCookie),
    userId: token.id,
    leaId: token.leaId,
  });
  await saveSession(req);
  const { maxAge: _idle, ...markerCookie } = sessionCookieOptions(res.locals.deps.config);
  res.cookie(signedInMarkerName(res.locals.deps.config), '1', { ...markerCookie, maxAge: SIGNED_IN_MARKER_MS });
  // The signed-out forms' double-submit cookie has no use in a signed-in session (its forms use
  // the session's token): it goes, so the browser holds only the session cookie and the marker.
  res.clearCookie(csrfCookieName(res.locals.deps.config), { path: '/', httpOnly: true, sameSite: 'lax', secure: res.locals.deps.config.isProduction });
  res.locals.user = user;
  return { ok: true, user, isPublicDrUser: user.roles.includes(PUBLIC_DR_ROLE), homeUrl };
}

/** Revokes upstream, destroys the session and clears the cookie (spec §4 Logout). */
export async function signOut(req: Request, res: Response): Promise<void> {
  const { config } = res.locals.deps;
  await revokeTokens(req, res);
  await destroySession(req);
  const { maxAge: _maxAge, ...cookie } = sessionCookieOptions(config);
  res.clearCookie(sessionCookieName(config), cookie);
  res.clearCookie(signedInMarkerName(config), cookie);
  res.locals.user = null;
}

/** Routes under the shell need a signed-in user; others go to sign in and come back. */
export const requireSignedIn: RequestHandler = (req, res, next) => {
  if (currentUser(req)) return next();
  const location = loginUrl(req.originalUrl || '/');
  if (wantsJson(req)) {
    res.status(401).json({ message: errorMessages.sessionExpired, location });
    return;
  }
  const { config } = res.locals.deps;
  if (hasSignedInMarker(req.headers.cookie, config)) {
    // Signed in before, and not signed out by the user: the session ended (spec §8).
    const { maxAge: _idle, ...cookie } = sessionCookieOptions(config);
    res.clearCookie(signedInMarkerName(config), cookie);
    addFlash(req, { type: 'error', text: errorMessages.sessionExpired });
  }
  res.redirect(req.method === 'GET' || req.method === 'HEAD' ? 302 : 303, location);
};

/** How long the signed-in marker may outlive its session (so a week-old tab still says why). */
const SIGNED_IN_MARKER_MS = 30 * 24 * 60 * 60 * 1000;
