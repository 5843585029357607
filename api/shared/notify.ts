// Module notices through the platform's notification system (MODULES.md "Deadlines, reminders
// and email"): a notice goes to the subscribers of an existing notification event type (their
// channels: system message and/or email; their frequency: an email at once or in the daily
// digest; their LEAs for per-LEA types) and to the recipients the module names as required.
//
// Each notice has an idempotency key, by convention `<event>:<record>:<deadline or day>`: the key
// is claimed first, in the same transaction as the messages and emails, so a second call with the
// same key (a job run twice, on two API instances, or retried after a failure) is a no-op that
// answers 'duplicate'.
//
// Emails go through an outbox (notice_emails): written in the transaction, then delivered by the
// mailer (which logs each in the email log). Called outside a transaction (q is ctx.db), a notice's
// emails leave at once; inside one, they leave when the caller calls deliverNoticeEmails(ctx)
// after committing, or at the latest with the outbox job a minute later. A failed delivery is
// retried with a growing wait, up to five attempts, and each attempt is in the email log.
import { z } from 'zod';
import { P } from '../../lib/permissions.js';
import { agencyToday, type IsoDay } from '../../lib/day.js';
import { formatDay } from '../../lib/dates.js';
import { notifyText } from '../../lib/shared/messages.js';
import { htmlToText } from '../../lib/templates.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { sanitizeTextBlockHtml } from '../sanitize.js';

export interface Notice {
  /** The idempotency key: the same key never sends twice. At most 300 characters. */
  key: string;
  /** The name of a notification event type in the catalogue (event_notification_types.name). */
  eventType: string;
  /** The record's LEA: per-LEA types reach only the subscribers of this LEA. */
  leaId: number | null;
  subject: string;
  /** Sanitised HTML (renderEmailTemplate's output); sanitised again here. */
  bodyHtml: string;
  /** Where the system message opens: a portal path ('/dispute-resolution/cases/12') or an http(s) address. */
  link?: string | undefined;
  /** The system message's text (at most 2,000 characters); the subject by default. */
  message?: string | undefined;
  /** Users who get it whatever their subscriptions: a system message (unless emailOnly) and an email at once. */
  requiredUserIds?: readonly string[] | undefined;
  /** Addresses without an account (an attorney, the other party): an email at once. */
  requiredEmails?: readonly string[] | undefined;
  /** Email only: no system messages for anyone (signature and survey links). */
  emailOnly?: boolean | undefined;
  /** Subscribers must also hold one of these permissions ("subscribers with App.stateuser"). */
  subscriberPermissions?: readonly string[] | undefined;
}

export type NoticeResult = 'sent' | 'duplicate';

