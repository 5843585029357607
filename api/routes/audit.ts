// GET /api/audit: the audit log of admin changes, newest first, for App.roles.manage or
// App.users.manage. A user manager limited to a jurisdiction (no App.users.view, no
// App.roles.manage: a district's Local Admin) sees only the entries about users of their LEAs.
import { Router } from 'express';
import { z } from 'zod';
import type { AuditEntry } from '../../lib/contract.js';
import { validationMessages as v } from '../../lib/messages.js';
import { P } from '../../lib/permissions.js';
import { authenticate, authOf, can, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { parse } from '../http.js';
import { userLeaIds } from '../users.js';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const auditQuery = z.object({
  entityType: optionalQuery(z.string().trim().max(50, v.maxLength(50)).regex(/^[a-z][a-z0-9-]*$/, v.incorrectFormat)),
  entityId: optionalQuery(z.string().trim().max(100, v.maxLength(100))),
  actor: optionalQuery(z.string().trim().max(100, v.maxLength(100))),
  action: optionalQuery(z.string().trim().max(100, v.maxLength(100)).regex(/^[a-z][a-z0-9.-]*$/, v.incorrectFormat)),
  pageNumber: optionalQuery(z.coerce.number().int(v.incorrectFormat).min(1, v.minValue(1)).max(1_000_000, v.maxValue(1_000_000))).transform((n) => n ?? 1),
  pageSize: optionalQuery(z.coerce.number().int(v.incorrectFormat).min(1, v.minValue(1)).max(500, v.maxValue(500))).transform((n) => n ?? 25),
});

/** Request schemas, for the OpenAPI document. */
export const auditSchemas = { auditQuery };

interface AuditRow {
  id: number | string;
  at: Date | string;
  actor_user_id: string;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  changes: unknown;
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  actorUserId: r.actor_user_id,
  actorName: r.actor_name,
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  changes: typeof r.changes === 'object' && r.changes !== null && !Array.isArray(r.changes) ? (r.changes as Record<string, unknown>) : {},
});

export function auditRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  router.get('/api/audit', auth, requirePermission(P.rolesManage, P.usersManage), async (req, res) => {
    const query = parse(auditQuery, req.query, 'query');
    const caller = authOf(res);
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    if (query.entityType !== undefined) conditions.push(`l.entity_type = ${param(query.entityType)}`);
    // Ids are stored as the database writes them: user ids in lowercase.
    if (query.entityId !== undefined) conditions.push(`l.entity_id = ${param(query.entityId.toLowerCase())}`);
    if (query.actor !== undefined) conditions.push(`l.actor_user_id = ${param(query.actor.toLowerCase())}`);
    if (query.action !== undefined) conditions.push(`l.action = ${param(query.action)}`);
    if (!can(caller, P.rolesManage, P.usersView)) {
      const leas = param(await userLeaIds(db, caller.userId));
      conditions.push(`l.entity_type = 'user' AND l.entity_id IN (
        SELECT u.id::text FROM users u
         WHERE u.lea_id = ANY(${leas}::int[]) OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = ANY(${leas}::int[])))`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const total = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM audit_log l ${where}`, params);
    const limit = param(query.pageSize);
    const offset = param((query.pageNumber - 1) * query.pageSize);
    const rows = await db.query<AuditRow>(
      `SELECT l.id, l.at, l.actor_user_id, a.full_name AS actor_name, l.action, l.entity_type, l.entity_id, l.changes
         FROM audit_log l LEFT JOIN users a ON a.id::text = l.actor_user_id
         ${where}
        ORDER BY l.at DESC, l.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    res.json({ items: rows.rows.map(toEntry), totalCount: Number(total.rows[0]?.n ?? 0) });
  });

  return router;
}
