// Liveness and readiness for the orchestrator. /healthz: the process answers. /readyz: it can
// serve requests, i.e. Redis (when configured) and the agency API both answer, quickly.
import { Router } from 'express';
import { API_ACCEPT, APP_VERSION } from '../../lib/messages.js';
import type { AppDeps } from '../deps.js';
import { withTimeout } from '../redis.js';

const PROBE_TIMEOUT_MS = 1_500;

export function healthRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.config.version });
  });

  router.get('/readyz', async (_req, res) => {
    const [redis, api] = await Promise.all([checkRedis(deps), checkApi(deps)]);
    const ready = redis !== 'down' && api === 'up';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', checks: { redis, api } });
  });

  return router;
}

async function checkRedis(deps: AppDeps): Promise<'up' | 'down' | 'not configured'> {
  if (!deps.redis) return 'not configured';
  try {
    return (await withTimeout(deps.redis.ping(), PROBE_TIMEOUT_MS, 'redis ping')) === 'PONG' ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

async function checkApi(deps: AppDeps): Promise<'up' | 'down'> {
  try {
    const res = await deps.upstream.send({
      method: 'GET',
      path: '/api/health',
      headers: { accept: API_ACCEPT, 'app-version': APP_VERSION },
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    return res.status >= 200 && res.status < 300 ? 'up' : 'down';
  } catch {
    return 'down';
  }
}
