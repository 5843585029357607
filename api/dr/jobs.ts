// The dispute resolution scheduled jobs (DR spec §4.2, §11). Deadline reminders: every day at 06:00 Pacific, the reminders of
// open deadlines (7 and 2 days before, and the day after a missed one) to the case manager and the
// assigned neutral, each (case, deadline, due date, kind) once (lib/dr/notifications.ts keys, the
// shared notice log's idempotency). Stale drafts: deleted after 90 days untouched. A site admin can
// run either for a chosen day (api/shared/jobs.ts).
import { addDays, type IsoDay } from '../../lib/day.js';
import { DEADLINE_NAMES } from '../../lib/dr/contract.js';
import { usDate } from '../../lib/dr/messages.js';
import { remindersDue, type ReminderDeadline } from '../../lib/dr/notifications.js';
import type { DeadlineCode } from '../../lib/dr/timeline.js';
import type { ApiContext } from '../context.js';
import type { JobDefinition } from '../shared/jobs.js';
import { sendNotice } from '../shared/notify.js';
import { drChoiceJobs } from './ho-choice.js';
import { sendSurveyInvitations } from './surveys.js';

/** The notification type reminders go out as (api/seed-data/event-types.ts). */
export const DR_REMINDER_EVENT = 'Dispute Case Timeline Reminder';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function sendDeadlineReminders(ctx: ApiContext, day: IsoDay): Promise<number> {
  // Open cases' pending deadlines due within a week or already past (missed ones once).
  const r = await ctx.db.query<{
    case_id: string; case_number: string; lea_id: number | null; code: string; due: string; manager: string | null; neutrals: string[] | null;
  }>(
    `SELECT c.id AS case_id, c.case_number, c.lea_id, d.code, to_char(COALESCE(d.extended_due_date, d.original_due_date), 'YYYY-MM-DD') AS due,
            c.case_manager_user_id::text AS manager,
            ARRAY(SELECT a.user_id::text FROM dr_assignments a WHERE a.case_id = c.id AND a.status = 'Accepted') AS neutrals
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
    if (!row) continue;
    const recipients = [...new Set([row.manager, ...(row.neutrals ?? [])].filter((x): x is string => Boolean(x)))];
    if (!recipients.length) continue;
    const name = DEADLINE_NAMES[rem.code] ?? rem.code;
    const subject = rem.kind === 'missed' ? `${row.case_number}: ${name} was due ${usDate(row.due)}` : `${row.case_number}: ${name} due ${usDate(row.due)}`;
    const result = await sendNotice(ctx, ctx.db, {
      key: `dr-reminder:${rem.key}`,
      eventType: DR_REMINDER_EVENT,
      leaId: row.lea_id,
      subject,
      bodyHtml: `<p>${escapeHtml(subject)}.</p>`,
      link: `/dispute-resolution/cases/${rem.caseId}?tab=timeline`,
      requiredUserIds: recipients,
    });
    if (result === 'sent') sent += 1;
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
