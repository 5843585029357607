// Starts the agency API: open the database, migrate, seed, listen.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { createApiApp } from './app.js';
import type { ApiConfig } from './config.js';
import type { ApiContext } from './context.js';
import { openDb, type Db } from './db.js';
import { migrate } from './migrate.js';
import { createMailer } from './mail.js';
import { seed } from './seed.js';
import { jobRegistry } from './jobs-registry.js';
import { startJobs, type JobRunner } from './shared/jobs.js';

export interface RunningApi {
  url: string;
  ctx: ApiContext;
  server: Server;
  /** The scheduled jobs, unless JOBS is off. */
  jobs: JobRunner | null;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), then closes the database. */
  close(graceMs?: number): Promise<void>;
}

/** How long close() lets requests in flight finish before it drops their connections. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Stops accepting connections, closes idle keep-alive sockets (and each one that becomes idle),
 * and resolves once the requests in flight have finished; after `graceMs` it drops what is left.
 * The portal's shutdown uses it too (server/main.ts).
 */
export function stopHttpServer(server: Server, graceMs: number, onError?: (err: Error) => void): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    sweep.unref();
    force.unref();
    server.close((err) => {
      clearInterval(sweep);
      clearTimeout(force);
      if (err) onError?.(err);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export async function buildApiContext(config: ApiConfig, log?: Logger, db?: Db): Promise<ApiContext> {
  const logger = log ?? pino({ level: config.logLevel, name: 'agency-api' });
  const database = db ?? (await openDb({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir }));
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, 'applied migrations');
  const now = () => new Date();
  const ctx: ApiContext = { config, db: database, log: logger, mailer: createMailer(config, database, logger), now };
  // Reference data (permissions, built-in roles, text blocks) always; demo data only when asked.
  await seed(ctx);
  return ctx;
}

export async function startApi(config: ApiConfig, log?: Logger): Promise<RunningApi> {
  const ctx = await buildApiContext(config, log);
  const app = createApiApp(ctx);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  ctx.log.info({ url, database: ctx.db.kind }, 'agency API listening');
  if (ctx.config.nodeEnv === 'production' && ctx.config.botCheckOff) {
    ctx.log.warn('BOT_CHECK=off: sign-in and registration run WITHOUT the reCAPTCHA bot check; only the rate limits hold automated use back');
  }
  const jobs = config.jobs ? await startJobs(ctx, jobRegistry) : null;
  return {
    url,
    ctx,
    server,
    jobs,
    async close(graceMs = CLOSE_GRACE_MS) {
      await stopHttpServer(server, graceMs);
      await jobs?.stop().catch((err: unknown) => ctx.log.error({ err }, 'stopping the scheduled jobs failed'));
      await ctx.db.close();
    },
  };
}
