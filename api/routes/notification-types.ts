// Manage Notification Events (spec §2 Admin: manage-notification): the notification event types
// users subscribe to, for App.notification.manage. Editing a type brings its existing
// subscriptions within the new rules, so nobody is left on a frequency or channel no longer
// offered. Every change is recorded in the audit log.
import { Router } from 'express';
import { z } from 'zod';
import type { EventNotificationType } from '../../lib/contract.js';
import { validationMessages as v } from '../../lib/messages.js';
import { P, permissionCatalogue } from '../../lib/permissions.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { conflict, idParam, notFound, parse } from '../http.js';
import { eventTypeSeeds } from '../seed-data/event-types.js';
import { isUniqueViolation } from '../sql-errors.js';
import { NOTIFICATION_MESSAGES } from './event-notification.js';

export const EVENT_TYPE_MESSAGES = {
  notFound: NOTIFICATION_MESSAGES.typeNotFound,
  nameTaken: 'A notification event with this name already exists.',
  inUse: 'This notification event cannot be deleted while users are subscribed to it.',
  builtInRename: 'Built-in notification events cannot be renamed: the modules send them by name.',
  builtInDelete: 'Built-in notification events cannot be deleted.',
  noChannel: 'Offer email, system messages, or both.',
  frequency: 'Choose one or more of 1 (Immediately), 2 (Daily), 3 (Weekly) and 4 (Monthly).',
} as const;

/** The modules a type can belong to: the permission catalogue's (App for portal-wide events). */
export const NOTIFICATION_MODULES = [...new Set(permissionCatalogue.map((p) => p.value.split('.')[0]!))] as [string, ...string[]];
const builtInTypeNames: ReadonlySet<string> = new Set(eventTypeSeeds.map((t) => t.name));

const fields = {
  name: z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(200, v.maxLength(200)),
  description: z.string({ error: v.incorrectFormat }).trim().max(1000, v.maxLength(1000)),
  module: z.enum(NOTIFICATION_MODULES, v.selectFromList),
  supportedFrequency: z
    .array(z.number({ error: EVENT_TYPE_MESSAGES.frequency }).int(EVENT_TYPE_MESSAGES.frequency).min(1, EVENT_TYPE_MESSAGES.frequency).max(4, EVENT_TYPE_MESSAGES.frequency), {
      error: EVENT_TYPE_MESSAGES.frequency,
    })
    .min(1, EVENT_TYPE_MESSAGES.frequency)
    .max(4, EVENT_TYPE_MESSAGES.frequency)
    .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  isSupportsEmail: z.boolean({ error: v.incorrectFormat }),
  isSupportsInApp: z.boolean({ error: v.incorrectFormat }),
  isRequired: z.boolean({ error: v.incorrectFormat }),
  hasLea: z.boolean({ error: v.incorrectFormat }),
  hasSpecificDate: z.boolean({ error: v.incorrectFormat }),
};
const atLeastOneChannel = <T extends { isSupportsEmail: boolean; isSupportsInApp: boolean }>(b: T) => b.isSupportsEmail || b.isSupportsInApp;

const typeBody = z
  .object({
    ...fields,
    description: fields.description.optional().default(''),
    isRequired: fields.isRequired.optional().default(false),
    hasLea: fields.hasLea.optional().default(false),
    hasSpecificDate: fields.hasSpecificDate.optional().default(false),
  })
  .refine(atLeastOneChannel, { path: ['isSupportsInApp'], error: EVENT_TYPE_MESSAGES.noChannel });
// PUT: fields left out keep their stored value; the merged type must still offer a channel.
const updateBody = z.object({
  name: fields.name.optional(),
  description: fields.description.optional(),
  module: fields.module.optional(),
  supportedFrequency: fields.supportedFrequency.optional(),
  isSupportsEmail: fields.isSupportsEmail.optional(),
  isSupportsInApp: fields.isSupportsInApp.optional(),
  isRequired: fields.isRequired.optional(),
  hasLea: fields.hasLea.optional(),
  hasSpecificDate: fields.hasSpecificDate.optional(),
});

/** Request schemas, for the OpenAPI document. */
export const notificationTypesSchemas = { typeBody, updateBody };

