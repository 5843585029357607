// The public dispute resolution page (DR spec §4.11), no sign-in:
//   GET /dr-public                       text block, the four options, start links, published decisions
//   GET /dr-public/decisions/:docId      one published decision (an attachment from the API)
// The API calls go to /api/disputeresolution/public/*, which the upstream client signs with the
// public Basic token (server/upstream.ts), never a user's token.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { drPublicDecision, drPublicOption } from '../../../lib/dr/documents.js';
import { publicText as t } from '../../../lib/dr/public-text.js';
import { DrPublicPage } from '../../../views/pages/dr/DrPublicPage.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { notFound } from '../../errors.js';
import { UpstreamError } from '../../upstream.js';
import { loadTextBlock, render } from '../auth.js';

const API = '/api/disputeresolution/public';

/** A public list, or null (the page says it is unavailable) when the API cannot answer. */
async function publicList<T>(req: Request, res: Response, path: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    return await res.locals.api.call({ path: `${API}/${path}`, schema });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ path, status: err.status, kind: err.kind }, 'dr public list unavailable');
    return null;
  }
}

export function drPublicRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get('/dr-public', async (req, res) => {
    const [textBlock, options, decisions] = await Promise.all([
      loadTextBlock(req, res, 'dr-public-portal'),
      publicList(req, res, 'options', z.array(drPublicOption)),
      publicList(req, res, 'decisions', z.array(drPublicDecision)),
    ]);
    render(req, res, createElement(DrPublicPage, { textBlock, options, decisions }), { title: t.title });
  });

  router.get('/dr-public/decisions/:docId', async (req, res) => {
    const docId = z.string().uuid().safeParse(req.params.docId);
    if (!docId.success) throw notFound();
    await downloadFromApi(res, { path: `${API}/decisions/${docId.data}` }, 'decision');
  });

  return router;
}
