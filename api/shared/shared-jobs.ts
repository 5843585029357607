// The shared pieces' own scheduled jobs: the notice email outbox and the daily digest of the
// subscribers who chose the Daily frequency (api/shared/notify.ts).
import type { JobDefinition } from './jobs.js';
import { deliverNoticeEmails, sendDailyDigests } from './notify.js';

export const sharedJobs: readonly JobDefinition[] = [
  {
    // Emails of notices sent inside a transaction, and retries of failed ones.
    name: 'notice-emails',
    schedule: '* * * * *',
    async run(ctx) {
      const r = await deliverNoticeEmails(ctx);
      return { sent: r.sent, ...(r.retrying || r.failed ? { note: `${r.retrying} to retry, ${r.failed} failed.` } : {}) };
    },
  },
  {
    name: 'notice-daily-digest',
    schedule: '0 6 * * *',
    async run(ctx, day) {
      return { sent: await sendDailyDigests(ctx, day) };
    },
  },
];
