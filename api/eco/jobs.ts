// The Early Childhood Outcomes scheduled job (ECO spec §9): every day at 06:00 Pacific, each LEA
// with any entry ratings overdue, due within 7 days, or exit ratings overdue gets 'Early Childhood
// Scores Due' (its subscribers), once per LEA and day (the notice key).
import type { IsoDay } from '../../lib/day.js';
import { ecoNotificationText } from '../../lib/eco/messages.js';
import type { ApiContext } from '../context.js';
import type { JobDefinition } from '../shared/jobs.js';
import { sendNotice } from '../shared/notify.js';
import { dueCounts, ECO_DUE_EVENT } from './reports.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sends the day's notices; null when the event type is not in the catalogue yet (nothing sent). */
export async function sendScoresDue(ctx: ApiContext, day: IsoDay): Promise<number | null> {
  const type = await ctx.db.query('SELECT 1 FROM event_notification_types WHERE name = $1', [ECO_DUE_EVENT]);
  if (type.rows.length === 0) return null;
  const counts = await dueCounts(ctx.db, day, null);
  const names = new Map((await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM leas')).rows.map((r) => [r.id, r.name]));
  let sent = 0;
  for (const [leaId, c] of [...counts.entries()].sort(([a], [b]) => a - b)) {
    if (c.overdue + c.dueSoon + c.exitOverdue === 0) continue;
    const text = ecoNotificationText.due(names.get(leaId) ?? '', c.overdue, c.dueSoon, c.exitOverdue);
    const result = await sendNotice(ctx, ctx.db, {
      key: `eco-scores-due:${leaId}:${day}`,
      eventType: ECO_DUE_EVENT,
      leaId,
      subject: text,
      bodyHtml: `<p>${escapeHtml(text)}</p>`,
      link: '/child-search/child-list',
    });
    if (result === 'sent') sent += 1;
  }
  return sent;
}

export const ecoJobs: readonly JobDefinition[] = [
  {
    name: 'eco-scores-due',
    schedule: '0 6 * * *',
    async run(ctx, day) {
      const sent = await sendScoresDue(ctx, day);
      return sent === null ? { sent: 0, note: `The event type '${ECO_DUE_EVENT}' is not in the catalogue.` } : { sent };
    },
  },
];
