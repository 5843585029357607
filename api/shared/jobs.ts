// Work that happens by time (deadline warnings, overdue notices, reminders, the email outbox), the
// same for every module (MODULES.md "Deadlines, reminders and email"). A module exports its jobs
// as `<m>Jobs: JobDefinition[]` from api/<m>/jobs.ts and adds them to api/jobs-registry.ts.
//
// The engine is pg-boss, on PostgreSQL and on the embedded PGlite alike (pg-boss 12 runs on
// PGlite through its fromPglite adapter; checked: it installs in about half a second on an existing
// database and polls for little CPU). Each job has its own queue and a cron schedule in
// America/Los_Angeles; pg-boss creates one job per tick whatever the number of API instances, the
// 'stately' policy lets at most one run at a time, and a run that throws is retried (three times,
// backing off from a minute). A job function must be idempotent: it sends through sendNotice with
// keys, so a retry or a second run of the same day sends nothing twice.
//
// A site admin can run any registered job for a chosen day (POST /api/jobs/{name}/run, and the
// form on the admin utilities screen). Every run, scheduled or by hand, is recorded in job_runs.
import { Router } from 'express';
import { PgBoss, fromPglite } from 'pg-boss';
import { z } from 'zod';
import { agencyToday, AGENCY_TIME_ZONE, isIsoDay, type IsoDay } from '../../lib/day.js';
import { P } from '../../lib/permissions.js';
import { jobText } from '../../lib/shared/messages.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { notFound, parse } from '../http.js';

export interface JobResult {
  /** How many notices (or emails) the run sent. */
  sent: number;
  note?: string;
}

export interface JobDefinition {
  /** Lowercase letters, digits and dashes, unique: `<module>-<what>`, e.g. 'dr-deadline-reminders'. */
  name: string;
  /** Cron (five fields) in America/Los_Angeles, e.g. '0 6 * * *' for 06:00 Pacific every day. */
  schedule: string;
  /** Does the day's work; `day` is the agency's date the run is for. Must be idempotent. */
  run(ctx: ApiContext, day: IsoDay): Promise<JobResult>;
}

export interface JobRun {
  name: string;
  day: IsoDay;
  trigger: 'schedule' | 'manual';
  status: 'done' | 'failed';
  sent: number;
  note: string | null;
  error: string | null;
}