const noticeSchema = z.object({
  key: z.string().min(1).max(300),
  eventType: z.string().min(1).max(200),
  leaId: z.number().int().positive().nullable(),
  subject: z.string().trim().min(1).max(500),
  bodyHtml: z.string().max(100_000),
  link: z
    .string()
    .max(2000)
    .refine((l) => (l.startsWith('/') && !l.startsWith('//')) || /^https?:\/\//i.test(l), 'A portal path or an http(s) address')
    .optional(),
  message: z.string().trim().min(1).max(2000).optional(),
  requiredUserIds: z.array(z.guid()).max(10_000).optional(),
  requiredEmails: z.array(z.email()).max(1000).optional(),
  emailOnly: z.boolean().optional(),
  subscriberPermissions: z.array(z.string().min(1)).max(100).optional(),
});

interface TypeRow {
  id: number;
  module: string;
  is_required: boolean;
  is_supports_email: boolean;
  is_supports_in_app: boolean;
  has_lea: boolean;
  supported_frequency: number[];
}

interface SubscriberRow {
  id: string;
  email: string;
  sub_id: number | null;
  is_email: boolean | null;
  is_in_app: boolean | null;
  frequency: number | null;
}

const DAILY = 2;
const MAX_ATTEMPTS = 5;
const STALE_CLAIM_MINUTES = 10;

const HOLDS_ANY = (userColumn: string, param: string) =>
  `EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
            WHERE ur.user_id = ${userColumn} AND rp.permission_value = ANY(${param}::text[]))`;

/**
 * The subscribers a notice reaches, with their channels: a saved subscription as saved; a
 * required type reaches, with the type's own settings, everyone who can open its module and has
 * not saved theirs (as GET /api/event-notification/subscriptions/user shows it). A per-LEA type
 * reaches only subscribers of the notice's LEA (for a required type, the users of that LEA).
 */
async function subscribers(q: Queryable, type: TypeRow, notice: Notice): Promise<SubscriberRow[]> {
  const moduleAccess = type.module === 'App' ? null : [`${type.module}.access`, P.siteAdmin];
  const r = await q.query<SubscriberRow>(
    `SELECT u.id::text AS id, u.email, s.id AS sub_id, s.is_email, s.is_in_app, s.frequency
       FROM users u
       LEFT JOIN event_notification_subscriptions s ON s.user_id = u.id AND s.event_notification_type_id = $1
      WHERE NOT u.is_deleted AND u.is_enabled
        AND ((s.id IS NOT NULL AND s.is_subscribed) OR (s.id IS NULL AND $2::boolean))
        AND ($3::text[] IS NULL OR ${HOLDS_ANY('u.id', '$3')})
        AND ($4::text[] IS NULL OR ${HOLDS_ANY('u.id', '$4')})
        AND ($5::integer IS NULL OR NOT $6::boolean OR
             CASE WHEN $2::boolean
                  THEN ${HOLDS_ANY('u.id', `'{${P.allLeas}}'`)} OR u.lea_id = $5
                       OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = $5)
                  ELSE $5 = ANY(s.subscribed_lea_ids) END)`,
    [type.id, type.is_required, moduleAccess, notice.subscriberPermissions?.length ? notice.subscriberPermissions : null, notice.leaId, type.has_lea],
  );
  return r.rows;
}

interface Delivery {
  userId: string;
  email: string;
  inApp: boolean;
  /** 'now', 'digest' or none. */
  emailMode: 'now' | 'digest' | null;
}

function fullLink(ctx: ApiContext, link: string | undefined): string | null {
  if (!link) return null;
  return link.startsWith('/') ? `${ctx.config.portalPublicUrl}${link}` : link;
}

/** The email every recipient of a notice gets: the module's HTML with the link to the portal added. */
function noticeEmail(ctx: ApiContext, notice: Notice): { html: string; text: string } {
  const body = sanitizeTextBlockHtml(notice.bodyHtml);
  const url = fullLink(ctx, notice.link);
  if (!url) return { html: body, text: htmlToText(body) };
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    html: `${body}<p><a href="${escaped}">${notifyText.openInPortal}</a></p>`,
    text: `${htmlToText(body)}\n\n${notifyText.openInPortal}: ${url}`,
  };
}

/**
 * Sends a notice once per key. Returns 'duplicate' (and does nothing) when the key was used
 * before. See the file comment for how emails leave.
 */
export async function sendNotice(ctx: ApiContext, q: Queryable, input: Notice): Promise<NoticeResult> {
  const notice = noticeSchema.parse(input) as Notice;
  const outsideTx = q === ctx.db;
  const result = outsideTx ? await ctx.db.tx((t) => recordNotice(ctx, t, notice)) : await recordNotice(ctx, q, notice);
  if (result === 'sent' && outsideTx) await deliverNoticeEmails(ctx, { key: notice.key });
  return result;
}

