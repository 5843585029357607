// One set of e2e settings per `playwright test` run. The config module is loaded by the
// runner and again by every worker; the first load (the runner) picks the values and stores
// them in process.env, which the workers inherit, so every process agrees on them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface E2eEnv {
  /** Where the portal under test answers. */
  baseURL: string;
  portalPort: number;
  apiPort: number;
  redisUrl: string;
  /** Redis key prefix of this run (sessions, locks, rate limits); removed at the end. */
  redisPrefix: string;
  /** Fresh folder for PGlite and the dev secrets of this run. */
  dataDir: string;
  /** Where the API writes every outgoing email as JSON (read by readLatestMail). */
  mailDir: string;
  sessionSecret: string;
}

// Fixed ports by default; E2E_PORT / E2E_API_PORT let two runs share a machine.
const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3210);
const API_PORT = Number(process.env.E2E_API_PORT ?? PORTAL_PORT + 1);

export function e2eEnv(): E2eEnv {
  const env = process.env;
  env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  env.E2E_MAIL_DIR ??= path.join(env.E2E_DATA_DIR, 'mail');
  env.E2E_REDIS_PREFIX ??= `e2e:${randomBytes(6).toString('hex')}:`;
  env.E2E_REDIS_URL ??= 'redis://127.0.0.1:6379';
  env.E2E_SESSION_SECRET ??= randomBytes(48).toString('base64url');
  return {
    baseURL: `http://127.0.0.1:${PORTAL_PORT}`,
    portalPort: PORTAL_PORT,
    apiPort: API_PORT,
    redisUrl: env.E2E_REDIS_URL,
    redisPrefix: env.E2E_REDIS_PREFIX,
    dataDir: env.E2E_DATA_DIR,
    mailDir: env.E2E_MAIL_DIR,
    sessionSecret: env.E2E_SESSION_SECRET,
  };
}
