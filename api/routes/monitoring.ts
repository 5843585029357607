// The visit details of an Integrated Monitoring Review (spec §2 Monitoring: visit; §6 Monitoring
// visit.view / visit.init): one visit per LEA and school year. The LEA is the CurrentLeaId
// header's and the school year the activeschoolyear header's, as the portal sends them on every
// call (spec §7), so a user sees and saves the visit of the LEA and year they have selected.
//
//   GET /api/monitoring/visit   visit.view or visit.init: { visit } (null until first saved)
//   PUT /api/monitoring/visit   visit.init: create or replace the details; audited
import { Router, type Request } from 'express';
import { z } from 'zod';
import { saveMonitoringVisitRequest, type MonitoringVisit } from '../../lib/contract.js';
import { parseDay } from '../../lib/field-rules.js';
import { P } from '../../lib/permissions.js';
import { createdChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, notFound, parse } from '../http.js';
import { isVisible, visibleLeaIds } from '../lea-scope.js';

export const VISIT_MESSAGES = {
  noLea: 'Choose an LEA first: the CurrentLeaId header names the LEA of the visit.',
  badLea: 'The CurrentLeaId header is not valid.',
  noYear: 'Choose a school year first: the activeschoolyear header names the school year of the visit.',
  unknownYear: 'The activeschoolyear header names no known school year.',
  leaNotFound: 'No such LEA.',
  notADay: 'Not a real day.',
  endAfterStart: 'The end time must be after the start time.',
} as const;

const saveBody = saveMonitoringVisitRequest.superRefine((v, ctx) => {
  if (parseDay(v.visitDate) !== v.visitDate) ctx.addIssue({ code: 'custom', path: ['visitDate'], message: VISIT_MESSAGES.notADay });
  // HH:mm strings (both checked above) compare in time order.
  const clock = /^\d{2}:\d{2}$/;
  if (clock.test(v.startTime) && clock.test(v.endTime) && v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: VISIT_MESSAGES.endAfterStart });
});

/** Request schemas, for the OpenAPI document. */
export const monitoringSchemas = { saveBody: saveMonitoringVisitRequest };

interface VisitRow {
  id: number;
  lea_id: number;
  school_year_key: string;
  visit_date: string;
  start_time: string;
  end_time: string;
  student_file_count: number;
  updated_at: Date | string;
  updated_by_name: string | null;
  updated_by: string;
}

const toVisit = (r: VisitRow): MonitoringVisit => ({
  leaId: r.lea_id,
  schoolYear: r.school_year_key,
  visitDate: r.visit_date,
  startTime: r.start_time,
  endTime: r.end_time,
  studentFileCount: r.student_file_count,
  updatedAt: new Date(r.updated_at).toISOString(),
  updatedBy: r.updated_by_name ?? r.updated_by,
});

async function loadVisit(q: Queryable, leaId: number, year: string): Promise<MonitoringVisit | null> {
  const r = await q.query<VisitRow>(
    `SELECT v.id, v.lea_id, v.school_year_key, to_char(v.visit_date, 'YYYY-MM-DD') AS visit_date,
            to_char(v.start_time, 'HH24:MI') AS start_time, to_char(v.end_time, 'HH24:MI') AS end_time,
            v.student_file_count, v.updated_at, v.updated_by, u.full_name AS updated_by_name
       FROM monitoring_visits v
       LEFT JOIN users u ON u.id::text = v.updated_by
      WHERE v.lea_id = $1 AND v.school_year_key = $2`,
    [leaId, year],
  );
  const row = r.rows[0];
  return row ? toVisit(row) : null;
}

/** The fields an audit entry compares. */
const auditView = (v: MonitoringVisit | null) =>
  v ? { visitDate: v.visitDate, startTime: v.startTime, endTime: v.endTime, studentFileCount: v.studentFileCount } : {};

export function monitoringRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  /** The LEA and school year the call is about, from its headers; each checked. */
  async function scope(req: Request, caller: AuthContext): Promise<{ leaId: number; year: string }> {
    if (caller.currentLeaId === null) throw badRequest(req.get('currentleaid')?.trim() ? VISIT_MESSAGES.badLea : VISIT_MESSAGES.noLea);
    if (caller.activeSchoolYear === null) throw badRequest(VISIT_MESSAGES.noYear);
    if (!isVisible(await visibleLeaIds(db, caller), caller.currentLeaId)) throw notFound(VISIT_MESSAGES.leaNotFound);
    const found = await db.query(
      'SELECT (SELECT 1 FROM leas WHERE id = $1) AS lea, (SELECT 1 FROM school_years WHERE key = $2) AS year',
      [caller.currentLeaId, caller.activeSchoolYear],
    );
    const row = found.rows[0] as { lea: number | null; year: number | null } | undefined;
    if (!row?.lea) throw notFound(VISIT_MESSAGES.leaNotFound);
    if (!row.year) throw badRequest(VISIT_MESSAGES.unknownYear);
    return { leaId: caller.currentLeaId, year: caller.activeSchoolYear };
  }

  router.get('/api/monitoring/visit', auth, requirePermission(P.visitView, P.visitInit), async (req, res) => {
    const { leaId, year } = await scope(req, authOf(res));
    res.json({ visit: await loadVisit(db, leaId, year) });
  });

  router.put('/api/monitoring/visit', auth, requirePermission(P.visitInit), async (req, res) => {
    const body: z.infer<typeof saveBody> = parse(saveBody, req.body, 'body');
    const caller = authOf(res);
    const { leaId, year } = await scope(req, caller);
    const saved = await db.tx(async (q) => {
      const before = await loadVisit(q, leaId, year);
      const r = await q.query<{ id: number }>(
        `INSERT INTO monitoring_visits (lea_id, school_year_key, visit_date, start_time, end_time, student_file_count, created_by, updated_by)
         VALUES ($1, $2, $3::date, $4::time, $5::time, $6, $7, $7)
         ON CONFLICT (lea_id, school_year_key) DO UPDATE
           SET visit_date = EXCLUDED.visit_date, start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time,
               student_file_count = EXCLUDED.student_file_count, updated_at = now(), updated_by = EXCLUDED.updated_by
         RETURNING id`,
        [leaId, year, body.visitDate, body.startTime, body.endTime, body.studentFileCount, caller.userId],
      );
      const after = auditView({ ...body, leaId, schoolYear: year, updatedAt: '', updatedBy: '' });
      await recordAudit(q, {
        actor: caller.userId,
        action: before ? 'monitoring-visit.update' : 'monitoring-visit.create',
        entityType: 'monitoring-visit',
        entityId: r.rows[0]?.id ?? `${leaId}:${year}`,
        changes: before ? diffChanges(auditView(before), after) : createdChanges({ leaId, schoolYear: year, ...after }),
      });
      return loadVisit(q, leaId, year);
    });
    res.json(saved);
  });

  return router;
}
