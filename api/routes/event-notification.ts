// System messages and notification subscriptions (spec §7 Messages and subscriptions), plus the
// admin list/create of messages at /api/notificationmesages (the spec's spelling of the path).
import { isSafeOpenUrl } from '../../lib/return-url.js';
import { Router } from 'express';
import { z } from 'zod';
import { saveSubscriptionRequest, type NotificationMessage, type Subscription } from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, conflict, idParam, notFound, parse } from '../http.js';
import { isVisible, visibleLeaIds } from '../lea-scope.js';

export const NOTIFICATION_MESSAGES = {
  messageNotFound: 'No such message.',
  typeNotFound: 'No such notification event.',
  subscriptionNotFound: 'No such subscription.',
  requiredUnsubscribe: 'This notification is required and cannot be turned off.',
  frequencyNotOffered: 'This notification is not offered at that frequency.',
  emailNotOffered: 'This notification is not offered by email.',
  inAppNotOffered: 'This notification is not offered as a system message.',
  noChannel: 'Choose email, system messages, or both.',
  leasNotOffered: 'This notification is not sent per LEA.',
  unknownLea: 'Not an LEA you can see.',
  unknownUser: 'Not a known user.',
  unknownRole: 'Not a known role.',
  noRecipients: 'Name the recipients: userIds, roleName or leaId.',
  openUrl: 'Must be a path in the portal (starting with /) or an http(s) address.',
} as const;

const INT_MAX = 2_147_483_647;
const intId = z.number().int().positive().max(INT_MAX);

// ---- messages ---------------------------------------------------------------------------------

/** Where a message opens: a portal path, or an http(s) address; never a script URL. */
const openUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(2000)
    // No '/.//host' reaches a user's Open link (issue 10, finding 3).
    .refine(isSafeOpenUrl, NOTIFICATION_MESSAGES.openUrl)
    .nullable()
    .optional(),
);
const messageText = z.string().trim().min(1).max(2000);

const queueBody = z.object({
  message: messageText,
  openUrl,
  userIds: z.array(z.guid()).max(10_000).optional(),
  roleName: z.string().trim().min(1).max(100).optional(),
  leaId: intId.optional(),
  /** Count the recipients and send nothing (the portal asks the admin first, with the count). */
  dryRun: z.boolean().optional(),
});
const createMessageBody = z.object({ userId: z.guid(), message: messageText, openUrl });
const messagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  userId: z.guid().optional(),
});

interface MessageRow {
  id: number;
  message: string;
  created_on: Date | string;
  status: 0 | 1 | 2;
  open_url: string | null;
}
const MESSAGE_COLUMNS = 'm.id, m.message, m.created_on, m.status, m.open_url';
const toMessage = (r: MessageRow): NotificationMessage => ({
  id: r.id,
  message: r.message,
  createdOn: new Date(r.created_on).toISOString(),
  status: r.status,
  openUrl: r.open_url,
});

// ---- subscriptions ----------------------------------------------------------------------------

const saveBody = saveSubscriptionRequest.extend({
  eventNotificationTypeId: intId,
  eventNotificationSubscriptionId: intId.nullable(),
  subscribedLeaIds: z.array(intId).max(1000),
});

/** Request schemas, for the OpenAPI document. */
export const notificationSchemas = { queueBody, createMessageBody, messagesQuery, saveBody };

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
}
interface MergedRow extends TypeRow {
  sub_id: number | null;
  is_email: boolean | null;
  is_in_app: boolean | null;
  frequency: number | null;
  subscribed_lea_ids: number[] | null;
}

function toSubscription(r: MergedRow): Subscription {
  const type = {
    eventNotificationTypeId: r.id,
    name: r.name,
    description: r.description,
    supportedFrequency: r.supported_frequency,
    isSupportsEmail: r.is_supports_email,
    isSupportsInApp: r.is_supports_in_app,
    isEventNotificationTypeRequired: r.is_required,
    hasLea: r.has_lea,
    hasSpecificDate: r.has_specific_date,
  };
  if (r.sub_id !== null) {
    return {
      ...type,
      eventNotificationSubscriptionId: r.sub_id,
      isSubscribed: true,
      isEmail: r.is_email ?? false,
      isInApp: r.is_in_app ?? false,
      frequency: r.frequency ?? 0,
      subscribedLeaIds: r.subscribed_lea_ids ?? [],
    };
  }
  // A required notification reaches everyone, with the type's own settings, until they save theirs.
  if (r.is_required) {
    return {
      ...type,
      eventNotificationSubscriptionId: null,
      isSubscribed: true,
      isEmail: r.is_supports_email,
      isInApp: r.is_supports_in_app,
      frequency: r.supported_frequency[0] ?? 0,
      subscribedLeaIds: [],
    };
  }
  return { ...type, eventNotificationSubscriptionId: null, isSubscribed: false, isEmail: false, isInApp: false, frequency: 0, subscribedLeaIds: [] };
}

