// The portal's app factory. The middleware order is the request flow (ARCHITECTURE.md):
// request id → pino-http → helmet (nonce CSP) → static → health → body parsers → session →
// CSRF → current user / LEA / school year → routes → 404 → error handler.
import express, { type Express, type Router } from 'express';
import type { PortalConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { csrfProtection } from './csrf.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { httpLogger, requestId } from './logger.js';
import { nonceMiddleware, securityHeaders } from './security.js';
import { sessionMiddleware } from './session.js';
import { createApiClient } from './upstream.js';
import { authRouter } from './routes/auth.js';
import { drRequestRouter } from './routes/dr-request.js';
import { healthRouter } from './routes/health.js';
import { homeRouter } from './routes/home.js';
import { logoutRouter } from './routes/logout.js';

export type { AppDeps } from './deps.js';

export interface CreateAppOptions {
  /** Extra routers mounted after the portal's own, before the 404 (tests). */
  extraRouters?: Router[];
}

export function createApp(config: PortalConfig, services: AppDeps, options: CreateAppOptions = {}): Express {
  const deps: AppDeps = { ...services, config };
  const app = express();
  app.disable('x-powered-by');
  // 'simple': no nested objects from query strings (?a[b]=c stays a string key).
  app.set('query parser', 'simple');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use((_req, res, next) => {
    res.locals.deps = deps;
    next();
  });
  app.use(requestId(config.trustProxy !== undefined && config.trustProxy !== false));
  app.use(httpLogger(deps.log));
  app.use(nonceMiddleware());
  app.use(securityHeaders({ recaptcha: Boolean(config.recaptchaSiteKey), upgradeInsecureRequests: config.isProduction }));

  // Hashed build output: cache for a year, never revalidate. A missing asset is a plain 404
  // (no session, no page).
  app.use('/assets', express.static(deps.paths.assetsDir, { index: false, immutable: true, maxAge: '365d', fallthrough: true }));
  app.use('/assets', (_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  app.use(express.static(deps.paths.publicDir, { index: false, maxAge: '1h', dotfiles: 'ignore' }));

  // Probes come before the session: they must neither need nor create one.
  app.use(healthRouter(deps));

  app.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 200 }));
  app.use(express.json({ limit: '64kb' }));
  app.use(sessionMiddleware(config, deps.sessionStore));
  app.use(csrfProtection());

  app.use((req, res, next) => {
    res.locals.user = req.session?.user ?? null;
    res.locals.currentLeaId = req.session?.currentLeaId ?? null;
    res.locals.schoolYear = req.session?.schoolYear ?? null;
    res.locals.api = createApiClient(
      req,
      { http: deps.upstream, tokens: deps.tokens, drPublicBasic: config.drPublicBasic, schoolYears: deps.schoolYears, log: req.log ?? deps.log },
      res.locals.requestId,
    );
    next();
  });

  app.use(homeRouter(deps));
  app.use(logoutRouter(deps));
  app.use(authRouter(deps));
  app.use(drRequestRouter(deps));
  for (const router of options.extraRouters ?? []) app.use(router);

  app.use(notFoundHandler());
  app.use(errorHandler());
  return app;
}