interface TypeRow {
  id: number;
  name: string;
  description: string;
  module: string;
  supported_frequency: number[];
  is_supports_email: boolean;
  is_supports_in_app: boolean;
  is_required: boolean;
  has_lea: boolean;
  has_specific_date: boolean;
  subscriber_count: number | string;
}

const SELECT = `SELECT t.id, t.name, t.description, t.module, t.supported_frequency, t.is_supports_email, t.is_supports_in_app,
                       t.is_required, t.has_lea, t.has_specific_date,
                       (SELECT count(*)::int FROM event_notification_subscriptions s WHERE s.event_notification_type_id = t.id) AS subscriber_count
                  FROM event_notification_types t`;

const toType = (r: TypeRow): EventNotificationType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  module: r.module,
  supportedFrequency: [...r.supported_frequency].sort((a, b) => a - b),
  isSupportsEmail: r.is_supports_email,
  isSupportsInApp: r.is_supports_in_app,
  isRequired: r.is_required,
  hasLea: r.has_lea,
  hasSpecificDate: r.has_specific_date,
  isBuiltIn: builtInTypeNames.has(r.name),
  subscriberCount: Number(r.subscriber_count),
});

type TypeFields = z.infer<typeof typeBody>;
const auditView = (t: TypeFields | EventNotificationType): Record<string, unknown> => ({
  name: t.name,
  description: t.description,
  module: t.module,
  supportedFrequency: t.supportedFrequency,
  isSupportsEmail: t.isSupportsEmail,
  isSupportsInApp: t.isSupportsInApp,
  isRequired: t.isRequired,
  hasLea: t.hasLea,
  hasSpecificDate: t.hasSpecificDate,
});

async function loadType(q: Queryable, id: number, lock = false): Promise<EventNotificationType | null> {
  if (lock) await q.query('SELECT id FROM event_notification_types WHERE id = $1 FOR UPDATE', [id]);
  const row = (await q.query<TypeRow>(`${SELECT} WHERE t.id = $1`, [id])).rows[0];
  return row ? toType(row) : null;
}

