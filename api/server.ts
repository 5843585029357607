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

export interface RunningApi {
  url: string;
  ctx: ApiContext;
  server: Server;
  close(): Promise<void>;
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
  return {
    url,
    ctx,
    server,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await ctx.db.close();
    },
  };
}
