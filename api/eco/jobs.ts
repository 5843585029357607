// The Early Childhood Outcomes scheduled job (ECO spec §9): every day at 06:00 Pacific, each LEA
// with entry ratings overdue or due within 7 days, or exit ratings overdue, gets one 'Early
// Childhood Scores Due' notice for its subscribers, once per LEA and day (the notice key). The
// counts come from the same derived status as the child list (lib/eco/status.ts).
import { schoolYearOfDay } from '../../lib/calendar.js';
import { addDays, type IsoDay } from '../../lib/day.js';
import { ecoNotificationText } from '../../lib/eco/messages.js';
import type { ApiContext } from '../context.js';
import type { JobDefinition } from '../shared/jobs.js';
import { sendNotice } from '../shared/notify.js';
import { ECO_EVENT_TYPES, listRows, loadYearSettings } from './store.js';

export interface DueCounts {
  leaId: number;
  leaName: string;
  entryOverdue: number;
  entryDueSoon: number;
  exitOverdue: number;
}

/** Per LEA: entries overdue, entries due within 7 days, exits overdue, on `day`, for its school year's records. */
export async function dueCounts(ctx: ApiContext, day: IsoDay): Promise<DueCounts[]> {
  const year = schoolYearOfDay(day);
  const settings = await loadYearSettings(ctx.db, year);
  const rows = await listRows(ctx.db, { leaIds: null, schoolYear: year }, day, year, settings);
  const byLea = new Map<number, DueCounts>();
  const soon = addDays(day, 7);
  for (const { summary: s } of rows) {
    const c = byLea.get(s.leaId) ?? { leaId: s.leaId, leaName: s.leaName, entryOverdue: 0, entryDueSoon: 0, exitOverdue: 0 };
    if (s.status === 'entry-overdue') c.entryOverdue += 1;
    else if (s.status === 'entry-pending' && s.dueDate !== null && s.dueDate <= soon) c.entryDueSoon += 1;
    else if (s.status === 'exit-overdue') c.exitOverdue += 1;
    byLea.set(s.leaId, c);
  }
  return [...byLea.values()].filter((c) => c.entryOverdue + c.entryDueSoon + c.exitOverdue > 0).sort((a, b) => a.leaId - b.leaId);
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sends the day's notices; answers how many LEAs were notified (0 when run again for the same day). */
export async function sendScoresDue(ctx: ApiContext, day: IsoDay): Promise<number> {
  let sent = 0;
  for (const c of await dueCounts(ctx, day)) {
    const message = ecoNotificationText.due(c.leaName, c.entryOverdue, c.entryDueSoon, c.exitOverdue);
    const result = await sendNotice(ctx, ctx.db, {
      key: `eco-due:${c.leaId}:${day}`,
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
