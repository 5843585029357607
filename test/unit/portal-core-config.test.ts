import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEV_DR_PUBLIC_BASIC, loadPortalConfig } from '../../server/config.js';
import { formatLongDate } from '../../lib/dates.js';
import { agencyToday, AGENCY_TIME_ZONE } from '../../lib/day.js';
import { greeting } from '../../lib/greeting.js';
import { uiText } from '../../lib/messages.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const secret = 'x'.repeat(40);

describe('loadPortalConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadPortalConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      apiBaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'portal:',
      trustProxy: undefined,
      recaptchaSiteKey: undefined,
      drPublicBasic: DEV_DR_PUBLIC_BASIC,
      upstreamTimeoutMs: 10_000,
      sessionIdleMinutes: 30,
      tz: 'America/Los_Angeles',
      version: '2.7.0',
    });
  });

  it('refuses to start production without Redis and a session secret, naming both', () => {
    expect(() => loadPortalConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadPortalConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/REDIS_URL and SESSION_SECRET/);
    expect(() => loadPortalConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET/);
    expect(() => loadPortalConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, DATA_DIR: dataDir() })).toThrow(/REDIS_URL/);
    // Issue 10, finding 5: nor with the public development DR_PUBLIC_BASIC.
    expect(() => loadPortalConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379', SESSION_SECRET: secret, DATA_DIR: dataDir() })).toThrow(/DR_PUBLIC_BASIC/);
    expect(() =>
      loadPortalConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379', SESSION_SECRET: secret, DR_PUBLIC_BASIC: 'dr-public:dr-public-dev-secret', DATA_DIR: dataDir() }),
    ).toThrow(/DR_PUBLIC_BASIC/);
    const ok = loadPortalConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379', SESSION_SECRET: secret, DR_PUBLIC_BASIC: 'dr-public:a-real-secret', DATA_DIR: dataDir() });
    expect(ok.isProduction).toBe(true);
    expect(ok.sessionSecret).toBe(secret);
  });

  it('refuses a short session secret and bad values with the variable named', () => {
    expect(() => loadPortalConfig({ SESSION_SECRET: 'short', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET/);
    expect(() => loadPortalConfig({ REDIS_URL: 'http://x', DATA_DIR: dataDir() })).toThrow(/REDIS_URL/);
    expect(() => loadPortalConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadPortalConfig({ TZ: 'Mars/Olympus', DATA_DIR: dataDir() })).toThrow(/TZ/);
    expect(() => loadPortalConfig({ DR_PUBLIC_BASIC: 'nocolon', DATA_DIR: dataDir() })).toThrow(/DR_PUBLIC_BASIC/);
  });

  it('generates a development session secret once and keeps it under DATA_DIR', () => {
    const dir = dataDir();
    const first = loadPortalConfig({ DATA_DIR: dir });
    const second = loadPortalConfig({ DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    const dir = dataDir();
    expect(loadPortalConfig({ TRUST_PROXY: 'true', DATA_DIR: dir }).trustProxy).toBe(true);
    expect(loadPortalConfig({ TRUST_PROXY: '2', DATA_DIR: dir }).trustProxy).toBe(2);
    expect(loadPortalConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8', DATA_DIR: dir }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadPortalConfig({ TRUST_PROXY: '', DATA_DIR: dir }).trustProxy).toBeUndefined();
  });

  it('strips a trailing slash from API_BASE_URL', () => {
    expect(loadPortalConfig({ API_BASE_URL: 'https://api.example.gov/portal/', DATA_DIR: dataDir() }).apiBaseUrl).toBe(
      'https://api.example.gov/portal',
    );
  });
});

describe('the agency’s time zone (Nevada, issue 11)', () => {
  it('defaults to Pacific time, so at 07:30 UTC on 28 November it is still the evening of the 27th everywhere the portal says so', () => {
    const config = loadPortalConfig({ DATA_DIR: dataDir() });
    expect(config.tz).toBe('America/Los_Angeles');
    expect(config.tz).toBe(AGENCY_TIME_ZONE);
    const instant = new Date('2026-11-28T07:30:00Z');
    expect(formatLongDate(instant, config.tz)).toBe('Friday, 27th November 2026');
    expect(greeting(instant, config.tz)).toBe(uiText.goodEvening);
    expect(agencyToday(instant)).toBe('2026-11-27');
    // An hour later in the same zone the day turns; Chicago's had turned already.
    expect(agencyToday(new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28');
    expect(formatLongDate(instant, 'America/Chicago')).toBe('Saturday, 28th November 2026');
  });
});