export const JOB_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Runs one job for a day and records the run; never throws for the job's own failure when `rethrow` is off. */
export async function runJob(
  ctx: ApiContext,
  job: JobDefinition,
  day: IsoDay,
  trigger: JobRun['trigger'],
  actor = 'system',
  options: { rethrow?: boolean } = {},
): Promise<JobRun> {
  const started = await ctx.db.query<{ id: number }>(
    `INSERT INTO job_runs (job_name, day, trigger, started_at, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [job.name, day, trigger, ctx.now().toISOString(), actor],
  );
  const id = started.rows[0]!.id;
  try {
    const result = await job.run(ctx, day);
    await ctx.db.query(`UPDATE job_runs SET status = 'done', sent = $2, note = $3, finished_at = $4, updated_at = $4 WHERE id = $1`, [
      id,
      result.sent,
      result.note ?? null,
      ctx.now().toISOString(),
    ]);
    return { name: job.name, day, trigger, status: 'done', sent: result.sent, note: result.note ?? null, error: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, job: job.name, day, trigger }, 'job failed');
    await ctx.db
      .query(`UPDATE job_runs SET status = 'failed', error = $2, finished_at = $3, updated_at = $3 WHERE id = $1`, [id, message.slice(0, 2000), ctx.now().toISOString()])
      .catch(() => undefined);
    if (options.rethrow) throw err;
    return { name: job.name, day, trigger, status: 'failed', sent: 0, note: null, error: message };
  }
}

export interface JobRunner {
  /** 'pg-boss' on PostgreSQL or on PGlite. */
  readonly engine: 'pg-boss';
  /**
   * Queues a run of a job for a day, as a schedule tick does: one per job and day while one is
   * waiting, whichever instance asks. Answers false when one was already waiting.
   */
  trigger(name: string, day: IsoDay): Promise<boolean>;
  /** The schedules pg-boss holds (name, cron, time zone). */
  schedules(): Promise<{ name: string; cron: string; timeZone: string | null }[]>;
  stop(): Promise<void>;
}

/** Checks a registry: unique, well-formed names and cron schedules pg-boss accepts (it throws otherwise at start). */
export function checkJobRegistry(jobs: readonly JobDefinition[]): void {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (!JOB_NAME.test(job.name)) throw new Error(`Job name ${JSON.stringify(job.name)}: use lowercase letters, digits and dashes`);
    if (seen.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    seen.add(job.name);
    if (job.schedule.trim().split(/\s+/).length !== 5) throw new Error(`Job ${job.name}: the schedule must be a five-field cron expression`);
  }
}

/** pg-boss's schema: beside the API's own (tests give each run a schema; their jobs stay apart). */
export function jobsSchema(databaseSchema: string): string {
  return databaseSchema === 'public' ? 'pgboss' : `${databaseSchema}_jobs`;
}

/**
 * Starts pg-boss with a queue, a worker and a schedule per job; schedules of jobs no longer in
 * the registry are removed. Stop it before closing the database.
 */
export async function startJobs(
  ctx: ApiContext,
  jobs: readonly JobDefinition[],
  options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
): Promise<JobRunner> {
  checkJobRegistry(jobs);
  const { config, db, log } = ctx;
  const schema = jobsSchema(config.databaseSchema);
  const boss =
    db.kind === 'pglite' && db.pglite
      ? new PgBoss({ db: fromPglite(db.pglite), backend: 'pglite', schema })
      : new PgBoss({ connectionString: config.databaseUrl, schema, max: 4, application_name: 'agency-api-jobs' });
  boss.on('error', (err: unknown) => log.error({ err }, 'job engine error'));
  await boss.start();
  const polling = options.pollingIntervalSeconds ?? 10;
  for (const job of jobs) {
    await boss.createQueue(job.name, { policy: 'stately', retryLimit: 3, retryDelay: options.retryDelaySeconds ?? 60, retryBackoff: true, expireInSeconds: 30 * 60 });
    await boss.work<{ day?: string } | null>(job.name, { pollingIntervalSeconds: polling, batchSize: 1 }, async (batch) => {
      for (const item of batch) {
        const asked = item.data?.day;
        const day = asked && isIsoDay(asked) ? asked : agencyToday(ctx.now());
        // A failed run throws, so pg-boss retries it.
        await runJob(ctx, job, day, 'schedule', 'system', { rethrow: true });
      }
    });
    await boss.schedule(job.name, job.schedule, null, { tz: AGENCY_TIME_ZONE });
  }
  const names = new Set(jobs.map((j) => j.name));
  for (const s of await boss.getSchedules()) if (!names.has(s.name)) await boss.unschedule(s.name, s.key || undefined);
  log.info({ jobs: jobs.map((j) => j.name), database: db.kind }, 'scheduled jobs started');
  return {
    engine: 'pg-boss',
    async trigger(name, day) {
      if (!names.has(name)) throw new Error(`No job ${name}`);
      return (await boss.send(name, { day }, { singletonKey: `${name}:${day}` })) !== null;
    },
    async schedules() {
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron, timeZone: s.timezone ?? null }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, close: true });
    },
  };
}

// ---- the API: the registered jobs, and a run for a chosen day ----------------------------------------

const nameParam = z.object({ name: z.string().max(100).regex(JOB_NAME, jobText.notFound) });
const runBody = z.object({ day: z.string().refine((d) => isIsoDay(d), jobText.validDay).optional() });

/** Request schemas, for the OpenAPI document. */
export const jobsSchemas = { runBody };

interface LastRunRow {
  job_name: string;
  day: Date | string;
  trigger: string;
  status: string;
  sent: number | null;
  note: string | null;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

const isoDayOf = (v: Date | string): IsoDay => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** GET /api/jobs and POST /api/jobs/{name}/run, for site admins. */
export function jobsRouter(ctx: ApiContext, jobs: readonly JobDefinition[]): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const siteAdmin = requirePermission(P.siteAdmin);

  router.get('/api/jobs', auth, siteAdmin, async (_req, res) => {
    const last = await ctx.db.query<LastRunRow>(
      `SELECT DISTINCT ON (job_name) job_name, day::text AS day, trigger, status, sent, note, error, started_at, finished_at
         FROM job_runs ORDER BY job_name, started_at DESC, id DESC`,
    );
    const byName = new Map(last.rows.map((r) => [r.job_name, r]));
    res.json(
      jobs.map((job) => {
        const r = byName.get(job.name);
        return {
          name: job.name,
          schedule: job.schedule,
          timeZone: AGENCY_TIME_ZONE,
          lastRun: r
            ? {
                day: isoDayOf(r.day),
                trigger: r.trigger,
                status: r.status,
                sent: r.sent,
                note: r.note,
                error: r.error,
                startedAt: new Date(r.started_at).toISOString(),
                finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
              }
            : null,
        };
      }),
    );
  });

  router.post('/api/jobs/:name/run', auth, siteAdmin, async (req, res) => {
    const { name } = parse(nameParam, req.params, 'path');
    const body = parse(runBody, req.body ?? {}, 'body');
    const job = jobs.find((j) => j.name === name);
    if (!job) throw notFound(jobText.notFound);
    const caller = authOf(res);
    const day = body.day ?? agencyToday(ctx.now());
    const run = await runJob(ctx, job, day, 'manual', caller.userId);
    await recordAudit(ctx.db, { actor: caller.userId, action: 'job.run', entityType: 'job', entityId: name, changes: { day: { to: day }, status: { to: run.status }, sent: { to: run.sent } } });
    res.json(run);
  });

  return router;
}
