// Admin Utilities (/admin/admin-utils, App.roles.manage, spec §6): the build version and the
// health of Redis, the agency API and its database; ending every session of a user at once; a
// test email sent through the API; and, for site admins, running any scheduled job of the API for
// a chosen day (api/shared/jobs.ts), with the result as a message.
//
// Ending sessions uses the portal's index of each user's sessions (`<prefix>user-sessions:<id>`,
// server/token-store.ts; the in-process store keeps the same index): each session is destroyed
// in the session store, its token record removed and its refresh token revoked at the API, so
// the user's next request finds no session and is sent to sign in. The API is then asked to
// revoke every other refresh token of the user (sessions of other portals). An admin ending
// their own sessions keeps the one they are using.
import { Router, type Request, type Response } from 'express';
import type { Store } from 'express-session';
import { createElement } from 'react';
import { z } from 'zod';
import { user as userSchema } from '../../../lib/contract.js';
import { agencyToday, isIsoDay } from '../../../lib/day.js';
import { formatShortDate } from '../../../lib/dates.js';
import { P } from '../../../lib/permissions.js';
import { jobText } from '../../../lib/shared/messages.js';
import { adminOrgText as t, API_ACCEPT, APP_VERSION } from '../../../lib/messages.js';
import { endSessionsFields, endSessionsSchema, formValues, testEmailFields, testEmailSchema, validateForm, type FieldError } from '../../../lib/validation/admin-org.js';
import { formText } from '../../../lib/validation/auth.js';
import { ConfirmPage } from '../../../views/components/ConfirmDialog.js';
import { AdminUtilitiesPage, type JobRow, type StatusRow } from '../../../views/pages/admin/AdminUtilitiesPage.js';
import { currentUser } from '../../auth-session.js';
import type { AppDeps } from '../../deps.js';
import { addFlash } from '../../flash.js';
import { accessDenied } from '../../errors.js';
import { withTimeout } from '../../redis.js';
import { requireRoute } from '../../route-guard.js';
import { UpstreamError } from '../../upstream.js';
import { crumbsFor, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.admin-utils';
const BASE = '/admin/admin-utils';
const PROBE_TIMEOUT_MS = 1_500;

type Health = 'up' | 'down' | 'unknown' | 'not configured';

async function redisHealth(deps: AppDeps): Promise<Health> {
  if (!deps.redis) return 'not configured';
  try {
    return (await withTimeout(deps.redis.ping(), PROBE_TIMEOUT_MS, 'redis ping')) === 'PONG' ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

/** GET /api/health runs a query: 2xx means API and database up; an answered 5xx, database down. */
async function apiHealth(deps: AppDeps): Promise<{ api: Health; database: Health }> {
  try {
    const res = await deps.upstream.send({
      method: 'GET',
      path: '/api/health',
      headers: { accept: API_ACCEPT, 'app-version': APP_VERSION },
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    if (res.status >= 200 && res.status < 300) return { api: 'up', database: 'up' };
    return { api: 'up', database: res.status >= 500 ? 'down' : 'unknown' };
  } catch {
    return { api: 'down', database: 'unknown' };
  }
}

function healthRow(service: string, health: Health): StatusRow {
  if (health === 'up') return { service, status: t.up, tone: 'up' };
  if (health === 'down') return { service, status: t.down, tone: 'down' };
  return { service, status: health === 'not configured' ? t.notConfigured : t.unknown, tone: 'info' };
}

async function statusRows(deps: AppDeps): Promise<StatusRow[]> {
  const [redis, { api, database }] = await Promise.all([redisHealth(deps), apiHealth(deps)]);
  return [
    { service: t.version, status: deps.config.version, tone: 'info' },
    { service: t.build, status: deps.config.buildId, tone: 'info' },
    healthRow(t.redis, redis),
    healthRow(t.api, api),
    healthRow(t.database, database),
  ];
}

interface Entered {
  email?: string;
  to?: string;
  job?: string;
  day?: string;
}

const jobList = z.array(
  z.object({
    name: z.string(),
    schedule: z.string(),
    lastRun: z.object({ day: z.string(), status: z.string(), sent: z.number().nullable(), startedAt: z.string() }).nullable(),
  }),
);
const jobRun = z.object({ name: z.string(), day: z.string(), status: z.enum(['done', 'failed']), sent: z.number(), note: z.string().nullable(), error: z.string().nullable() });
const runJobFields = ['job', 'day'] as const;
const runJobSchema = z.object({
  job: z.string({ error: jobText.chooseJob }).trim().min(1, jobText.chooseJob).max(100, jobText.chooseJob),
  day: z.string({ error: jobText.validDay }).trim().refine((d) => isIsoDay(d), jobText.validDay),
});

const isSiteAdmin = (req: Request) => currentUser(req)?.permissions.includes(P.siteAdmin) ?? false;

/** The API's scheduled jobs, for site admins; null (no section) for others or when the API cannot say. */
async function jobRows(req: Request, res: Response): Promise<JobRow[] | null> {
  if (!isSiteAdmin(req)) return null;
  try {
    const jobs = await res.locals.api.call({ path: '/api/jobs', schema: jobList });
    return jobs.map((j) => ({ name: j.name, schedule: j.schedule, lastRun: j.lastRun ? `${formatShortDate(`${j.lastRun.day}T12:00:00Z`, 'UTC')} (${j.lastRun.status})` : null }));
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    res.locals.deps.log.warn({ err: err.message, status: err.status }, 'listing the scheduled jobs failed');
    return null;
  }
}

async function renderUtilities(req: Request, res: Response, entered: Entered, errors: FieldError[]): Promise<void> {
  // In parallel: each waits on the API, and the page must answer within one timeout.
  const [jobs, status] = await Promise.all([jobRows(req, res), statusRows(res.locals.deps)]);
  renderAdmin(
    req,
    res,
    createElement(AdminUtilitiesPage, {
      status,
      endSessions: { email: entered.email ?? '' },
      testEmail: { to: entered.to ?? '' },
      jobs: jobs ? { rows: jobs, job: entered.job ?? '', day: entered.day ?? agencyToday() } : null,
      errors,
    }),
    { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE), status: errors.length ? 422 : 200, errorsInTitle: errors.length > 0 },
  );
}

function storeCall<T>(op: (cb: (err?: unknown, value?: T | null) => void) => void): Promise<T | null> {
  return new Promise((resolve, reject) => op((err, value) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(value ?? null))));
}

export interface EndedSessions {
  ended: number;
  keptOwn: boolean;
  revoked: boolean;
}

/**
 * Ends the portal sessions of a user (all but the caller's own): their Redis sessions and stored
 * tokens, each session's refresh token revoked upstream with its own cookie. Used by End
 * Sessions and after an admin disables, deletes, re-roles or sets the password of an account.
 */
export async function endPortalSessions(req: Request, res: Response, userId: string): Promise<{ ended: number; keptOwn: boolean }> {
  const { tokens, sessionStore, log } = res.locals.deps;
  const store: Store = sessionStore;
  let ended = 0;
  let keptOwn = false;
  for (const sid of await tokens.store.userSessions(userId)) {
    if (sid === req.sessionID) {
      keptOwn = true;
      continue;
    }
    const session = await storeCall((cb) => store.get(sid, cb));
    await storeCall((cb) => store.destroy(sid, cb));
    const record = await tokens.remove(sid);
    await tokens.store.removeUserSession(userId, sid);
    if (record) {
      // That session's refresh token, revoked with its own cookie.
      await res.locals.api
        .exchange({ method: 'POST', path: '/api/auth/revoke-token', json: {}, credentials: record })
        .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : err }, 'revoking an ended session upstream failed'));
    }
    if (session || record) ended += 1;
  }
  return { ended, keptOwn };
}

