// The agency API's app factory. Each feature router owns its paths under /api; the order here
// is the whole request flow: parsers → routers → 404 → JSON error handler.
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import type { ApiContext } from './context.js';
import { errorHandler, notFound } from './http.js';
import { authRouter } from './routes/auth.js';
import { accountRouter } from './routes/account.js';
import { rolesRouter } from './routes/roles.js';
import { applicationsRouter } from './routes/applications.js';
import { leasRouter } from './routes/leas.js';
import { schoolsRouter } from './routes/schools.js';
import { textBlocksRouter } from './routes/text-blocks.js';
import { eventNotificationRouter } from './routes/event-notification.js';
import { emailsRouter } from './routes/emails.js';
import { docsRouter } from './routes/docs.js';
import { listsRouter } from './routes/lists.js';
import { notificationTypesRouter } from './routes/notification-types.js';
import { schoolYearsRouter } from './routes/school-years.js';
import { leaAdminRouter } from './routes/lea-admin.js';
import { auditRouter } from './routes/audit.js';
import { peopleRouter } from './routes/people.js';
import { adminOrgExtraRouter } from './routes/admin-org-extra.js';
import { monitoringRouter } from './routes/monitoring.js';
import { jobsRouter } from './shared/jobs.js';
import { calendarsRouter } from './shared/calendars.js';
import { drEmailTemplatesRouter } from './dr/email-templates.js';
import { drRouter } from './dr/routes.js';
import { listenForCalendarChanges } from './dr/store.js';
import { neutralsRouter } from './dr/neutrals.js';
import { surveysRouter } from './dr/surveys.js';
import { signRouter } from './dr/sign.js';
import { drDocumentsRouter } from './dr/documents.js';
import { drPublicRouter } from './dr/public.js';
import { ecoImportRouter } from './eco/import.js';
import { ecoReportsRouter } from './eco/reports.js';
import { ecoRouter } from './eco/routes.js';
import { jobRegistry } from './jobs-registry.js';

export function createApiApp(ctx: ApiContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // The portal forwards its client's address (X-Forwarded-For), so per-client rate limits see
  // the person, not the portal; only a trusted hop (loopback by default) may say so.
  app.set('trust proxy', trustProxyValue(ctx.config.trustProxy));
  app.use(express.json({ limit: '256kb' }));
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));
  app.use(cookieParser());

  app.get('/api/health', async (_req, res) => {
    await ctx.db.query('SELECT 1');
    res.json({ status: 'ok' });
  });
  app.use(docsRouter(ctx));
  app.use(authRouter(ctx));
  app.use(accountRouter(ctx));
  app.use(rolesRouter(ctx));
  app.use(applicationsRouter(ctx));
  app.use(leasRouter(ctx));
  app.use(schoolsRouter(ctx));
  app.use(textBlocksRouter(ctx));
  app.use(eventNotificationRouter(ctx));
  app.use(emailsRouter(ctx));
  // The admin area's additions: list manager, notification event types, school years, LEA parts, audit log.
  app.use(listsRouter(ctx));
  app.use(notificationTypesRouter(ctx));
  app.use(schoolYearsRouter(ctx));
  app.use(leaAdminRouter(ctx));
  app.use(auditRouter(ctx));
  // The person picker's search.
  app.use(peopleRouter(ctx));
  app.use(adminOrgExtraRouter(ctx));
  // Monitoring: the visit details of an Integrated Monitoring Review.
  app.use(monitoringRouter(ctx));
  // Scheduled jobs: the list and a run for a chosen day (site admins).
  app.use(jobsRouter(ctx, jobRegistry));
  // Holidays and school calendars (shared by the modules; DR spec §12 paths).
  app.use(calendarsRouter(ctx));
  // Dispute resolution: cases, deadlines, actions, links, withdrawals and reports (DR spec §12).
  app.use(drRouter(ctx));
  // Holidays and school calendars move the open cases' business- and school-day deadlines.
  listenForCalendarChanges();
  // Its email templates (§4.8, §11): the shared template store with the DR catalogue.
  app.use(drEmailTemplatesRouter(ctx));
  app.use(neutralsRouter(ctx));
  app.use(surveysRouter(ctx));
  // Case documents and the public page's options and published decisions (DR spec §4.3, §4.11).
  app.use(drDocumentsRouter(ctx));
  app.use(drPublicRouter(ctx));
  // E-signature requests and the public sign-form API (DR spec §4.11, §12).
  app.use(signRouter(ctx));
  // Early childhood outcomes: children, records, ratings and their transitions (ECO spec §10).
  app.use(ecoRouter(ctx));
  app.use(ecoImportRouter(ctx));
  // Early childhood outcomes reports: dashboard, state tracking, APR and its CSVs (ECO spec §10).
  app.use(ecoReportsRouter(ctx));

  app.use((_req, _res, next) => next(notFound('No such endpoint.')));
  app.use(errorHandler(ctx.log));
  return app;
}

/** API_TRUST_PROXY as Express takes it: true/false, a hop count, or addresses and subnets. */
function trustProxyValue(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
