// The parent's choice of three hearing officers (DR spec §8, Nevada): proposing from the answer,
// the next ranked after a decline, and the first offered when the window passed unanswered. The
// ordering rule is lib/dr/rules.ts proposeFromChoice; the offer itself is api/dr/sign.ts.
import { deliverCaseNotices, notifyCase } from './notify.js';
import type { IsoDay } from '../../lib/day.js';
import { proposeFromChoice } from '../../lib/dr/rules.js';
import { recordAudit } from '../audit.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import type { JobDefinition } from '../shared/jobs.js';

const HEARING_OFFICER = 3;
const PARENT_CHOICE = 3;

interface ChoiceRow { id: string; offered: string[]; ranking: string[] | null }

/** The case's latest answered or lapsed choice of three, if any. */
async function latestChoice(q: Queryable, caseId: string): Promise<ChoiceRow | null> {
  const r = await q.query<{ id: string; offered: string[]; response: { ranking?: string[] } | null }>(
    `SELECT id, offered_user_ids::text[] AS offered, response FROM dr_sign_requests
      WHERE case_id = $1 AND purpose = 4 AND (completed_at IS NOT NULL OR lapsed_at IS NOT NULL) ORDER BY created_at DESC LIMIT 1`,
    [caseId],
  );
  const x = r.rows[0];
  return x ? { id: x.id, offered: x.offered ?? [], ranking: x.response?.ranking ?? null } : null;
}

/**
 * Proposes the first of the choice who has not declined (the ranking's order, else the offer's)
 * unless a hearing officer is already proposed or assigned. Returns the notices to deliver after
 * the commit, or null when nobody was proposed.
 */
export async function proposeFromParentChoice(ctx: ApiContext, q: Queryable, caseId: string, actor: string): Promise<string[] | null> {
  const open = await q.query(`SELECT 1 FROM dr_assignments WHERE case_id = $1 AND neutral_type = $2 AND status IN ('Proposed', 'Accepted')`, [caseId, HEARING_OFFICER]);
  if (open.rows.length) return null;
  const choice = await latestChoice(q, caseId);
  if (!choice) return null;
  const declined = new Set((await q.query<{ user_id: string }>(
    `SELECT user_id::text FROM dr_assignments WHERE case_id = $1 AND neutral_type = $2 AND status = 'Declined'`,
    [caseId, HEARING_OFFICER],
  )).rows.map((x) => x.user_id));
  const next = proposeFromChoice(choice.offered, choice.ranking, declined);
  if (!next) return null;
  const made = await q.query<{ id: number }>(
    `INSERT INTO dr_assignments (case_id, neutral_type, user_id, method, status) VALUES ($1, $2, $3, $4, 'Proposed') RETURNING id`,
    [caseId, HEARING_OFFICER, next, PARENT_CHOICE],
  );
  await recordAudit(q, { actor, action: 'dr-case.assign', entityType: 'dr-case', entityId: caseId, changes: { assignment: { old: null, new: { userId: next, type: HEARING_OFFICER, method: PARENT_CHOICE } } } });
  // DR Neutral Assigned (§11): the proposed hearing officer.
  return notifyCase(ctx, q, { kind: 'neutral-proposed', assignmentId: made.rows[0]!.id }, caseId);
}

/**
 * The daily job (§8): a choice of three whose window passed without an answer proposes the first
 * of the three offered. Each lapsed offer once (lapsed_at); returns how many were proposed.
 */
export async function proposeLapsedChoices(ctx: ApiContext, _day: IsoDay): Promise<number> {
  const due = (await ctx.db.query<{ id: string; case_id: string }>(
    `SELECT s.id, s.case_id FROM dr_sign_requests s JOIN dr_cases c ON c.id = s.case_id
      WHERE s.purpose = 4 AND s.completed_at IS NULL AND s.lapsed_at IS NULL AND s.expires_at <= $1::timestamptz AND NOT c.is_deleted`,
    [ctx.now().toISOString()],
  )).rows;
  let proposed = 0;
  for (const s of due) {
    const notices = await ctx.db.tx(async (q) => {
      const claimed = await q.query(`UPDATE dr_sign_requests SET lapsed_at = $2 WHERE id = $1 AND lapsed_at IS NULL AND completed_at IS NULL RETURNING id`, [s.id, ctx.now().toISOString()]);
      if (!claimed.rows.length) return null;
      return proposeFromParentChoice(ctx, q, s.case_id, 'system');
    });
    if (notices) {
      proposed += 1;
      await deliverCaseNotices(ctx, notices);
    }
  }
  return proposed;
}

export const drChoiceJobs: readonly JobDefinition[] = [
  {
    // Parent choice of three unanswered within its window: the first offered is proposed (§8).
    name: 'dr-ho-choice-lapsed',
    schedule: '15 6 * * *',
    async run(ctx, day) {
      return { sent: await proposeLapsedChoices(ctx, day) };
    },
  },
];
