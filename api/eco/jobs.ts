// The Early Childhood Outcomes scheduled job (ECO spec §9): every day at 06:00 Pacific, each LEA
// with entry ratings overdue or due within 7 days, or exit ratings overdue, gets one 'Early
// Childhood Scores Due' notice for its subscribers, once per LEA and day (the notice key). The
// counts are the state tracking reminder's (api/eco/reports.ts dueCounts): every record still
// waiting for ratings, a prior year's exit included.
import type { IsoDay } from '../../lib/day.js';
import { ecoNotificationText } from '../../lib/eco/messages.js';
import type { ApiContext } from '../context.js';
import type { JobDefinition } from '../shared/jobs.js';
import { sendNotice } from '../shared/notify.js';
import { dueCounts as dueCountsByLea } from './reports.js';
import { ECO_EVENT_TYPES } from './store.js';

export interface DueCounts {
  leaId: number;
  leaName: string;
  entryOverdue: number;
  entryDueSoon: number;
  exitOverdue: number;
}

/** The LEAs with anything due on `day`, by id. */
export async function dueCounts(ctx: ApiContext, day: IsoDay): Promise<DueCounts[]> {
  const counts = await dueCountsByLea(ctx.db, day, null);
  const names = new Map((await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM leas')).rows.map((r) => [r.id, r.name]));
  return [...counts.entries()]
    .filter(([, c]) => c.overdue + c.dueSoon + c.exitOverdue > 0)
    .sort(([a], [b]) => a - b)
    .map(([leaId, c]) => ({ leaId, leaName: names.get(leaId) ?? '', entryOverdue: c.overdue, entryDueSoon: c.dueSoon, exitOverdue: c.exitOverdue }));
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sends the day's notices; answers how many LEAs were notified (0 when run again for the same day). */
export async function sendScoresDue(ctx: ApiContext, day: IsoDay): Promise<number> {
  let sent = 0;
  for (const c of await dueCounts(ctx, day)) {
    const message = ecoNotificationText.due(c.leaName, c.entryOverdue, c.entryDueSoon, c.exitOverdue);
    const result = await sendNotice(ctx, ctx.db, {
      key: `eco-scores-due:${c.leaId}:${day}`,
      eventType: ECO_EVENT_TYPES.due,
      leaId: c.leaId,
      subject: message,
      bodyHtml: `<p>${escapeHtml(message)}</p>`,
      message,
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
      return { sent: await sendScoresDue(ctx, day) };
    },
  },
];
