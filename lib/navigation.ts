// The side navigation and the breadcrumbs, both built from the route table (lib/routes.ts).
// Menu items appear or disappear by permission (spec §4); the Help group is always there.
import { navText } from './messages.js';
import { canAccessRoute, moduleById, modules, normalisePath, routeByPath, routeForPath, routes, type ModuleId } from './routes.js';

/** 'page' on the item of the current page, 'true' on the item a deeper page belongs to. */
export type CurrentMark = 'page' | 'true' | false;

export interface MenuLink {
  kind: 'link';
  id: string;
  label: string;
  href: string;
  current: CurrentMark;
}

export interface MenuGroup {
  kind: 'group';
  id: ModuleId;
  label: string;
  href: string;
  /** True when the current page lies inside the group (the group is shown expanded). */
  containsCurrent: boolean;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface Menu {
  /** Empty when nobody is signed in (spec §2: menu items only when logged in). */
  main: MenuEntry[];
  help: MenuLink[];
}

function currentMark(href: string, owner: string | undefined, current: string): CurrentMark {
  if (href === current) return 'page';
  return owner === href ? 'true' : false;
}

/** The sidebar menu for a user (null: signed out) on the page at currentPath. */
export function buildMenu(permissions: readonly string[] | null, currentPath: string): Menu {
  const current = normalisePath(currentPath);
  const owner = routeForPath(current)?.path;
  const link = (id: string, label: string, href: string): MenuLink => ({
    kind: 'link',
    id,
    label,
    href,
    current: currentMark(href, owner, current),
  });

  const help = [link('contact', navText.contact, '/contact'), link('faq', navText.faq, '/faq')];
  if (permissions === null) return { main: [], help };

  const main: MenuEntry[] = [link('dashboard', navText.dashboard, '/')];
  for (const mod of modules) {
    if (!canAccessRoute({ permissions: mod.menuPermissions }, permissions)) continue;
    const items = routes
      .filter((r) => r.module === mod.id && r.inMenu && canAccessRoute(r, permissions))
      .map((r) => link(r.id, r.menuLabel, r.path));
    if (items.length === 0) continue;
    main.push({
      kind: 'group',
      id: mod.id,
      label: mod.menuLabel,
      href: mod.path,
      containsCurrent: current === mod.path || current.startsWith(`${mod.path}/`),
      items,
    });
  }
  return { main, help };
}

/** The first page of a module the user may open, for a module root to redirect to. */
export function moduleLandingPath(moduleId: ModuleId, permissions: readonly string[]): string | undefined {
  const mod = moduleById(moduleId);
  if (!canAccessRoute(mod, permissions)) return undefined;
  return routes.find((r) => r.module === moduleId && r.inMenu && canAccessRoute(r, permissions))?.path;
}

export interface Breadcrumb {
  label: string;
  /** Absent on the last crumb: it is the current page. */
  href?: string;
}

/** Breadcrumb labels of top-level path segments (spec §2 Shell). */
export const topLevelBreadcrumbs: Readonly<Record<string, string>> = {
  '': navText.dashboard,
  account: navText.account,
  admin: navText.admin,
  'child-search': navText.eco,
  'restraint-aversive-intervention': navText.restraintAversiveIntervention,
  'posts-survey': navText.postsSurvey,
  'dispute-resolution': navText.disputeResolution,
  monitoring: navText.integratedMonitoringReview,
  contact: navText.contact,
  faq: navText.faq,
  'post-school-outcomes': navText.postSchoolOutcomesSurvey,
};

function labelForPrefix(prefix: string): string | undefined {
  const route = routeByPath(prefix);
  const segments = prefix.split('/').filter(Boolean);
  if (segments.length === 1) return topLevelBreadcrumbs[segments[0] ?? ''] ?? route?.breadcrumb;
  return route?.breadcrumb;
}

/**
 * Breadcrumbs for a path, from route data: Dashboard, then one crumb for every path prefix
 * that has a label (ids and other unlabelled segments are skipped). `extra` crumbs (a record's
 * name on a detail page, say) follow. The last crumb has no link.
 */
export function breadcrumbsFor(path: string, extra: readonly Breadcrumb[] = []): Breadcrumb[] {
  const p = normalisePath(path);
  const crumbs: Breadcrumb[] = [{ label: navText.dashboard, href: '/' }];
  const segments = p.split('/').filter(Boolean);
  for (let i = 1; i <= segments.length; i += 1) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    const label = labelForPrefix(prefix);
    if (label !== undefined) crumbs.push({ label, href: prefix });
  }
  for (const e of extra) crumbs.push({ ...e });
  const last = crumbs[crumbs.length - 1];
  if (last) delete last.href;
  return crumbs;
}

export interface HomePageChoice {
  path: string;
  label: string;
}

/**
 * The pages a user may choose as home (the account page's preferences): the dashboard, the user
 * menu's Notification Settings and the side navigation's module pages the permissions open,
 * labelled with their module. Not the account page itself, nor pages reached from others only.
 */
export function homePageChoices(permissions: readonly string[]): HomePageChoice[] {
  return routes
    .filter((r) => r.requiresLogin && (r.module === null ? r.id !== 'account' : r.inMenu))
    .filter((r) => canAccessRoute(r, permissions) && (r.module === null || canAccessRoute(moduleById(r.module), permissions)))
    .map((r) => ({ path: r.path, label: r.module ? `${moduleById(r.module).menuLabel}: ${r.menuLabel}` : r.menuLabel }));
}
