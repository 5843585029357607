// The list manager (spec §2 Admin: list-manager): lookup lists the modules' forms offer. Any
// signed-in user reads active lists and their active items; App.listmanager.manage sees
// everything and edits. Every change is recorded in the audit log.
import { Router } from 'express';
import { z } from 'zod';
import type { LookupList, LookupListItem } from '../../lib/contract.js';
import { validationMessages as v } from '../../lib/messages.js';
import { P } from '../../lib/permissions.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { conflict, idParam, notFound, parse } from '../http.js';
import { builtInListNames, derivedListNames } from '../seed-data/lists.js';
import { isUniqueViolation } from '../sql-errors.js';

export const LIST_MESSAGES = {
  notFound: 'No such list.',
  itemNotFound: 'No such item in this list.',
  nameTaken: 'A list with this name already exists.',
  codeTaken: 'An item with this code already exists in this list.',
  nameFormat: 'Use lowercase letters, digits and single dashes, like dr-request-types.',
  codeFormat: 'Use letters, digits, dots, dashes and underscores, starting with a letter or digit.',
  builtInRename: 'Built-in lists cannot be renamed: forms ask for them by name.',
  builtInDelete: 'Built-in lists cannot be deleted; deactivate the list or its items instead.',
  derivedItems: 'The items of this list are the state holidays, kept on School Calendars and Holidays (/dispute-resolution/calendars).',
} as const;

const INT_MAX = 2_147_483_647;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const listName = z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(100, v.maxLength(100)).regex(NAME, LIST_MESSAGES.nameFormat);
const displayName = z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(200, v.maxLength(200));
const description = z.string({ error: v.incorrectFormat }).trim().max(1000, v.maxLength(1000));
const itemCode = z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(50, v.maxLength(50)).regex(CODE, LIST_MESSAGES.codeFormat);
const itemLabel = z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(200, v.maxLength(200));
const sortOrder = z.number({ error: v.incorrectFormat }).int(v.incorrectFormat).min(0, v.minValue(0)).max(1_000_000, v.maxValue(1_000_000));
const flag = z.boolean({ error: v.incorrectFormat });

const createItemBody = z.object({ code: itemCode, label: itemLabel, sortOrder: sortOrder.optional(), isActive: flag.optional().default(true) });
const updateItemBody = z.object({ code: itemCode.optional(), label: itemLabel.optional(), sortOrder: sortOrder.optional(), isActive: flag.optional() });
const createListBody = z.object({
  name: listName,
  displayName,
  description: description.optional().default(''),
  isActive: flag.optional().default(true),
  items: z.array(createItemBody).max(500, v.maxValue(500)).optional().default([]),
});
// PUT: fields left out keep their stored value.
const updateListBody = z.object({ name: listName.optional(), displayName: displayName.optional(), description: description.optional(), isActive: flag.optional() });

const nameParam = z.object({ name: z.string().max(100, v.maxLength(100)).regex(NAME, LIST_MESSAGES.nameFormat) });
const itemParams = z.object({
  id: z.coerce.number().int().positive().max(INT_MAX),
  itemId: z.coerce.number().int().positive().max(INT_MAX),
});

/** Request schemas, for the OpenAPI document. */
export const listsSchemas = { createListBody, updateListBody, createItemBody, updateItemBody };

interface ListRow {
  id: number;
  name: string;
  display_name: string;
  description: string;
  is_active: boolean;
  item_count: number | string;
}
interface ItemRow {
  id: number;
  code: string;
  label: string;
  sort_order: number;
  is_active: boolean;
}

const toItem = (r: ItemRow): LookupListItem => ({ id: r.id, code: r.code, label: r.label, sortOrder: r.sort_order, isActive: r.is_active });
const toList = (r: ListRow, items?: LookupListItem[]): LookupList => ({
  id: r.id,
  name: r.name,
  displayName: r.display_name,
  description: r.description,
  isActive: r.is_active,
  isBuiltIn: builtInListNames.has(r.name),
  itemCount: Number(r.item_count),
  ...(items ? { items } : {}),
});
const listAuditView = (l: LookupList) => ({ name: l.name, displayName: l.displayName, description: l.description, isActive: l.isActive });
const itemAuditView = (i: LookupListItem) => ({ code: i.code, label: i.label, sortOrder: i.sortOrder, isActive: i.isActive });

