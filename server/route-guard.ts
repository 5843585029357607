// Route guards of the signed-in shell (spec §2 "Routes under the shell require login", §6 "Route
// access needs any one of the route's listed permissions"). A guard first sends a signed-out
// user to sign in (with the page as returnUrl), then answers 403 "Access Denied!" inside the
// shell to a user who lacks every permission the route lists. The rule of each page lives in
// the route table (lib/routes.ts), so the menu, the dashboard tiles and the guards agree.
//
//   router.get('/admin/manage-users', requireRoute('admin.manage-users'), handler)
//   router.post('/admin/manage-users/:id', requirePermissions(P.usersManage), handler)
import type { RequestHandler } from 'express';
import { hasAnyPermission } from '../lib/permissions.js';
import { canAccessRoute, routeById } from '../lib/routes.js';
import { currentUser, requireSignedIn } from './auth-session.js';
import { accessDenied } from './errors.js';

/**
 * Signed in, and holding any one of `permissions` (none listed: any signed-in user). A 403 goes
 * through the error handler: a page inside the shell for browsers, JSON for islands.
 */
export function requirePermissions(...permissions: string[]): RequestHandler {
  return (req, res, next) => {
    requireSignedIn(req, res, () => {
      const user = currentUser(req);
      if (!user || !hasAnyPermission(user.permissions, permissions)) return next(accessDenied());
      next();
    });
  };
}

/** The guard of one route of the table, by id ('eco.search', 'admin.manage-users', ...). */
export function requireRoute(routeId: string): RequestHandler {
  // Resolved once, when the router is built: an unknown id is a programming error, found at start.
  const route = routeById(routeId);
  return (req, res, next) => {
    // The Help pages (contact, faq) are open to everyone.
    if (!route.requiresLogin && route.permissions.length === 0) return next();
    requireSignedIn(req, res, () => {
      const user = currentUser(req);
      if (!user || !canAccessRoute(route, user.permissions)) return next(accessDenied());
      next();
    });
  };
}
