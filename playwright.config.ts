// End-to-end tests: the BUILT portal (dist/) with its embedded agency API on a fresh PGlite
// database seeded with the demo accounts, real Redis under a per-run key prefix, driven by
// Debian's Chromium with JavaScript on, off, and on a phone-sized screen.
//
//   npm run build && npm run test:e2e        (E2E_BUILD=1 makes the web server build first)
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './test/e2e/helpers/env.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const e2e = e2eEnv();

// Only the runner process (not the workers) owns the temporary data folder.
if (process.env.TEST_WORKER_INDEX === undefined && process.env.E2E_KEEP_DATA !== '1') {
  process.once('exit', () => rmSync(e2e.dataDir, { recursive: true, force: true }));
}

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

// Node 24 from the npm `node` package, never the machine's older system node.
const node = 'node_modules/.bin/node';
const start = `${node} dist/node/server/main.js`;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // Long no-JavaScript journeys (register, verify, sign in; forms posted twice with axe) take 20 s
  // alone and past 30 s with two browsers on this two-core machine: 45 s leaves room.
  timeout: 45_000,
  expect: { timeout: 5_000 },
  globalTeardown: './test/e2e/helpers/global-teardown.ts',
  use: {
    baseURL: e2e.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  },
  projects: [
    { name: 'js-on', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'js-off', use: { ...chromium, javaScriptEnabled: false } },
    {
      name: 'phone',
      use: { ...chromium, javaScriptEnabled: true, viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
    },
  ],
  webServer: {
    command: process.env.E2E_BUILD === '1' ? `npm run build && ${start}` : start,
    cwd: root,
    url: `${e2e.baseURL}/healthz`,
    reuseExistingServer: false,
    // First start migrates and seeds a new PGlite database.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(e2e.portalPort),
      API_PORT: String(e2e.apiPort),
      REDIS_URL: e2e.redisUrl,
      REDIS_PREFIX: e2e.redisPrefix,
      SESSION_SECRET: e2e.sessionSecret,
      DATA_DIR: e2e.dataDir,
      MAIL_DIR: e2e.mailDir,
      SEED_DEMO: '1',
      // No browser journey needs the scheduler (jobs have their own integration suite); its
      // polling only takes CPU from the two browsers on this two-core machine.
      JOBS: 'off',
      // Every browser of the run signs in and registers from 127.0.0.1.
      RATE_LIMIT_SCALE: '100',
      PORTAL_PUBLIC_URL: e2e.baseURL,
      LOG_LEVEL: 'error',
    },
  },
});
