// The ECO child import page (/child-search/child-list/import, Eco.scores.submit; spec §8). The
// file goes to POST /api/eco/imports as it came (multipart, server/upload.ts), which applies it
// all or nothing: a refused file re-renders this page (422) with its rows in error and the
// 'eco-import-errors.csv' report; an imported one goes back to the child list with the summary.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { textBlock } from '../../../lib/contract.js';
import type { CsvRowError } from '../../../lib/csv-import.js';
import { importErrorsCsv } from '../../../lib/eco/csv.js';
import { ecoImportPageText as t } from '../../../lib/eco/score-text.js';
import { routeById } from '../../../lib/routes.js';
import { EcoImportPage } from '../../../views/pages/eco/EcoImportPage.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requireRoute } from '../../route-guard.js';
import { UpstreamError } from '../../upstream.js';
import { apiUploadError, singleFileUpload, toMultipartFile, uploadOf } from '../../upload.js';

const ROUTE = 'eco.child-list/import';
const BASE = '/child-search/child-list/import';
const imported = z.object({ message: z.string() });

interface Extras {
  errors?: { field: string; message: string }[];
  rowErrors?: CsvRowError[];
}

async function renderImport(req: Request, res: Response, extras: Extras = {}): Promise<void> {
  const instructions = await res.locals.api.call({ path: '/api/text-blocks/by-block-code/eco-import-instructions', schema: textBlock, auth: 'none' }).catch(() => null);
  const errors = extras.errors ?? [];
  const rowErrors = extras.rowErrors ?? null;
  const route = routeById(ROUTE);
  const href = rowErrors && rowErrors.length ? `data:text/csv;charset=utf-8,${encodeURIComponent(importErrorsCsv(rowErrors))}` : null;
  renderPage(req, res, createElement(EcoImportPage, { instructions, errors, rowErrors, errorsCsvHref: href }), {
    title: route.title,
    layout: 'shell',
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

export function ecoImportRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    await renderImport(req, res);
  });

  router.get(`${BASE}/template.csv`, async (_req, res) => {
    await downloadFromApi(res, { path: '/api/eco/imports/template.csv' }, 'eco-import-template.csv');
  });

  router.post(BASE, singleFileUpload('file', { maxBytes: 2 * 1024 * 1024 }), async (req, res) => {
    const { file, error } = uploadOf(res);
    if (error || !file) return renderImport(req, res, { errors: [{ field: 'file', message: error ?? t.noFile }] });
    let result: z.infer<typeof imported>;
    try {
      result = await res.locals.api.call({ method: 'POST', path: '/api/eco/imports', multipart: { files: [toMultipartFile(file)] }, schema: imported });
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 422) {
        const rowErrors = err.body?.rowErrors ?? [];
        const whole = rowErrors.find((e) => e.line <= 1);
        return renderImport(req, res, { errors: [whole ? { field: 'file', message: whole.message } : { field: 'import', message: t.rejected(rowErrors.length) }], rowErrors: whole ? [] : rowErrors });
      }
      const message = apiUploadError(err);
      if (message === null) throw err;
      return renderImport(req, res, { errors: [{ field: 'file', message }] });
    }
    addFlash(req, { type: 'success', text: result.message });
    res.redirect(303, BASE);
  });

  return router;
}
