// The neutral roster and assignments (DR spec §4.9, §5.3, §8, §12):
//   GET  /api/disputeresolution/neutrals[?type=]           roster per type with next in rotation (stateuser)
//   PUT  /api/disputeresolution/neutrals/{userId}           active, languages, capacity, training (stateuser)
//   POST /api/disputeresolution/cases/{id}/assignments      propose by rotation, joint request or by hand (stateuser)
//   PUT  /api/disputeresolution/assignments/{id}            the neutral accepts (no-conflict statement) or declines
//   DELETE /api/disputeresolution/assignments/{id}          state staff remove one, with a reason
// The roster is every user holding the type's roles.* permission (state staff excepted); dr_neutrals keeps what the
// roster screen edits. Rotation, eligibility and their messages are lib/dr/rules.ts.
import { Router } from 'express';
import { z } from 'zod';
import { agencyToday, isIsoDay } from '../../lib/day.js';
import { ineligibility, neutralMessages, rotationOrder, type Neutral, type RotationRequest } from '../../lib/dr/rules.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { forbidden, notFound } from '../http.js';
import { deliverCaseNotices, notifyCase } from './notify.js';
import { proposeFromParentChoice } from './ho-choice.js';
import { invalid as invalidFields, parse422 } from './routes.js';
import { acceptedNeutrals, caseInScope, dataOf, DR, loadAssignments, loadCaseRow, NEUTRAL_ROLES, viewerOf, type CaseRow } from './store.js';

const BASE = '/api/disputeresolution';

export const assignmentMessages = {
  noEligible: 'No neutral of this type is eligible for this case: check the roster.',
  notEligible: 'This person cannot take this case now (inactive, at capacity, or not on the roster).',
  confirmConflict: 'Confirm that you have no personal or professional conflict with this case.',
  notYours: 'Only the proposed neutral can accept or decline this assignment.',
  notProposed: 'This assignment was already answered.',
  removeReason: 'Enter the reason for removing the neutral.',
  alreadyAssigned: 'A neutral of this type is already proposed or assigned to this case.',
  closed: 'This case is closed.',
  noConflictStatement: 'I have no personal or professional conflict with this case',
  languages: 'Enter one to ten languages, separated by commas.',
  maxActiveCases: 'Enter a whole number of cases from 1 to 100.',
} as const;

const invalid = (field: string, message: string) => invalidFields([{ field, message }]);


const rosterQuery = z.object({ type: z.coerce.number().int().min(1).max(6).optional() });
const neutralBody = z.object({
  type: z.number().int().min(1).max(6),
  isActive: z.boolean(),
  languages: z.array(z.string().trim().min(1).max(40)).min(1, assignmentMessages.languages).max(10, assignmentMessages.languages),
  maxActiveCases: z.number({ error: assignmentMessages.maxActiveCases }).int(assignmentMessages.maxActiveCases).min(1, assignmentMessages.maxActiveCases).max(100, assignmentMessages.maxActiveCases),
  lastAnnualTrainingDate: z.union([z.string().refine(isIsoDay, 'Invalid date format'), z.literal(''), z.null()]).optional().transform((v) => v || null),
});
const assignBody = z.object({
  neutralType: z.number().int().min(1).max(6),
  method: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  userId: z.string().uuid().optional(),
});
const answerBody = z.object({ status: z.enum(['Accepted', 'Declined']), noConflictConfirmed: z.boolean().default(false) });
const removeBody = z.object({ reason: z.string().trim().max(1000).default('') });

export const neutralSchemas = { neutralBody, assignBody, answerBody, removeBody };

export interface RosterEntry extends Neutral {
  name: string;
  email: string;
  type: number;
  nextInRotation: boolean;
}

