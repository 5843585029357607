// The route table of the signed-in shell (spec §2 Side navigation, §6 route access). One entry
// per page: its path, menu label, breadcrumb label, <title>, and the permissions that open it
// (any one of them; an empty list means any signed-in user). The sidebar, breadcrumbs, dashboard
// tiles and the route guards all read this table, so a page's label and access rule live once.
//
// Permission choices where the spec names the route but not its permission are taken from the
// catalogue (lib/permissions.ts) by the description of each permission:
// - every state-tracking page needs App.stateuser (spec §6); the dispute resolution one also
//   opens for DisputeResolution.stateuser, the module's own state-user permission;
// - admin utilities need App.roles.manage (spec §6); the Admin menu group needs App.users.manage;
// - post-school outcomes: lea-tracking is the district dashboard and district tracking
//   (district-dashboard.view, tracking.view), vendor-dashboard (vendor-dashboard.view),
//   collection-manager (collection.view, collection.edit), student-list-manager and
//   student-list (studentlist.view), survey-manager (surveylist.view), reports (reports.view);
// - a module's root and dashboard open with the module's access permission.
import { navText, uiText } from './messages.js';
import { hasAnyPermission, P } from './permissions.js';
import { calendarText } from './shared/messages.js';

export type ModuleId = 'rai' | 'eco' | 'pso' | 'dr' | 'monitoring' | 'admin';

export interface ModuleDef {
  id: ModuleId;
  /** The module's path prefix, e.g. '/child-search'. */
  path: string;
  /** The side navigation group label. */
  menuLabel: string;
  /** The breadcrumb of the module's path segment (spec §2 Shell). */
  breadcrumb: string;
  /** Who sees the group at all; items inside are filtered again by their own permissions. */
  menuPermissions: readonly string[];
  /** Who may open the module's root path. */
  permissions: readonly string[];
}

export interface RouteDef {
  /** Stable id for code references, e.g. 'admin.manage-users'. */
  id: string;
  path: string;
  module: ModuleId | null;
  menuLabel: string;
  breadcrumb: string;
  /** The page <title> (renderPage adds the product name). */
  title: string;
  /** Any one of these opens the page; empty: any signed-in user. */
  permissions: readonly string[];
  /** false for the public pages of the Help group (contact, faq). */
  requiresLogin: boolean;
  /** false for routes reached from other pages only (entry and exit scores, ...). */
  inMenu: boolean;
}

const RAI = 'RestraintAversiveIntervention';
const ECO = 'Eco';
const PSO = 'PostSchoolOutcomesSurvey';
const DR = 'DisputeResolution';
const MON = 'Monitoring';

export const modules: readonly ModuleDef[] = [
  {
    id: 'rai',
    path: '/restraint-aversive-intervention',
    menuLabel: navText.restraintAversiveIntervention,
    breadcrumb: navText.restraintAversiveIntervention,
    menuPermissions: [`${RAI}.access`],
    permissions: [`${RAI}.access`],
  },
  {
    id: 'eco',
    path: '/child-search',
    menuLabel: navText.earlyChildhoodOutcomes,
    breadcrumb: navText.eco,
    menuPermissions: [`${ECO}.access`],
    permissions: [`${ECO}.access`],
  },
  {
    id: 'pso',
    path: '/post-school-outcomes',
    menuLabel: navText.postSchoolOutcomes,
    breadcrumb: navText.postSchoolOutcomesSurvey,
    menuPermissions: [`${PSO}.access`],
    permissions: [`${PSO}.access`],
  },
  {
    id: 'dr',
    path: '/dispute-resolution',
    menuLabel: navText.disputeResolution,
    breadcrumb: navText.disputeResolution,
    // The public user of dispute resolution files requests without the module's access permission.
    menuPermissions: [`${DR}.access`, P.drPublicUser],
    permissions: [`${DR}.access`, P.drPublicUser],
  },
  {
    id: 'monitoring',
    path: '/monitoring',
    menuLabel: navText.monitoring,
    breadcrumb: navText.integratedMonitoringReview,
    menuPermissions: [`${MON}.access`],
    permissions: [`${MON}.access`],
  },
  {
    id: 'admin',
    path: '/admin',
    menuLabel: navText.admin,
    breadcrumb: navText.admin,
    menuPermissions: [P.usersManage],
    permissions: [P.usersManage],
  },
];

