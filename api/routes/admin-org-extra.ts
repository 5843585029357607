// The admin utilities' endpoints (spec §2 Admin: admin-utils, manage-notification) that the
// other routers do not offer: a test email, ending every session of a user at the API (all their
// refresh tokens revoked), and a system message to every user. Each is recorded in the audit log.
import { isSafeOpenUrl } from '../../lib/return-url.js';
import { bumpStamps } from '../security-stamps.js';
import { Router } from 'express';
import { z } from 'zod';
import { validationMessages as v } from '../../lib/messages.js';
import { P } from '../../lib/permissions.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { notFound, parse } from '../http.js';
import { revokeUserTokens } from '../refresh-tokens.js';

export const ADMIN_ORG_MESSAGES = {
  testEmailSubject: 'Compliance Portal test email',
  testEmailBody: (by: string) =>
    `This is a test email from the Compliance Portal, sent by ${by} from Admin Utilities.\n\nIf you received it, the portal can send email to this address.`,
  userNotFound: 'No such user.',
  openUrl: 'Must be a path in the portal (starting with /) or an http(s) address.',
} as const;

const testEmailBody = z.object({
  to: z
    .string({ error: v.fieldRequired })
    .trim()
    .min(1, { error: v.fieldRequired, abort: true })
    .max(254, { error: v.maxLength(254), abort: true })
    .pipe(z.email(v.validEmail)),
});

const userParam = z.object({ id: z.guid(v.incorrectFormat) });

// The same rules as POST /api/event-notification/message/queue (api/routes/event-notification.ts).
const openUrl = z.preprocess(
  (x) => (typeof x === 'string' && x.trim() === '' ? null : x),
  z
    .string()
    .trim()
    .max(2000, v.maxLength(2000))
    .refine(isSafeOpenUrl, ADMIN_ORG_MESSAGES.openUrl)
    .nullable()
    .optional(),
);
const queueAllBody = z.object({
  message: z.string({ error: v.fieldRequired }).trim().min(1, v.fieldRequired).max(2000, v.maxLength(2000)),
  openUrl,
  /** Count the recipients and send nothing (the portal asks the admin first, with the count). */
  dryRun: z.boolean().optional(),
});

/** Request schemas, for the OpenAPI document. */
export const adminOrgExtraSchemas = { testEmailBody, queueAllBody };

export function adminOrgExtraRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  router.post('/api/emails/test', auth, requirePermission(P.rolesManage), async (req, res) => {
    const { to } = parse(testEmailBody, req.body, 'body');
    const caller = authOf(res);
    await ctx.mailer.send({ to, subject: ADMIN_ORG_MESSAGES.testEmailSubject, text: ADMIN_ORG_MESSAGES.testEmailBody(caller.fullName || caller.email) }, caller.userId);
    await recordAudit(db, { actor: caller.userId, action: 'email.test', entityType: 'email', entityId: to.toLowerCase(), changes: { to: { to } } });
    // The mailer records delivery in the email log (Logged, Sent or Failed); it never throws for it.
    res.status(202).json({ to });
  });

  router.post('/api/account/users/:id/revoke-sessions', auth, requirePermission(P.rolesManage), async (req, res) => {
    const { id } = parse(userParam, req.params, 'path');
    const caller = authOf(res);
    const revoked = await db.tx(async (q) => {
      const user = await q.query('SELECT 1 FROM users WHERE id = $1', [id]);
      if (user.rows.length === 0) throw notFound(ADMIN_ORG_MESSAGES.userNotFound);
      const open = await q.query<{ n: number | string }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [id]);
      await revokeUserTokens(q, id, ctx.now(), caller.userId);
      await bumpStamps(ctx, q, [id]);
      const count = Number(open.rows[0]?.n ?? 0);
      await recordAudit(q, { actor: caller.userId, action: 'user.sessions-revoke', entityType: 'user', entityId: id.toLowerCase(), changes: { refreshTokensRevoked: { to: count } } });
      return count;
    });
    res.json({ revoked });
  });

  router.post('/api/event-notification/message/queue-all', auth, requirePermission(P.notificationManage), async (req, res) => {
    const body = parse(queueAllBody, req.body, 'body');
    const caller = authOf(res);
    if (body.dryRun) {
      const count = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM users WHERE NOT is_deleted');
      return void res.json({ queued: Number(count.rows[0]?.n ?? 0), dryRun: true });
    }
    const queued = await db.tx(async (q) => {
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_by, updated_by)
         SELECT u.id, $1, $2, 0, $3, $4, $4 FROM users u WHERE NOT u.is_deleted RETURNING id`,
        [body.message, body.openUrl ?? null, ctx.now().toISOString(), caller.userId],
      );
      const ids = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
      if (ids.length) {
        await recordAudit(q, {
          actor: caller.userId,
          action: 'notification-message.queue',
          entityType: 'notification-message',
          entityId: ids[0]!,
          changes: { message: { to: body.message }, openUrl: { to: body.openUrl ?? null }, recipients: { to: { count: ids.length, everyone: true } }, messageIds: { to: ids } },
        });
      }
      return ids.length;
    });
    res.json({ queued });
  });

  return router;
}
