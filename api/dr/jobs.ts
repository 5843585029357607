// The dispute resolution scheduled jobs (DR spec §4.2, §11). Deadline reminders: every day at 06:00 Pacific, the reminders of
// open deadlines (7 and 2 days before, and the day after a missed one) to the case manager and the
// assigned neutral (a missed one also to state staff subscribers), from the stored templates, each (case, deadline, due date, kind) once (lib/dr/notifications.ts keys, the
// shared notice log's idempotency). Stale drafts: deleted after 90 days untouched. A site admin can
// run either for a chosen day (api/shared/jobs.ts).
import { addDays, type IsoDay } from '../../lib/day.js';
import { remindersDue, type ReminderDeadline } from '../../lib/dr/notifications.js';
import type { DeadlineCode } from '../../lib/dr/timeline.js';
import type { ApiContext } from '../context.js';
import type { JobDefinition } from '../shared/jobs.js';
import { drChoiceJobs } from './ho-choice.js';
import { notifyCase } from './notify.js';
import { sendSurveyInvitations } from './surveys.js';

export async function sendDeadlineReminders(ctx: ApiContext, day: IsoDay): Promise<number> {
  // Open cases' pending deadlines due within a week or already past (missed ones once).
  const r = await ctx.db.query<{ case_id: string; code: string; due: string }>(
    `SELECT c.id AS case_id, d.code, to_char(COALESCE(d.extended_due_date, d.original_due_date), 'YYYY-MM-DD') AS due
       FROM dr_deadlines d JOIN dr_cases c ON c.id = d.case_id
      WHERE NOT c.is_deleted AND c.status IN (1, 2, 3) AND d.state = 'Pending'
        AND COALESCE(d.extended_due_date, d.original_due_date) BETWEEN $1::date - 1 AND $1::date + 7`,
    [day],
  );
  const byKey = new Map(r.rows.map((x) => [`${x.case_id}:${x.code}`, x]));
  const deadlines: ReminderDeadline[] = r.rows.map((x) => ({ caseId: x.case_id, code: x.code as DeadlineCode, dueDate: x.due, state: 'Pending' }));
  // Only the day after a due date is "missed" (§11): older ones were reminded already.
  const due = remindersDue(deadlines, day).filter((rem) => rem.kind !== 'missed' || byKey.get(`${rem.caseId}:${rem.code}`)?.due === addDays(day, -1));
  let sent = 0;
  for (const rem of due) {
    const row = byKey.get(`${rem.caseId}:${rem.code}`);
    if (!row?.due) continue;
    // Rendered from the stored DR_DEADLINE_APPROACHING / DR_DEADLINE_MISSED templates (api/dr/notify.ts).
    sent += (await notifyCase(ctx, ctx.db, { kind: 'deadline', reminder: rem, dueDate: row.due, today: day }, rem.caseId)).length;
  }
  return sent;
}

/** Drafts untouched for 90 days are deleted (§4.2); returns how many. */
export async function deleteStaleDrafts(ctx: ApiContext, day: IsoDay): Promise<number> {
  const r = await ctx.db.query(`DELETE FROM dr_cases WHERE status = 0 AND updated_at < ($1::date - 90)::timestamptz`, [day]);
  return r.rowCount;
}

export const drJobs: readonly JobDefinition[] = [
  {
    name: 'dr-deadline-reminders',
    schedule: '0 6 * * *',
    async run(ctx, day) {
      return { sent: await sendDeadlineReminders(ctx, day) };
    },
  },
  {
    name: 'dr-stale-drafts',
    schedule: '30 2 * * *',
    async run(ctx, day) {
      const deleted = await deleteStaleDrafts(ctx, day);
      return { sent: 0, note: `${deleted} draft(s) untouched for 90 days deleted.` };
    },
  },
  {
    // One day after a case closes with a surveyed outcome, each party's survey link (§8), once per case and address.
    name: 'dr-survey-invitations',
    schedule: '0 7 * * *',
    async run(ctx, day) {
      return { sent: await sendSurveyInvitations(ctx, day) };
    },
  },
  ...drChoiceJobs,
];
