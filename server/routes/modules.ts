// Every page of the side navigation (lib/routes.ts) that has no screen of its own yet: each
// exists behind its guard (sign-in, then any one of the route's permissions, else 403 inside
// the shell), with its breadcrumbs and page header, and says plainly that it is not available
// in the portal yet. Module roots (/child-search, /admin, ...) go to the first page of the
// module the user may open.
//
// Mounted after every feature router (server/app.ts): a feature that builds one of these pages
// answers first, and this router is the fallback for the rest.
import { Router } from 'express';
import { createElement } from 'react';
import { moduleLandingPath } from '../../lib/navigation.js';
import { canAccessRoute, moduleById, modules, routes, type RouteDef } from '../../lib/routes.js';
import { ModulePendingPage } from '../../views/pages/ModulePendingPage.js';
import { currentUser, requireSignedIn } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { accessDenied } from '../errors.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';

/** Detail pages the spec names below a listed page (spec §4: student-list detail pages). */
const DETAIL_PATHS: Readonly<Record<string, string>> = {
  'pso.student-list': '/:id',
};

/** Module pages a feature router now serves: no "not available yet" for them. One id per line. */
export const builtRouteIds: ReadonlySet<string> = new Set([
  'dr.calendars', // server/routes/calendars.ts
  'dr.dashboard', // server/routes/dr/cases.ts
  'dr.email-templates', // server/routes/dr/email-templates.ts
  'dr.reports', // server/routes/dr/reports.ts
  'dr.reports/summary-report', // server/routes/dr/reports.ts
  'dr.reports/state-tracking', // server/routes/dr/reports.ts
  'dr.survey-manager', // server/routes/dr/surveys.ts
  'dr.request', // server/routes/dr/request.ts
  'eco.dashboard', // server/routes/eco/reports.ts
  'eco.state-tracking', // server/routes/eco/reports.ts
  'eco.apr-report', // server/routes/eco/reports.ts
  'eco.child-list', // server/routes/eco/children.ts
  'eco.search', // server/routes/eco/children.ts
  'eco.status', // server/routes/eco/children.ts
  'monitoring.visit', // server/routes/monitoring-visit.ts
  'admin.manage-users', // server/routes/admin/users.ts
  'admin.manage-roles', // server/routes/admin/roles.ts
  'admin.manage-roles/permissions', // server/routes/admin/roles.ts
  'admin.manage-leas', // server/routes/admin/leas.ts
  'admin.manage-schools', // server/routes/admin/schools.ts
  'admin.email-logs', // server/routes/admin/email-logs.ts
  'admin.manage-text-blocks', // server/routes/admin/text-blocks.ts
  'admin.list-manager', // server/routes/admin/lists.ts
  'admin.manage-notification', // server/routes/admin/notification-events.ts
  'admin.admin-utils', // server/routes/admin/utilities.ts
  'eco.entryscore', // server/routes/eco/scores.ts
  'eco.exitscore', // server/routes/eco/scores.ts
  'eco.child-list/import', // server/routes/eco/import.ts
]);

/** The routes this router answers: the module pages no feature router serves; not /, not Help. */
export const pendingRoutes: readonly RouteDef[] = routes.filter((r) => r.module !== null && !builtRouteIds.has(r.id));

export function modulesRouter(_deps: AppDeps): Router {
  const router = Router();

  for (const route of pendingRoutes) {
    const render = requireRoute(route.id);
    const paths = [route.path, ...(DETAIL_PATHS[route.id] ? [`${route.path}${DETAIL_PATHS[route.id]}`] : [])];
    router.get(paths, render, (req, res) => {
      const moduleLabel = route.module ? moduleById(route.module).menuLabel : null;
      renderPage(req, res, createElement(ModulePendingPage, { heading: route.menuLabel, moduleLabel }), { title: route.title, layout: 'shell' });
    });
  }

  for (const mod of modules) {
    router.get(mod.path, requireSignedIn, (req, res, next) => {
      const permissions = currentUser(req)?.permissions ?? [];
      if (!canAccessRoute(mod, permissions)) return next(accessDenied());
      const landing = moduleLandingPath(mod.id, permissions);
      // Module access without any page of it: nothing to show.
      if (!landing) return next(accessDenied());
      res.redirect(302, landing);
    });
  }

  return router;
}