/** Everyone holding the type's role permission, with their roster settings and open cases. */
export async function loadRoster(q: Queryable, type: number): Promise<RosterEntry[]> {
  const role = NEUTRAL_ROLES[type];
  if (!role) return [];
  const r = await q.query<{
    user_id: string; full_name: string; email: string; is_active: boolean | null; languages: string[] | null; max_active_cases: number | null;
    last_assigned_at: Date | string | null; training: string | null; open_cases: string; lea_ids: number[] | null;
  }>(
    `SELECT u.id::text AS user_id, u.full_name, u.email, n.is_active, n.languages, n.max_active_cases, n.last_assigned_at,
            to_char(n.last_annual_training_date, 'YYYY-MM-DD') AS training,
            (SELECT count(*) FROM dr_assignments a JOIN dr_cases c ON c.id = a.case_id
              WHERE a.user_id = u.id AND a.neutral_type = $2 AND a.status IN ('Proposed', 'Accepted') AND c.status <> 4 AND NOT c.is_deleted) AS open_cases,
            ARRAY(SELECT lea_id FROM user_leas WHERE user_id = u.id UNION SELECT u.lea_id WHERE u.lea_id IS NOT NULL) AS lea_ids
       FROM users u LEFT JOIN dr_neutrals n ON n.user_id = u.id AND n.type = $2
      WHERE NOT u.is_deleted AND u.is_enabled
        AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $1)
        -- State staff run the process; an administrator holding every permission is no neutral.
        AND NOT EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $3)
      ORDER BY u.full_name, u.id`,
    [role.permission, type, DR.stateUser],
  );
  const entries: RosterEntry[] = r.rows.map((n) => ({
    userId: n.user_id,
    name: n.full_name,
    email: n.email,
    type,
    active: n.is_active ?? true,
    holdsRole: true,
    activeCases: Number(n.open_cases),
    maxActiveCases: n.max_active_cases ?? 5,
    leaIds: (n.lea_ids ?? []).filter((x): x is number => typeof x === 'number'),
    trainedOn: n.training,
    languages: n.languages ?? ['English'],
    lastAssignedAt: n.last_assigned_at ? new Date(n.last_assigned_at).toISOString() : null,
    nextInRotation: false,
  }));
  const next = rotationOrder(entries, { respondentLeaId: null, needsTraining: type === 3 || type === 4, preferredLanguage: null, today: agencyToday() })[0];
  return entries.map((e) => ({ ...e, nextInRotation: e.userId === next?.userId }));
}

export function rotationRequest(row: CaseRow, type: number): RotationRequest {
  return {
    respondentLeaId: row.lea_id,
    needsTraining: type === 3 || type === 4,
    preferredLanguage: dataOf(row).requester?.preferredLanguage || null,
    today: agencyToday(),
  };
}

