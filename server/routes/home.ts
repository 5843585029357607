// The dashboard at / (spec §2 Dashboard): greeting by the agency's time of day, the
// main-dashboard-text block, the tiles of the modules the user may open (lib/dashboard-tiles.ts)
// and the Messages widget.
//
// The text block rarely changes, so it is cached per session for a minute (Redis when there is
// one, so every portal instance shares it; else this process). Messages are never cached: a
// message opened or dismissed must be gone on the next page.
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
import { withTimeout } from '../redis.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';
import { SessionExpiredError } from '../upstream.js';

export const DASHBOARD_TEXT_CODE = 'main-dashboard-text';
export const DASHBOARD_TEXT_TTL_MS = 60_000;
const CACHE_OP_TIMEOUT_MS = 500;
const MAX_LOCAL_ENTRIES = 5_000;

// What is cached: the block, or null when the API has none (no need to ask again for a minute).
const cachedBlock = z.object({ block: textBlock.nullable() });
type CachedBlock = z.infer<typeof cachedBlock>;

/** A minute-long, per-session cache of the dashboard's text block. */
export class DashboardTextCache {
  private readonly local = new Map<string, { value: CachedBlock; until: number }>();

  constructor(private readonly deps: Pick<AppDeps, 'redis' | 'config'>) {}

  private key(sid: string): string {
    return `${this.deps.config.redisPrefix}dashboard-text:${sid}`;
  }

  async get(sid: string): Promise<CachedBlock | null> {
    const redis = this.deps.redis;
    if (redis) {
      const raw = await withTimeout(redis.get(this.key(sid)), CACHE_OP_TIMEOUT_MS, 'dashboard cache read');
      if (!raw) return null;
      const parsed = cachedBlock.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    }
    const hit = this.local.get(sid);
    if (!hit || hit.until <= Date.now()) {
      this.local.delete(sid);
      return null;
    }
    return hit.value;
  }

  async set(sid: string, value: CachedBlock): Promise<void> {
    const redis = this.deps.redis;
    if (redis) {
      await withTimeout(
        redis.set(this.key(sid), JSON.stringify(value), { expiration: { type: 'PX', value: DASHBOARD_TEXT_TTL_MS } }),
        CACHE_OP_TIMEOUT_MS,
        'dashboard cache write',
      );
      return;
    }
    // Bounded: drop the oldest entry (Map keeps insertion order) when full.
    if (this.local.size >= MAX_LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value ?? '');
    this.local.set(sid, { value, until: Date.now() + DASHBOARD_TEXT_TTL_MS });
  }
}

async function loadTextBlock(req: Request, res: Response, cache: DashboardTextCache): Promise<TextBlock | null> {
  const hit = await cache.get(req.sessionID).catch((err: unknown) => {
    req.log?.warn({ err }, 'dashboard cache unavailable');
    return null;
  });
  if (hit) return hit.block;
  let block: TextBlock | null = null;
  try {
    block = await res.locals.api.call({ path: `/api/text-blocks/by-block-code/${DASHBOARD_TEXT_CODE}`, schema: textBlock });
  } catch (err) {
    if (err instanceof SessionExpiredError) throw err;
    // The page is still useful without its instructions; try again on the next visit.
    req.log?.warn({ err }, 'dashboard text block unavailable');
    return null;
  }
  await cache.set(req.sessionID, { block }).catch((err: unknown) => req.log?.warn({ err }, 'dashboard cache unavailable'));
  return block;
}

async function loadMessages(req: Request, res: Response): Promise<NotificationMessage[] | null> {
  try {
    return await res.locals.api.call({ path: '/api/event-notification/message/user-messages', schema: z.array(notificationMessage) });
  } catch (err) {
    if (err instanceof SessionExpiredError) throw err;
    // Spec §8: message call failures are not shown as errors; the widget says it could not load.
    req.log?.warn({ err }, 'messages unavailable');
    return null;
  }
}

export function homeRouter(deps: AppDeps): Router {
  const router = Router();
  const cache = new DashboardTextCache(deps);

  router.get('/', requireRoute('dashboard'), async (req, res) => {
    const user = currentUser(req);
    if (!user) throw new SessionExpiredError();
    const [block, messages] = await Promise.all([loadTextBlock(req, res, cache), loadMessages(req, res)]);
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