export function moduleById(id: ModuleId): ModuleDef {
  const found = modules.find((m) => m.id === id);
  if (!found) throw new RangeError(`Unknown module ${id}`);
  return found;
}

function item(
  module: ModuleId,
  segment: string,
  label: string,
  permissions: readonly string[],
  options: { inMenu?: boolean; breadcrumb?: string } = {},
): RouteDef {
  const mod = moduleById(module);
  return {
    id: `${module}.${segment}`,
    path: `${mod.path}/${segment}`,
    module,
    menuLabel: label,
    breadcrumb: options.breadcrumb ?? label,
    title: `${label} - ${mod.menuLabel}`,
    permissions,
    requiresLogin: true,
    inMenu: options.inMenu ?? true,
  };
}

export const routes: readonly RouteDef[] = [
  {
    id: 'dashboard',
    path: '/',
    module: null,
    menuLabel: navText.dashboard,
    breadcrumb: navText.dashboard,
    title: navText.dashboard,
    permissions: [],
    requiresLogin: true,
    inMenu: true,
  },

  item('rai', 'dashboard', navText.dashboard, [`${RAI}.access`]),
  item('rai', 'reports', navText.reports, [
    `${RAI}.districtreport.view`,
    `${RAI}.schoolreport.view`,
    `${RAI}.studentreport.view`,
    `${RAI}.teacherreport.view`,
    `${RAI}.incidentreport.view`,
  ]),
  item('rai', 'incidents', navText.incidents, [`${RAI}.violations.view`, `${RAI}.violation.view`, `${RAI}.violation.create`]),
  item('rai', 'state-tracking', navText.stateTracking, [P.stateUser]),
  item('rai', 'import', navText.import, [`${RAI}.violation.dataImport`]),

  item('eco', 'dashboard', navText.dashboard, [`${ECO}.access`]),
  item('eco', 'child-list', navText.childList, [`${ECO}.access`]),
  item('eco', 'search', navText.search, [`${ECO}.advancedsearch.view`]),
  item('eco', 'state-tracking', navText.stateTracking, [P.stateUser]),
  item('eco', 'apr-report', navText.aprReport, [`${ECO}.reports.view`]),
  item('eco', 'entryscore', navText.entryScore, [`${ECO}.access`], { inMenu: false }),
  item('eco', 'exitscore', navText.exitScore, [`${ECO}.access`], { inMenu: false }),
  item('eco', 'status', navText.status, [`${ECO}.access`], { inMenu: false }),
  item('eco', 'child-list/import', navText.import, [`${ECO}.scores.submit`], { inMenu: false }),

  item('pso', 'state-tracking', navText.stateTracking, [P.stateUser]),
  item('pso', 'lea-tracking', navText.districtDashboard, [`${PSO}.district-dashboard.view`, `${PSO}.tracking.view`]),
  item('pso', 'vendor-dashboard', navText.vendorDashboard, [`${PSO}.vendor-dashboard.view`]),
  item('pso', 'collection-manager', navText.collectionManager, [`${PSO}.collection.view`, `${PSO}.collection.edit`]),
  item('pso', 'student-list-manager', navText.studentListManager, [`${PSO}.studentlist.view`]),
  item('pso', 'student-list', navText.studentList, [`${PSO}.studentlist.view`]),
  item('pso', 'survey-manager', navText.surveyManager, [`${PSO}.surveylist.view`]),
  item('pso', 'reports', navText.reports, [`${PSO}.reports.view`]),

  item('dr', 'dashboard', navText.dashboard, [`${DR}.access`]),
  item('dr', 'request', navText.createRequest, [`${DR}.disputerequests.create`, P.drPublicUser]),
  item('dr', 'reports', navText.reports, [`${DR}.reports.view`]),
  item('dr', 'reports/summary-report', navText.summaryReport, [`${DR}.summary.view`]),
  item('dr', 'reports/state-tracking', navText.stateTracking, [P.stateUser, `${DR}.stateuser`]),
  item('dr', 'survey-manager', navText.surveyManager, [`${DR}.stateuser`]),
  item('dr', 'email-templates', navText.emailTemplates, [`${DR}.emailtemplates.manage`]),
  item('dr', 'calendars', calendarText.menu, [`${DR}.stateuser`]),

  item('monitoring', 'dashboard', navText.dashboard, [`${MON}.dashboard.view`]),
  item('monitoring', 'visit', navText.integratedMonitoringReview, [`${MON}.visit.view`, `${MON}.visit.init`]),
  item('monitoring', 'visits', navText.visits, [`${MON}.visit.view`]),
  item('monitoring', 'survey-manager', navText.surveyManager, [`${MON}.survey.manage`]),

  item('admin', 'manage-users', navText.manageUsers, [P.usersManage, P.usersView, P.jurisdictionUsersView]),
  item('admin', 'manage-roles', navText.manageRoles, [P.rolesView, P.rolesManage]),
  item('admin', 'manage-roles/permissions', navText.permissions, [P.rolesView, P.rolesManage]),
  item('admin', 'manage-leas', navText.manageLeas, [P.leasManage]),
  item('admin', 'manage-schools', navText.manageSchools, [P.schoolsManage]),
  item('admin', 'email-logs', navText.emailLogs, [P.emailLogsView]),
  item('admin', 'manage-text-blocks', navText.manageTextBlocks, [P.textBlocksManage]),
  item('admin', 'list-manager', navText.listManager, [P.listManagerManage]),
  item('admin', 'manage-notification', navText.manageNotificationEvents, [P.notificationManage]),
  item('admin', 'admin-utils', navText.adminUtilities, [P.rolesManage]),

  {
    id: 'account',
    path: '/account',
    module: null,
    menuLabel: navText.account,
    breadcrumb: navText.account,
    title: navText.account,
    permissions: [],
    requiresLogin: true,
    inMenu: false,
  },
  {
    id: 'notification-settings',
    path: '/notification-settings',
    module: null,
    menuLabel: uiText.notificationSettings,
    breadcrumb: uiText.notificationSettings,
    // Spec §2: breadcrumb and heading Notification Settings, page title Notification Subscription.
    title: uiText.notificationSubscription,
    permissions: [],
    requiresLogin: true,
    inMenu: false,
  },
  {
    id: 'contact',
    path: '/contact',
    module: null,
    menuLabel: navText.contact,
    breadcrumb: navText.contact,
    title: navText.contact,
    permissions: [],
    requiresLogin: false,
    inMenu: false,
  },
  {
    id: 'faq',
    path: '/faq',
    module: null,
    menuLabel: navText.faq,
    breadcrumb: navText.faq,
    title: navText.faq,
    permissions: [],
    requiresLogin: false,
    inMenu: false,
  },
];

