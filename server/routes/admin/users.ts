// Manage Users (/admin/manage-users, spec §2 Admin, §6, §7 Account and Passwords): the user
// list with search, LEA and role filters and server-side paging and sorting; create; edit (a
// JSON Patch of the changed fields only); roles; enable and disable; unblock; delete; a
// password reset email; setting a password. Every form is a POST with CSRF that answers 303
// with a flash, or 422 with the entered values and the messages; disable and delete are
// confirmed on a page of their own without JavaScript. The agency API decides whom a manager
// may see and change (a jurisdiction, no stronger accounts); its refusals are shown as it words them.
import { endPortalSessions } from './utilities.js';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createElement as h, type ReactElement } from 'react';
import { z } from 'zod';
import { lea, pagedAuditEntries, pagedUsers, role as roleSchema, user as userSchema, type Role, type User } from '../../../lib/contract.js';
import { formatDateTime } from '../../../lib/dates.js';
import { adminUsersText as t, uiText } from '../../../lib/messages.js';
import { breadcrumbsFor, type Breadcrumb } from '../../../lib/navigation.js';
import { hasAnyPermission, P } from '../../../lib/permissions.js';
import { routeById } from '../../../lib/routes.js';
import { clampPage, pageCount, parseTableQuery, type TableConfig, type TableState } from '../../../lib/table-query.js';
import {
  formList,
  parseUserListFilters,
  setPasswordFields,
  setPasswordSchema,
  unknownChoices,
  userDetailFields,
  userDetailsSchema,
  userPatchOperations,
  userRolesFields,
  userRolesSchema,
  type UserDetailValues,
  type UserListFilters,
} from '../../../lib/validation/admin-users.js';
import { formText, resetPasswordFailureMessages, validateForm, type FieldError } from '../../../lib/validation/auth.js';
import { ConfirmPage } from '../../../views/components/ConfirmDialog.js';
import { ROLES_SHOWN_FIELD, UsersEditPage, type HistoryItem, type OriginalValues } from '../../../views/pages/admin/UsersEditPage.js';
import type { LeaChoice, UserFormValues } from '../../../views/pages/admin/UsersFormFields.js';
import { USERS_PATH, userHref, UsersListPage } from '../../../views/pages/admin/UsersListPage.js';
import { UsersNewPage } from '../../../views/pages/admin/UsersNewPage.js';
import { UsersPasswordPage } from '../../../views/pages/admin/UsersPasswordPage.js';
import { currentUser } from '../../auth-session.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requirePermissions, requireRoute } from '../../route-guard.js';
import type { SessionUser } from '../../session-types.js';
import { UpstreamError, type ApiClient } from '../../upstream.js';

// ---- shared with the roles screens ------------------------------------------------------------

export function apiOf(res: Response): ApiClient {
  return res.locals.api;
}

/** The signed-in user (the route guards ran first, so there is one). */
export function viewerOf(req: Request): SessionUser {
  const user = currentUser(req);
  if (!user) throw new Error('admin route reached without a signed-in user');
  return user;
}

export function holds(user: SessionUser, ...permissions: string[]): boolean {
  return hasAnyPermission(user.permissions, permissions);
}

export interface AdminPageOptions {
  title: string;
  breadcrumbs: Breadcrumb[];
  status?: number;
  errors?: boolean;
}

export function renderAdmin(req: Request, res: Response, page: ReactElement, options: AdminPageOptions): void {
  renderPage(req, res, page, {
    title: options.title,
    layout: 'shell',
    breadcrumbs: options.breadcrumbs,
    status: options.status,
    errorsInTitle: options.errors,
  });
}

/** A confirmation page (the no-JavaScript side of the ConfirmDialog island): Ok posts to `action`. */
export function renderConfirm(
  req: Request,
  res: Response,
  page: { message: string; okLabel: string; action: string; cancelHref: string },
  options: AdminPageOptions,
): void {
  renderAdmin(req, res, h(ConfirmPage, page), options);
}

/** A refusal of the agency API that a form shows (its message, and field errors it names). */
export interface Refusal {
  status: number;
  message: string;
  fieldErrors: FieldError[];
}

/**
 * The API refused the input (400, 403, 409, 422): the message to show and the status to answer
 * with (a 400 is our 422). A missing record, and every other failure (network, timeout, 5xx),
 * goes to the error handler's pages.
 */
