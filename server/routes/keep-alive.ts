// POST /auth/keep-alive: 'Stay signed in' of the session-timeout warning (islands/
// SessionTimeoutWarning.island.tsx). It extends the session's idle timeout (the session middleware
// rolls the cookie and the store's expiry on every answer) and the server-side token record,
// and answers 204. A session that has already ended answers 401 with where to sign in, so the
// warning can take the user there.
//
// Mounted before the app-wide CSRF middleware on purpose: an ended session has no CSRF token
// left, and the island must hear "signed out" (401), not "form expired" (403). A live session
// is checked here exactly as the middleware would: same origin and the x-csrf-token header.
import { Router } from 'express';
import { errorMessages } from '../../lib/messages.js';
import { KEEP_ALIVE_PATH } from '../../islands/SessionTimeoutWarning.island.js';
import { currentUser } from '../auth-session.js';
import { CsrfError, sameOrigin, tokenValid } from '../csrf.js';
import type { AppDeps } from '../deps.js';
import { loginUrl } from '../errors.js';

export function keepAliveRouter(deps: AppDeps): Router {
  const router = Router();
  router.post(KEEP_ALIVE_PATH, async (req, res, next) => {
    const signedOut = () => res.status(401).set('Cache-Control', 'no-store').json({ message: errorMessages.sessionExpired, location: loginUrl('/') });
    if (!currentUser(req)) return signedOut();
    if (!sameOrigin(req)) return next(new CsrfError('origin'));
    if (!tokenValid(req)) return next(new CsrfError('token'));
    // Reading the token record extends its lifetime; no record means the session is over.
    const record = await deps.tokens.store.get(req.sessionID);
    if (!record) return signedOut();
    req.session.touch();
    res.status(204).set('Cache-Control', 'no-store').end();
  });
  return router;
}
