// Manage Roles (/admin/manage-roles, spec §2 Admin, §3 Role and Permission, §4, §7 Roles): the
// roles with their user counts, create, rename, delete (the agency API refuses while users hold
// the role, and its message is shown), the recent role changes, and the permissions page that
// sets what a role grants. Role changes reach signed-in users when their access token is next
// renewed: the API reads roles and permissions afresh for every token it issues.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createElement as h } from 'react';
import { z } from 'zod';
import { permission, role as roleSchema, type Role } from '../../../lib/contract.js';
import { formatDateTime } from '../../../lib/dates.js';
import { adminRolesText as t } from '../../../lib/messages.js';
import { breadcrumbsFor, type Breadcrumb } from '../../../lib/navigation.js';
import { P } from '../../../lib/permissions.js';
import { routeById } from '../../../lib/routes.js';
import { paginate, parseTableQuery, sortRows, type TableConfig } from '../../../lib/table-query.js';
import { formList, roleFields, rolePermissionsFields, rolePermissionsSchema, roleSchema as roleFormSchema, unknownChoices } from '../../../lib/validation/admin-users.js';
import { formText, validateForm, type FieldError } from '../../../lib/validation/auth.js';
import { PermissionsPage, type PermissionGroup } from '../../../views/pages/admin/PermissionsPage.js';
import { RoleEditPage } from '../../../views/pages/admin/RoleEditPage.js';
import { PERMISSIONS_PATH, permissionsHref, roleHref, ROLES_PATH, RolesPage, type RoleChangeRow, type RoleFormValues } from '../../../views/pages/admin/RolesPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { requirePermissions, requireRoute } from '../../route-guard.js';
import { apiOf, holds, loadRoles, refusalFeedback, refusalOf, renderAdmin, renderConfirm, timeZoneOf, viewerOf } from './users.js';

const ROUTE = routeById('admin.manage-roles');
const PERMISSIONS_ROUTE = routeById('admin.manage-roles/permissions');

export const ROLES_TABLE: TableConfig = { sortable: ['name', 'usersCount'], defaultSort: 'name', defaultDir: 'asc' };
/** How many role changes the roles page lists. */
export const RECENT_CHANGES = 10;
/** The changes endpoint answers at most this many events per call, oldest first. */
const CHANGES_PAGE = 1000;

