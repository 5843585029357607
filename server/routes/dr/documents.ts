// The documents tab of a case (DR spec §4.3 tab=documents), through the portal without JavaScript:
//   POST /dispute-resolution/cases/:id/documents                 upload (multipart: file, redactedDecision)
//   POST /dispute-resolution/cases/:id/documents/:docId/delete   delete one
//   POST /dispute-resolution/cases/:id/documents/:docId/tag      set or clear the Redacted decision tag
//   GET  /dispute-resolution/cases/:id/documents/:docId          download (an attachment from the API)
// Each POST answers 303 back to the tab, or 422 on the tab with the refusal (cases.ts casePoster).
import { Router, type Request } from 'express';
import { z } from 'zod';
import { DR_DOCUMENT_MAX_BYTES, drDocuments } from '../../../lib/dr/documents.js';
import { docText as t } from '../../../lib/dr/public-text.js';
import { documentText } from '../../../lib/shared/messages.js';
import type { AppDeps } from '../../deps.js';
import { downloadFromApi } from '../../download.js';
import { notFound } from '../../errors.js';
import { requirePermissions } from '../../route-guard.js';
import { singleFileUpload, toMultipartFile, uploadOf } from '../../upload.js';
import { casePoster, FormRefusal } from './cases.js';

const API = '/api/disputeresolution';
const ids = z.object({ id: z.string().uuid(), docId: z.string().uuid() });

/** The document's API path, or 404 for ids that are not UUIDs. */
function documentPath(req: Request): string {
  const p = ids.safeParse(req.params);
  if (!p.success) throw notFound();
  return `${API}/cases/${p.data.id}/documents/${p.data.docId}`;
}

export function drDocumentsRouter(_deps: AppDeps): Router {
  const router = Router();
  const post = casePoster(router);

  post(
    '/documents',
    'documents',
    'upload',
    async (req, res, id) => {
      const { file, error } = uploadOf(res);
      if (error || !file) throw new FormRefusal([{ field: 'file', message: error ?? documentText.noFile }]);
      const tagged = (req.body as Record<string, unknown> | undefined)?.redactedDecision === 'true';
      await res.locals.api.call({
        method: 'POST',
        path: `${API}/cases/${id}/documents`,
        multipart: { files: [toMultipartFile(file)], fields: tagged ? { redactedDecision: 'true' } : {} },
        schema: drDocuments,
      });
      return t.uploaded;
    },
    singleFileUpload('file', { maxBytes: DR_DOCUMENT_MAX_BYTES }),
  );

  post('/documents/:docId/delete', 'documents', 'delete', async (req, res) => {
    await res.locals.api.call({ method: 'DELETE', path: documentPath(req), schema: z.unknown() });
    return t.deleted;
  });

  post('/documents/:docId/tag', 'documents', 'tag', async (req, res) => {
    const on = (req.body as Record<string, unknown> | undefined)?.redactedDecision === 'true';
    await res.locals.api.call({ method: 'PUT', path: documentPath(req), json: { redactedDecision: on }, schema: drDocuments });
    return on ? t.tagged : t.untagged;
  });

  router.get('/dispute-resolution/cases/:id/documents/:docId', requirePermissions('DisputeResolution.disputerequests.view'), async (req, res) => {
    await downloadFromApi(res, { path: documentPath(req) }, 'document');
  });

  return router;
}
