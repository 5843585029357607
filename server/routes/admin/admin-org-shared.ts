// What the admin-org routers (LEAs, schools, text blocks, email logs, lists, notification
// events, utilities) share: page titles and breadcrumbs from the route table, ids from the path,
// the API's refusals turned into field messages, the "Last updated by … on …" line read from the
// API's audit log, pages of API lists (All included), and the no-JavaScript confirmation page
// of a delete.
import type { Request, Response, Router } from 'express';
import { createElement, type ReactElement } from 'react';
import { pagedAuditEntries } from '../../../lib/contract.js';
import { formatDateTime } from '../../../lib/dates.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { breadcrumbsFor, type Breadcrumb } from '../../../lib/navigation.js';
import { routeById } from '../../../lib/routes.js';
import { clampPage, type TableState } from '../../../lib/table-query.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { ConfirmPage } from '../../../views/components/ConfirmDialog.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage, type PageOptions } from '../../render.js';
import { UpstreamError } from '../../upstream.js';

/** The <title> of a page below a route: 'Add LEA - Manage LEAs - Admin'. */
export function titleFor(routeId: string, ...before: string[]): string {
  return [...before, routeById(routeId).title].join(' - ');
}

/** Breadcrumbs from the route table (Dashboard \ Admin \ Manage LEAs), then the page's own. */
export function crumbsFor(routeId: string, extra: readonly Breadcrumb[] = []): Breadcrumb[] {
  return breadcrumbsFor(routeById(routeId).path, extra);
}

/** Renders an admin page inside the shell. */
export function renderAdmin(req: Request, res: Response, page: ReactElement, options: Omit<PageOptions, 'layout'>): void {
  renderPage(req, res, page, { ...options, layout: 'shell' });
}

/** A positive integer id from the path; anything else is a 404 (never a call to the API). */
export function pathId(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value)) throw notFound();
  return Number(value);
}

/**
 * The API's refusal of a form (400 with field errors, 409 conflict) as field messages: errors on
 * the form's own fields stay on them, others (and a bare message) go to the whole form or to
 * `conflictField`. Any other failure is not the form's business and is thrown on to the error
 * handler (403 Access Denied!, 404, no network...).
 */
export function refusedFields(err: unknown, fields: readonly string[], conflictField?: string): FieldError[] {
  if (!(err instanceof UpstreamError) || err.kind !== 'http' || ![400, 409, 422].includes(err.status)) throw err;
  const errors = (err.body?.errors ?? []).map((e) => {
    const field = e.field.split('.')[0] ?? '';
    return { field: fields.includes(field) ? field : 'form', message: e.message };
  });
  if (errors.length === 0) errors.push({ field: err.status === 409 && conflictField ? conflictField : 'form', message: err.message });
  return errors;
}

/** True for the API's 409 (a refusal with a message worth showing as it is, e.g. "users belong"). */
export function isConflict(err: unknown): err is UpstreamError {
  return err instanceof UpstreamError && err.kind === 'http' && (err.status === 409 || err.status === 400);
}

/**
 * "Last updated by … on …" from the newest audit log entry of an entity; null when there is
 * none or the user may not read the log (it needs App.roles.manage or App.users.manage).
 */
export async function lastUpdatedText(res: Response, entityType: string, entityId: string | number): Promise<string | null> {
  try {
    const page = await res.locals.api.call({
      path: '/api/audit',
      query: { entityType, entityId: String(entityId), pageSize: 1 },
      schema: pagedAuditEntries,
    });
    const entry = page.items[0];
    if (!entry) return null;
    const by = entry.actorName ?? (entry.actorUserId === 'system' ? t.system : entry.actorUserId);
    return t.lastUpdated(by, formatDateTime(entry.at, res.locals.deps.config.tz));
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'http') return null;
    throw err;
  }
}

export interface ConfirmOptions {
  routeId: string;
  /** Unique page title part, e.g. 'Delete LEA: Lincoln'. */
  title: string;
  message: string;
  okLabel: string;
  /** Where Ok posts (the same path as this page). */
  action: string;
  cancelHref: string;
  breadcrumbs: readonly Breadcrumb[];
}

/** The confirmation page a Delete link leads to without JavaScript (spec §9: 'Are you sure?'). */
export function renderConfirm(req: Request, res: Response, o: ConfirmOptions): void {
  renderAdmin(req, res, createElement(ConfirmPage, { message: o.message, okLabel: o.okLabel, action: o.action, cancelHref: o.cancelHref }), {
    title: titleFor(o.routeId, o.title),
    breadcrumbs: crumbsFor(o.routeId, o.breadcrumbs),
  });
}

/** What deleting one thing takes: its question, the API call, and where each answer leads. */
export interface DeletePlan {
  confirm: Omit<ConfirmOptions, 'action'>;
  /** DELETE this API path. */
  apiPath: string;
  /** The success flash and the page it shows on. */
  done: string;
  doneHref: string;
  /** Where the API's refusal (409, e.g. "users belong to it") is shown; without it a refusal is an error. */
  refusedHref?: string;
}

/**
 * GET `path`: the confirmation page (the Delete link without JavaScript); POST `path` (from that
 * page or the ConfirmDialog island): the delete, then 303 with a flash.
 */
export function deleteRoutes(router: Router, path: string, plan: (req: Request, res: Response) => Promise<DeletePlan>): void {
  router.get(path, async (req, res) => {
    const p = await plan(req, res);
    renderConfirm(req, res, { ...p.confirm, action: req.path });
  });
  router.post(path, async (req, res) => {
    const p = await plan(req, res);
    try {
      await res.locals.api.call({ method: 'DELETE', path: p.apiPath });
    } catch (err) {
      if (p.refusedHref === undefined || !isConflict(err)) throw err;
      addFlash(req, { type: 'error', text: err.message });
      return res.redirect(303, p.refusedHref);
    }
    addFlash(req, { type: 'success', text: p.done });
    res.redirect(303, p.doneHref);
  });
}

export interface Paged<T> {
  items: T[];
  totalCount: number;
}

/** Most pages of one list read for "All": beyond that the table shows what it has. */
const MAX_ALL_PAGES = 20;

/**
 * The rows of a table state from a paged API list: one page, brought back inside the last page
 * when the query asked beyond it; for 'all', every page at the API's largest page size.
 */
export async function readPaged<T>(
  state: TableState,
  apiMaxPageSize: number,
  fetchPage: (pageNumber: number, pageSize: number) => Promise<Paged<T>>,
): Promise<{ items: T[]; total: number; state: TableState }> {
  if (state.pageSize === 'all') {
    const items: T[] = [];
    let total = 0;
    for (let page = 1; page <= MAX_ALL_PAGES; page += 1) {
      const got = await fetchPage(page, apiMaxPageSize);
      items.push(...got.items);
      total = got.totalCount;
      if (got.items.length === 0 || items.length >= total) break;
    }
    return { items, total, state: { ...state, page: 1 } };
  }
  const size = Math.min(state.pageSize, apiMaxPageSize);
  const first = await fetchPage(state.page, size);
  const clamped = clampPage(state, first.totalCount);
  if (clamped.page === state.page) return { items: first.items, total: first.totalCount, state };
  const again = await fetchPage(clamped.page, size);
  return { items: again.items, total: again.totalCount, state: clamped };
}