const roleChange = z.object({
  id: z.number().int(),
  op: z.enum(['add', 'delete', 'modify']),
  roleId: z.number().int(),
  roleName: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
const roleChanges = z.array(roleChange);
const permissionList = z.array(permission);
const ROLE_ID = /^\d{1,9}$/;

const titleOf = (...parts: string[]) => [...parts, ROUTE.title].join(' - ');
const crumbs = (extra: Breadcrumb[] = []) => breadcrumbsFor(ROLES_PATH, extra);

function roleIdOf(value: unknown): number {
  if (typeof value !== 'string' || !ROLE_ID.test(value)) throw notFound();
  return Number(value);
}

async function loadRole(res: Response, id: number): Promise<Role> {
  return apiOf(res).call({ path: `/api/roles/${id}`, schema: roleSchema });
}

/**
 * The newest role changes, newest first. The endpoint is a feed read forward from `since`, so
 * the last month is read in pages until the end.
 */
async function loadRecentChanges(res: Response, now = Date.now()): Promise<z.infer<typeof roleChanges>> {
  let since = new Date(now - 30 * 24 * 3600_000).toISOString();
  let tail: z.infer<typeof roleChanges> = [];
  for (let i = 0; i < 20; i += 1) {
    const batch = await apiOf(res).call({ path: '/api/roles/changes', query: { since }, schema: roleChanges });
    tail = [...tail, ...batch].slice(-RECENT_CHANGES);
    const last = batch.at(-1);
    if (batch.length < CHANGES_PAGE || !last) break;
    since = last.changedAt;
  }
  return tail.reverse();
}

/** The catalogue grouped by group name, in the catalogue's order. */
export function groupPermissions(list: z.infer<typeof permissionList>): PermissionGroup[] {
  const groups: PermissionGroup[] = [];
  for (const p of list) {
    let group = groups.find((g) => g.name === p.groupName);
    if (!group) {
      group = { id: `group-${groups.length + 1}`, name: p.groupName, permissions: [] };
      groups.push(group);
    }
    group.permissions.push({ value: p.value, name: p.name, description: p.description });
  }
  return groups;
}

function roleValuesOf(body: unknown): RoleFormValues {
  return { name: formText(body, 'name').trim(), description: formText(body, 'description').trim() };
}

export function adminRolesRouter(_deps: AppDeps): Router {
  const router = Router();
  const manage: RequestHandler[] = [requireRoute(ROUTE.id), requirePermissions(P.rolesManage)];

  // -- the list, with the Add Role form --
  async function renderList(req: Request, res: Response, values: RoleFormValues = { name: '', description: '' }, errors: FieldError[] = [], status?: number) {
    const state = parseTableQuery(req.query, ROLES_TABLE);
    const [roles, changes] = await Promise.all([loadRoles(res), loadRecentChanges(res)]);
    const sorted = sortRows(roles, state, (r, key) => (key === 'usersCount' ? (r.usersCount ?? 0) : r.name));
    const tz = timeZoneOf(res);
    const changeRows: RoleChangeRow[] = changes.map((c) => ({ id: c.id, op: c.op, roleName: c.roleName, when: formatDateTime(c.changedAt, tz) }));
    renderAdmin(
      req,
      res,
      h(RolesPage, {
        heading: ROUTE.menuLabel,
        rows: paginate(sorted, state),
        total: roles.length,
        state,
        config: ROLES_TABLE,
        canManage: holds(viewerOf(req), P.rolesManage),
        values,
        errors,
        changes: changeRows,
      }),
      { title: ROUTE.title, breadcrumbs: crumbs(), status, errors: errors.length > 0 },
    );
  }

  router.get(ROLES_PATH, requireRoute(ROUTE.id), async (req, res) => {
    await renderList(req, res);
  });

  router.post(ROLES_PATH, ...manage, async (req, res) => {
    const values = roleValuesOf(req.body);
    const result = validateForm(roleFormSchema, req.body, roleFields);
    if (!result.ok) return renderList(req, res, values, result.errors, 422);
    let created: Role;
    try {
      created = await apiOf(res).call({ method: 'POST', path: '/api/roles', json: result.data, schema: roleSchema });
    } catch (err) {
      const refusal = refusalOf(err, roleFields);
      // 409: the name is taken.
      const errors = refusal.fieldErrors.length ? refusal.fieldErrors : [{ field: refusal.status === 409 ? 'name' : '', message: refusal.message }];
      return renderList(req, res, values, errors, refusal.status);
    }
    addFlash(req, { type: 'success', text: t.roleCreated(created.name) });
    // A new role grants nothing yet: the next step is its permissions.
    res.redirect(303, permissionsHref(created.id));
  });

  // -- permissions of a role (before /:id, which it would otherwise match) --
  interface PermissionsView {
    /** The chosen role's id as asked for (query or form), or null before one is chosen. */
    roleId: string | null;
    checked?: string[];
    errors?: FieldError[];
    formError?: string;
    status?: number;
  }

  async function renderPermissions(req: Request, res: Response, view: PermissionsView): Promise<void> {
    const [roles, catalogue] = await Promise.all([loadRoles(res), apiOf(res).call({ path: '/api/account/permissions', schema: permissionList })]);
    const role = view.roleId === null ? null : (roles.find((r) => r.id === roleIdOf(view.roleId)) ?? null);
    if (view.roleId !== null && !role) throw notFound();
    const errors = view.errors ?? [];
    renderAdmin(
      req,
      res,
      h(PermissionsPage, {
        heading: PERMISSIONS_ROUTE.menuLabel,
        roles: roles.map((r) => ({ id: r.id, name: r.name })),
        role: role ? { id: role.id, name: role.name } : null,
        groups: groupPermissions(catalogue),
        checked: view.checked ?? role?.permissions ?? [],
        canManage: holds(viewerOf(req), P.rolesManage),
        errors,
        formError: view.formError,
      }),
      {
        title: role ? [t.permissionsOf(role.name), PERMISSIONS_ROUTE.title].join(' - ') : PERMISSIONS_ROUTE.title,
        breadcrumbs: breadcrumbsFor(PERMISSIONS_PATH, role ? [{ label: role.name }] : []),
        status: view.status,
        errors: errors.length > 0 || Boolean(view.formError),
      },
    );
  }

  router.get(PERMISSIONS_PATH, requireRoute(PERMISSIONS_ROUTE.id), async (req, res) => {
    const asked = typeof req.query.roleId === 'string' && req.query.roleId !== '' ? req.query.roleId : null;
    await renderPermissions(req, res, { roleId: asked });
  });

  router.post(PERMISSIONS_PATH, requireRoute(PERMISSIONS_ROUTE.id), requirePermissions(P.rolesManage), async (req, res) => {
    const id = roleIdOf(formText(req.body, 'roleId') || req.query.roleId);
    const roleId = String(id);
    const current = await loadRole(res, id);
    const checked = formList.parse((req.body as Record<string, unknown> | undefined)?.permissions);
    const result = validateForm(rolePermissionsSchema, req.body, rolePermissionsFields);
    if (!result.ok) return renderPermissions(req, res, { roleId, checked, errors: result.errors, status: 422 });
    const catalogue = await apiOf(res).call({ path: '/api/account/permissions', schema: permissionList });
    const choiceErrors = unknownChoices('permissions', result.data.permissions, catalogue.map((p) => p.value));
    if (choiceErrors.length) return renderPermissions(req, res, { roleId, checked, errors: choiceErrors, status: 422 });
    try {
      await apiOf(res).call({
        method: 'PUT',
        path: '/api/roles',
        json: { id, name: current.name, description: current.description, permissions: result.data.permissions },
        schema: roleSchema,
      });
    } catch (err) {
      return renderPermissions(req, res, { roleId, checked, ...refusalFeedback(refusalOf(err, ['permissions'])) });
    }
    addFlash(req, { type: 'success', text: t.permissionsSaved(current.name) });
    res.redirect(303, permissionsHref(id));
  });

  // -- rename --
  function renderEdit(req: Request, res: Response, role: Role, values: RoleFormValues, errors: FieldError[] = [], formError?: string, status?: number) {
    renderAdmin(req, res, h(RoleEditPage, { roleId: role.id, savedName: role.name, values, errors, formError }), {
      title: titleOf(t.editRole(role.name)),
      breadcrumbs: crumbs([{ label: role.name }]),
      status,
      errors: errors.length > 0 || Boolean(formError),
    });
  }

  router.get(`${ROLES_PATH}/:id`, ...manage, async (req, res) => {
    const role = await loadRole(res, roleIdOf(req.params.id));
    renderEdit(req, res, role, { name: role.name, description: role.description });
  });

  router.post(`${ROLES_PATH}/:id`, ...manage, async (req, res) => {
    const role = await loadRole(res, roleIdOf(req.params.id));
    const values = roleValuesOf(req.body);
    const result = validateForm(roleFormSchema, req.body, roleFields);
    if (!result.ok) return renderEdit(req, res, role, values, result.errors, undefined, 422);
    try {
      await apiOf(res).call({ method: 'PUT', path: '/api/roles', json: { id: role.id, ...result.data }, schema: roleSchema });
    } catch (err) {
      const refusal = refusalOf(err, roleFields);
      // 409: the name is taken, or a built-in role keeps its name.
      if (refusal.status === 409) return renderEdit(req, res, role, values, [{ field: 'name', message: refusal.message }], undefined, 409);
      const feedback = refusalFeedback(refusal);
      return renderEdit(req, res, role, values, feedback.errors, feedback.formError, feedback.status);
    }
    addFlash(req, { type: 'success', text: t.roleSaved(result.data.name) });
    res.redirect(303, ROLES_PATH);
  });

  // -- delete (a confirmation page without JavaScript) --
  router.get(`${ROLES_PATH}/:id/delete`, ...manage, async (req, res) => {
    const role = await loadRole(res, roleIdOf(req.params.id));
    renderConfirm(
      req,
      res,
      { message: t.deleteQuestion(role.name), okLabel: t.delete, action: `${roleHref(role.id)}/delete`, cancelHref: roleHref(role.id) },
      { title: titleOf(t.deleteTitle(role.name)), breadcrumbs: crumbs([{ label: role.name, href: roleHref(role.id) }, { label: t.delete }]) },
    );
  });

  router.post(`${ROLES_PATH}/:id/delete`, ...manage, async (req, res) => {
    const role = await loadRole(res, roleIdOf(req.params.id));
    try {
      await apiOf(res).call({ method: 'DELETE', path: `/api/roles/${role.id}` });
    } catch (err) {
      // Refused while users hold the role, or for a built-in role: the API's words, on the role's page.
      addFlash(req, { type: 'error', text: refusalOf(err, []).message });
      return res.redirect(303, roleHref(role.id));
    }
    addFlash(req, { type: 'success', text: t.roleDeleted(role.name) });
    res.redirect(303, ROLES_PATH);
  });

  return router;
}