/** Normalises a request path for lookups: no query, no trailing slash (except '/'). */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

const byPath = new Map(routes.map((r) => [r.path, r]));

/** The route whose path is exactly this one. */
export function routeByPath(path: string): RouteDef | undefined {
  return byPath.get(normalisePath(path));
}

export function routeById(id: string): RouteDef {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new RangeError(`Unknown route ${id}`);
  return found;
}

/**
 * The route that owns a path: the exact route, else the longest route path it lies under
 * (so /child-search/entryscore/42 is governed by /child-search/entryscore).
 */
export function routeForPath(path: string): RouteDef | undefined {
  const p = normalisePath(path);
  const exact = byPath.get(p);
  if (exact) return exact;
  let best: RouteDef | undefined;
  for (const r of routes) {
    if (r.path !== '/' && p.startsWith(`${r.path}/`) && (!best || r.path.length > best.path.length)) best = r;
  }
  return best;
}

/** The module whose path prefix a path lies under. */
export function moduleForPath(path: string): ModuleDef | undefined {
  const p = normalisePath(path);
  return modules.find((m) => p === m.path || p.startsWith(`${m.path}/`));
}

/** Whether the permissions open the route (spec §6: any one of the route's permissions). */
export function canAccessRoute(route: Pick<RouteDef, 'permissions'>, permissions: readonly string[]): boolean {
  return hasAnyPermission(permissions, route.permissions);
}

/**
 * Whether the permissions open a path: the owning route's rule, or the module root's rule for
 * a module path without a route of its own. Paths outside the table are not this table's
 * business and return true; their own router decides.
 */
export function canAccessPath(path: string, permissions: readonly string[]): boolean {
  const route = routeForPath(path);
  if (route) return canAccessRoute(route, permissions);
  const mod = moduleForPath(path);
  if (mod) return canAccessRoute(mod, permissions);
  return true;
}