async function recordNotice(ctx: ApiContext, q: Queryable, notice: Notice): Promise<NoticeResult> {
  const nowIso = ctx.now().toISOString();
  const claimed = await q.query(
    `INSERT INTO notices (key, event_type, lea_id, subject, link, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    [notice.key, notice.eventType, notice.leaId, notice.subject, notice.link ?? null, nowIso],
  );
  if (claimed.rows.length === 0) return 'duplicate';

  const type = (
    await q.query<TypeRow>(
      `SELECT id, module, is_required, is_supports_email, is_supports_in_app, has_lea, supported_frequency FROM event_notification_types WHERE name = $1`,
      [notice.eventType],
    )
  ).rows[0];
  // A module names its event types in code and seeds them: a missing one is a bug, not input.
  if (!type) throw new Error(`Unknown notification event type: ${notice.eventType}`);

  const byUser = new Map<string, Delivery>();
  const add = (d: Delivery) => {
    const prev = byUser.get(d.userId);
    if (!prev) return void byUser.set(d.userId, d);
    prev.inApp ||= d.inApp;
    if (d.emailMode === 'now' || (d.emailMode === 'digest' && prev.emailMode === null)) prev.emailMode = d.emailMode;
  };
  for (const s of await subscribers(q, type, notice)) {
    const explicit = s.sub_id !== null;
    const inApp = !notice.emailOnly && type.is_supports_in_app && (explicit ? Boolean(s.is_in_app) : true);
    const email = type.is_supports_email && (explicit ? Boolean(s.is_email) : true);
    const frequency = explicit ? s.frequency : (type.supported_frequency[0] ?? 1);
    add({ userId: s.id, email: s.email, inApp, emailMode: email ? (frequency === DAILY ? 'digest' : 'now') : null });
  }
  if (notice.requiredUserIds?.length) {
    const required = await q.query<{ id: string; email: string }>(
      'SELECT id::text AS id, email FROM users WHERE id = ANY($1::uuid[]) AND NOT is_deleted AND is_enabled',
      [notice.requiredUserIds.map((id) => id.toLowerCase())],
    );
    for (const u of required.rows) add({ userId: u.id, email: u.email, inApp: !notice.emailOnly, emailMode: 'now' });
  }

  const deliveries = [...byUser.values()];
  const inAppUsers = deliveries.filter((d) => d.inApp).map((d) => d.userId);
  if (inAppUsers.length) {
    await q.query(
      `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_at, updated_at)
       SELECT u, $2, $3, 0, $4, $4, $4 FROM unnest($1::uuid[]) AS u`,
      [inAppUsers, (notice.message ?? notice.subject).slice(0, 2000), notice.link ?? null, nowIso],
    );
  }

  const emailed = new Set<string>();
  const now: string[] = [];
  for (const d of deliveries) {
    if (d.emailMode !== 'now') continue;
    const address = d.email.toLowerCase();
    if (!emailed.has(address)) now.push(d.email);
    emailed.add(address);
  }
  for (const address of notice.requiredEmails ?? []) {
    if (!emailed.has(address.toLowerCase())) now.push(address);
    emailed.add(address.toLowerCase());
  }
  if (now.length) {
    const { html, text } = noticeEmail(ctx, notice);
    await q.query(
      `INSERT INTO notice_emails (notice_key, to_address, subject, body_text, body_html, next_attempt_at, created_at, updated_at)
       SELECT $1, a, $2, $3, $4, $5, $5, $5 FROM unnest($6::text[]) AS a`,
      [notice.key, notice.subject, text, html, nowIso, now],
    );
  }
  const digest = deliveries.filter((d) => d.emailMode === 'digest' && !emailed.has(d.email.toLowerCase()));
  if (digest.length) {
    await q.query(
      `INSERT INTO notice_digest_items (notice_key, user_id, to_address, subject, link, created_at, updated_at)
       SELECT $1, x.user_id, x.to_address, $2, $3, $4, $4 FROM jsonb_to_recordset($5::jsonb) AS x(user_id uuid, to_address text)`,
      [notice.key, notice.subject, notice.link ?? null, nowIso, JSON.stringify(digest.map((d) => ({ user_id: d.userId, to_address: d.email })))],
    );
  }
  await q.query('UPDATE notices SET in_app_count = $2, email_count = $3, digest_count = $4 WHERE key = $1', [notice.key, inAppUsers.length, now.length, digest.length]);
  return 'sent';
}

export interface OutboxResult {
  sent: number;
  /** Failed this time and to be tried again later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/**
 * Delivers due outbox emails (all, or one notice's). Each row is claimed with SKIP LOCKED, so API
 * instances running this at the same moment never send one email twice.
 */
export async function deliverNoticeEmails(ctx: ApiContext, options: { key?: string; limit?: number } = {}): Promise<OutboxResult> {
  const now = ctx.now();
  const claimed = await ctx.db.query<OutboxRow>(
    `UPDATE notice_emails SET status = 'Sending', claimed_at = $1, attempts = attempts + 1, updated_at = $1
      WHERE id IN (SELECT id FROM notice_emails
                    WHERE ($2::text IS NULL OR notice_key = $2)
                      AND ((status = 'Pending' AND next_attempt_at <= $1)
                           OR (status = 'Sending' AND claimed_at < $1::timestamptz - make_interval(mins => ${STALE_CLAIM_MINUTES})))
                    ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, body_text, body_html, attempts`,
    [now.toISOString(), options.key ?? null, options.limit ?? 200],
  );
  const result: OutboxResult = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed.rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    const delivery = await ctx.mailer.send({ to: row.to_address, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) });
    const at = ctx.now().toISOString();
    if (delivery.status !== 'Failed') {
      await ctx.db.query(`UPDATE notice_emails SET status = 'Sent', sent_at = $2, last_error = NULL, updated_at = $2 WHERE id = $1`, [row.id, at]);
      result.sent += 1;
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await ctx.db.query(`UPDATE notice_emails SET status = 'Failed', last_error = $2, updated_at = $3 WHERE id = $1`, [row.id, `email log ${delivery.logId}`, at]);
      result.failed += 1;
      ctx.log.error({ outboxId: row.id, attempts: row.attempts }, 'notice email failed for the last time');
    } else {
      // 2, 4, 8, 16 minutes.
      await ctx.db.query(
        `UPDATE notice_emails SET status = 'Pending', last_error = $2, next_attempt_at = $3::timestamptz + make_interval(mins => $4), updated_at = $3 WHERE id = $1`,
        [row.id, `email log ${delivery.logId}`, at, 2 ** row.attempts],
      );
      result.retrying += 1;
    }
  }
  return result;
}

interface DigestRow {
  id: number;
  user_id: string;
  to_address: string;
  subject: string;
  link: string | null;
}

/**
 * The daily digest (subscribers who chose Daily): one email per person with every notice since
 * their last digest, keyed `digest:<day>:<user>` so a second run on the same day sends nothing.
 * Returns how many digests were written.
 */
export async function sendDailyDigests(ctx: ApiContext, day: IsoDay = agencyToday(ctx.now())): Promise<number> {
  const users = await ctx.db.query<{ user_id: string }>('SELECT DISTINCT user_id::text AS user_id FROM notice_digest_items WHERE digested_at IS NULL');
  let written = 0;
  for (const { user_id: userId } of users.rows) {
    const key = `digest:${day}:${userId}`;
    const made = await ctx.db.tx(async (q) => {
      const nowIso = ctx.now().toISOString();
      const claimed = await q.query(
        `INSERT INTO notices (key, event_type, subject, created_at, updated_at) VALUES ($1, 'Daily digest', $2, $3, $3) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key, notifyText.digestSubject(formatDay(day)), nowIso],
      );
      if (claimed.rows.length === 0) return false;
      const items = await q.query<DigestRow>(
        `UPDATE notice_digest_items SET digested_at = $2, updated_at = $2
          WHERE id IN (SELECT id FROM notice_digest_items WHERE user_id = $1 AND digested_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id::text AS user_id, to_address, subject, link`,
        [userId, nowIso],
      );
      const list = items.rows.sort((a, b) => Number(a.id) - Number(b.id));
      if (list.length === 0) return false;
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      const lines = list.map((i) => {
        const url = fullLink(ctx, i.link ?? undefined);
        return { html: url ? `<li><a href="${esc(url)}">${esc(i.subject)}</a></li>` : `<li>${esc(i.subject)}</li>`, text: url ? `- ${i.subject} (${url})` : `- ${i.subject}` };
      });
      const html = `<p>${esc(notifyText.digestIntro(list.length))}</p><ul>${lines.map((l) => l.html).join('')}</ul><p>${esc(notifyText.digestFooter)}</p>`;
      const text = `${notifyText.digestIntro(list.length)}\n${lines.map((l) => l.text).join('\n')}\n\n${notifyText.digestFooter}`;
      await q.query(
        `INSERT INTO notice_emails (notice_key, to_address, subject, body_text, body_html, next_attempt_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
        [key, list.at(-1)!.to_address, notifyText.digestSubject(formatDay(day)), text, html, nowIso],
      );
      await q.query('UPDATE notices SET email_count = 1 WHERE key = $1', [key]);
      return true;
    });
    if (made) written += 1;
  }
  if (written) await deliverNoticeEmails(ctx);
  return written;
}