/** Event types of the modules the caller can open (App-wide ones for everyone). */
function availableTypes(caller: AuthContext, rows: MergedRow[]): MergedRow[] {
  if (can(caller, P.siteAdmin)) return rows;
  return rows.filter((r) => r.module === 'App' || can(caller, `${r.module}.access`));
}

async function mergedSubscriptions(q: Queryable, caller: AuthContext, typeId?: number): Promise<MergedRow[]> {
  const rows = await q.query<MergedRow>(
    `SELECT t.id, t.name, t.description, t.module, t.supported_frequency, t.is_supports_email, t.is_supports_in_app,
            t.is_required, t.has_lea, t.has_specific_date,
            s.id AS sub_id, s.is_email, s.is_in_app, s.frequency, s.subscribed_lea_ids
       FROM event_notification_types t
       LEFT JOIN event_notification_subscriptions s ON s.event_notification_type_id = t.id AND s.user_id::text = $1
      WHERE $2::int IS NULL OR t.id = $2::int
      ORDER BY t.module, t.name`,
    [caller.userId, typeId ?? null],
  );
  return availableTypes(caller, rows.rows);
}

// ---- router -----------------------------------------------------------------------------------

export function eventNotificationRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  /** One of the caller's own messages that is still shown, or 404. */
  async function ownMessage(caller: AuthContext, id: number) {
    const r = await db.query<{ id: number }>(
      'SELECT id FROM notification_messages WHERE id = $1 AND user_id::text = $2 AND dismissed_at IS NULL',
      [id, caller.userId],
    );
    if (r.rows.length === 0) throw notFound(NOTIFICATION_MESSAGES.messageNotFound);
  }

  router.get('/api/event-notification/message/user-messages', auth, async (_req, res) => {
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM notification_messages m
        WHERE m.user_id::text = $1 AND m.dismissed_at IS NULL
        ORDER BY m.created_on DESC, m.id DESC LIMIT 500`,
      [authOf(res).userId],
    );
    res.json(rows.rows.map(toMessage));
  });

  router.post('/api/event-notification/message/queue', auth, requirePermission(P.notificationManage), async (req, res) => {
    const body = parse(queueBody, req.body, 'body');
    const caller = authOf(res);
    if (!body.userIds?.length && body.roleName === undefined && body.leaId === undefined) {
      throw badRequest('The body is not valid.', { errors: [{ field: 'userIds', message: NOTIFICATION_MESSAGES.noRecipients }] });
    }
    const recipients = new Set<string>();
    if (body.userIds?.length) {
      const ids = [...new Set(body.userIds.map((id) => id.toLowerCase()))];
      const found = new Set(
        (await db.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[]) AND NOT is_deleted', [ids])).rows.map((r) => r.id.toLowerCase()),
      );
      const errors = body.userIds.flatMap((id, i) => (found.has(id.toLowerCase()) ? [] : [{ field: `userIds.${i}`, message: NOTIFICATION_MESSAGES.unknownUser }]));
      if (errors.length) throw badRequest('The body is not valid.', { errors });
      for (const id of found) recipients.add(id);
    }
    // roleName and leaId narrow one group together: "the Local Users of this district".
    if (body.roleName !== undefined || body.leaId !== undefined) {
      const conditions = ['NOT u.is_deleted'];
      const params: unknown[] = [];
      if (body.roleName !== undefined) {
        const role = await db.query<{ id: number }>('SELECT id FROM roles WHERE lower(name) = lower($1)', [body.roleName]);
        const roleId = role.rows[0]?.id;
        if (roleId === undefined) throw badRequest('The body is not valid.', { errors: [{ field: 'roleName', message: NOTIFICATION_MESSAGES.unknownRole }] });
        params.push(roleId);
        conditions.push(`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = $${params.length})`);
      }
      if (body.leaId !== undefined) {
        const visible = await visibleLeaIds(db, caller);
        const lea = await db.query('SELECT 1 FROM leas WHERE id = $1', [body.leaId]);
        if (lea.rows.length === 0 || !isVisible(visible, body.leaId)) {
          throw badRequest('The body is not valid.', { errors: [{ field: 'leaId', message: NOTIFICATION_MESSAGES.unknownLea }] });
        }
        params.push(body.leaId);
        conditions.push(`(u.lea_id = $${params.length} OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = $${params.length}))`);
      }
      const group = await db.query<{ id: string }>(`SELECT u.id FROM users u WHERE ${conditions.join(' AND ')}`, params);
      for (const r of group.rows) recipients.add(r.id.toLowerCase());
    }
    const list = [...recipients];
    if (body.dryRun) return void res.json({ queued: list.length, dryRun: true });
    if (list.length) {
      await db.tx(async (q) => {
        const inserted = await q.query<{ id: number }>(
          `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_by, updated_by)
           SELECT u, $2, $3, 0, $4, $5, $5 FROM unnest($1::uuid[]) AS u RETURNING id`,
          [list, body.message, body.openUrl ?? null, ctx.now().toISOString(), caller.userId],
        );
        const ids = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
        // One entry for the whole send, filed under its first message.
        await recordAudit(q, {
          actor: caller.userId,
          action: 'notification-message.queue',
          entityType: 'notification-message',
          entityId: ids[0] ?? 0,
          changes: {
            message: { to: body.message },
            openUrl: { to: body.openUrl ?? null },
            recipients: { to: { count: list.length, userIds: body.userIds?.length ?? 0, roleName: body.roleName ?? null, leaId: body.leaId ?? null } },
            messageIds: { to: ids },
          },
        });
      });
    }
    res.json({ queued: list.length });
  });

  router.put('/api/event-notification/message/dismiss/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    await ownMessage(caller, id);
    await db.query('UPDATE notification_messages SET dismissed_at = $2, updated_at = now(), updated_by = $3 WHERE id = $1', [
      id,
      ctx.now().toISOString(),
      caller.userId,
    ]);
    res.status(204).end();
  });

  router.put('/api/event-notification/message/view/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    await ownMessage(caller, id);
    const r = await db.query<MessageRow>(
      `UPDATE notification_messages m SET status = 2, updated_at = now(), updated_by = $2 WHERE m.id = $1
       RETURNING ${MESSAGE_COLUMNS}`,
      [id, caller.userId],
    );
    res.json(toMessage(r.rows[0]!));
  });

  // -- subscriptions ---------------------------------------------------------------------------
  router.get('/api/event-notification/subscriptions/user', auth, async (_req, res) => {
    res.json((await mergedSubscriptions(db, authOf(res))).map(toSubscription));
  });

  router.post('/api/event-notification/subscriptions', auth, async (req, res) => {
    const body = parse(saveBody, req.body, 'body');
    const caller = authOf(res);
    const [type] = await mergedSubscriptions(db, caller, body.eventNotificationTypeId);
    if (!type) throw notFound(NOTIFICATION_MESSAGES.typeNotFound);
    if (body.eventNotificationSubscriptionId !== null && body.eventNotificationSubscriptionId !== type.sub_id) {
      throw notFound(NOTIFICATION_MESSAGES.subscriptionNotFound);
    }
    const errors: { field: string; message: string }[] = [];
    if (!type.supported_frequency.includes(body.frequency)) errors.push({ field: 'frequency', message: NOTIFICATION_MESSAGES.frequencyNotOffered });
    // A required notification keeps the type's email setting and goes to all the user's LEAs
    // (spec §5: for required types the email option and LEA selection are disabled).
    const isEmail = type.is_required ? type.is_supports_email : body.isEmail;
    if (isEmail && !type.is_supports_email) errors.push({ field: 'isEmail', message: NOTIFICATION_MESSAGES.emailNotOffered });
    if (body.isInApp && !type.is_supports_in_app) errors.push({ field: 'isInApp', message: NOTIFICATION_MESSAGES.inAppNotOffered });
    if (!isEmail && !body.isInApp) errors.push({ field: 'isInApp', message: NOTIFICATION_MESSAGES.noChannel });
    let leaIds: number[] = [];
    if (!type.is_required && body.subscribedLeaIds.length) {
      if (!type.has_lea) {
        errors.push({ field: 'subscribedLeaIds', message: NOTIFICATION_MESSAGES.leasNotOffered });
      } else {
        leaIds = [...new Set(body.subscribedLeaIds)].sort((a, b) => a - b);
        const visible = await visibleLeaIds(db, caller);
        const existing = new Set((await db.query<{ id: number }>('SELECT id FROM leas WHERE id = ANY($1::integer[])', [leaIds])).rows.map((r) => r.id));
        body.subscribedLeaIds.forEach((id, i) => {
          if (!existing.has(id) || !isVisible(visible, id)) errors.push({ field: `subscribedLeaIds.${i}`, message: NOTIFICATION_MESSAGES.unknownLea });
        });
      }
    }
    if (errors.length) throw badRequest('The body is not valid.', { errors });
    await db.query(
      `INSERT INTO event_notification_subscriptions
         (user_id, event_notification_type_id, is_subscribed, is_email, is_in_app, frequency, subscribed_lea_ids, created_by, updated_by)
       VALUES ($1, $2, true, $3, $4, $5, $6::integer[], $7, $7)
       ON CONFLICT (user_id, event_notification_type_id) DO UPDATE
          SET is_subscribed = true, is_email = EXCLUDED.is_email, is_in_app = EXCLUDED.is_in_app, frequency = EXCLUDED.frequency,
              subscribed_lea_ids = EXCLUDED.subscribed_lea_ids, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [caller.userId, type.id, isEmail, body.isInApp, body.frequency, leaIds, caller.userId],
    );
    const [saved] = await mergedSubscriptions(db, caller, type.id);
    res.json(toSubscription(saved!));
  });

  router.delete('/api/event-notification/subscriptions/unsubscribe/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    const r = await db.query<{ is_required: boolean }>(
      `SELECT t.is_required FROM event_notification_subscriptions s JOIN event_notification_types t ON t.id = s.event_notification_type_id
        WHERE s.id = $1 AND s.user_id::text = $2`,
      [id, caller.userId],
    );
    const found = r.rows[0];
    if (!found) throw notFound(NOTIFICATION_MESSAGES.subscriptionNotFound);
    if (found.is_required) throw conflict(NOTIFICATION_MESSAGES.requiredUnsubscribe);
    await db.query('DELETE FROM event_notification_subscriptions WHERE id = $1', [id]);
    res.status(204).end();
  });

  // -- admin: every user's messages ------------------------------------------------------------
  router.get('/api/notificationmesages', auth, requirePermission(P.notificationManage), async (req, res) => {
    const query = parse(messagesQuery, req.query, 'query');
    const where = '$1::uuid IS NULL OR m.user_id = $1::uuid';
    const total = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM notification_messages m WHERE ${where}`, [query.userId ?? null]);
    const rows = await db.query<MessageRow & { user_id: string; full_name: string; email: string; dismissed_at: Date | string | null }>(
      `SELECT ${MESSAGE_COLUMNS}, m.user_id, u.full_name, u.email, m.dismissed_at
         FROM notification_messages m JOIN users u ON u.id = m.user_id
        WHERE ${where}
        ORDER BY m.created_on DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [query.userId ?? null, query.pageSize, (query.pageNumber - 1) * query.pageSize],
    );
    res.json({
      items: rows.rows.map((r) => ({
        ...toMessage(r),
        userId: r.user_id,
        userFullName: r.full_name,
        userEmail: r.email,
        dismissedOn: r.dismissed_at === null ? null : new Date(r.dismissed_at).toISOString(),
      })),
      totalCount: Number(total.rows[0]?.n ?? 0),
    });
  });

  router.post('/api/notificationmesages', auth, requirePermission(P.notificationManage), async (req, res) => {
    const body = parse(createMessageBody, req.body, 'body');
    const caller = authOf(res);
    const user = await db.query('SELECT 1 FROM users WHERE id = $1 AND NOT is_deleted', [body.userId]);
    if (user.rows.length === 0) throw badRequest('The body is not valid.', { errors: [{ field: 'userId', message: NOTIFICATION_MESSAGES.unknownUser }] });
    const created = await db.tx(async (q) => {
      const r = await q.query<MessageRow>(
        `INSERT INTO notification_messages AS m (user_id, message, open_url, status, created_on, created_by, updated_by)
         VALUES ($1, $2, $3, 0, $4, $5, $5) RETURNING ${MESSAGE_COLUMNS}`,
        [body.userId, body.message, body.openUrl ?? null, ctx.now().toISOString(), caller.userId],
      );
      const row = r.rows[0]!;
      await recordAudit(q, {
        actor: caller.userId,
        action: 'notification-message.create',
        entityType: 'notification-message',
        entityId: row.id,
        changes: { userId: { to: body.userId.toLowerCase() }, message: { to: body.message }, openUrl: { to: body.openUrl ?? null } },
      });
      return row;
    });
    res.status(201).json({ ...toMessage(created), userId: body.userId.toLowerCase() });
  });

  return router;
}
