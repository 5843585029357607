// POST /auth/logout (CSRF-checked like every POST): revoke upstream, destroy the session,
// clear the cookie, go to sign in (spec §2 "Logout goes to /auth/login").
import { Router } from 'express';
import { signOut } from '../auth-session.js';
import type { AppDeps } from '../deps.js';

export function logoutRouter(_deps: AppDeps): Router {
  const router = Router();
  router.post('/auth/logout', async (req, res) => {
    await signOut(req, res);
    res.redirect(303, '/auth/login');
  });
  return router;
}
