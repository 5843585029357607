// The Messages widget's actions (spec §4 Message): opening a message marks it Viewed and then
// follows its openUrl; dismissing removes it. Both are POSTs from real forms
// (views/components/MessagesWidget.tsx), so they work without JavaScript: the answer is a 303.
// A fetch from an island (Accept: application/json) gets JSON instead.
import { Router, type Request } from 'express';
import { z } from 'zod';
import { notificationMessage } from '../../lib/contract.js';
import { safeReturnUrl } from '../../lib/return-url.js';
import { requireSignedIn } from '../auth-session.js';
import { dashboardCache } from '../dashboard-cache.js';
import type { AppDeps } from '../deps.js';
import { notFound, wantsJson } from '../errors.js';
import { UpstreamError } from '../upstream.js';

const messageId = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number) });

/** The same-origin page a request came from (its Referer), or '/'. */
export function refererPath(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === req.get('host') ? safeReturnUrl(url.pathname + url.search) : '/';
  } catch {
    return '/';
  }
}

/** Where an opened message leads: its openUrl when that is a path on this site, else the dashboard. */
export function messageDestination(openUrl: string | null): string {
  return openUrl ? safeReturnUrl(openUrl) : '/';
}

const isNotFound = (err: unknown) => err instanceof UpstreamError && err.kind === 'http' && err.status === 404;

/** The session's cached messages are stale once it opened or dismissed one (server/dashboard-cache.ts). */
export async function forgetCachedMessages(req: Request, deps: AppDeps): Promise<void> {
  await dashboardCache(deps)
    .forget(req.sessionID)
    .catch((err: unknown) => req.log?.warn({ err }, 'dashboard cache unavailable'));
}

export function messagesRouter(deps: AppDeps): Router {
  const router = Router();

  router.post('/messages/:id/view', requireSignedIn, async (req, res) => {
    const params = messageId.safeParse(req.params);
    if (!params.success) throw notFound();
    let location = '/';
    try {
      const message = await res.locals.api.call({
        method: 'PUT',
        path: `/api/event-notification/message/view/${params.data.id}`,
        schema: notificationMessage,
      });
      location = messageDestination(message.openUrl);
    } catch (err) {
      // Dismissed meanwhile (another tab): nothing to open, back to the dashboard.
      if (!isNotFound(err)) throw err;
    }
    await forgetCachedMessages(req, deps);
    if (wantsJson(req)) {
      res.json({ ok: true, location });
      return;
    }
    res.redirect(303, location);
  });

  router.post('/messages/:id/dismiss', requireSignedIn, async (req, res) => {
    const params = messageId.safeParse(req.params);
    if (!params.success) throw notFound();
    try {
      await res.locals.api.call({ method: 'PUT', path: `/api/event-notification/message/dismiss/${params.data.id}` });
    } catch (err) {
      // Already gone: the outcome the user asked for.
      if (!isNotFound(err)) throw err;
    }
    await forgetCachedMessages(req, deps);
    if (wantsJson(req)) {
      res.json({ ok: true });
      return;
    }
    res.redirect(303, refererPath(req));
  });

  return router;
}
