// List Manager (/admin/list-manager, App.listmanager.manage): lookup lists and their items
// (code, label, order, active), each added, edited and deleted through plain forms. Built-in
// lists keep their code name and cannot be deleted (the API refuses; the page does not offer it).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { lookupList, lookupListItem, type LookupList, type LookupListItem } from '../../../lib/contract.js';
import { HOLIDAYS_SCREEN, STATE_HOLIDAYS_LIST } from '../../../lib/calendar.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { calendarText } from '../../../lib/shared/messages.js';
import {
  formValues,
  listFields,
  listItemFields,
  listItemSchema,
  listSchema,
  validateForm,
  type FieldError,
  type ListForm,
  type ListItemForm,
} from '../../../lib/validation/admin-org.js';
import { ListEditPage } from '../../../views/pages/admin/ListEditPage.js';
import { ListItemPage } from '../../../views/pages/admin/ListItemPage.js';
import { ListManagerPage } from '../../../views/pages/admin/ListManagerPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { requireRoute } from '../../route-guard.js';
import { crumbsFor, deleteRoutes, lastUpdatedText, pathId, refusedFields, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.list-manager';
const BASE = '/admin/list-manager';

async function loadList(res: Response, id: number): Promise<LookupList & { items: LookupListItem[] }> {
  const list = await res.locals.api.call({ path: `/api/lists/${id}`, schema: lookupList });
  return { ...list, items: list.items ?? [] };
}

function itemOf(list: { items: LookupListItem[] }, itemId: number): LookupListItem {
  const item = list.items.find((i) => i.id === itemId);
  if (!item) throw notFound();
  return item;
}

async function renderList(req: Request, res: Response, values: ListForm, errors: FieldError[], list?: LookupList & { items: LookupListItem[] }): Promise<void> {
  const title = list ? t.editListTitle(list.displayName) : t.newListTitle;
  const lastUpdated = list ? await lastUpdatedText(res, 'lookup-list', list.id) : null;
  renderAdmin(
    req,
    res,
    createElement(ListEditPage, {
      title,
      values,
      errors,
      list: list
        ? {
            id: list.id,
            displayName: list.displayName,
            isBuiltIn: list.isBuiltIn,
            items: list.items,
            lastUpdated,
            itemsKeptOn: list.name === STATE_HOLIDAYS_LIST ? { href: HOLIDAYS_SCREEN, label: calendarText.menu } : null,
          }
        : undefined,
    }),
    {
      title: titleFor(ROUTE, title),
      breadcrumbs: crumbsFor(ROUTE, [{ label: list ? list.displayName : t.newListTitle }]),
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
    },
  );
}

function renderItem(req: Request, res: Response, list: LookupList, values: ListItemForm, errors: FieldError[], itemId?: number): void {
  const title = itemId === undefined ? t.newItemTitle(list.displayName) : t.editItemTitle(values.label);
  renderAdmin(req, res, createElement(ListItemPage, { title, listId: list.id, itemId, values, errors }), {
    title: titleFor(ROUTE, title),
    breadcrumbs: crumbsFor(ROUTE, [{ label: list.displayName, href: `${BASE}/${list.id}` }, { label: itemId === undefined ? t.addItem : values.label }]),
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

const itemBody = (form: ListItemForm) => ({
  code: form.code,
  label: form.label,
  isActive: form.isActive,
  ...(form.sortOrder === '' ? {} : { sortOrder: Number(form.sortOrder) }),
});

const itemValues = (item: LookupListItem): ListItemForm => ({ label: item.label, code: item.code, sortOrder: String(item.sortOrder), isActive: item.isActive });

export function adminListsRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    const lists = await res.locals.api.call({ path: '/api/lists', schema: z.array(lookupList) });
    renderAdmin(req, res, createElement(ListManagerPage, { lists }), { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE) });
  });

  // ---- lists ----
  router.get(`${BASE}/new`, async (req, res) => {
    await renderList(req, res, { displayName: '', name: '', description: '', isActive: true }, []);
  });

  router.post(`${BASE}/new`, async (req, res) => {
    const result = validateForm(listSchema, req.body, listFields);
    if (!result.ok) return renderList(req, res, formValues(listSchema, req.body), result.errors);
    try {
      const created = await res.locals.api.call({ method: 'POST', path: '/api/lists', json: result.data, schema: lookupList });
      addFlash(req, { type: 'success', text: t.listCreated(created.displayName) });
      res.redirect(303, `${BASE}/${created.id}`);
    } catch (err) {
      await renderList(req, res, result.data, refusedFields(err, listFields, 'name'));
    }
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    await renderList(req, res, { displayName: list.displayName, name: list.name, description: list.description, isActive: list.isActive }, [], list);
  });

  router.post(`${BASE}/:id`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const result = validateForm(listSchema, req.body, listFields);
    if (!result.ok) return renderList(req, res, formValues(listSchema, req.body), result.errors, list);
    try {
      const saved = await res.locals.api.call({ method: 'PUT', path: `/api/lists/${list.id}`, json: result.data, schema: lookupList });
      addFlash(req, { type: 'success', text: t.listSaved(saved.displayName) });
      res.redirect(303, `${BASE}/${list.id}`);
    } catch (err) {
      await renderList(req, res, result.data, refusedFields(err, listFields, 'name'), list);
    }
  });

  deleteRoutes(router, `${BASE}/:id/delete`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const href = `${BASE}/${list.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.deleteListTitle(list.displayName),
        message: t.deleteQuestion(list.displayName),
        okLabel: t.delete,
        cancelHref: href,
        breadcrumbs: [{ label: list.displayName, href }, { label: t.delete }],
      },
      apiPath: `/api/lists/${list.id}`,
      done: t.listDeleted(list.displayName),
      doneHref: BASE,
      // Built-in lists are refused by the API.
      refusedHref: href,
    };
  });

  // ---- items ----
  router.get(`${BASE}/:id/items/new`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    renderItem(req, res, list, { label: '', code: '', sortOrder: '', isActive: true }, []);
  });

  router.post(`${BASE}/:id/items/new`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const result = validateForm(listItemSchema, req.body, listItemFields);
    if (!result.ok) return renderItem(req, res, list, formValues(listItemSchema, req.body), result.errors);
    try {
      const item = await res.locals.api.call({ method: 'POST', path: `/api/lists/${list.id}/items`, json: itemBody(result.data), schema: lookupListItem });
      addFlash(req, { type: 'success', text: t.itemAdded(item.label) });
      res.redirect(303, `${BASE}/${list.id}`);
    } catch (err) {
      renderItem(req, res, list, result.data, refusedFields(err, listItemFields, 'code'));
    }
  });

  router.get(`${BASE}/:id/items/:itemId`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const item = itemOf(list, pathId(req.params.itemId));
    renderItem(req, res, list, itemValues(item), [], item.id);
  });

  router.post(`${BASE}/:id/items/:itemId`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const item = itemOf(list, pathId(req.params.itemId));
    const result = validateForm(listItemSchema, req.body, listItemFields);
    if (!result.ok) return renderItem(req, res, list, formValues(listItemSchema, req.body), result.errors, item.id);
    try {
      const saved = await res.locals.api.call({
        method: 'PUT',
        path: `/api/lists/${list.id}/items/${item.id}`,
        json: itemBody(result.data),
        schema: lookupListItem,
      });
      addFlash(req, { type: 'success', text: t.itemSaved(saved.label) });
      res.redirect(303, `${BASE}/${list.id}`);
    } catch (err) {
      renderItem(req, res, list, result.data, refusedFields(err, listItemFields, 'code'), item.id);
    }
  });

  deleteRoutes(router, `${BASE}/:id/items/:itemId/delete`, async (req, res) => {
    const list = await loadList(res, pathId(req.params.id));
    const item = itemOf(list, pathId(req.params.itemId));
    const listHref = `${BASE}/${list.id}`;
    const href = `${listHref}/items/${item.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.deleteItemTitle(item.label),
        message: t.deleteQuestion(item.label),
        okLabel: t.delete,
        cancelHref: href,
        breadcrumbs: [{ label: list.displayName, href: listHref }, { label: item.label, href }, { label: t.delete }],
      },
      apiPath: `/api/lists/${list.id}/items/${item.id}`,
      done: t.itemDeleted(item.label),
      doneHref: listHref,
    };
  });

  return router;
}
