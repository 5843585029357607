// People search for the person picker (spec §2 Person picker): students and staff of the LEAs
// the caller may see (spec §6), filtered by LEA, school, and first and last name prefixes, or
// looked up by their external ids (to name the people a picker form posted).
import { Router } from 'express';
import { z } from 'zod';
import type { PersonRecord } from '../../lib/contract.js';
import { authenticate, authOf } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { parse } from '../http.js';
import { leaCondition, visibleLeaIds } from '../lea-scope.js';

const INT_MAX = 2_147_483_647;
export const PEOPLE_MAX_PAGE_SIZE = 100;
export const PEOPLE_MAX_IDS = 100;

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown): unknown => {
  const one = first(v);
  return typeof one === 'string' && one.trim() === '' ? undefined : one;
};
const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(INT_MAX).optional());
const namePrefix = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());

const peopleQuery = z.object({
  leaId: optionalId,
  schoolId: optionalId,
  firstName: namePrefix,
  lastName: namePrefix,
  role: z.preprocess(blankToUndefined, z.enum(['Student', 'Staff']).optional()),
  /** Comma-separated external ids: the people with these ids (and the other filters). */
  externalIds: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,10}(,\d{1,10})*$/, 'Must be a comma-separated list of ids.')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .refine((ids) => ids.length <= PEOPLE_MAX_IDS, `At most ${PEOPLE_MAX_IDS} ids.`)
      .refine((ids) => ids.every((id) => id > 0 && id <= INT_MAX), 'Ids must be positive.')
      .optional(),
  ),
  pageNumber: z.preprocess(first, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(first, z.coerce.number().int().min(1).max(PEOPLE_MAX_PAGE_SIZE).default(25)),
});

/** Request schemas, for the OpenAPI document. */
export const peopleSchemas = { peopleQuery };

/** A LIKE pattern matching values that start with `text` (its wildcards taken literally). */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface PersonRow {
  id: number;
  external_id: number;
  first_name: string;
  last_name: string;
  lea_id: number;
  lea_name: string;
  school_id: number | null;
  school_name: string | null;
  role: 'Student' | 'Staff';
}

const toPerson = (r: PersonRow): PersonRecord => ({
  id: r.id,
  externalId: r.external_id,
  firstName: r.first_name,
  lastName: r.last_name,
  fullName: `${r.first_name} ${r.last_name}`,
  leaId: r.lea_id,
  leaName: r.lea_name,
  schoolId: r.school_id,
  schoolName: r.school_name,
  role: r.role,
});

export function peopleRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  router.get('/api/people', auth, async (req, res) => {
    const query = parse(peopleQuery, req.query, 'query');
    const visible = await visibleLeaIds(db, authOf(res));
    const params: unknown[] = [];
    const conditions = [leaCondition(visible, 'p.lea_id', params)];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      conditions.push(sql(params.length));
    };
    if (query.leaId !== undefined) add((n) => `p.lea_id = $${n}`, query.leaId);
    if (query.schoolId !== undefined) add((n) => `p.school_id = $${n}`, query.schoolId);
    if (query.firstName) add((n) => `lower(p.first_name) LIKE $${n}`, prefixPattern(query.firstName));
    if (query.lastName) add((n) => `lower(p.last_name) LIKE $${n}`, prefixPattern(query.lastName));
    if (query.role) add((n) => `p.role = $${n}`, query.role);
    if (query.externalIds) add((n) => `p.external_id = ANY($${n}::integer[])`, query.externalIds);
    const where = `WHERE ${conditions.join(' AND ')}`;

    const total = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM people p ${where}`, params);
    params.push(query.pageSize, (query.pageNumber - 1) * query.pageSize);
    const rows = await db.query<PersonRow>(
      `SELECT p.id, p.external_id, p.first_name, p.last_name, p.lea_id, l.name AS lea_name, p.school_id, s.name AS school_name, p.role
         FROM people p
         JOIN leas l ON l.id = p.lea_id
         LEFT JOIN schools s ON s.id = p.school_id
        ${where}
        ORDER BY lower(p.last_name), lower(p.first_name), p.external_id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    res.json({ items: rows.rows.map(toPerson), totalCount: Number(total.rows[0]?.n ?? 0) });
  });

  return router;
}
