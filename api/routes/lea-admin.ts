// The parts of an LEA the admin screens edit one at a time: contacts and school years
// (App.leas.manage) and members (App.users.manage, under the who-may-manage-whom rules of
// api/lea-members.ts). An LEA the caller cannot see is a 404, as everywhere else.
import { Router } from 'express';
import { z } from 'zod';
import { validationMessages as v } from '../../lib/messages.js';
import { P } from '../../lib/permissions.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, idParam, notFound, parse } from '../http.js';
import { setLeaMembers } from '../lea-members.js';
import { isVisible, visibleLeaIds } from '../lea-scope.js';
import { loadUsers } from '../users.js';
import { LEA_MESSAGES, loadLeas } from './leas.js';

const INT_MAX = 2_147_483_647;
const contactParams = z.object({
  id: z.coerce.number().int().positive().max(INT_MAX),
  contactId: z.coerce.number().int().positive().max(INT_MAX),
});

const contactFields = {
  name: z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(200, v.maxLength(200)),
  email: z
    .string({ error: v.emailRequired })
    .trim()
    .min(1, { error: v.emailRequired, abort: true })
    .max(254, v.maxLength(254))
    .pipe(z.email(v.validEmail)),
  phone: z.string({ error: v.incorrectFormat }).trim().max(50, v.maxLength(50)),
  title: z.string({ error: v.incorrectFormat }).trim().max(200, v.maxLength(200)),
};
const createContactBody = z.object({ ...contactFields, phone: contactFields.phone.optional().default(''), title: contactFields.title.optional().default('') });
// PUT: fields left out keep their stored value.
const updateContactBody = z.object({
  name: contactFields.name.optional(),
  email: contactFields.email.optional(),
  phone: contactFields.phone.optional(),
  title: contactFields.title.optional(),
});
const yearsBody = z.object({ years: z.array(z.string({ error: v.incorrectFormat }).trim().max(9, LEA_MESSAGES.unknownYear), { error: v.fieldRequired }).max(100) });
const usersBody = z.object({ userIds: z.array(z.guid(v.incorrectFormat), { error: v.fieldRequired }).max(10_000) });

/** Request schemas, for the OpenAPI document. */
export const leaAdminSchemas = { createContactBody, updateContactBody, yearsBody, usersBody };

interface ContactRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  title: string;
}
const toContact = (r: ContactRow) => ({ id: r.id, name: r.name, email: r.email, phone: r.phone, title: r.title });
const contactView = (c: ContactRow) => ({ name: c.name, email: c.email, phone: c.phone, title: c.title });

