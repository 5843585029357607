// The portal's configuration, read once from the environment and checked with zod. Production
// fails fast when something a shared deployment cannot do without is missing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AGENCY_TIME_ZONE } from '../lib/day.js';
import { APP_VERSION } from '../lib/messages.js';

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_BASE_URL: z
    .string()
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
    .optional(),
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:$/.test(new URL(u).protocol), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{0,64}$/).default('portal:'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** "user:password" sent as Basic on disputeresolution/public calls. */
  DR_PUBLIC_BASIC: z.string().regex(/^[^:]+:.+$/, 'must be user:password').optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Multiplies the per-client limit on signed-out forms, for test rigs where every browser shares one address. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  MESSAGES_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
  // Nevada's agency: the module specs count days and deadlines on Pacific time (lib/day.ts).
  TZ: z.string().default(AGENCY_TIME_ZONE),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: logLevel.default('info'),
  BUILD_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/).optional(),
});

/** What Express accepts for 'trust proxy': a boolean, a hop count, or addresses/subnets. */
export type TrustProxy = boolean | number | string;

export interface PortalConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  apiBaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  sessionSecret: string;
  trustProxy: TrustProxy | undefined;
  recaptchaSiteKey: string | undefined;
  drPublicBasic: string;
  upstreamTimeoutMs: number;
  rateLimitScale: number;
  sessionIdleMinutes: number;
  /** How long the dashboard may show a session's messages without asking the API again (0: always ask). */
  messagesCacheSeconds: number;
  tz: string;
  dataDir: string;
  logLevel: z.infer<typeof logLevel>;
  version: string;
  /** Identifies the client build; main.ts replaces 'dev' with the asset manifest's id. */
  buildId: string;
}

/** The development default, the same one the embedded API accepts (api/config.ts). */
export const DEV_DR_PUBLIC_BASIC = 'dr-public:dr-public-dev-secret';

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  // 'loopback', 'uniquelocal', addresses and CIDR ranges, comma separated: Express parses them.
  return v;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A development secret kept under DATA_DIR so sessions survive a restart; production must set one. */
function devSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadPortalConfig(source: NodeJS.ProcessEnv = process.env): PortalConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid portal configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [!e.REDIS_URL && 'REDIS_URL', !e.SESSION_SECRET && 'SESSION_SECRET'].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(
        `NODE_ENV=production requires ${missing.join(' and ')}: sessions must live in Redis and be signed with a ` +
          'secret of at least 32 characters that every portal instance shares.',
      );
    }
    // Issue 10, finding 5: the development value is public.
    if (!e.DR_PUBLIC_BASIC || e.DR_PUBLIC_BASIC === DEV_DR_PUBLIC_BASIC) {
      throw new ConfigError('NODE_ENV=production requires DR_PUBLIC_BASIC: a secret "user:password" the agency API also knows (the development value is public).');
    }
  }
  if (!isValidTimeZone(e.TZ)) throw new ConfigError(`Invalid portal configuration:\n  TZ: unknown time zone "${e.TZ}"`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    apiBaseUrl: e.API_BASE_URL?.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? devSessionSecret(dataDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    drPublicBasic: e.DR_PUBLIC_BASIC ?? DEV_DR_PUBLIC_BASIC,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    messagesCacheSeconds: e.MESSAGES_CACHE_SECONDS,
    tz: e.TZ,
    dataDir,
    logLevel: e.LOG_LEVEL,
    version: APP_VERSION,
    buildId: e.BUILD_ID ?? 'dev',
  };
}
