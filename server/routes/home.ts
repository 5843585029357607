// The dashboard at / (spec §2 Dashboard): greeting by the agency's time of day, the
// main-dashboard-text block, the tiles of the modules the user may open (lib/dashboard-tiles.ts)
// and the Messages widget.
//
// The text block is kept per session for a minute and the messages for MESSAGES_CACHE_SECONDS
// (server/dashboard-cache.ts); opening or dismissing a message forgets them, so the user's own
// changes show on the next page.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { notificationMessage, textBlock, type NotificationMessage, type TextBlock } from '../../lib/contract.js';
import { dashboardTiles } from '../../lib/dashboard-tiles.js';
import { greeting } from '../../lib/greeting.js';
import { navText } from '../../lib/messages.js';
import { DashboardPage } from '../../views/pages/DashboardPage.js';
import { currentUser } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { dashboardCache, DASHBOARD_TEXT_TTL_MS, type DashboardCache, type DashboardEntry } from '../dashboard-cache.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';
import { SessionExpiredError } from '../upstream.js';

export const DASHBOARD_TEXT_CODE = 'main-dashboard-text';

async function fetchTextBlock(req: Request, res: Response): Promise<{ ok: boolean; block: TextBlock | null }> {
  try {
    return { ok: true, block: await res.locals.api.call({ path: `/api/text-blocks/by-block-code/${DASHBOARD_TEXT_CODE}`, schema: textBlock }) };
  } catch (err) {
    if (err instanceof SessionExpiredError) throw err;
    // The page is still useful without its instructions; try again on the next visit.
    req.log?.warn({ err }, 'dashboard text block unavailable');
    return { ok: false, block: null };
  }
}

async function fetchMessages(req: Request, res: Response): Promise<NotificationMessage[] | null> {
  try {
    return await res.locals.api.call({ path: '/api/event-notification/message/user-messages', schema: z.array(notificationMessage) });
  } catch (err) {
    if (err instanceof SessionExpiredError) throw err;
    // Spec §8: message call failures are not shown as errors; the widget says it could not load.
    req.log?.warn({ err }, 'messages unavailable');
    return null;
  }
}

/** The text block and the messages: from the session's dashboard cache, else from the API (and kept). */
async function loadDashboard(req: Request, res: Response, cache: DashboardCache): Promise<{ block: TextBlock | null; messages: NotificationMessage[] | null }> {
  const cached = await cache.get(req.sessionID).catch((err: unknown) => {
    req.log?.warn({ err }, 'dashboard cache unavailable');
    return {} as DashboardEntry;
  });
  const [text, messages] = await Promise.all([
    cached.block ? { ok: true, block: cached.block.value } : fetchTextBlock(req, res),
    cached.messages ? cached.messages.value : fetchMessages(req, res),
  ]);
  const now = Date.now();
  const next: DashboardEntry = {
    ...(text.ok ? { block: cached.block ?? { value: text.block, until: now + DASHBOARD_TEXT_TTL_MS } } : {}),
    ...(messages && cache.messagesTtlMs > 0 ? { messages: cached.messages ?? { value: messages, until: now + cache.messagesTtlMs } } : {}),
  };
  if (next.block !== cached.block || next.messages !== cached.messages) {
    await cache.set(req.sessionID, next).catch((err: unknown) => req.log?.warn({ err }, 'dashboard cache unavailable'));
  }
  return { block: text.block, messages };
}

export function homeRouter(deps: AppDeps): Router {
  const router = Router();
  const cache = dashboardCache(deps);

  router.get('/', requireRoute('dashboard'), async (req, res) => {
    const user = currentUser(req);
    if (!user) throw new SessionExpiredError();
    const { block, messages } = await loadDashboard(req, res, cache);
    const page = createElement(DashboardPage, {
      greeting: greeting(new Date(), deps.config.tz),
      fullName: user.fullName,
      textBlock: block,
      tiles: dashboardTiles(user.permissions),
      // Read after the calls: the first API call of a session saves the active school year.
      schoolYear: req.session.schoolYear ?? null,
      messages,
      timeZone: deps.config.tz,
    });
    renderPage(req, res, page, { title: navText.dashboard, layout: 'shell' });
  });

  return router;
}
