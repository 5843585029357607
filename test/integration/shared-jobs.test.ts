// api/shared/jobs.ts on PostgreSQL and PGlite: the site admin's run of any registered job for a
// chosen day (the real API's /api/jobs), a sample job run by hand and through pg-boss (one run per
// job and day whichever instance asks, a failed run retried), and idempotency through sendNotice
// keys: a second run of the same day sends nothing.
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../api/http.js';
import { jobsRouter, startJobs, type JobDefinition, type JobRunner } from '../../api/shared/jobs.js';
import { sendNotice } from '../../api/shared/notify.js';
import { jobRegistry } from '../../api/jobs-registry.js';
import { jobText } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, mailsTo, uniqueEmail } from './api-auth-helpers.js';

const EVENT = 'Shared Jobs Test Event';

describe.each(testDbs)('scheduled jobs on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let district: string;
  let recipient: { id: string; email: string };
  let failures = 0;
  const runners: JobRunner[] = [];
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A module's job: one reminder per case and day, sent through sendNotice with its key. */
  const sample: JobDefinition = {
    name: 'sample-reminders',
    schedule: '0 6 * * *',
    async run(ctx, day) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('The mail server is busy.');
      }
      const r = await sendNotice(ctx, ctx.db, {
        key: `sample-reminder:case-1:${day}`,
        eventType: EVENT,
        leaId: null,
        subject: `Reminder for ${day}`,
        bodyHtml: '<p>A deadline is near.</p>',
        requiredUserIds: [recipient.id],
        emailOnly: true,
      });
      return r === 'sent' ? { sent: 1 } : { sent: 0, note: 'Already sent.' };
    },
  };

  const runsOf = async (day: string) =>
    (
      await api.ctx.db.query<{ trigger: string; status: string; sent: number | null; error: string | null }>(
        `SELECT trigger, status, sent, error FROM job_runs WHERE job_name = 'sample-reminders' AND day = $1 ORDER BY id`,
        [day],
      )
    ).rows;

  async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (done(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    admin = await accessToken(api, demo.admin);
    district = await accessToken(api, demo.district);
    await api.ctx.db.query(`INSERT INTO event_notification_types (name, description, module) VALUES ($1, 'test', 'App')`, [EVENT]);
    const email = uniqueEmail('job');
    const u = await api.ctx.db.query<{ id: string }>(`INSERT INTO users (user_name, email, full_name, email_confirmed) VALUES ($1, $1, 'Job Test', true) RETURNING id::text AS id`, [email]);
    recipient = { id: u.rows[0]!.id, email };
  }, 60_000);

  afterAll(async () => {
    for (const r of runners) await r.stop();
    await api?.close();
  });

  describe('the API of the registered jobs', () => {
    it('lists the jobs with their schedules for site admins only', async () => {
      expect((await request(api.url).get('/api/jobs')).status).toBe(401);
      expect((await request(api.url).get('/api/jobs').set(as(district))).status).toBe(403);
      const res = await request(api.url).get('/api/jobs').set(as(admin));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(jobRegistry.map((j) => ({ name: j.name, schedule: j.schedule, timeZone: 'America/Los_Angeles', lastRun: null })));
      expect((res.body as { name: string }[]).map((j) => j.name)).toEqual(expect.arrayContaining(['notice-emails', 'notice-daily-digest']));
    });

    it('runs a job for a chosen day, records and audits it', async () => {
      const res = await request(api.url).post('/api/jobs/notice-daily-digest/run').set(as(admin)).send({ day: '2026-03-03' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: 'notice-daily-digest', day: '2026-03-03', trigger: 'manual', status: 'done', sent: 0, note: null, error: null });
      const list = await request(api.url).get('/api/jobs').set(as(admin));
      expect((list.body as { name: string; lastRun: unknown }[]).find((j) => j.name === 'notice-daily-digest')!.lastRun).toMatchObject({ day: '2026-03-03', trigger: 'manual', status: 'done', sent: 0 });
      const audit = await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'job.run' AND entity_id = 'notice-daily-digest'`);
      expect(audit.rows).toHaveLength(1);
    });

    it('refuses a bad day, an unknown job and callers without the permission', async () => {
      const bad = await request(api.url).post('/api/jobs/notice-emails/run').set(as(admin)).send({ day: '2026-02-30' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'day', message: jobText.validDay }]);
      expect((await request(api.url).post('/api/jobs/no-such-job/run').set(as(admin)).send({})).body).toEqual({ message: jobText.notFound });
      expect((await request(api.url).post('/api/jobs/notice-emails/run').set(as(district)).send({})).status).toBe(403);
    });
  });

  describe('a module job', () => {
    let app: express.Express;
    beforeAll(() => {
      app = express();
      app.use(express.json());
      app.use(jobsRouter(api.ctx, [sample]));
      app.use(errorHandler(api.ctx.log));
    });

    it('sends once per day: a second run of the same day sends nothing', async () => {
      const first = await request(app).post('/api/jobs/sample-reminders/run').set(as(admin)).send({ day: '2026-10-01' });
      expect(first.body).toMatchObject({ status: 'done', sent: 1 });
      const second = await request(app).post('/api/jobs/sample-reminders/run').set(as(admin)).send({ day: '2026-10-01' });
      expect(second.body).toMatchObject({ status: 'done', sent: 0, note: 'Already sent.' });
      expect((await mailsTo(api, recipient.email)).map((m) => m.subject)).toEqual(['Reminder for 2026-10-01']);
    });

    it("reports a failed run with the job's message", async () => {
      failures = 1;
      const res = await request(app).post('/api/jobs/sample-reminders/run').set(as(admin)).send({ day: '2026-10-02' });
      expect(res.body).toMatchObject({ status: 'failed', sent: 0, error: 'The mail server is busy.' });
      expect(await runsOf('2026-10-02')).toEqual([{ trigger: 'manual', status: 'failed', sent: null, error: 'The mail server is busy.' }]);
    });

    it('runs through pg-boss with its schedule in Pacific time, once per day whichever instance asks', async () => {
      const a = await startJobs(api.ctx, [sample], { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
      runners.push(a);
      const b = await startJobs(api.ctx, [sample], { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
      runners.push(b);
      expect(a.engine).toBe('pg-boss');
      expect(await a.schedules()).toEqual([{ name: 'sample-reminders', cron: '0 6 * * *', timeZone: 'America/Los_Angeles' }]);
      const day = '2026-10-05';
      const asked = await Promise.all([a.trigger('sample-reminders', day), b.trigger('sample-reminders', day)]);
      expect(asked.filter(Boolean)).toHaveLength(1);
      const runs = await until(() => runsOf(day), (r) => r.some((x) => x.status === 'done'));
      // Let a duplicate, if any, show up before counting.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await runsOf(day)).toEqual([{ trigger: 'schedule', status: 'done', sent: 1, error: null }]);
      expect(runs).toHaveLength(1);
    });

    it('retries a failed run, and the retry sends the notice once', async () => {
      const [runner] = runners;
      failures = 1;
      const day = '2026-10-06';
      expect(await runner!.trigger('sample-reminders', day)).toBe(true);
      const runs = await until(() => runsOf(day), (r) => r.some((x) => x.status === 'done'));
      expect(runs).toEqual([
        { trigger: 'schedule', status: 'failed', sent: null, error: 'The mail server is busy.' },
        { trigger: 'schedule', status: 'done', sent: 1, error: null },
      ]);
      expect((await mailsTo(api, recipient.email)).filter((m) => m.subject === `Reminder for ${day}`)).toHaveLength(1);
    });
  });
});

describe.each(testDbs)('the API with scheduled jobs on (%s)', (dbKind) => {
  it('starts pg-boss with every registered job scheduled in Pacific time, and stops with the API', async () => {
    const api = await startTestApi(dbKind, { JOBS: 'on' });
    try {
      expect(api.jobs?.engine).toBe('pg-boss');
      const schedules = await api.jobs!.schedules();
      expect(schedules.sort((x, y) => x.name.localeCompare(y.name))).toEqual(
        jobRegistry.map((j) => ({ name: j.name, cron: j.schedule, timeZone: 'America/Los_Angeles' })).sort((x, y) => x.name.localeCompare(y.name)),
      );
    } finally {
      await api.close();
    }
  });
});
