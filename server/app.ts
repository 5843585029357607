// The portal's app factory. The middleware order is the request flow (ARCHITECTURE.md):
// request id → pino-http → helmet (nonce CSP) → static → health → body parsers → session →
// CSRF → current user / LEA / school year → routes → 404 → error handler.
import cookieParser from 'cookie-parser';
import { existsSync, readdirSync } from 'node:fs';
import express, { type Express, type Router } from 'express';
import type { PortalConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { csrfProtection } from './csrf.js';
import { multipartForms } from './upload.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { httpLogger, requestId } from './logger.js';
import { nonceMiddleware, securityHeaders } from './security.js';
import { StoreUnavailableError } from './redis.js';
import { sessionMiddleware } from './session.js';
import { createApiClient } from './upstream.js';
import { authRouter } from './routes/auth.js';
import { drRequestRouter } from './routes/dr-request.js';
import { drRequestWizardRouter, leaveWizard } from './routes/dr/request.js';
import { healthRouter } from './routes/health.js';
import { homeRouter } from './routes/home.js';
import { messagesRouter } from './routes/messages.js';
import { notificationSettingsRouter } from './routes/notification-settings.js';
import { monitoringVisitRouter } from './routes/monitoring-visit.js';
import { apiProxyRouter } from './routes/api-proxy.js';
import { logoutRouter } from './routes/logout.js';
import { helpRouter } from './routes/help.js';
import { adminRolesRouter } from './routes/admin/roles.js';
import { adminUsersRouter } from './routes/admin/users.js';
import { adminLeasRouter } from './routes/admin/leas.js';
import { adminSchoolsRouter } from './routes/admin/schools.js';
import { adminTextBlocksRouter } from './routes/admin/text-blocks.js';
import { adminEmailLogsRouter } from './routes/admin/email-logs.js';
import { adminListsRouter } from './routes/admin/lists.js';
import { adminNotificationEventsRouter } from './routes/admin/notification-events.js';
import { adminUtilitiesRouter } from './routes/admin/utilities.js';
import { keepAliveRouter } from './routes/keep-alive.js';
import { modulesRouter } from './routes/modules.js';
import { calendarsRouter } from './routes/calendars.js';
import { ecoScoresRouter } from './routes/eco/scores.js';
import { drCasesRouter } from './routes/dr/cases.js';
import { ecoChildrenRouter } from './routes/eco/children.js';
import { drEmailTemplatesRouter } from './routes/dr/email-templates.js';
import { drReportsRouter } from './routes/dr/reports.js';
import { ecoReportsRouter } from './routes/eco/reports.js';
import { drNeutralsRouter } from './routes/dr/neutrals.js';
import { drSurveysRouter } from './routes/dr/surveys.js';
import { drPublicSurveyRouter } from './routes/dr/public-survey.js';
import { drSignFormRouter } from './routes/dr/sign-form.js';
import { drDocumentsRouter } from './routes/dr/documents.js';
import { drPublicRouter } from './routes/dr/public.js';
import { accountRouter } from './routes/account.js';
import { sessionContextRouter } from './routes/session-context.js';
import { buildIdHeader, shellContext } from './shell-context.js';

export type { AppDeps } from './deps.js';

export interface CreateAppOptions {
  /** Extra routers mounted after the portal's own, before the 404 (tests). */
  extraRouters?: Router[];
}

export function createApp(config: PortalConfig, services: AppDeps, options: CreateAppOptions = {}): Express {
  const deps: AppDeps = { ...services, config };
  const app = express();
  app.disable('x-powered-by');
  // Pages are Cache-Control: no-store and differ per request (nonce, CSRF token): hashing each
  // body for an ETag costs CPU and can never produce a 304. Static files keep their own ETags.
  app.set('etag', false);
  // 'simple': no nested objects from query strings (?a[b]=c stays a string key).
  app.set('query parser', 'simple');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use((_req, res, next) => {
    res.locals.deps = deps;
    next();
  });
  app.use(buildIdHeader(config));
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
  // Only paths under public/'s own entries reach the file system: a stat (and a 404 error
  // object) on every page request cost more than a page's own logic.
  const servePublic = express.static(deps.paths.publicDir, { index: false, maxAge: '1h', dotfiles: 'ignore' });
  const publicEntries = new Set(existsSync(deps.paths.publicDir) ? readdirSync(deps.paths.publicDir) : []);
  app.use((req, res, next) => (publicEntries.has(req.path.split('/')[1] ?? '') ? servePublic(req, res, next) : next()));

  // Probes come before the session: they must neither need nor create one.
  app.use(healthRouter(deps));

  app.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 200 }));
  app.use(express.json({ limit: '64kb' }));
  // While Redis is disconnected no session can be loaded or saved: answer the 503 page at once,
  // also to visitors without a cookie (their page's CSRF token could not be kept).
  app.use((_req, _res, next) => next(deps.redis && !deps.redis.isReady ? new StoreUnavailableError('Redis is not connected') : undefined));
  app.use(sessionMiddleware(config, deps.sessionStore));
  // Before CSRF: an ended session must hear 401, not "form expired" (it checks CSRF itself).
  app.use(keepAliveRouter(deps));
  // File upload forms: parsed before the CSRF check reads their token (server/upload.ts).
  app.use(multipartForms());
  // The signed-out forms' double-submit cookie is read from req.cookies.
  app.use(cookieParser());
  app.use(csrfProtection(config));

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
  app.use(shellContext());
  // Before every page router: any page outside the Create Request wizard forgets its draft.
  app.use(leaveWizard());

  app.use(homeRouter(deps));
  app.use(messagesRouter(deps));
  app.use(notificationSettingsRouter(deps));
  // Before modulesRouter (its placeholder for /monitoring/visit) and before the /api proxy (/api/portal/people).
  app.use(monitoringVisitRouter(deps));
  app.use(logoutRouter(deps));
  app.use(authRouter(deps));
  app.use(drRequestRouter(deps));
  app.use(drRequestWizardRouter(deps));
  // The public dispute resolution page (no sign-in; the API's public Basic token upstream).
  app.use(drPublicRouter(deps));
  app.use(sessionContextRouter(deps));
  app.use(helpRouter(deps));
  app.use(accountRouter(deps));
  app.use(adminUsersRouter(deps));
  app.use(adminRolesRouter(deps));
  // The admin area's organisation screens: LEAs, schools, text blocks, email logs, lists, notification events, utilities.
  for (const admin of [adminLeasRouter, adminSchoolsRouter, adminTextBlocksRouter, adminEmailLogsRouter, adminListsRouter, adminNotificationEventsRouter, adminUtilitiesRouter]) app.use(admin(deps));
  // Keep last of the feature routers: the fallback pages of side-navigation routes not built yet.
  // School calendars and holidays (shared by the modules; a Dispute Resolution page).
  app.use(calendarsRouter(deps));
  // Dispute resolution: dashboard and case detail, the reports.
  app.use(drCasesRouter(deps));
  app.use(drDocumentsRouter(deps));
  app.use(drReportsRouter(deps));
  app.use(ecoReportsRouter(deps));
  app.use(drNeutralsRouter(deps));
  // The survey manager and the public survey a closed case's parties are emailed.
  app.use(drSurveysRouter(deps));
  app.use(drPublicSurveyRouter(deps));
  // The public sign-form an emailed signing link opens (§4.11).
  app.use(drSignFormRouter(deps));
  app.use(drEmailTemplatesRouter(deps));
  // Early Childhood Outcomes: the child list, advanced search, add and edit child, status, claim.
  app.use(ecoChildrenRouter(deps));
  // Early Childhood Outcomes: entry and exit ratings, and the child list import.
  app.use(ecoScoresRouter(deps));
  app.use(modulesRouter(deps));
  // The islands' /api proxy: after every router that answers an /api path itself (it 404s the rest).
  app.use(apiProxyRouter(deps));
  for (const router of options.extraRouters ?? []) app.use(router);

  app.use(notFoundHandler());
  app.use(errorHandler());
  return app;
}