/** Ends every indexed session of a user but the caller's own; see the file comment. */
export async function endSessionsOf(req: Request, res: Response, userId: string): Promise<EndedSessions> {
  const { log } = res.locals.deps;
  const { ended, keptOwn } = await endPortalSessions(req, res, userId);
  let revoked = true;
  if (!keptOwn) {
    try {
      await res.locals.api.call({ method: 'POST', path: `/api/account/users/${encodeURIComponent(userId)}/revoke-sessions`, schema: z.object({ revoked: z.number() }) });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      log.warn({ err: err.message, status: err.status }, 'revoking the user sessions upstream failed');
      revoked = false;
    }
  }
  return { ended, keptOwn, revoked };
}

export function adminUtilitiesRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    await renderUtilities(req, res, {}, []);
  });

  router.post(`${BASE}/end-sessions`, async (req, res) => {
    const result = validateForm(endSessionsSchema, req.body, endSessionsFields);
    if (!result.ok) return renderUtilities(req, res, formValues(endSessionsSchema, req.body), result.errors);
    const { email } = result.data;
    let target: { id: string; fullName: string };
    try {
      target = await res.locals.api.call({ path: `/api/account/users/username/${encodeURIComponent(email)}`, schema: userSchema });
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) {
        return renderUtilities(req, res, { email }, [{ field: 'email', message: t.noSuchUser(email) }]);
      }
      throw err;
    }
    const userId = target.id;
    if (formText(req.body, 'confirmed') !== '1') {
      // Asked first, naming the person and how many sessions end (a page of its own, with or without JavaScript).
      const open = (await res.locals.deps.tokens.store.userSessions(userId)).filter((sid) => sid !== req.sessionID).length;
      renderAdmin(
        req,
        res,
        createElement(ConfirmPage, {
          title: t.endSessionsConfirmTitle,
          message: t.endSessionsQuestion(target.fullName || email, email, open),
          okLabel: t.endSessionsButton,
          action: `${BASE}/end-sessions`,
          fields: { email, confirmed: '1' },
          cancelHref: BASE,
        }),
        { title: titleFor(ROUTE, t.endSessionsConfirmTitle), breadcrumbs: crumbsFor(ROUTE) },
      );
      return;
    }
    const outcome = await endSessionsOf(req, res, userId);
    addFlash(req, { type: 'success', text: t.sessionsEnded(email, outcome.ended) });
    if (outcome.keptOwn) addFlash(req, { type: 'info', text: t.ownSessionKept });
    if (!outcome.revoked) addFlash(req, { type: 'error', text: t.revokeFailed });
    res.redirect(303, BASE);
  });

  router.post(`${BASE}/test-email`, async (req, res) => {
    const result = validateForm(testEmailSchema, req.body, testEmailFields);
    if (!result.ok) return renderUtilities(req, res, formValues(testEmailSchema, req.body), result.errors);
    try {
      await res.locals.api.call({ method: 'POST', path: '/api/emails/test', json: { to: result.data.to } });
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'http' && err.status === 400)) throw err;
      return renderUtilities(req, res, result.data, [{ field: 'to', message: err.body?.errors?.[0]?.message ?? err.message }]);
    }
    addFlash(req, { type: 'success', text: t.testEmailSent(result.data.to) });
    res.redirect(303, BASE);
  });

  router.post(`${BASE}/run-job`, async (req, res, next) => {
    if (!isSiteAdmin(req)) return next(accessDenied());
    const result = validateForm(runJobSchema, req.body, runJobFields);
    if (!result.ok) return renderUtilities(req, res, formValues(runJobSchema, req.body), result.errors);
    const { job, day } = result.data;
    let run: z.infer<typeof jobRun>;
    try {
      run = await res.locals.api.call({ method: 'POST', path: `/api/jobs/${encodeURIComponent(job)}/run`, json: { day }, schema: jobRun });
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'http' && (err.status === 400 || err.status === 404))) throw err;
      const field = err.status === 404 ? 'job' : 'day';
      return renderUtilities(req, res, result.data, [{ field, message: err.status === 404 ? jobText.chooseJob : (err.body?.errors?.[0]?.message ?? jobText.validDay) }]);
    }
    const shown = formatShortDate(`${run.day}T12:00:00Z`, 'UTC');
    if (run.status === 'done') addFlash(req, { type: 'success', text: jobText.ran(run.name, shown, run.sent, run.note) });
    else addFlash(req, { type: 'error', text: jobText.failed(run.name, shown, run.error ?? '') });
    res.redirect(303, BASE);
  });

  return router;
}