export function leaAdminRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  /** 404 unless the LEA exists and the caller may see it. */
  async function visibleLea(q: Queryable, caller: AuthContext, id: number): Promise<void> {
    const visible = await visibleLeaIds(q, caller);
    const exists = await q.query('SELECT 1 FROM leas WHERE id = $1', [id]);
    if (!isVisible(visible, id) || exists.rows.length === 0) throw notFound(LEA_MESSAGES.notFound);
  }

  /** Locks the LEA row for the transaction; 404 when it was deleted meanwhile. */
  async function lockLea(q: Queryable, id: number): Promise<void> {
    const locked = await q.query('SELECT id FROM leas WHERE id = $1 FOR UPDATE', [id]);
    if (locked.rows.length === 0) throw notFound(LEA_MESSAGES.notFound);
  }

  async function contactOf(q: Queryable, leaId: number, contactId: number, lock: boolean): Promise<ContactRow> {
    const r = await q.query<ContactRow>(`SELECT id, name, email, phone, title FROM lea_contacts WHERE id = $1 AND lea_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [
      contactId,
      leaId,
    ]);
    const row = r.rows[0];
    if (!row) throw notFound(LEA_MESSAGES.unknownContact);
    return row;
  }

  // -- contacts ----------------------------------------------------------------------------------
  router.post('/api/leas/:id/contacts', auth, requirePermission(P.leasManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(createContactBody, req.body, 'body');
    const caller = authOf(res);
    await visibleLea(db, caller, id);
    const contact = await db.tx(async (q) => {
      await lockLea(q, id);
      const r = await q.query<ContactRow>(
        `INSERT INTO lea_contacts (lea_id, name, email, phone, title, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6)
         RETURNING id, name, email, phone, title`,
        [id, body.name, body.email, body.phone, body.title, caller.userId],
      );
      const row = r.rows[0]!;
      await recordAudit(q, {
        actor: caller.userId,
        action: 'lea.contact-create',
        entityType: 'lea',
        entityId: id,
        changes: { contactId: { to: row.id }, ...createdChanges(contactView(row)) },
      });
      return row;
    });
    res.status(201).json(toContact(contact));
  });

  router.put('/api/leas/:id/contacts/:contactId', auth, requirePermission(P.leasManage), async (req, res) => {
    const { id, contactId } = parse(contactParams, req.params, 'path');
    const body = parse(updateContactBody, req.body, 'body');
    const caller = authOf(res);
    await visibleLea(db, caller, id);
    const contact = await db.tx(async (q) => {
      const before = await contactOf(q, id, contactId, true);
      const r = await q.query<ContactRow>(
        `UPDATE lea_contacts SET name = $3, email = $4, phone = $5, title = $6, updated_at = now(), updated_by = $7
          WHERE id = $1 AND lea_id = $2 RETURNING id, name, email, phone, title`,
        [contactId, id, body.name ?? before.name, body.email ?? before.email, body.phone ?? before.phone, body.title ?? before.title, caller.userId],
      );
      const after = r.rows[0]!;
      await recordAudit(q, {
        actor: caller.userId,
        action: 'lea.contact-update',
        entityType: 'lea',
        entityId: id,
        changes: { contactId: { from: contactId, to: contactId }, ...diffChanges(contactView(before), contactView(after)) },
      });
      return after;
    });
    res.json(toContact(contact));
  });

  router.delete('/api/leas/:id/contacts/:contactId', auth, requirePermission(P.leasManage), async (req, res) => {
    const { id, contactId } = parse(contactParams, req.params, 'path');
    const caller = authOf(res);
    await visibleLea(db, caller, id);
    await db.tx(async (q) => {
      const before = await contactOf(q, id, contactId, true);
      await q.query('DELETE FROM lea_contacts WHERE id = $1 AND lea_id = $2', [contactId, id]);
      await recordAudit(q, {
        actor: caller.userId,
        action: 'lea.contact-delete',
        entityType: 'lea',
        entityId: id,
        changes: { contactId: { from: contactId }, ...deletedChanges(contactView(before)) },
      });
    });
    res.status(204).end();
  });

  // -- school years ------------------------------------------------------------------------------
  router.put('/api/leas/:id/years', auth, requirePermission(P.leasManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const { years } = parse(yearsBody, req.body, 'body');
    const caller = authOf(res);
    await visibleLea(db, caller, id);
    const keys = [...new Set(years)].sort();
    await db.tx(async (q) => {
      const known = new Set((await q.query<{ key: string }>('SELECT key FROM school_years WHERE key = ANY($1::text[])', [keys])).rows.map((r) => r.key));
      const errors = years.flatMap((key, i) => (known.has(key) ? [] : [{ field: `years.${i}`, message: LEA_MESSAGES.unknownYear }]));
      if (errors.length) throw badRequest('The body is not valid.', { errors });
      await lockLea(q, id);
      const before = (await q.query<{ key: string }>('SELECT school_year_key AS key FROM lea_years WHERE lea_id = $1 ORDER BY 1', [id])).rows.map((r) => r.key);
      await q.query('DELETE FROM lea_years WHERE lea_id = $1 AND NOT (school_year_key = ANY($2::text[]))', [id, keys]);
      await q.query(
        `INSERT INTO lea_years (lea_id, school_year_key, created_by, updated_by)
         SELECT $1, k, $3, $3 FROM unnest($2::text[]) AS k ON CONFLICT DO NOTHING`,
        [id, keys, caller.userId],
      );
      const changes = diffChanges({ leaYears: before }, { leaYears: keys });
      if (Object.keys(changes).length) {
        await q.query('UPDATE leas SET updated_at = now(), updated_by = $2 WHERE id = $1', [id, caller.userId]);
        await recordAudit(q, { actor: caller.userId, action: 'lea.years-update', entityType: 'lea', entityId: id, changes });
      }
    });
    const [lea] = await loadLeas(db, [id], { userLeas: true, contacts: true });
    res.json(lea);
  });

  // -- members -----------------------------------------------------------------------------------
  router.put('/api/leas/:id/users', auth, requirePermission(P.usersManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const { userIds } = parse(usersBody, req.body, 'body');
    const caller = authOf(res);
    await visibleLea(db, caller, id);
    await db.tx(async (q) => {
      await lockLea(q, id);
      await setLeaMembers(q, caller, id, userIds, (i) => `userIds.${i}`);
    });
    res.json(await loadUsers(db, { leaId: id, now: ctx.now() }));
  });

  return router;
}
