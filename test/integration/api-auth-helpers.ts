// Helpers shared by the auth and account contract suites: signing in, reading the refresh
// cookie, reading the emails the API wrote to its mail folder, and moving the API's clock.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { z } from 'zod';
import { decodeJwt } from 'jose';
import type { TestApi } from '../helpers/api.js';

export const DEMO_PASSWORD = 'Demo-Password-1!';
export const STRONG_PASSWORD = 'Fresh-Password-9!';
export const demo = {
  admin: 'state.admin@demo.example',
  stateUser: 'state.user@demo.example',
  district: 'district.user@demo.example',
  vendor: 'vendor@demo.example',
  drPublic: 'dr.public@demo.example',
} as const;

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@test.example`;

/** A new confirmed user (full name `Test <tag>`) with a role of its own holding exactly these permissions. */
export async function makeUserWith(api: TestApi, tag: string, permissions: readonly string[], leaId: number | null): Promise<{ id: string; email: string }> {
  const db = api.ctx.db;
  const email = uniqueEmail(tag);
  const u = await db.query<{ id: string }>(
    `INSERT INTO users (user_name, email, full_name, lea_id, email_confirmed) VALUES ($1, $1, $2, $3, true) RETURNING id::text AS id`,
    [email, `Test ${tag}`, leaId],
  );
  const role = await db.query<{ id: number }>(`INSERT INTO roles (name, description) VALUES ($1, 'test') RETURNING id`, [`Test role ${randomUUID()}`]);
  for (const p of permissions) await db.query('INSERT INTO role_permissions (role_id, permission_value) VALUES ($1, $2)', [role.rows[0]!.id, p]);
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [u.rows[0]!.id, role.rows[0]!.id]);
  return { id: u.rows[0]!.id, email };
}

export function signIn(api: TestApi, username: string, password = DEMO_PASSWORD) {
  return request(api.url).post('/api/auth/token').type('form').send({ username, password, recaptchaToken: '' });
}

export async function accessToken(api: TestApi, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await signIn(api, username, password);
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { accessToken: string }).accessToken;
}

/** The Set-Cookie line for refreshToken, and `refreshToken=<value>` to send back. */
export function refreshCookie(res: { headers: Record<string, unknown> }): { header: string; cookie: string; value: string } | null {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const header = lines.find((l) => l.startsWith('refreshToken='));
  if (!header) return null;
  const value = header.slice('refreshToken='.length).split(';')[0] ?? '';
  return { header, cookie: `refreshToken=${value}`, value };
}

export function claimsOf(token: string): Record<string, unknown> {
  return decodeJwt(token) as Record<string, unknown>;
}

const mailFile = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().nullable(), sentAt: z.string() });
export type MailFile = z.infer<typeof mailFile> & { file: string };

/** Every email written for an address, oldest first. */
export async function mailsTo(api: TestApi, to: string): Promise<MailFile[]> {
  let names: string[];
  try {
    names = await readdir(api.mailDir);
  } catch {
    return [];
  }
  const mails: MailFile[] = [];
  // File names start with Date.now() then the log id; the id orders mails of the same millisecond.
  const order = (name: string) => name.replace(/\.json$/, '').split('-').map(Number);
  names.sort((a, b) => {
    const [ta = 0, ia = 0] = order(a);
    const [tb = 0, ib = 0] = order(b);
    return ta - tb || ia - ib;
  });
  for (const name of names) {
    const parsed = mailFile.parse(JSON.parse(await readFile(path.join(api.mailDir, name), 'utf8')));
    if (parsed.to.toLowerCase() === to.toLowerCase()) mails.push({ ...parsed, file: name });
  }
  return mails;
}

/** Waits (briefly) until the address has at least `count` emails; some are sent after the response. */
export async function waitForMails(api: TestApi, to: string, count = 1, timeoutMs = 3_000): Promise<MailFile[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(api, to);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function linkParam(text: string, name: 'uid' | 'token' | 'email'): string {
  const match = new RegExp(`[?&]${name}=([^&\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${name} in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** Runs fn with the API's clock moved forward; the clock is put back afterwards. */
export async function withClockAhead<T>(api: TestApi, ms: number, fn: () => Promise<T>): Promise<T> {
  const original = api.ctx.now;
  api.ctx.now = () => new Date(Date.now() + ms);
  try {
    return await fn();
  } finally {
    api.ctx.now = original;
  }
}

export interface NewUser {
  fullName?: string;
  email?: string;
  roles?: string[];
  leaId?: number | null;
  leaIds?: number[];
  password?: string;
  jobTitle?: string;
}

/** Creates a user through the account API as the demo admin; answers the created user's id and email. */
export async function createUser(api: TestApi, adminToken: string, input: NewUser = {}): Promise<{ id: string; email: string }> {
  const email = input.email ?? uniqueEmail('user');
  const res = await request(api.url)
    .post('/api/account/users')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ fullName: input.fullName ?? 'Test Person', roles: ['Local User'], password: STRONG_PASSWORD, ...input, email });
  if (res.status !== 201) throw new Error(`create user answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: (res.body as { id: string }).id, email };
}

/** The id of an LEA by its code (demo data). */
export async function leaIdByCode(api: TestApi, code: string): Promise<number> {
  const r = await api.ctx.db.query<{ id: number }>('SELECT id FROM leas WHERE lea_code = $1', [code]);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`no LEA ${code}`);
  return id;
}