/** Lists matching `where`, with the number of items the reader may see. */
async function selectLists(q: Queryable, activeOnly: boolean, where: string, params: unknown[]): Promise<ListRow[]> {
  const r = await q.query<ListRow>(
    `SELECT l.id, l.name, l.display_name, l.description, l.is_active,
            (SELECT count(*)::int FROM lookup_list_entries i WHERE i.list_id = l.id ${activeOnly ? 'AND i.is_active' : ''}) AS item_count
       FROM lookup_lists l
      WHERE ${where} ${activeOnly ? 'AND l.is_active' : ''}
      ORDER BY lower(l.display_name), l.id`,
    params,
  );
  return r.rows;
}

async function itemsOf(q: Queryable, listId: number, activeOnly: boolean): Promise<LookupListItem[]> {
  const r = await q.query<ItemRow>(
    `SELECT id, code, label, sort_order, is_active FROM lookup_list_entries
      WHERE list_id = $1 ${activeOnly ? 'AND is_active' : ''}
      ORDER BY sort_order, lower(label), id`,
    [listId],
  );
  return r.rows.map(toItem);
}

/** One list with its items; null when missing (or inactive, for readers who only see active ones). */
async function loadList(q: Queryable, id: number, activeOnly: boolean): Promise<LookupList | null> {
  const [row] = await selectLists(q, activeOnly, 'l.id = $1', [id]);
  return row ? toList(row, await itemsOf(q, id, activeOnly)) : null;
}

async function assertNameFree(q: Queryable, name: string, exceptId: number | null) {
  const taken = await q.query('SELECT 1 FROM lookup_lists WHERE name = $1 AND id IS DISTINCT FROM $2', [name, exceptId]);
  if (taken.rows.length > 0) throw conflict(LIST_MESSAGES.nameTaken);
}

async function assertCodeFree(q: Queryable, listId: number, code: string, exceptItemId: number | null) {
  const taken = await q.query('SELECT 1 FROM lookup_list_items WHERE list_id = $1 AND lower(code) = lower($2) AND id IS DISTINCT FROM $3', [
    listId,
    code,
    exceptItemId,
  ]);
  if (taken.rows.length > 0) throw conflict(LIST_MESSAGES.codeTaken);
}

/** A list whose items live elsewhere (state-holidays: the holiday list) is read here, never edited. */
function assertOwnItems(list: LookupList): LookupList {
  if (derivedListNames.has(list.name)) throw conflict(LIST_MESSAGES.derivedItems);
  return list;
}

/** A race between a check and the write still answers 409. */
const uniqueAs = (message: string) => (err: unknown): never => {
  throw isUniqueViolation(err) ? conflict(message) : err;
};

