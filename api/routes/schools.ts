// Schools (spec §7 Schools): a paged, sortable list and CRUD, limited to the LEAs the caller may
// see. A school outside them is a 404, like an LEA.
import { Router } from 'express';
import { z } from 'zod';
import { P } from '../../lib/permissions.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { badRequest, idParam, notFound, parse } from '../http.js';
import { isVisible, leaCondition, visibleLeaIds } from '../lea-scope.js';
import { SCHOOL_SELECT, toSchool } from './leas.js';

export const SCHOOL_MESSAGES = {
  notFound: 'No such school.',
  unknownLea: 'Not a known LEA.',
} as const;

const SORT_COLUMNS = {
  name: 'lower(s.name)',
  ziplineAPISchoolId: 's.zipline_api_school_id',
  leaName: 'lower(l.name)',
  id: 's.id',
} as const;
type SortField = keyof typeof SORT_COLUMNS;
const sortFieldByLower = new Map(Object.keys(SORT_COLUMNS).map((k) => [k.toLowerCase(), k as SortField]));

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

const listQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(25),
  sortField: z
    .preprocess((v) => (typeof v === 'string' ? (sortFieldByLower.get(v.toLowerCase()) ?? v) : v), z.enum(['name', 'ziplineAPISchoolId', 'leaName', 'id']))
    .default('name'),
  sortDirection: z.preprocess(lower, z.enum(['asc', 'desc'])).default('asc'),
  isOrderByParentField: z
    .preprocess(lower, z.enum(['true', 'false', '1', '0']))
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  /** Optional: only the schools of this LEA. */
  leaId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());

const createBody = z.object({
  leaId: z.number().int().positive().max(2_147_483_647),
  name: z.string().trim().min(1).max(200),
  ziplineAPISchoolId: optionalText(50),
});
const updateBody = createBody.extend({ id: z.number().int().positive().max(2_147_483_647) });

/** What the audit log records of a school. */
const auditView = (s: { leaId: number; name: string; ziplineAPISchoolId: string | null }) => ({
  leaId: s.leaId,
  name: s.name,
  ziplineAPISchoolId: s.ziplineAPISchoolId,
});

/** Request schemas, for the OpenAPI document. */
export const schoolsSchemas = { listQuery, createBody, updateBody };

export function schoolsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  async function visibleSchool(caller: AuthContext, id: number) {
    const visible = await visibleLeaIds(db, caller);
    const params: unknown[] = [id];
    const row = await db.query<Parameters<typeof toSchool>[0]>(`${SCHOOL_SELECT} WHERE s.id = $1 AND ${leaCondition(visible, 's.lea_id', params)}`, params);
    const school = row.rows[0];
    if (!school) throw notFound(SCHOOL_MESSAGES.notFound);
    return { school: toSchool(school), visible };
  }

  /** The target LEA of a write must exist and be visible; otherwise the field is refused. */
  async function assertLea(caller: AuthContext, leaId: number) {
    const visible = await visibleLeaIds(db, caller);
    const found = await db.query('SELECT 1 FROM leas WHERE id = $1', [leaId]);
    if (found.rows.length === 0 || !isVisible(visible, leaId)) {
      throw badRequest('The body is not valid.', { errors: [{ field: 'leaId', message: SCHOOL_MESSAGES.unknownLea }] });
    }
  }

  router.get('/api/schools', auth, async (req, res) => {
    const query = parse(listQuery, req.query, 'query');
    const visible = await visibleLeaIds(db, authOf(res));
    const params: unknown[] = [];
    const conditions = [leaCondition(visible, 's.lea_id', params)];
    if (query.leaId !== undefined) {
      params.push(query.leaId);
      conditions.push(`s.lea_id = $${params.length}`);
    }
    const where = `WHERE ${conditions.join(' AND ')}`;
    const total = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM schools s JOIN leas l ON l.id = s.lea_id ${where}`, params);
    const dir = query.sortDirection === 'desc' ? 'DESC' : 'ASC';
    const order = [
      ...(query.isOrderByParentField ? [`lower(l.name) ${dir}`] : []),
      `${SORT_COLUMNS[query.sortField]} ${dir} NULLS LAST`,
      `s.id ${dir}`,
    ].join(', ');
    params.push(query.pageSize, (query.pageNumber - 1) * query.pageSize);
    const rows = await db.query<Parameters<typeof toSchool>[0]>(
      `${SCHOOL_SELECT} ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    res.json({ items: rows.rows.map(toSchool), totalCount: Number(total.rows[0]?.n ?? 0) });
  });

  router.get('/api/schools/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    res.json((await visibleSchool(authOf(res), id)).school);
  });

  router.post('/api/schools', auth, requirePermission(P.schoolsManage), async (req, res) => {
    const body = parse(createBody, req.body, 'body');
    const caller = authOf(res);
    await assertLea(caller, body.leaId);
    const id = await db.tx(async (q) => {
      const created = await q.query<{ id: number }>(
        `INSERT INTO schools (lea_id, name, zipline_api_school_id, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
        [body.leaId, body.name, body.ziplineAPISchoolId ?? null, caller.userId],
      );
      const schoolId = created.rows[0]!.id;
      const after = { leaId: body.leaId, name: body.name, ziplineAPISchoolId: body.ziplineAPISchoolId ?? null };
      await recordAudit(q, { actor: caller.userId, action: 'school.create', entityType: 'school', entityId: schoolId, changes: createdChanges(after) });
      return schoolId;
    });
    res.status(201).json((await visibleSchool(caller, id)).school);
  });

  router.put('/api/schools', auth, requirePermission(P.schoolsManage), async (req, res) => {
    const body = parse(updateBody, req.body, 'body');
    const caller = authOf(res);
    const { school: before } = await visibleSchool(caller, body.id);
    await assertLea(caller, body.leaId);
    await db.tx(async (q) => {
      await q.query(
        // A body without ziplineAPISchoolId keeps the stored one rather than clearing it.
        `UPDATE schools SET lea_id = $2, name = $3, zipline_api_school_id = CASE WHEN $6 THEN zipline_api_school_id ELSE $4 END,
                updated_at = now(), updated_by = $5
          WHERE id = $1`,
        [body.id, body.leaId, body.name, body.ziplineAPISchoolId ?? null, caller.userId, body.ziplineAPISchoolId === undefined],
      );
      const after = {
        leaId: body.leaId,
        name: body.name,
        ziplineAPISchoolId: body.ziplineAPISchoolId === undefined ? before.ziplineAPISchoolId : body.ziplineAPISchoolId,
      };
      await recordAudit(q, {
        actor: caller.userId,
        action: 'school.update',
        entityType: 'school',
        entityId: body.id,
        changes: diffChanges(auditView(before), auditView(after)),
      });
    });
    res.json((await visibleSchool(caller, body.id)).school);
  });

  router.delete('/api/schools/:id', auth, requirePermission(P.schoolsManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    const { school: before } = await visibleSchool(caller, id);
    await db.tx(async (q) => {
      await q.query('DELETE FROM schools WHERE id = $1', [id]);
      await recordAudit(q, { actor: caller.userId, action: 'school.delete', entityType: 'school', entityId: id, changes: deletedChanges(auditView(before)) });
    });
    res.status(204).end();
  });

  return router;
}