export function refusalOf(err: unknown, fields: readonly string[]): Refusal {
  if (!(err instanceof UpstreamError) || err.kind !== 'http' || ![400, 403, 409, 422].includes(err.status)) throw err;
  const fieldErrors = (err.body?.errors ?? []).filter((e) => fields.includes(e.field));
  // A 403 is worded by the API ("This account has permissions you do not hold..."); the client's
  // catalogue text "Access Denied!" is the fallback.
  const message = err.body?.message || err.message;
  return { status: err.status === 400 ? 422 : err.status, message, fieldErrors };
}

/** How a form shows a refusal: next to the fields the API named, else above the form. */
export function refusalFeedback(refusal: Refusal): { errors: FieldError[]; formError: string | undefined; status: number } {
  return {
    errors: refusal.fieldErrors,
    formError: refusal.fieldErrors.length ? undefined : refusal.message,
    status: refusal.status,
  };
}

export function timeZoneOf(res: Response): string {
  return res.locals.deps.config.tz;
}

// ---- loading ----------------------------------------------------------------------------------

const ROUTE = routeById('admin.manage-users');
/** Who may read the role list (the agency API's rule for GET /api/roles). */
export const ROLE_READERS = [P.rolesView, P.rolesManage, P.rolesAssign, P.usersManage];

const leaChoices = z.array(lea.pick({ id: true, name: true, leaCode: true }));
const roleList = z.array(roleSchema);
const uuid = z.guid();

export const USERS_TABLE: TableConfig = { sortable: ['fullName', 'email', 'isEnabled'], defaultSort: 'fullName', defaultDir: 'asc' };
/** The agency API's largest page; "All" is read in pages of this size. */
const API_MAX_PAGE_SIZE = 1000;
const MAX_ALL_PAGES = 20;

async function loadLeas(res: Response): Promise<LeaChoice[]> {
  return apiOf(res).call({ path: '/api/leas/nousers', schema: leaChoices });
}

export async function loadRoles(res: Response): Promise<Role[]> {
  return apiOf(res).call({ path: '/api/roles', schema: roleList });
}

async function loadRoleNames(res: Response): Promise<string[]> {
  return (await loadRoles(res)).map((r) => r.name);
}

async function loadUser(res: Response, id: string): Promise<User> {
  const found = await apiOf(res).call({ path: `/api/account/users/${encodeURIComponent(id)}`, schema: userSchema });
  // Deleted accounts are gone from the admin's point of view (the API keeps them for the record).
  if (found.isDeleted) throw notFound();
  return found;
}

function userQuery(state: TableState, filters: UserListFilters) {
  return {
    sortField: state.sort ?? undefined,
    sortDirection: state.sort ? state.dir : undefined,
    search: filters.search || undefined,
    leaId: filters.leaId ?? undefined,
    role: filters.role || undefined,
    isEnabled: filters.status === null ? undefined : filters.status === 'enabled',
  };
}

/** One page of users, or every user for the "All" page size. */
async function loadUserPage(res: Response, state: TableState, filters: UserListFilters): Promise<{ items: User[]; totalCount: number }> {
  const query = userQuery(state, filters);
  if (state.pageSize !== 'all') {
    return apiOf(res).call({ path: '/api/account/users', query: { ...query, pageNumber: state.page, pageSize: state.pageSize }, schema: pagedUsers });
  }
  const items: User[] = [];
  let totalCount = 0;
  for (let pageNumber = 1; pageNumber <= MAX_ALL_PAGES; pageNumber += 1) {
    const page = await apiOf(res).call({ path: '/api/account/users', query: { ...query, pageNumber, pageSize: API_MAX_PAGE_SIZE }, schema: pagedUsers });
    items.push(...page.items);
    totalCount = page.totalCount;
    if (items.length >= totalCount || page.items.length === 0) break;
  }
  return { items, totalCount };
}

// ---- form values --------------------------------------------------------------------------------

/** The account form's values as posted (`prefix` 'was_' reads the values the admin first saw). */
function formValuesOf(body: unknown, prefix = ''): UserFormValues {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (field: string) => formText(b, `${prefix}${field}`).trim();
  return {
    fullName: text('fullName'),
    email: text('email'),
    jobTitle: text('jobTitle'),
    phoneNumber: text('phoneNumber'),
    leaId: text('leaId'),
    leaIds: formList.parse(b[`${prefix}leaIds`]),
    roles: formList.parse(b[`${prefix}roles`]),
  };
}