export function neutralsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;
  const stateOnly = requirePermission(DR.stateUser);

  router.get(`${BASE}/neutrals`, auth, stateOnly, async (req, res) => {
    const { type } = rosterQuery.parse(req.query);
    const types = type ? [type] : [1, 2, 3, 4, 5, 6];
    const rows = (await Promise.all(types.map((t) => loadRoster(db, t)))).flat();
    res.json(rows.map(({ holdsRole: _h, leaIds: _l, ...rest }) => rest));
  });

  router.put(`${BASE}/neutrals/:userId`, auth, stateOnly, async (req, res) => {
    const userId = z.string().uuid().safeParse(req.params.userId);
    if (!userId.success) throw notFound();
    const b = parse422(neutralBody, req.body);
    const roster = await loadRoster(db, b.type);
    if (!roster.some((n) => n.userId === userId.data)) throw notFound('No such neutral.');
    await db.query(
      `INSERT INTO dr_neutrals (user_id, type, is_active, languages, max_active_cases, last_annual_training_date, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (user_id, type) DO UPDATE SET is_active = EXCLUDED.is_active, languages = EXCLUDED.languages, max_active_cases = EXCLUDED.max_active_cases,
              last_annual_training_date = EXCLUDED.last_annual_training_date, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [userId.data, b.type, b.isActive, b.languages, b.maxActiveCases, b.lastAnnualTrainingDate, authOf(res).userId],
    );
    await recordAudit(db, { actor: authOf(res).userId, action: 'dr-neutral.update', entityType: 'dr-neutral', entityId: `${userId.data}:${b.type}`, changes: { settings: { old: null, new: b } } });
    const updated = (await loadRoster(db, b.type)).find((n) => n.userId === userId.data);
    res.json(updated);
  });

  router.post(`${BASE}/cases/:id/assignments`, auth, stateOnly, async (req, res) => {
    const id = z.string().uuid().safeParse(req.params.id);
    if (!id.success) throw notFound();
    const row = await loadCaseRow(db, id.data);
    const viewer = await viewerOf(db, authOf(res));
    if (!row || !caseInScope(viewer, row, await acceptedNeutrals(db, id.data)) || row.status === 0) throw notFound('No such case.');
    if (row.status === 4) throw invalid('form', assignmentMessages.closed);
    const b = parse422(assignBody, req.body);
    const open = await db.query(`SELECT 1 FROM dr_assignments WHERE case_id = $1 AND neutral_type = $2 AND status IN ('Proposed', 'Accepted')`, [row.id, b.neutralType]);
    if (open.rows.length) throw invalid('neutralType', assignmentMessages.alreadyAssigned);
    const roster = await loadRoster(db, b.neutralType);
    const request = rotationRequest(row, b.neutralType);
    let chosen: string;
    if (b.method === 1) {
      const next = rotationOrder(roster, request)[0];
      if (!next) throw invalid('neutralType', assignmentMessages.noEligible);
      chosen = next.userId;
    } else {
      const person = roster.find((n) => n.userId === b.userId);
      if (!person) throw invalid('userId', assignmentMessages.notEligible);
      const why = ineligibility(person, request);
      if (why) throw invalid('userId', why === 'inactive' || why === 'full' ? assignmentMessages.notEligible : why);
      // The review officer of an appeal is never the case's hearing officer (§5.2).
      if (b.neutralType === 4) {
        const heard = await db.query(`SELECT 1 FROM dr_assignments WHERE case_id = $1 AND neutral_type = 3 AND user_id = $2 AND status IN ('Accepted', 'Removed')`, [row.id, person.userId]);
        if (heard.rows.length) throw invalid('userId', neutralMessages.reviewOfficerIsHearingOfficer);
      }
      chosen = person.userId;
    }
    const notices = await db.tx(async (q) => {
      const made = await q.query<{ id: number }>(`INSERT INTO dr_assignments (case_id, neutral_type, user_id, method, status) VALUES ($1, $2, $3, $4, 'Proposed') RETURNING id`, [row.id, b.neutralType, chosen, b.method]);
      await recordAudit(q, { actor: viewer.userId, action: 'dr-case.assign', entityType: 'dr-case', entityId: row.id, changes: { assignment: { old: null, new: { userId: chosen, type: b.neutralType, method: b.method } } } });
      return notifyCase(ctx, q, { kind: 'neutral-proposed', assignmentId: made.rows[0]!.id }, row.id);
    });
    await deliverCaseNotices(ctx, notices);
    res.status(201).json(await loadAssignments(db, row.id));
  });

  // The caller's own proposals waiting for an answer: what a neutral needs to decide, no PII.
  router.get(`${BASE}/assignments/mine`, auth, requirePermission(DR.view), async (_req, res) => {
    const r = await db.query<{ id: number; neutral_type: number; case_number: string; dispute_type: number; lea_name: string | null; received: string }>(
      `SELECT a.id, a.neutral_type, c.case_number, c.dispute_type, l.name AS lea_name, to_char(c.received_date, 'YYYY-MM-DD') AS received
         FROM dr_assignments a JOIN dr_cases c ON c.id = a.case_id LEFT JOIN leas l ON l.id = c.lea_id
        WHERE a.user_id::text = $1 AND a.status = 'Proposed' AND NOT c.is_deleted ORDER BY a.assigned_at`,
      [authOf(res).userId],
    );
    res.json(r.rows.map((x) => ({ id: x.id, neutralType: x.neutral_type, caseNumber: x.case_number, disputeType: x.dispute_type, leaName: x.lea_name, receivedDate: x.received })));
  });

  router.put(`${BASE}/assignments/:id`, auth, requirePermission(DR.view), async (req, res) => {
    const aid = Number(req.params.id);
    if (!Number.isInteger(aid) || aid < 1) throw notFound();
    const a = (await db.query<{ case_id: string; user_id: string; status: string; neutral_type: number; method: number }>(
      'SELECT case_id, user_id::text, status, neutral_type, method FROM dr_assignments WHERE id = $1',
      [aid],
    )).rows[0];
    const caller = authOf(res);
    if (!a) throw notFound();
    if (a.user_id !== caller.userId) throw forbidden(assignmentMessages.notYours);
    if (a.status !== 'Proposed') throw invalid('status', assignmentMessages.notProposed);
    const b = parse422(answerBody, req.body);
    if (b.status === 'Accepted' && !b.noConflictConfirmed) throw invalid('noConflictConfirmed', assignmentMessages.confirmConflict);
    const notices: string[] = [];
    await db.tx(async (q) => {
      await q.query(`UPDATE dr_assignments SET status = $2, no_conflict_confirmed = $3, ended_at = CASE WHEN $2 = 'Declined' THEN now() END WHERE id = $1`, [aid, b.status, b.noConflictConfirmed]);
      if (b.status === 'Accepted') {
        await q.query(
          `INSERT INTO dr_neutrals (user_id, type, last_assigned_at) VALUES ($1, $2, now()) ON CONFLICT (user_id, type) DO UPDATE SET last_assigned_at = now()`,
          [a.user_id, a.neutral_type],
        );
        notices.push(...(await notifyCase(ctx, q, { kind: 'neutral-accepted', assignmentId: aid }, a.case_id)));
      } else if (a.method === 3) {
        // Declined from the parent's choice of three: the next ranked is proposed (§8).
        notices.push(...((await proposeFromParentChoice(ctx, q, a.case_id, caller.userId)) ?? []));
      } else if (a.method === 1) {
        // Declined: the next in rotation is proposed (§5.3).
        const row = await loadCaseRow(q, a.case_id);
        const declined = new Set((await q.query<{ user_id: string }>(`SELECT user_id::text FROM dr_assignments WHERE case_id = $1 AND neutral_type = $2 AND status = 'Declined'`, [a.case_id, a.neutral_type])).rows.map((x) => x.user_id));
        const next = row ? rotationOrder((await loadRoster(q, a.neutral_type)).filter((n) => !declined.has(n.userId)), rotationRequest(row, a.neutral_type))[0] : undefined;
        const made = next ? await q.query<{ id: number }>(`INSERT INTO dr_assignments (case_id, neutral_type, user_id, method, status) VALUES ($1, $2, $3, 1, 'Proposed') RETURNING id`, [a.case_id, a.neutral_type, next.userId]) : null;
        if (made?.rows[0]) notices.push(...(await notifyCase(ctx, q, { kind: 'neutral-proposed', assignmentId: made.rows[0].id }, a.case_id)));
      }
      await recordAudit(q, { actor: caller.userId, action: 'dr-case.assignment-answer', entityType: 'dr-case', entityId: a.case_id, changes: { assignment: { old: 'Proposed', new: b.status } } });
    });
    await deliverCaseNotices(ctx, notices);
    res.json(await loadAssignments(db, a.case_id));
  });

  router.delete(`${BASE}/assignments/:id`, auth, stateOnly, async (req, res) => {
    const aid = Number(req.params.id);
    if (!Number.isInteger(aid) || aid < 1) throw notFound();
    const b = removeBody.parse(req.body ?? {});
    if (!b.reason) throw invalid('reason', assignmentMessages.removeReason);
    const a = (await db.query<{ case_id: string }>(`SELECT case_id FROM dr_assignments WHERE id = $1 AND status IN ('Proposed', 'Accepted')`, [aid])).rows[0];
    if (!a) throw notFound();
    await db.query(`UPDATE dr_assignments SET status = 'Removed', ended_at = now(), end_reason = $2 WHERE id = $1`, [aid, b.reason]);
    await recordAudit(db, { actor: authOf(res).userId, action: 'dr-case.unassign', entityType: 'dr-case', entityId: a.case_id, changes: { assignment: { old: aid, new: null }, reason: { old: null, new: b.reason } } });
    res.json(await loadAssignments(db, a.case_id));
  });

  return router;
}