async function assertNameFree(q: Queryable, name: string, exceptId: number | null) {
  const taken = await q.query('SELECT 1 FROM event_notification_types WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [name, exceptId]);
  if (taken.rows.length > 0) throw conflict(EVENT_TYPE_MESSAGES.nameTaken);
}

const nameConflict = (err: unknown): never => {
  throw isUniqueViolation(err) ? conflict(EVENT_TYPE_MESSAGES.nameTaken) : err;
};

/**
 * Brings a type's subscriptions within its rules (as saving a subscription would): a frequency no
 * longer offered becomes the first one offered; a channel no longer offered is switched off, and
 * a subscription left with none gets the one offered; LEAs go when the type is no longer per LEA
 * or becomes required; a required type keeps its own email setting. Answers how many changed.
 */
async function conformSubscriptions(q: Queryable, t: TypeFields, typeId: number, by: string): Promise<number> {
  const r = await q.query(
    `UPDATE event_notification_subscriptions s
        SET frequency = n.frequency, is_email = n.is_email, is_in_app = n.is_in_app, subscribed_lea_ids = n.lea_ids,
            updated_at = now(), updated_by = $7
       FROM (SELECT id,
                    CASE WHEN frequency = ANY($2::int[]) THEN frequency ELSE ($2::int[])[1] END AS frequency,
                    e OR (NOT e AND NOT i AND NOT $4::boolean AND $3::boolean) AS is_email,
                    i OR (NOT e AND NOT i AND $4::boolean) AS is_in_app,
                    CASE WHEN $5::boolean AND NOT $6::boolean THEN subscribed_lea_ids ELSE '{}'::integer[] END AS lea_ids
               FROM (SELECT id, frequency, subscribed_lea_ids,
                            CASE WHEN $6::boolean THEN $3::boolean ELSE is_email AND $3::boolean END AS e,
                            is_in_app AND $4::boolean AS i
                       FROM event_notification_subscriptions WHERE event_notification_type_id = $1) y) n
      WHERE s.id = n.id
        AND (s.frequency, s.is_email, s.is_in_app, s.subscribed_lea_ids) IS DISTINCT FROM (n.frequency, n.is_email, n.is_in_app, n.lea_ids)`,
    [typeId, t.supportedFrequency, t.isSupportsEmail, t.isSupportsInApp, t.hasLea, t.isRequired, by],
  );
  return r.rowCount;
}

export function notificationTypesRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const manage = requirePermission(P.notificationManage);
  const db = ctx.db;

  router.get('/api/event-notification/types', auth, manage, async (_req, res) => {
    const rows = await db.query<TypeRow>(`${SELECT} ORDER BY t.module, lower(t.name), t.id`);
    res.json(rows.rows.map(toType));
  });

  router.get('/api/event-notification/types/:id', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const type = await loadType(db, id);
    if (!type) throw notFound(EVENT_TYPE_MESSAGES.notFound);
    res.json(type);
  });

  router.post('/api/event-notification/types', auth, manage, async (req, res) => {
    const body = parse(typeBody, req.body, 'body');
    const by = authOf(res).userId;
    const type = await db
      .tx(async (q) => {
        await assertNameFree(q, body.name, null);
        const created = await q.query<{ id: number }>(
          `INSERT INTO event_notification_types
             (name, description, module, supported_frequency, is_supports_email, is_supports_in_app, is_required, has_lea, has_specific_date, created_by, updated_by)
           VALUES ($1, $2, $3, $4::integer[], $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
          [body.name, body.description, body.module, body.supportedFrequency, body.isSupportsEmail, body.isSupportsInApp, body.isRequired, body.hasLea, body.hasSpecificDate, by],
        );
        const id = created.rows[0]!.id;
        await recordAudit(q, { actor: by, action: 'notification-event-type.create', entityType: 'notification-event-type', entityId: id, changes: createdChanges(auditView(body)) });
        return (await loadType(q, id))!;
      })
      .catch(nameConflict);
    res.status(201).location(`/api/event-notification/types/${type.id}`).json(type);
  });

  router.put('/api/event-notification/types/:id', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const changes = parse(updateBody, req.body, 'body');
    const by = authOf(res).userId;
    const type = await db
      .tx(async (q) => {
        const before = await loadType(q, id, true);
        if (!before) throw notFound(EVENT_TYPE_MESSAGES.notFound);
        const merged = parse(typeBody, { ...auditView(before), ...changes }, 'body');
        if (merged.name !== before.name) {
          if (before.isBuiltIn) throw conflict(EVENT_TYPE_MESSAGES.builtInRename);
          await assertNameFree(q, merged.name, id);
        }
        await q.query(
          `UPDATE event_notification_types
              SET name = $2, description = $3, module = $4, supported_frequency = $5::integer[], is_supports_email = $6, is_supports_in_app = $7,
                  is_required = $8, has_lea = $9, has_specific_date = $10, updated_at = now(), updated_by = $11
            WHERE id = $1`,
          [id, merged.name, merged.description, merged.module, merged.supportedFrequency, merged.isSupportsEmail, merged.isSupportsInApp, merged.isRequired, merged.hasLea, merged.hasSpecificDate, by],
        );
        const adjusted = await conformSubscriptions(q, merged, id, by);
        await recordAudit(q, {
          actor: by,
          action: 'notification-event-type.update',
          entityType: 'notification-event-type',
          entityId: id,
          changes: { ...diffChanges(auditView(before), auditView(merged)), ...(adjusted ? { subscriptionsAdjusted: { to: adjusted } } : {}) },
        });
        return (await loadType(q, id))!;
      })
      .catch(nameConflict);
    res.json(type);
  });

  router.delete('/api/event-notification/types/:id', auth, manage, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const by = authOf(res).userId;
    await db.tx(async (q) => {
      const before = await loadType(q, id, true);
      if (!before) throw notFound(EVENT_TYPE_MESSAGES.notFound);
      if (before.subscriberCount > 0) throw conflict(EVENT_TYPE_MESSAGES.inUse);
      // The seed would bring it back on the next start, and the modules send it by name.
      if (before.isBuiltIn) throw conflict(EVENT_TYPE_MESSAGES.builtInDelete);
      await q.query('DELETE FROM event_notification_types WHERE id = $1', [id]);
      await recordAudit(q, { actor: by, action: 'notification-event-type.delete', entityType: 'notification-event-type', entityId: id, changes: deletedChanges(auditView(before)) });
    });
    res.status(204).end();
  });

  return router;
}
