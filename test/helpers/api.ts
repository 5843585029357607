// Starts a real agency API for a test file: on PGlite in a fresh temporary folder, or on the
// PostgreSQL server of this machine in a schema of its own, so runs never collide.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { loadApiConfig } from '../../api/config.js';
import { startApi, type RunningApi } from '../../api/server.js';

export type TestDb = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which databases the contract suites run on: both by default; TEST_DBS=pglite narrows it. */
export const testDbs: TestDb[] = (process.env.TEST_DBS?.split(',') as TestDb[] | undefined) ?? ['pglite', 'postgres'];

export interface TestApi extends RunningApi {
  dataDir: string;
  mailDir: string;
}

export async function startTestApi(db: TestDb, env: Record<string, string> = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-api-'));
  const schema = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    API_PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Scheduled jobs only where a suite asks for them (JOBS: 'on'): they add a job engine per API.
    JOBS: 'off',
    // Every suite's requests come from one address: per-client limits would stop unrelated
    // tests. The security suites set it back to 1.
    RATE_LIMIT_SCALE: '100',
    ...(db === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const api = await startApi(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  return {
    ...api,
    dataDir,
    mailDir: config.mailDir,
    async close(graceMs?: number) {
      await api.close(graceMs);
      rmSync(dataDir, { recursive: true, force: true });
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
        await client.end();
      }
    },
  };
}
