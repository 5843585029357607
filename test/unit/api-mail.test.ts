// The mailer: every message logged; written to MAIL_DIR without SMTP; an SMTP failure is
// recorded, never thrown at the caller.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadApiConfig } from '../../api/config.js';
import type { Db, QueryResult } from '../../api/db.js';
import { createMailer } from '../../api/mail.js';

/** A stand-in database that records the statements and answers the insert with an id. */
function fakeDb() {
  const calls: { sql: string; params: readonly unknown[] }[] = [];
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      calls.push({ sql, params });
      return (sql.includes('INSERT INTO email_log') ? { rows: [{ id: 41 }], rowCount: 1 } : { rows: [], rowCount: 1 }) as QueryResult<T>;
    },
    async exec() {},
    async tx(fn) {
      return fn(db);
    },
    async close() {},
  };
  return { db, calls };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function config(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailer-'));
  dirs.push(dataDir);
  return loadApiConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...extra });
}

const email = { to: 'pat@example.org', subject: 'Hello', text: 'Visit https://portal.example/x', html: '<p>Hi</p>' };

describe('createMailer', () => {
  it('logs the message and writes it as JSON to the mail folder without SMTP', async () => {
    const cfg = config();
    const { db, calls } = fakeDb();
    expect(await createMailer(cfg, db, pino({ level: 'silent' })).send(email, 'user-1')).toEqual({ logId: 41, status: 'Logged' });
    expect(calls[0]!.sql).toContain('INSERT INTO email_log');
    expect(calls[0]!.params).toEqual(['pat@example.org', 'Hello', 'Visit https://portal.example/x', 'user-1']);
    const files = readdirSync(cfg.mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-41\.json$/);
    const written = JSON.parse(readFileSync(path.join(cfg.mailDir, files[0]!), 'utf8'));
    expect(written).toMatchObject({ to: email.to, subject: email.subject, text: email.text, html: email.html });
    expect(Date.parse(written.sentAt)).not.toBeNaN();
    expect(calls.some((c) => c.sql.startsWith('UPDATE email_log'))).toBe(false); // stays 'Logged'
  });

  it('marks the message Failed, without throwing, when the SMTP server cannot be reached', async () => {
    const cfg = config({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const { db, calls } = fakeDb();
    await expect(createMailer(cfg, db, pino({ level: 'silent' })).send(email)).resolves.toEqual({ logId: 41, status: 'Failed' });
    const update = calls.find((c) => c.sql.startsWith('UPDATE email_log'));
    expect(update?.params.slice(0, 2)).toEqual([41, 'Failed']);
  });
});