export function listsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const manage = requirePermission(P.listManagerManage);
  const db = ctx.db;
  const managesLists = (caller: AuthContext) => can(caller, P.listManagerManage);

  /** The list to edit, locked for the rest of the transaction, or 404. */
  async function lockedList(q: Queryable, id: number): Promise<LookupList> {
    await q.query('SELECT id FROM lookup_lists WHERE id = $1 FOR UPDATE', [id]);
    const list = await loadList(q, id, false);
    if (!list) throw notFound(LIST_MESSAGES.notFound);
    return list;
  }

  // -- reading -----------------------------------------------------------------------------------
  router.get('/api/lists', auth, async (_req, res) => {
    const activeOnly = !managesLists(authOf(res));
    res.json((await selectLists(db, activeOnly, 'true', [])).map((r) => toList(r)));
  });

  // What forms use: the active items of an active list, in order, for everyone alike.
  router.get('/api/lists/by-name/:name', auth, async (req, res) => {
    const { name } = parse(nameParam, req.params, 'path');
    const [row] = await selectLists(db, true, 'l.name = $1', [name]);
    if (!row) throw notFound(LIST_MESSAGES.notFound);
    res.json(toList(row, await itemsOf(db, row.id, true)));
  });

  router.get('/api/lists/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const list = await loadList(db, id, !managesLists(authOf(res)));
    if (!list) throw notFound(LIST_MESSAGES.notFound);
    res.json(list);
  });

  // -- lists -------------------------------------------------------------------------------------
  router.post('/api/lists', auth, manage, async (req, res) => {
    const body = parse(createListBody, req.body, 'body');
    const by = authOf(res).userId;
    const codes = body.items.map((i) => i.code.toLowerCase());
    const repeated = codes.findIndex((c, i) => codes.indexOf(c) !== i);
    if (repeated >= 0) throw conflict(LIST_MESSAGES.codeTaken);
    const list = await db
      .tx(async (q) => {
        await assertNameFree(q, body.name, null);
        const created = await q.query<{ id: number }>(
          `INSERT INTO lookup_lists (name, display_name, description, is_active, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
          [body.name, body.displayName, body.description, body.isActive, by],
        );
        const id = created.rows[0]!.id;
        if (body.items.length) {
          await q.query(
            `INSERT INTO lookup_list_items (list_id, code, label, sort_order, is_active, created_by, updated_by)
             SELECT $1, code, label, sort_order, is_active, $3, $3
               FROM jsonb_to_recordset($2::jsonb) AS x(code text, label text, sort_order integer, is_active boolean)`,
            [
              id,
              JSON.stringify(body.items.map((item, i) => ({ code: item.code, label: item.label, sort_order: item.sortOrder ?? (i + 1) * 10, is_active: item.isActive }))),
              by,
            ],
          );
        }
        const made = (await loadList(q, id, false))!;
        await recordAudit(q, {
          actor: by,
          action: 'lookup-list.create',
          entityType: 'lookup-list',
          entityId: id,
          changes: { ...createdChanges(listAuditView(made)), items: { to: made.items?.map(itemAuditView) ?? [] } },
        });
        return made;
      })
      .catch(uniqueAs(LIST_MESSAGES.nameTaken));
    res.status(201).location(`/api/lists/${list.id}`).json(list);
  });

  router.put('/api/lists/:id', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(updateListBody, req.body, 'body');
    const by = authOf(res).userId;
    const list = await db
      .tx(async (q) => {
        const before = await lockedList(q, id);
        if (body.name !== undefined && body.name !== before.name) {
          if (before.isBuiltIn) throw conflict(LIST_MESSAGES.builtInRename);
          await assertNameFree(q, body.name, id);
        }
        await q.query(
          `UPDATE lookup_lists SET name = $2, display_name = $3, description = $4, is_active = $5, updated_at = now(), updated_by = $6 WHERE id = $1`,
          [id, body.name ?? before.name, body.displayName ?? before.displayName, body.description ?? before.description, body.isActive ?? before.isActive, by],
        );
        const after = (await loadList(q, id, false))!;
        await recordAudit(q, { actor: by, action: 'lookup-list.update', entityType: 'lookup-list', entityId: id, changes: diffChanges(listAuditView(before), listAuditView(after)) });
        return after;
      })
      .catch(uniqueAs(LIST_MESSAGES.nameTaken));
    res.json(list);
  });

  router.delete('/api/lists/:id', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const by = authOf(res).userId;
    await db.tx(async (q) => {
      const before = await lockedList(q, id);
      // The seed would bring it back on the next start, so deleting it would not stick.
      if (before.isBuiltIn) throw conflict(LIST_MESSAGES.builtInDelete);
      await q.query('DELETE FROM lookup_lists WHERE id = $1', [id]);
      await recordAudit(q, {
        actor: by,
        action: 'lookup-list.delete',
        entityType: 'lookup-list',
        entityId: id,
        changes: { ...deletedChanges(listAuditView(before)), items: { from: before.items?.map(itemAuditView) ?? [] } },
      });
    });
    res.status(204).end();
  });

  // -- items -------------------------------------------------------------------------------------
  router.post('/api/lists/:id/items', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(createItemBody, req.body, 'body');
    const by = authOf(res).userId;
    const item = await db
      .tx(async (q) => {
        assertOwnItems(await lockedList(q, id));
        await assertCodeFree(q, id, body.code, null);
        // Without a sort order the item goes last.
        const created = await q.query<ItemRow>(
          `INSERT INTO lookup_list_items (list_id, code, label, sort_order, is_active, created_by, updated_by)
           VALUES ($1, $2, $3, COALESCE($4::int, (SELECT COALESCE(max(sort_order), 0) + 10 FROM lookup_list_items WHERE list_id = $1)), $5, $6, $6)
           RETURNING id, code, label, sort_order, is_active`,
          [id, body.code, body.label, body.sortOrder ?? null, body.isActive, by],
        );
        const made = toItem(created.rows[0]!);
        await recordAudit(q, {
          actor: by,
          action: 'lookup-list.item-create',
          entityType: 'lookup-list',
          entityId: id,
          changes: { itemId: { to: made.id }, ...createdChanges(itemAuditView(made)) },
        });
        return made;
      })
      .catch(uniqueAs(LIST_MESSAGES.codeTaken));
    res.status(201).location(`/api/lists/${id}/items/${item.id}`).json(item);
  });

  router.put('/api/lists/:id/items/:itemId', auth, manage, async (req, res) => {
    const { id, itemId } = parse(itemParams, req.params, 'path');
    const body = parse(updateItemBody, req.body, 'body');
    const by = authOf(res).userId;
    const item = await db
      .tx(async (q) => {
        const list = assertOwnItems(await lockedList(q, id));
        const before = list.items?.find((i) => i.id === itemId);
        if (!before) throw notFound(LIST_MESSAGES.itemNotFound);
        if (body.code !== undefined) await assertCodeFree(q, id, body.code, itemId);
        const updated = await q.query<ItemRow>(
          `UPDATE lookup_list_items SET code = $3, label = $4, sort_order = $5, is_active = $6, updated_at = now(), updated_by = $7
            WHERE id = $1 AND list_id = $2
            RETURNING id, code, label, sort_order, is_active`,
          [itemId, id, body.code ?? before.code, body.label ?? before.label, body.sortOrder ?? before.sortOrder, body.isActive ?? before.isActive, by],
        );
        const after = toItem(updated.rows[0]!);
        await recordAudit(q, {
          actor: by,
          action: 'lookup-list.item-update',
          entityType: 'lookup-list',
          entityId: id,
          changes: { itemId: { from: itemId, to: itemId }, ...diffChanges(itemAuditView(before), itemAuditView(after)) },
        });
        return after;
      })
      .catch(uniqueAs(LIST_MESSAGES.codeTaken));
    res.json(item);
  });

  router.delete('/api/lists/:id/items/:itemId', auth, manage, async (req, res) => {
    const { id, itemId } = parse(itemParams, req.params, 'path');
    const by = authOf(res).userId;
    await db.tx(async (q) => {
      const list = assertOwnItems(await lockedList(q, id));
      const before = list.items?.find((i) => i.id === itemId);
      if (!before) throw notFound(LIST_MESSAGES.itemNotFound);
      await q.query('DELETE FROM lookup_list_items WHERE id = $1 AND list_id = $2', [itemId, id]);
      await recordAudit(q, {
        actor: by,
        action: 'lookup-list.item-delete',
        entityType: 'lookup-list',
        entityId: id,
        changes: { itemId: { from: itemId }, ...deletedChanges(itemAuditView(before)) },
      });
    });
    res.status(204).end();
  });

  return router;
}
