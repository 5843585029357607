// The agency API's configuration, read once from the environment and checked with zod.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** The public development value of DR_PUBLIC_BASIC (the portal's default too). */
export const DEV_DR_PUBLIC_BASIC = 'dr-public:dr-public-dev-secret';

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  API_HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL schema to use (tests give each run its own). */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('public'),
  DATA_DIR: z.string().default('./data'),
  MAIL_DIR: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Compliance Portal <no-reply@portal.example>'),
  PORTAL_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(60 * 60 * 24 * 7),
  JWT_SECRET: z.string().min(32).optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Basic credentials the portal presents on disputeresolution/public calls ("user:password"). */
  DR_PUBLIC_BASIC: z.string().default(DEV_DR_PUBLIC_BASIC),
  /** off: run without the reCAPTCHA bot check in production (said loudly at start). */
  BOT_CHECK: z.enum(['on', 'off']).default('on'),
  /** Express 'trust proxy' for the client address behind the portal (rate limits); loopback by default. */
  API_TRUST_PROXY: z.string().default('loopback'),
  /** Multiplies the per-client rate limits, for test rigs where every client shares one address. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  SEED_DEMO: flag.optional(),
  /** A bench data set of this many dispute resolution cases (scripts/bench.ts); 0: none. */
  BENCH_DR_CASES: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Scheduled jobs (api/shared/jobs.ts); off: nothing runs by time (an admin can still run a job). */
  JOBS: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ApiConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  dataDir: string;
  mailDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  portalPublicUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  jwtSecret: string;
  recaptchaSecret: string | undefined;
  /** No reCAPTCHA check is made (development, or BOT_CHECK=off). */
  botCheckOff: boolean;
  trustProxy: string;
  rateLimitScale: number;
  recaptchaVerifyUrl: string;
  drPublicBasic: string;
  seedDemo: boolean;
  benchDrCases: number;
  jobs: boolean;
  logLevel: z.infer<typeof env>['LOG_LEVEL'];
}

/** A development secret kept under DATA_DIR so tokens survive a restart; production must set JWT_SECRET. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadApiConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid agency API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when NODE_ENV=production (at least 32 characters).');
  }
  // Issue 10, finding 5: production never runs on the development credentials, nor silently
  // without the bot check.
  if (e.NODE_ENV === 'production' && e.DR_PUBLIC_BASIC === DEV_DR_PUBLIC_BASIC) {
    throw new Error('DR_PUBLIC_BASIC must be set to a secret "user:password" when NODE_ENV=production (the development value is public).');
  }
  if (e.NODE_ENV === 'production' && !e.RECAPTCHA_SECRET && e.BOT_CHECK !== 'off') {
    throw new Error('RECAPTCHA_SECRET is required when NODE_ENV=production; set BOT_CHECK=off to run without the bot check on purpose.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir,
    mailDir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    portalPublicUrl: e.PORTAL_PUBLIC_URL.replace(/\/$/, ''),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir),
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    drPublicBasic: e.DR_PUBLIC_BASIC,
    botCheckOff: e.BOT_CHECK === 'off' || !e.RECAPTCHA_SECRET,
    trustProxy: e.API_TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    // Demo data is on by default only for the embedded database.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    benchDrCases: e.BENCH_DR_CASES,
    jobs: e.JOBS,
    logLevel: e.LOG_LEVEL,
  };
}