function formValuesOfUser(u: User): UserFormValues {
  return {
    fullName: u.fullName,
    email: u.email,
    jobTitle: u.jobTitle,
    phoneNumber: u.phoneNumber,
    leaId: u.leaId === null ? '' : String(u.leaId),
    leaIds: u.leaData.map((l) => String(l.id)),
    roles: [...u.roles],
  };
}

function originalOf(u: User): OriginalValues {
  const { roles: _roles, ...original } = formValuesOfUser(u);
  return original;
}

/** The values the admin saw (the form's hidden was_* fields), or the saved ones when absent. */
function originalFromBody(body: unknown, current: User): OriginalValues {
  if (typeof (body as Record<string, unknown> | undefined)?.was_email !== 'string') return originalOf(current);
  const { roles: _roles, ...original } = formValuesOf(body, 'was_');
  return original;
}

const ID = /^\d{1,9}$/;

function detailValuesOf(o: OriginalValues): UserDetailValues {
  return {
    fullName: o.fullName,
    email: o.email,
    jobTitle: o.jobTitle,
    phoneNumber: o.phoneNumber,
    leaId: ID.test(o.leaId) ? Number(o.leaId) : null,
    leaIds: o.leaIds.filter((x) => ID.test(x)).map(Number),
  };
}

/** The LEAs a form offers: those the viewer may see, plus those the user already has. */
function leaOptionsFor(visible: readonly LeaChoice[], user: User | null): LeaChoice[] {
  const out = [...visible];
  for (const l of user?.leaData ?? []) if (!out.some((x) => x.id === l.id)) out.push(l);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function leaChoiceErrors(leaId: number | null, leaIds: readonly number[], options: readonly LeaChoice[]): FieldError[] {
  const ids = options.map((l) => l.id);
  return [...unknownChoices('leaId', leaId === null ? [] : [leaId], ids), ...unknownChoices('leaIds', leaIds, ids)];
}

// ---- titles and crumbs ------------------------------------------------------------------------

const titleOf = (...parts: string[]) => [...parts, ROUTE.title].join(' - ');
const displayName = (u: User) => u.fullName || u.userName;

function crumbs(extra: Breadcrumb[] = []): Breadcrumb[] {
  return breadcrumbsFor(USERS_PATH, extra);
}

function userCrumbs(u: User, ...more: string[]): Breadcrumb[] {
  return crumbs([{ label: displayName(u), href: userHref(u.id) }, ...more.map((label) => ({ label }))]);
}

// ---- the edit page ------------------------------------------------------------------------------

interface EditView {
  values?: UserFormValues;
  was?: OriginalValues;
  errors?: FieldError[];
  formError?: string;
  checkedRoles?: string[];
  status?: number;
}

/** The audit log's field names as the form labels them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  fullName: uiText.fullNameLabel,
  email: t.email,
  userName: t.email,
  jobTitle: t.jobTitle,
  phoneNumber: t.phoneNumber,
  leaId: t.primaryLea,
  leaIds: t.leas,
  roles: t.roles,
  isEnabled: t.status,
};

function historyLabel(action: string, changes: Record<string, unknown>): string {
  if (action === 'user.update') {
    const fields = [...new Set(Object.keys(changes).map((k) => FIELD_LABELS[k] ?? k))];
    if (fields.length > 0) return t.historyChangedFields(fields.join(', '));
  }
  return t.historyActions[action] ?? action;
}

/** The latest audit entries about the account; left out (null) when the log cannot be read. */
async function loadHistory(req: Request, res: Response, id: string): Promise<HistoryItem[] | null> {
  try {
    const page = await apiOf(res).call({
      path: '/api/audit',
      query: { entityType: 'user', entityId: id, pageSize: 10 },
      schema: pagedAuditEntries,
    });
    return page.items.map((e) => ({
      id: e.id,
      action: historyLabel(e.action, e.changes),
      by: e.actorName ?? e.actorUserId,
      when: formatDateTime(e.at, timeZoneOf(res)),
    }));
  } catch (err) {
    if (!(err instanceof UpstreamError) || err.kind === 'network') throw err;
    req.log.warn({ status: err.status, kind: err.kind }, 'audit log unavailable for the user page');
    return null;
  }
}

async function renderEdit(req: Request, res: Response, u: User, view: EditView = {}): Promise<void> {
  const viewer = viewerOf(req);
  const canManage = holds(viewer, P.usersManage);
  const canAssign = holds(viewer, P.rolesAssign, P.usersManage);
  const [visibleLeas, roles, history] = await Promise.all([
    canManage ? loadLeas(res) : Promise.resolve([] as LeaChoice[]),
    canAssign ? loadRoleNames(res) : Promise.resolve(null),
    canManage ? loadHistory(req, res, u.id) : Promise.resolve(null),
  ]);
  // Roles the user holds stay offered even if the list changed meanwhile.
  const roleOptions = roles ? [...new Set([...roles, ...u.roles])].sort((a, b) => a.localeCompare(b)) : null;
  const errors = view.errors ?? [];
  const tz = timeZoneOf(res);
  renderAdmin(
    req,
    res,
    h(UsersEditPage, {
      user: u,
      values: view.values ?? formValuesOfUser(u),
      was: view.was ?? originalOf(u),
      errors,
      formError: view.formError,
      leas: leaOptionsFor(visibleLeas, u),
      roles: roleOptions,
      checkedRoles: view.checkedRoles ?? u.roles,
      canManage,
      isSelf: u.id.toLowerCase() === viewer.id.toLowerCase(),
      created: formatDateTime(u.createdAt, tz),
      updated: formatDateTime(u.updatedAt, tz),
      history,
    }),
    {
      title: titleOf(t.editUser(displayName(u))),
      breadcrumbs: crumbs([{ label: displayName(u) }]),
      status: view.status,
      errors: errors.length > 0 || Boolean(view.formError),
    },
  );
}

// ---- the router ---------------------------------------------------------------------------------

/** The user id of the path, or a 404 (never an API call with something that is not an id). */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map((x) => x.toLowerCase()));
  const right = new Set(b.map((x) => x.toLowerCase()));
  return left.size === right.size && [...left].every((x) => right.has(x));
}

