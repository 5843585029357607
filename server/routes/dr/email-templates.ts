// The dispute resolution email templates (DR spec §4.8; DisputeResolution.emailtemplates.manage),
// one API call per screen or action, without JavaScript:
//   GET  /dispute-resolution/email-templates          the list
//   GET  /dispute-resolution/email-templates/:code    the edit form
//   POST /dispute-resolution/email-templates/:code    intent save (303 to the list with a flash),
//        preview (the page again with the rendered email) or test (sent to the user; the page again)
// A refused draft re-renders the form with 422, the API's §7 messages and the typed values; an
// unknown or out-of-scope preview case is a message on the case number field.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { formatDateTime, formatShortDate } from '../../../lib/dates.js';
import { drText } from '../../../lib/dr/page-text.js';
import { breadcrumbsFor } from '../../../lib/navigation.js';
import { routeById } from '../../../lib/routes.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { DrEmailTemplatePage, type DrEmailTemplatePageProps, type DrEmailTemplateValues } from '../../../views/pages/dr/DrEmailTemplatePage.js';
import { DrEmailTemplatesPage, EMAIL_TEMPLATES_PATH } from '../../../views/pages/dr/DrEmailTemplatesPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { refusalErrors, UpstreamError } from '../../upstream.js';

const ROUTE = 'dr.email-templates';
const API = '/api/disputeresolution/email-templates';
const t = drText.emailTemplates;

const template = z.object({
  code: z.string(),
  name: z.string(),
  subject: z.string(),
  bodyHtml: z.string(),
  isActive: z.boolean(),
  allowedFields: z.array(z.string()),
  updatedAt: z.string(),
});
type Template = z.infer<typeof template>;
const rendered = z.object({ subject: z.string(), html: z.string() });
const codeParam = z.object({ code: z.string().regex(/^[A-Z][A-Z0-9_]{2,49}$/) });
const text = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().catch('')).catch('');
const formBody = z.object({
  intent: z.enum(['save', 'preview', 'test']).catch('save'),
  subject: text,
  bodyHtml: text,
  isActive: z.preprocess((v) => v === 'on', z.boolean()),
  caseNumber: text,
});

const tzOf = (res: Response): string => res.locals.deps.config.tz;

function codeOf(req: Request): string {
  const parsed = codeParam.safeParse(req.params);
  if (!parsed.success) throw notFound();
  return parsed.data.code;
}

interface Extras {
  status?: number;
  errors?: FieldError[];
  preview?: DrEmailTemplatePageProps['preview'];
}

function renderEdit(req: Request, res: Response, stored: Template, values: DrEmailTemplateValues, extras: Extras = {}): void {
  const errors = extras.errors ?? [];
  renderPage(
    req,
    res,
    createElement(DrEmailTemplatePage, {
      title: `${routeById(ROUTE).menuLabel}: ${stored.name}`,
      template: stored,
      values,
      errors,
      preview: extras.preview ?? null,
      lastUpdated: t.lastUpdated(formatDateTime(stored.updatedAt, tzOf(res))),
    }),
    {
      title: `${stored.code} - ${routeById(ROUTE).title}`,
      layout: 'shell',
      status: extras.status ?? (errors.length ? 422 : 200),
      errorsInTitle: errors.length > 0,
      breadcrumbs: breadcrumbsFor(EMAIL_TEMPLATES_PATH, [{ label: stored.code }]),
    },
  );
}

/** The API's refusal as field errors: 400/422 carry them; a 404 on a preview or test is its case. */
function refusalOf(err: unknown, intent: string): FieldError[] | null {
  if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404 && intent !== 'save') return [{ field: 'caseNumber', message: t.noCase }];
  return refusalErrors(err);
}

export function drEmailTemplatesRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(EMAIL_TEMPLATES_PATH, requireRoute(ROUTE));

  router.get(EMAIL_TEMPLATES_PATH, async (req, res) => {
    const list = await res.locals.api.call({ path: API, schema: z.array(template) });
    const tz = tzOf(res);
    const route = routeById(ROUTE);
    renderPage(
      req,
      res,
      createElement(DrEmailTemplatesPage, {
        title: route.menuLabel,
        rows: list.map((x) => ({ code: x.code, name: x.name, subject: x.subject, isActive: x.isActive, updated: formatShortDate(x.updatedAt, tz) })),
      }),
      { title: route.title, layout: 'shell' },
    );
  });

  router.get(`${EMAIL_TEMPLATES_PATH}/:code`, async (req, res) => {
    const code = codeOf(req);
    const stored = await res.locals.api.call({ path: `${API}/${code}`, schema: template });
    renderEdit(req, res, stored, { subject: stored.subject, bodyHtml: stored.bodyHtml, isActive: stored.isActive, caseNumber: '' });
  });

  router.post(`${EMAIL_TEMPLATES_PATH}/:code`, async (req, res) => {
    const code = codeOf(req);
    const form = formBody.parse(req.body ?? {});
    const values: DrEmailTemplateValues = { subject: form.subject, bodyHtml: form.bodyHtml, isActive: form.isActive, caseNumber: form.caseNumber.trim() };
    const stored = await res.locals.api.call({ path: `${API}/${code}`, schema: template });
    const draft = { subject: values.subject, bodyHtml: values.bodyHtml, ...(values.caseNumber ? { caseNumber: values.caseNumber } : {}) };
    try {
      if (form.intent === 'preview') {
        const preview = await res.locals.api.call({ method: 'POST', path: `${API}/${code}/preview`, json: draft, schema: rendered });
        return renderEdit(req, res, stored, values, { preview });
      }
      if (form.intent === 'test') {
        const sent = await res.locals.api.call({ method: 'POST', path: `${API}/${code}/test`, json: draft, schema: z.object({ sentTo: z.string() }) });
        addFlash(req, { type: 'success', text: t.testSent(sent.sentTo) });
        return renderEdit(req, res, stored, values);
      }
      const saved = await res.locals.api.call({
        method: 'PUT',
        path: `${API}/${code}`,
        json: { subject: values.subject, bodyHtml: values.bodyHtml, isActive: values.isActive },
        schema: template,
      });
      addFlash(req, { type: 'success', text: t.saved(saved.name) });
      res.redirect(303, EMAIL_TEMPLATES_PATH);
    } catch (err) {
      const errors = refusalOf(err, form.intent);
      if (!errors) throw err;
      renderEdit(req, res, stored, values, { errors });
    }
  });

  return router;
}
