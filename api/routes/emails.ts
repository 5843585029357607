// The email log (spec §7 "an /api/emails prefix"): every message the API sent or wrote to disk,
// newest first, for admins who check whether a user was emailed.
import { redactLinkSecrets } from '../email-redaction.js';
import { Router } from 'express';
import { z } from 'zod';
import { P } from '../../lib/permissions.js';
import { authenticate, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { idParam, notFound, parse } from '../http.js';

/** A date (start of that day, UTC) or a full ISO date-time. */
const when = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const listQuery = z.object({
  to: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  subject: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  status: z.preprocess(blankToUndefined, z.enum(['Logged', 'Sent', 'Failed']).optional()),
  from: z.preprocess(blankToUndefined, when.optional()),
  until: z.preprocess(blankToUndefined, when.optional()),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

/** Request schemas, for the OpenAPI document. */
export const emailsSchemas = { listQuery };

interface EmailRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  status: 'Logged' | 'Sent' | 'Failed';
  error: string | null;
  sent_at: Date | string;
}

const toEntry = (r: EmailRow) => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  body: redactLinkSecrets(r.body),
  status: r.status,
  error: r.error,
  sentAt: new Date(r.sent_at).toISOString(),
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function emailsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/api/emails', auth, requirePermission(P.emailLogsView), async (req, res) => {
    const query = parse(listQuery, req.query, 'query');
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(sql(`$${params.length}`));
    };
    if (query.to) add((p) => `to_address ILIKE ${p}`, like(query.to));
    if (query.subject) add((p) => `subject ILIKE ${p}`, like(query.subject));
    if (query.status) add((p) => `status = ${p}`, query.status);
    if (query.from) add((p) => `sent_at >= ${p}::timestamptz`, query.from.toISOString());
    if (query.until) add((p) => `sent_at <= ${p}::timestamptz`, query.until.toISOString());
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const total = await ctx.db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM email_log ${where}`, params);
    const rows = await ctx.db.query<EmailRow>(
      `SELECT id, to_address, subject, body, status, error, sent_at FROM email_log ${where}
        ORDER BY sent_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.pageNumber - 1) * query.pageSize],
    );
    res.json({ items: rows.rows.map(toEntry), totalCount: Number(total.rows[0]?.n ?? 0) });
  });

  router.get('/api/emails/:id', auth, requirePermission(P.emailLogsView), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const row = (await ctx.db.query<EmailRow>('SELECT id, to_address, subject, body, status, error, sent_at FROM email_log WHERE id = $1', [id])).rows[0];
    if (!row) throw notFound('No such email.');
    res.json(toEntry(row));
  });

  return router;
}
