// Admin Utilities (/admin/admin-utils, App.roles.manage, spec §6): the build version and the
// health of Redis, the agency API and its database; ending every session of a user at once; and
// a test email sent through the API.
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
import { adminOrgText as t, API_ACCEPT, APP_VERSION } from '../../../lib/messages.js';
import { endSessionsFields, endSessionsSchema, formValues, testEmailFields, testEmailSchema, validateForm, type FieldError } from '../../../lib/validation/admin-org.js';
import { AdminUtilitiesPage, type StatusRow } from '../../../views/pages/admin/AdminUtilitiesPage.js';
import type { AppDeps } from '../../deps.js';
import { addFlash } from '../../flash.js';
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
}

async function renderUtilities(req: Request, res: Response, entered: Entered, errors: FieldError[]): Promise<void> {
  renderAdmin(
    req,
    res,
    createElement(AdminUtilitiesPage, {
      status: await statusRows(res.locals.deps),
      endSessions: { email: entered.email ?? '' },
      testEmail: { to: entered.to ?? '' },
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

/** Ends every indexed session of a user but the caller's own; see the file comment. */
export async function endSessionsOf(req: Request, res: Response, userId: string): Promise<EndedSessions> {
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
    let userId: string;
    try {
      userId = (await res.locals.api.call({ path: `/api/account/users/username/${encodeURIComponent(email)}`, schema: userSchema })).id;
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) {
        return renderUtilities(req, res, { email }, [{ field: 'email', message: t.noSuchUser(email) }]);
      }
      throw err;
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

  return router;
}
