import { describe, expect, it } from 'vitest';
import { allPermissionValues, P } from '../../lib/permissions.js';
import { canAccessPath, canAccessRoute, moduleForPath, normalisePath, routeById, routeByPath, routeForPath, routes } from '../../lib/routes.js';

const open = (path: string, perms: string[]) => canAccessPath(path, perms);

describe('route table (spec §2 Side navigation, §6)', () => {
  it('lists every side-navigation route of the spec once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const expected = [
      '/',
      ...['dashboard', 'reports', 'incidents', 'state-tracking', 'import'].map((s) => `/restraint-aversive-intervention/${s}`),
      ...['dashboard', 'child-list', 'search', 'state-tracking', 'apr-report', 'exitscore', 'entryscore', 'status', 'child-list/import'].map(
        (s) => `/child-search/${s}`,
      ),
      ...[
        'state-tracking',
        'lea-tracking',
        'vendor-dashboard',
        'collection-manager',
        'student-list-manager',
        'student-list',
        'survey-manager',
        'reports',
      ].map((s) => `/post-school-outcomes/${s}`),
      ...[
        'dashboard',
        'request',
        'reports',
        'reports/summary-report',
        'reports/state-tracking',
        'survey-manager',
        'email-templates',
        // An added route of the DR spec (§2, §4.10).
        'calendars',
      ].map((s) => `/dispute-resolution/${s}`),
      ...['dashboard', 'visit', 'visits', 'survey-manager'].map((s) => `/monitoring/${s}`),
      ...[
        'manage-users',
        'manage-roles',
        'manage-roles/permissions',
        'manage-leas',
        'manage-schools',
        'email-logs',
        'manage-text-blocks',
        'list-manager',
        'manage-notification',
        'admin-utils',
      ].map((s) => `/admin/${s}`),
      '/contact',
      '/faq',
      '/account',
      '/notification-settings',
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
  });

  it('refers only to permissions of the catalogue', () => {
    for (const r of routes) for (const p of r.permissions) expect(allPermissionValues).toContain(p);
  });

  it('gives every page a unique title and the spec labels', () => {
    const titles = routes.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(routeById('dr.request').menuLabel).toBe('Create Request');
    expect(routeById('monitoring.visit').menuLabel).toBe('Integrated Monitoring Review');
    expect(routeById('admin.manage-notification').menuLabel).toBe('Manage Notification Events');
    const ns = routeByPath('/notification-settings');
    expect(ns?.breadcrumb).toBe('Notification Settings');
    expect(ns?.title).toBe('Notification Subscription');
  });

  it('keeps contact and faq public and everything else behind login', () => {
    for (const r of routes) expect(r.requiresLogin).toBe(!['/contact', '/faq'].includes(r.path));
  });
});

describe('route access (spec §6: any one of the route permissions)', () => {
  it('opens state tracking pages only to state users', () => {
    for (const path of [
      '/restraint-aversive-intervention/state-tracking',
      '/child-search/state-tracking',
      '/post-school-outcomes/state-tracking',
      '/dispute-resolution/reports/state-tracking',
    ]) {
      expect(open(path, [P.stateUser])).toBe(true);
      expect(open(path, ['Eco.access', 'RestraintAversiveIntervention.access', 'PostSchoolOutcomesSurvey.tracking.view'])).toBe(false);
    }
  });

  it('opens admin utilities with roles.manage and nothing else', () => {
    expect(open('/admin/admin-utils', [P.rolesManage])).toBe(true);
    expect(open('/admin/admin-utils', [P.usersManage, P.siteAdmin, P.rolesView])).toBe(false);
  });

  it('opens a route with any one of its permissions', () => {
    expect(open('/admin/manage-users', [P.jurisdictionUsersView])).toBe(true);
    expect(open('/admin/manage-users', [P.usersView])).toBe(true);
    expect(open('/admin/manage-users', [P.rolesView])).toBe(false);
    expect(open('/admin/manage-roles/permissions', [P.rolesView])).toBe(true);
    expect(open('/post-school-outcomes/collection-manager', ['PostSchoolOutcomesSurvey.collection.edit'])).toBe(true);
    expect(open('/post-school-outcomes/vendor-dashboard', ['PostSchoolOutcomesSurvey.collection.edit'])).toBe(false);
  });

  it('lets the public dispute resolution user file a request', () => {
    expect(open('/dispute-resolution/request', [P.drPublicUser])).toBe(true);
    expect(open('/dispute-resolution/reports', [P.drPublicUser])).toBe(false);
  });

  it('opens the dashboard, account and notification settings to any signed-in user', () => {
    for (const path of ['/', '/account', '/notification-settings', '/contact']) expect(open(path, [])).toBe(true);
  });

  it('governs deeper paths by the route they lie under, and module roots by the module', () => {
    expect(routeForPath('/child-search/entryscore/42')?.id).toBe('eco.entryscore');
    expect(open('/child-search/entryscore/42', [])).toBe(false);
    expect(open('/child-search/entryscore/42', ['Eco.access'])).toBe(true);
    expect(open('/admin', [P.usersManage])).toBe(true);
    expect(open('/admin', [P.rolesManage])).toBe(false);
    expect(open('/admin/unknown-page', [P.rolesManage])).toBe(false);
    expect(moduleForPath('/monitoring/visits')?.id).toBe('monitoring');
    expect(moduleForPath('/monitoringx')).toBeUndefined();
  });

  it('is not fooled by trailing slashes, queries or look-alike prefixes', () => {
    expect(normalisePath('/admin/admin-utils/?x=1#top')).toBe('/admin/admin-utils');
    expect(open('/admin/admin-utils/', [P.usersManage])).toBe(false);
    expect(routeForPath('/admin/admin-utils-evil')).toBeUndefined();
    expect(canAccessRoute({ permissions: [] }, [])).toBe(true);
  });
});
