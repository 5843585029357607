// The public sign-form (DR spec §4.11): /sign-form/:token, no sign-in, in the public layout. GET
// shows the document or the three hearing officers to rank; POST signs once (303 to
// /sign-form/done; 422: the page again with an error summary and what was typed). A used, expired or
// unknown link shows 'This signing link has expired or was already used.' The API is called with
// the portal's public Basic credentials and the token only.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { signDocument, type SignDocumentDto } from '../../../lib/dr/sign-contract.js';
import { signMessages, signText as t } from '../../../lib/dr/sign-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { DrSignFormPage } from '../../../views/pages/dr/DrSignFormPage.js';
import type { AppDeps } from '../../deps.js';
import { anonymousPostLimit } from '../../rate-limit.js';
import { renderPage } from '../../render.js';
import { UpstreamError } from '../../upstream.js';

const API = '/api/disputeresolution/public/sign';
const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });
const doneQuery = z.object({ choice: z.literal('1').optional() });

const unusable = (err: unknown) => err instanceof UpstreamError && err.kind === 'http' && (err.status === 404 || err.status === 410);

function renderMessage(req: Request, res: Response, message: string, status: number): void {
  renderPage(req, res, createElement(DrSignFormPage, { state: 'message', message }), { title: t.pageTitle, layout: 'public', status });
}

const field = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');

export function drSignFormRouter(_deps: AppDeps): Router {
  const router = Router();
  const PATH = '/sign-form/:token';

  const load = async (res: Response, token: string) => res.locals.api.call({ path: `${API}/${token}`, schema: signDocument, auth: 'basic' });

  router.get('/sign-form/done', (req, res) => {
    const q = doneQuery.safeParse(req.query);
    renderMessage(req, res, q.success && q.data.choice ? signMessages.thankYouChoice : signMessages.thankYou, 200);
  });

  router.get(PATH, async (req, res) => {
    const p = tokenParam.safeParse(req.params);
    if (!p.success) return renderMessage(req, res, signMessages.linkUnusable, 404);
    try {
      const doc = await load(res, p.data.token);
      renderPage(req, res, createElement(DrSignFormPage, { state: 'form', token: p.data.token, doc, values: {}, errors: [] }), { title: doc.purpose === 4 ? t.choiceTitle : doc.purposeName, layout: 'public' });
    } catch (err) {
      if (!unusable(err)) throw err;
      renderMessage(req, res, signMessages.linkUnusable, (err as UpstreamError).status ?? 410);
    }
  });

  router.post(PATH, anonymousPostLimit, async (req, res) => {
    const p = tokenParam.safeParse(req.params);
    if (!p.success) return renderMessage(req, res, signMessages.linkUnusable, 404);
    let doc: SignDocumentDto;
    try {
      doc = await load(res, p.data.token);
    } catch (err) {
      if (!unusable(err)) throw err;
      return renderMessage(req, res, signMessages.linkUnusable, (err as UpstreamError).status ?? 410);
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values: Record<string, string> = { typedName: field(body.typedName), agreed: body.agreed === 'on' ? 'on' : '' };
    for (const id of ['rank-1', 'rank-2', 'rank-3']) values[id] = field(body[id]).slice(0, 40);
    const json = {
      typedName: values.typedName,
      agreed: values.agreed === 'on',
      ...(doc.purpose === 4 ? { ranking: [values['rank-1'], values['rank-2'], values['rank-3']] } : {}),
    };
    try {
      await res.locals.api.call({ path: `${API}/${p.data.token}`, method: 'POST', json, auth: 'basic' });
      res.redirect(303, doc.purpose === 4 ? '/sign-form/done?choice=1' : '/sign-form/done');
    } catch (err) {
      if (unusable(err)) return renderMessage(req, res, signMessages.linkUnusable, (err as UpstreamError).status ?? 410);
      if (!(err instanceof UpstreamError && err.kind === 'http' && err.status === 422)) throw err;
      const errors: FieldError[] = err.body?.errors?.map((e) => ({ field: e.field, message: e.message })) ?? [{ field: 'form', message: err.body?.message ?? signMessages.typedName }];
      renderPage(req, res, createElement(DrSignFormPage, { state: 'form', token: p.data.token, doc, values, errors }), {
        title: doc.purpose === 4 ? t.choiceTitle : doc.purposeName, layout: 'public', status: 422, errorsInTitle: true,
      });
    }
  });

  return router;
}
