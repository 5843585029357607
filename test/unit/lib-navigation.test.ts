import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, buildMenu, homePageChoices, moduleLandingPath, type MenuGroup, type MenuLink } from '../../lib/navigation.js';
import { allPermissionValues, P } from '../../lib/permissions.js';

const groups = (perms: string[] | null, path = '/') => buildMenu(perms, path).main.filter((e): e is MenuGroup => e.kind === 'group');
const labels = (perms: string[] | null, path = '/') => buildMenu(perms, path).main.map((e) => e.label);

describe('side navigation (spec §2, §4: items by permission)', () => {
  it('shows no menu items to a signed-out visitor, but the Help group', () => {
    const menu = buildMenu(null, '/contact');
    expect(menu.main).toEqual([]);
    expect(menu.help.map((l) => [l.label, l.href, l.current])).toEqual([
      ['Contact', '/contact', 'page'],
      ['FAQ', '/faq', false],
    ]);
  });

  it('shows a signed-in user without module permissions only the Dashboard', () => {
    expect(labels([])).toEqual(['Dashboard']);
  });

  it('shows every module to a site admin, in order', () => {
    expect(labels([...allPermissionValues])).toEqual([
      'Dashboard',
      'Restraint & Aversive Intervention',
      'Early Childhood Outcomes',
      'Post-School Outcomes',
      'Dispute Resolution',
      'Monitoring',
      'Admin',
    ]);
    const eco = groups([...allPermissionValues]).find((g) => g.id === 'eco');
    // entry/exit score and status are reached from other pages, not the menu
    expect(eco?.items.map((i) => i.label)).toEqual(['Dashboard', 'Child List', 'Search', 'State Tracking', 'APR Report']);
  });

  it('filters the items of a group by their own permissions', () => {
    const [pso] = groups(['PostSchoolOutcomesSurvey.access', 'PostSchoolOutcomesSurvey.vendor-dashboard.view']);
    expect(pso?.items.map((i) => i.href)).toEqual(['/post-school-outcomes/vendor-dashboard']);
  });

  it('leaves out a module without its access permission, and a group with no item left', () => {
    expect(labels(['PostSchoolOutcomesSurvey.vendor-dashboard.view'])).toEqual(['Dashboard']);
    expect(labels(['PostSchoolOutcomesSurvey.access'])).toEqual(['Dashboard']);
  });

  it('shows the Admin group only to users who manage users', () => {
    expect(labels([P.rolesManage, P.leasManage])).not.toContain('Admin');
    const admin = groups([P.usersManage, P.rolesManage]).find((g) => g.id === 'admin');
    expect(admin?.items.map((i) => i.label)).toEqual(['Manage Users', 'Manage Roles', 'Permissions', 'Admin Utilities']);
  });

  it('marks the current page and the group it belongs to', () => {
    const all = [...allPermissionValues];
    const admin = groups(all, '/admin/manage-roles/permissions').find((g) => g.id === 'admin');
    expect(admin?.containsCurrent).toBe(true);
    const marks = Object.fromEntries((admin?.items ?? []).map((i: MenuLink) => [i.label, i.current]));
    expect(marks['Permissions']).toBe('page');
    expect(marks['Manage Roles']).toBe(false);
    const detail = groups(all, '/admin/manage-users/abc').find((g) => g.id === 'admin');
    expect(detail?.items.find((i) => i.label === 'Manage Users')?.current).toBe('true');
    expect(groups(all, '/admin/manage-users').find((g) => g.id === 'eco')?.containsCurrent).toBe(false);
    const dash = buildMenu(all, '/').main[0];
    expect(dash?.kind === 'link' && dash.current).toBe('page');
  });

  it('finds the landing page of a module', () => {
    expect(moduleLandingPath('admin', [P.usersManage])).toBe('/admin/manage-users');
    expect(moduleLandingPath('admin', [P.rolesManage])).toBeUndefined();
    expect(moduleLandingPath('pso', ['PostSchoolOutcomesSurvey.access', 'PostSchoolOutcomesSurvey.reports.view'])).toBe(
      '/post-school-outcomes/reports',
    );
  });
});

describe('breadcrumbs (spec §2: built from route data)', () => {
  const crumbs = (path: string) => breadcrumbsFor(path).map((c) => `${c.label}${c.href ? `@${c.href}` : ''}`);

  it('is just Dashboard, unlinked, on the dashboard', () => {
    expect(crumbs('/')).toEqual(['Dashboard']);
  });

  it("uses the spec's module labels", () => {
    expect(crumbs('/child-search/child-list')).toEqual(['Dashboard@/', 'ECO@/child-search', 'Child List']);
    expect(crumbs('/monitoring/visits')).toEqual(['Dashboard@/', 'Integrated Monitoring Review@/monitoring', 'Visits']);
    expect(crumbs('/post-school-outcomes/reports')).toEqual([
      'Dashboard@/',
      'Post-School Outcomes Survey@/post-school-outcomes',
      'Reports',
    ]);
    expect(crumbs('/restraint-aversive-intervention')).toEqual(['Dashboard@/', 'Restraint & Aversive Intervention']);
    expect(crumbs('/posts-survey')).toEqual(['Dashboard@/', 'Posts Survey']);
    expect(crumbs('/faq')).toEqual(['Dashboard@/', 'FAQ']);
    expect(crumbs('/notification-settings')).toEqual(['Dashboard@/', 'Notification Settings']);
  });

  it('nests routes and skips unlabelled segments such as ids', () => {
    expect(crumbs('/admin/manage-roles/permissions')).toEqual([
      'Dashboard@/',
      'Admin@/admin',
      'Manage Roles@/admin/manage-roles',
      'Permissions',
    ]);
    expect(crumbs('/dispute-resolution/reports/summary-report')).toEqual([
      'Dashboard@/',
      'Dispute Resolution@/dispute-resolution',
      'Reports@/dispute-resolution/reports',
      'Summary Report',
    ]);
    expect(crumbs('/child-search/entryscore/42')).toEqual(['Dashboard@/', 'ECO@/child-search', 'Entry Score']);
  });

  it('appends page-specific crumbs, the last one unlinked', () => {
    const c = breadcrumbsFor('/admin/manage-users/abc', [{ label: 'Jane Doe' }]);
    expect(c.map((x) => [x.label, x.href])).toEqual([
      ['Dashboard', '/'],
      ['Admin', '/admin'],
      ['Manage Users', '/admin/manage-users'],
      ['Jane Doe', undefined],
    ]);
  });
});

describe('home page choices (the account page’s preferences)', () => {
  it('offers the dashboard, Notification Settings and the module pages the permissions open, never the account page', () => {
    const none = homePageChoices([]);
    expect(none.map((c) => c.path)).toEqual(['/', '/notification-settings']);
    const all = homePageChoices(allPermissionValues);
    expect(all.map((c) => c.path)).toContain('/admin/manage-users');
    expect(all.find((c) => c.path === '/child-search/search')?.label).toBe('Early Childhood Outcomes: Search');
    expect(all.map((c) => c.path)).not.toContain('/account');
    // Pages reached from others only (entry scores) are not a home page.
    expect(all.map((c) => c.path)).not.toContain('/child-search/entryscore');
  });

  it('leaves out a module page when the module itself is closed to the user', () => {
    const onlyPage = homePageChoices([P.stateUser]);
    expect(onlyPage.map((c) => c.path).filter((p) => p.includes('state-tracking'))).toEqual([]);
  });
});