function userIdOf(req: Request): string {
  const parsed = uuid.safeParse(req.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function adminUsersRouter(_deps: AppDeps): Router {
  const router = Router();
  const view: RequestHandler[] = [requireRoute(ROUTE.id)];
  const manage: RequestHandler[] = [requireRoute(ROUTE.id), requirePermissions(P.usersManage)];
  const assignRoles: RequestHandler[] = [requireRoute(ROUTE.id), requirePermissions(P.rolesAssign, P.usersManage)];

  // -- the list --
  router.get(USERS_PATH, ...view, async (req, res) => {
    const viewer = viewerOf(req);
    let state = parseTableQuery(req.query, USERS_TABLE);
    const canReadRoles = holds(viewer, ...ROLE_READERS);
    const [leas, roles] = await Promise.all([loadLeas(res), canReadRoles ? loadRoleNames(res) : Promise.resolve(null)]);
    const asked = parseUserListFilters(req.query);
    // A role filter the viewer cannot see is not applied behind their back.
    const filters: UserListFilters = { ...asked, role: roles ? asked.role : '' };
    let page = await loadUserPage(res, state, filters);
    // A page past the end (rows deleted, a stale link) shows the last page instead of nothing.
    if (page.items.length === 0 && page.totalCount > 0 && state.page > pageCount(page.totalCount, state.pageSize)) {
      state = clampPage(state, page.totalCount);
      page = await loadUserPage(res, state, filters);
    }
    renderAdmin(
      req,
      res,
      h(UsersListPage, {
        heading: ROUTE.menuLabel,
        rows: page.items,
        total: page.totalCount,
        state,
        config: USERS_TABLE,
        filters,
        leas,
        roles,
        canManage: holds(viewer, P.usersManage),
        jurisdictionOnly: !holds(viewer, P.usersView),
      }),
      { title: ROUTE.title, breadcrumbs: crumbs() },
    );
  });

  // -- create --
  async function renderNew(req: Request, res: Response, values: UserFormValues, errors: FieldError[], status?: number): Promise<void> {
    const [leas, roles] = await Promise.all([loadLeas(res), loadRoleNames(res)]);
    renderAdmin(req, res, h(UsersNewPage, { values, errors, leas, roles }), {
      title: titleOf(t.addUser),
      breadcrumbs: crumbs([{ label: t.addUser }]),
      status,
      errors: errors.length > 0,
    });
  }

  router.get(`${USERS_PATH}/new`, ...manage, async (req, res) => {
    await renderNew(req, res, formValuesOf({}), []);
  });

  router.post(`${USERS_PATH}/new`, ...manage, async (req, res) => {
    const values = formValuesOf(req.body);
    const result = validateForm(userDetailsSchema, req.body, userDetailFields);
    if (!result.ok) return renderNew(req, res, values, result.errors, 422);
    const form = result.data;
    const [leas, roles] = await Promise.all([loadLeas(res), loadRoleNames(res)]);
    const choiceErrors = [...leaChoiceErrors(form.leaId, form.leaIds, leas), ...unknownChoices('roles', form.roles, roles)];
    if (choiceErrors.length) return renderNew(req, res, values, choiceErrors, 422);
    let created: User;
    try {
      created = await apiOf(res).call({
        method: 'POST',
        path: '/api/account/users',
        json: {
          fullName: form.fullName,
          email: form.email,
          jobTitle: form.jobTitle,
          phoneNumber: form.phoneNumber,
          leaId: form.leaId,
          leaIds: form.leaIds,
          roles: form.roles,
        },
        schema: userSchema,
      });
    } catch (err) {
      const refusal = refusalOf(err, userDetailFields);
      // 409: the address (or user name, which is the address) belongs to another account.
      const errors: FieldError[] = refusal.fieldErrors.length
        ? refusal.fieldErrors
        : [{ field: refusal.status === 409 ? 'email' : '', message: refusal.message }];
      return renderNew(req, res, values, errors, refusal.status);
    }
    addFlash(req, { type: 'success', text: t.userCreated(displayName(created), created.email) });
    res.redirect(303, userHref(created.id));
  });

  // -- one user --
  router.get(`${USERS_PATH}/:id`, ...view, async (req, res) => {
    await renderEdit(req, res, await loadUser(res, userIdOf(req)));
  });

  router.post(`${USERS_PATH}/:id`, ...manage, async (req, res) => {
    const id = userIdOf(req);
    const current = await loadUser(res, id);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values = formValuesOf(req.body);
    const was = originalFromBody(req.body, current);
    // The roles ride on the same form when the page showed them: one save for what the page shows.
    const rolesShown = body[ROLES_SHOWN_FIELD] === '1' && holds(viewerOf(req), P.rolesAssign, P.usersManage);
    const checkedRoles = rolesShown ? formList.parse(body.roles) : current.roles;
    const result = validateForm(userDetailsSchema, req.body, userDetailFields);
    if (!result.ok) return renderEdit(req, res, current, { values, was, checkedRoles, errors: result.errors, status: 422 });
    const form = result.data;
    const [leaOptions, roleNames] = await Promise.all([loadLeas(res), rolesShown ? loadRoleNames(res) : Promise.resolve([] as string[])]);
    const choiceErrors = [
      ...leaChoiceErrors(form.leaId, form.leaIds, leaOptionsFor(leaOptions, current)),
      ...(rolesShown ? unknownChoices('roles', checkedRoles, [...new Set([...roleNames, ...current.roles])]) : []),
    ];
    if (choiceErrors.length) return renderEdit(req, res, current, { values, was, checkedRoles, errors: choiceErrors, status: 422 });

    const after: UserDetailValues = {
      fullName: form.fullName,
      email: form.email,
      jobTitle: form.jobTitle,
      phoneNumber: form.phoneNumber,
      leaId: form.leaId,
      leaIds: form.leaIds,
    };
    const operations = userPatchOperations(detailValuesOf(was), after);
    const rolesChanged = rolesShown && !sameSet(checkedRoles, current.roles);
    if (operations.length === 0 && !rolesChanged) {
      addFlash(req, { type: 'info', text: t.noChanges });
      return res.redirect(303, userHref(id));
    }
    let pendingEmail: string | null = null;
    if (operations.length > 0) {
      try {
        const saved = await apiOf(res).call({ method: 'PATCH', path: `/api/account/users/${id}`, json: operations, schema: userSchema });
        pendingEmail = saved.pendingEmail ?? null;
      } catch (err) {
        const refusal = refusalOf(err, userDetailFields);
        if (refusal.status === 409 && /test of/i.test(refusal.message)) {
          // Someone saved this account meanwhile: show their values as the new starting point.
          const fresh = await loadUser(res, id);
          return renderEdit(req, res, fresh, { values, was: originalOf(fresh), checkedRoles, formError: t.changedMeanwhile, status: 409 });
        }
        return renderEdit(req, res, current, { values, was, checkedRoles, ...refusalFeedback(refusal) });
      }
    }
    if (rolesChanged) {
      try {
        await apiOf(res).call({ method: 'PUT', path: `/api/account/users/${id}/roles`, json: { roles: checkedRoles }, schema: userSchema });
      } catch (err) {
        // The details (if any) are saved; the page shows them and keeps the roles as ticked, with why.
        const fresh = await loadUser(res, id);
        return renderEdit(req, res, fresh, { checkedRoles, ...refusalFeedback(refusalOf(err, ['roles'])) });
      }
    }
    if (rolesChanged) await endUserSessions(req, res, id);
    addFlash(req, { type: 'success', text: operations.length > 0 ? t.userSaved(form.fullName) : t.rolesSaved(displayName(current)) });
    if (pendingEmail !== null) addFlash(req, { type: 'info', text: t.emailChangePending(pendingEmail) });
    res.redirect(303, userHref(id));
  });

  router.post(`${USERS_PATH}/:id/roles`, ...assignRoles, async (req, res) => {
    const id = userIdOf(req);
    const current = await loadUser(res, id);
    const result = validateForm(userRolesSchema, req.body, userRolesFields);
    const checked = formList.parse((req.body as Record<string, unknown> | undefined)?.roles);
    if (!result.ok) return renderEdit(req, res, current, { errors: result.errors, checkedRoles: checked, status: 422 });
    const offered = [...new Set([...(await loadRoleNames(res)), ...current.roles])];
    const choiceErrors = unknownChoices('roles', result.data.roles, offered);
    if (choiceErrors.length) return renderEdit(req, res, current, { errors: choiceErrors, checkedRoles: checked, status: 422 });
    try {
      await apiOf(res).call({ method: 'PUT', path: `/api/account/users/${id}/roles`, json: { roles: result.data.roles }, schema: userSchema });
    } catch (err) {
      return renderEdit(req, res, current, { checkedRoles: checked, ...refusalFeedback(refusalOf(err, ['roles'])) });
    }
    if (!sameSet(result.data.roles, current.roles)) await endUserSessions(req, res, id);
    addFlash(req, { type: 'success', text: t.rolesSaved(displayName(current)) });
    res.redirect(303, userHref(id));
  });

  /** The account changed under the user: their portal sessions end (a failure here is logged, not shown). */
  async function endUserSessions(req: Request, res: Response, userId: string): Promise<void> {
    try {
      await endPortalSessions(req, res, userId);
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : err }, 'ending the sessions of a changed account failed');
    }
  }

  // -- account actions: each a POST answered with 303 and a flash (the API's refusal as an error flash) --
  async function act(req: Request, res: Response, action: (u: User) => Promise<unknown>, success: (u: User) => string, after?: string): Promise<void> {
    const id = userIdOf(req);
    const current = await loadUser(res, id);
    try {
      await action(current);
      addFlash(req, { type: 'success', text: success(current) });
      res.redirect(303, after ?? userHref(id));
    } catch (err) {
      const refusal = refusalOf(err, []);
      addFlash(req, { type: 'error', text: refusal.message });
      res.redirect(303, userHref(id));
    }
  }

  const setEnabled = (res: Response, u: User, isEnabled: boolean) =>
    apiOf(res).call({
      method: 'PATCH',
      path: `/api/account/users/${u.id}`,
      json: [{ op: 'replace', path: '/isEnabled', value: isEnabled }],
      schema: userSchema,
    });

  router.post(`${USERS_PATH}/:id/enable`, ...manage, (req, res) => act(req, res, (u) => setEnabled(res, u, true), (u) => t.userEnabled(displayName(u))));

  // Disabling, deleting, setting a password or changing roles ends the user's portal sessions
  // at once (issue 10, finding 2); the API has already refused their tokens.
  router.post(`${USERS_PATH}/:id/disable`, ...manage, (req, res) =>
    act(
      req,
      res,
      async (u) => {
        await setEnabled(res, u, false);
        await endUserSessions(req, res, u.id);
      },
      (u) => t.userDisabled(displayName(u)),
    ),
  );

  router.post(`${USERS_PATH}/:id/unblock`, ...manage, (req, res) =>
    act(req, res, (u) => apiOf(res).call({ method: 'PUT', path: `/api/account/users/unblock/${u.id}` }), (u) => t.userUnblocked(displayName(u))),
  );

  router.post(`${USERS_PATH}/:id/reset-password`, ...manage, (req, res) =>
    act(req, res, (u) => apiOf(res).call({ method: 'POST', path: `/api/account/reset/user-password/${u.id}` }), (u) => t.resetEmailSent(u.email)),
  );

  router.post(`${USERS_PATH}/:id/delete`, ...manage, (req, res) =>
    act(
      req,
      res,
      async (u) => {
        await apiOf(res).call({ method: 'DELETE', path: `/api/account/users/${u.id}` });
        await endUserSessions(req, res, u.id);
      },
      (u) => t.userDeleted(displayName(u)),
      USERS_PATH,
    ),
  );

  // -- confirmation pages (the no-JavaScript side of the ConfirmDialog island) --
  function confirmRoute(action: 'disable' | 'delete'): RequestHandler {
    return async (req, res) => {
      const u = await loadUser(res, userIdOf(req));
      if (action === 'disable' && !u.isEnabled) return res.redirect(303, userHref(u.id));
      const name = displayName(u);
      const label = action === 'disable' ? t.disable : t.delete;
      renderConfirm(
        req,
        res,
        {
          message: action === 'disable' ? t.disableQuestion(name) : t.deleteQuestion(name),
          okLabel: label,
          action: `${userHref(u.id)}/${action}`,
          cancelHref: userHref(u.id),
        },
        { title: titleOf(action === 'disable' ? t.disableTitle(name) : t.deleteTitle(name)), breadcrumbs: userCrumbs(u, label) },
      );
    };
  }
  router.get(`${USERS_PATH}/:id/disable`, ...manage, confirmRoute('disable'));
  router.get(`${USERS_PATH}/:id/delete`, ...manage, confirmRoute('delete'));

  // -- set a password --
  function renderPassword(req: Request, res: Response, u: User, errors: FieldError[] = [], formError?: string, status?: number): void {
    renderAdmin(req, res, h(UsersPasswordPage, { userId: u.id, name: displayName(u), errors, formError }), {
      title: titleOf(t.setPasswordFor(displayName(u))),
      breadcrumbs: userCrumbs(u, t.setPassword),
      status,
      errors: errors.length > 0 || Boolean(formError),
    });
  }

  router.get(`${USERS_PATH}/:id/password`, ...manage, async (req, res) => {
    renderPassword(req, res, await loadUser(res, userIdOf(req)));
  });

  router.post(`${USERS_PATH}/:id/password`, ...manage, async (req, res) => {
    const u = await loadUser(res, userIdOf(req));
    const result = validateForm(setPasswordSchema, req.body, setPasswordFields);
    if (!result.ok) return renderPassword(req, res, u, result.errors, undefined, 422);
    try {
      await apiOf(res).call({
        method: 'PUT',
        path: '/api/account/admin/changeuser-password',
        json: { id: u.id, newPassword: result.data.newPassword },
      });
    } catch (err) {
      const refusal = refusalOf(err, []);
      const body = err instanceof UpstreamError ? err.body : null;
      // Spec §8: the API's list of reasons, each as given ("non alphanumeric" said as "symbol").
      if (body?.reasons?.length) {
        const reasons = resetPasswordFailureMessages(body, refusal.message);
        return renderPassword(req, res, u, reasons.map((message) => ({ field: 'newPassword', message })), undefined, refusal.status);
      }
      return renderPassword(req, res, u, [], refusal.message, refusal.status);
    }
    await endUserSessions(req, res, u.id);
    addFlash(req, { type: 'success', text: t.passwordSet(displayName(u)) });
    res.redirect(303, userHref(u.id));
  });

  return router;
}
