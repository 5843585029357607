// Helpers of the dashboard, notification settings, person picker and /api proxy suites: signing
// a supertest agent in through the real login form, reading pages as a user would, and calling
// the agency API directly to set up data.
import { afterAll, beforeAll, expect } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { accessToken, demo, DEMO_PASSWORD } from './api-auth-helpers.js';

export type Agent = ReturnType<typeof request.agent>;

export { demo as demoEmails } from './api-auth-helpers.js';

export interface PortalEnv {
  portal: TestPortal;
  /** The real agency API the portal talks to (PGlite, demo data). */
  api: TestApi;
}

/** Starts a portal with its own API for the file (closed after it); read the fields inside tests. */
export function withPortal(): PortalEnv {
  const env = {} as PortalEnv;
  beforeAll(async () => {
    env.portal = await startTestPortal();
    env.api = env.portal.api!;
  }, 120_000);
  afterAll(async () => {
    await env.portal?.close();
  });
  return env;
}

/** An agent signed in through POST /auth/login (CSRF and all), as a browser would be. */
export async function signedInAgent(app: Express | string, email: string, password = DEMO_PASSWORD): Promise<Agent> {
  const agent = request.agent(app);
  const login = await agent.get('/auth/login');
  const res = await agent
    .post('/auth/login')
    .type('form')
    .send({ _csrf: csrfFrom(login.text), userName: email, password, returnUrl: '/' });
  expect(res.status, `sign-in of ${email}`).toBe(303);
  return agent;
}

/** Posts a form the way the page's own form does: the CSRF token from `from`, then the fields. */
export async function postForm(agent: Agent, path: string, fields: Record<string, string | string[]>, from: string) {
  const page = await agent.get(from);
  return agent.post(path).type('form').send({ _csrf: csrfFrom(page.text), ...fields });
}

/** Page text with the entities React writes decoded, for comparing with catalogue strings. */
export function decoded(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function titleOf(html: string): string {
  return decoded(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

/** The page's visible text (tags, scripts and island props removed), whitespace collapsed. */
export function textOf(html: string): string {
  return decoded(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export async function userIdOf(api: TestApi, email: string): Promise<string> {
  const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`no demo user ${email}`);
  return id;
}

/** Creates a system message for a user through the admin API; returns its id. */
export async function createMessage(api: TestApi, email: string, message: string, openUrl: string | null): Promise<number> {
  const token = await accessToken(api, demo.admin);
  const res = await request(api.url)
    .post('/api/notificationmesages')
    .set('Authorization', `Bearer ${token}`)
    .send({ userId: await userIdOf(api, email), message, openUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

/** Status of a message in the database (0 New, 2 Viewed) and whether it was dismissed. */
export async function messageState(api: TestApi, id: number): Promise<{ status: number; dismissed: boolean }> {
  const r = await api.ctx.db.query<{ status: number; dismissed_at: unknown }>('SELECT status, dismissed_at FROM notification_messages WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw new Error(`no message ${id}`);
  return { status: row.status, dismissed: row.dismissed_at !== null };
}
