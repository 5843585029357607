// School years as LEA administrators manage them (App.leas.manage): every year with how many
// LEAs report in it, adding a year, and choosing the current one. The portal's own year lists
// stay at /api/leas/school-years (anonymous) and /api/leas/schoolyear.
import { Router } from 'express';
import { z } from 'zod';
import type { AdminSchoolYear } from '../../lib/contract.js';
import { validationMessages as v } from '../../lib/messages.js';
import { P } from '../../lib/permissions.js';
import { isSchoolYearKey } from '../../lib/school-year.js';
import { createdChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, conflict, parse } from '../http.js';
import { isUniqueViolation } from '../sql-errors.js';

export const SCHOOL_YEAR_MESSAGES = {
  keyFormat: 'Use two consecutive years, like 2023-2024.',
  exists: 'This school year already exists.',
  unknown: 'Not a known school year.',
} as const;

const yearKey = z
  .string({ error: v.fieldRequired })
  .trim()
  .min(1, { error: v.fieldRequired, abort: true })
  .refine(isSchoolYearKey, SCHOOL_YEAR_MESSAGES.keyFormat);

const createBody = z.object({
  key: yearKey,
  // The label defaults to the key, as the seeded years have it.
  label: z.preprocess((x) => (typeof x === 'string' && x.trim() === '' ? undefined : x), z.string({ error: v.incorrectFormat }).trim().max(50, v.maxLength(50)).optional()),
});
const currentBody = z.object({ key: yearKey });

/** Request schemas, for the OpenAPI document. */
export const schoolYearsSchemas = { createBody, currentBody };

interface YearRow {
  key: string;
  label: string;
  is_current: boolean;
  lea_count: number | string;
}

async function loadYears(q: Queryable, key?: string): Promise<AdminSchoolYear[]> {
  const r = await q.query<YearRow>(
    `SELECT y.key, y.label, y.is_current, (SELECT count(*)::int FROM lea_years ly WHERE ly.school_year_key = y.key) AS lea_count
       FROM school_years y WHERE $1::text IS NULL OR y.key = $1::text ORDER BY y.key DESC`,
    [key ?? null],
  );
  return r.rows.map((y) => ({ key: y.key, label: y.label, isCurrent: y.is_current, leaCount: Number(y.lea_count) }));
}

export function schoolYearsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const manage = requirePermission(P.leasManage);
  const db = ctx.db;

  router.get('/api/school-years', auth, manage, async (_req, res) => {
    res.json(await loadYears(db));
  });

  router.post('/api/school-years', auth, manage, async (req, res) => {
    const body = parse(createBody, req.body, 'body');
    const by = authOf(res).userId;
    const label = body.label ?? body.key;
    const [year] = await db
      .tx(async (q) => {
        const exists = await q.query('SELECT 1 FROM school_years WHERE key = $1', [body.key]);
        if (exists.rows.length > 0) throw conflict(SCHOOL_YEAR_MESSAGES.exists);
        await q.query('INSERT INTO school_years (key, label, created_by, updated_by) VALUES ($1, $2, $3, $3)', [body.key, label, by]);
        await recordAudit(q, { actor: by, action: 'school-year.create', entityType: 'school-year', entityId: body.key, changes: createdChanges({ key: body.key, label }) });
        return loadYears(q, body.key);
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(SCHOOL_YEAR_MESSAGES.exists) : err;
      });
    res.status(201).json(year);
  });

  router.put('/api/school-years/current', auth, manage, async (req, res) => {
    const { key } = parse(currentBody, req.body, 'body');
    const by = authOf(res).userId;
    const year = await db.tx(async (q) => {
      // Locks every year row, so two admins choosing at once still leave exactly one current.
      const rows = await q.query<{ key: string; is_current: boolean }>('SELECT key, is_current FROM school_years ORDER BY key FOR UPDATE');
      if (!rows.rows.some((r) => r.key === key)) {
        throw badRequest('The body is not valid.', { errors: [{ field: 'key', message: SCHOOL_YEAR_MESSAGES.unknown }] });
      }
      const previous = rows.rows.find((r) => r.is_current)?.key ?? null;
      if (previous !== key) {
        await q.query(
          `UPDATE school_years SET is_current = (key = $1), updated_at = now(), updated_by = $2 WHERE is_current IS DISTINCT FROM (key = $1)`,
          [key, by],
        );
        await recordAudit(q, { actor: by, action: 'school-year.set-current', entityType: 'school-year', entityId: key, changes: { currentYear: { from: previous, to: key } } });
      }
      return (await loadYears(q, key))[0]!;
    });
    res.json(year);
  });

  return router;
}
