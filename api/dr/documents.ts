// Case documents (DR spec §4.3 tab=documents, §12, §14) under /api/disputeresolution:
//   GET    /cases/{id}/documents            the list, for viewers who may see the case's PII
//   POST   /cases/{id}/documents            upload (multipart `file`, optional `redactedDecision`)
//   GET    /cases/{id}/documents/{docId}    download as an attachment (a PII view, audited)
//   DELETE /cases/{id}/documents/{docId}    state staff or the uploader
//   PUT    /cases/{id}/documents/{docId}    set or clear the Redacted decision tag (state staff)
// Documents are student PII (§14): only the case's parties (the filer, users of the respondent
// LEA), assigned neutrals and state staff see or add them (store.ts piiVisible); everyone else,
// and anyone outside the case's scope, gets 404. PDF, DOCX, JPG and PNG up to 20 MB, the type
// detected from the bytes (api/shared/documents.ts). Refusals answer 422 as the module's (§7).
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { z } from 'zod';
import { DR_DOCUMENT_KINDS, DR_DOCUMENT_MAX_BYTES, REDACTED_DECISION, type DrDocument, type DrDocuments } from '../../lib/dr/documents.js';
import { docText } from '../../lib/dr/public-text.js';
import { documentText } from '../../lib/shared/messages.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, forbidden, notFound } from '../http.js';
import { auditPiiView, sendDocument } from '../shared/http-files.js';
import { deleteDocument, documentUpload, getDocument, listDocuments, saveDocument, uploadRefused, type DocumentMeta } from '../shared/documents.js';
import { invalid, parse422 } from './routes.js';
import { DR, piiVisible, scopedCase, type CaseRow, type Viewer } from './store.js';

const BASE = '/api/disputeresolution';
const MODULE = 'dr';
const ownerOf = (row: CaseRow) => ({ module: MODULE, ownerType: 'case', ownerId: row.id });

const tagBody = z.object({ redactedDecision: z.boolean() });
const uploadFields = z.object({ redactedDecision: z.enum(['true', 'false', 'on', '']).optional() });
export const documentSchemas = { tagBody };

/** Sets or clears the Redacted decision tag of a document, audited. */
async function setRedactedTag(q: Queryable, doc: DocumentMeta, on: boolean, actor: string): Promise<string[]> {
  const r = await q.query<{ tags: string[] }>(
    `UPDATE documents SET tags = CASE WHEN $2 THEN array_append(array_remove(tags, $3), $3) ELSE array_remove(tags, $3) END, updated_at = now(), updated_by = $4
      WHERE module = $5 AND id = $1 RETURNING tags`,
    [doc.id, on, REDACTED_DECISION, actor, MODULE],
  );
  const tags = r.rows[0]?.tags ?? [];
  await recordAudit(q, { actor, action: 'document.tag', entityType: 'document', entityId: doc.id, changes: { tags: { old: doc.tags, new: tags } } });
  return tags;
}

/** The shared documents code refuses uploads with 400; this module answers bad input with 422 (§7). */
const as422: ErrorRequestHandler = (err, _req, _res, next) => {
  next(err instanceof ApiError && err.status === 400 ? new ApiError(422, err.message, err.details) : err);
};

export function drDocumentsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;
  const view = requirePermission(DR.view);

  /** A case whose documents the caller may see: in scope and with its PII visible, else 404. */
  async function caseWithDocuments(req: Request, res: Response): Promise<{ row: CaseRow; viewer: Viewer }> {
    const id = z.string().uuid().safeParse(req.params.id);
    const found = id.success ? await scopedCase(db, id.data, authOf(res)) : null;
    if (!found || !piiVisible(found.viewer, found.row, found.neutrals)) throw notFound(docText.notFound);
    return found;
  }

  async function documentOf(req: Request, row: CaseRow) {
    const doc = await getDocument(db, MODULE, String(req.params.docId));
    if (!doc || doc.ownerType !== 'case' || doc.ownerId !== row.id) throw notFound(docText.notFound);
    return doc;
  }

  async function answer(row: CaseRow, viewer: Viewer): Promise<DrDocuments> {
    const docs = await listDocuments(db, ownerOf(row));
    const ids = [...new Set(docs.map((d) => d.uploadedBy))];
    const names = new Map(
      (await db.query<{ id: string; full_name: string }>('SELECT id::text AS id, full_name FROM users WHERE id::text = ANY($1::text[])', [ids])).rows.map((u) => [u.id, u.full_name]),
    );
    const documents: DrDocument[] = docs.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      kind: d.kind,
      sizeBytes: d.sizeBytes,
      uploadedAt: d.uploadedAt,
      uploadedBy: d.uploadedBy,
      uploadedByName: names.get(d.uploadedBy) ?? null,
      tags: d.tags,
      canDelete: viewer.isStateUser || d.uploadedBy === viewer.userId,
    }));
    return { documents, canUpload: row.status !== 0, canTag: viewer.isStateUser };
  }

  router.get(`${BASE}/cases/:id/documents`, auth, view, async (req, res) => {
    const { row, viewer } = await caseWithDocuments(req, res);
    res.json(await answer(row, viewer));
  });

  router.post(`${BASE}/cases/:id/documents`, auth, view, documentUpload('file', DR_DOCUMENT_MAX_BYTES), async (req, res) => {
    const { row, viewer } = await caseWithDocuments(req, res);
    if (row.status === 0) throw invalid([{ field: 'file', message: docText.notOnDraft }]);
    const { redactedDecision } = parse422(uploadFields, req.body ?? {});
    const tagged = redactedDecision === 'true' || redactedDecision === 'on';
    if (tagged && !viewer.isStateUser) throw forbidden(docText.tagOnlyState);
    if (!req.file) throw uploadRefused(documentText.noFile);
    const meta = await saveDocument(db, {
      ...ownerOf(row),
      leaId: row.lea_id,
      fileName: req.file.originalname,
      bytes: req.file.buffer,
      uploadedBy: viewer.userId,
      tags: tagged ? [REDACTED_DECISION] : [],
      allowed: DR_DOCUMENT_KINDS,
      maxBytes: DR_DOCUMENT_MAX_BYTES,
    });
    res.status(201).json({ id: meta.id, ...(await answer(row, viewer)) });
  });

  router.get(`${BASE}/cases/:id/documents/:docId`, auth, view, async (req, res) => {
    const { row } = await caseWithDocuments(req, res);
    const doc = await documentOf(req, row);
    await auditPiiView(db, authOf(res), { module: MODULE, entityType: 'dr-document', entityId: doc.id });
    sendDocument(res, doc);
  });

  router.delete(`${BASE}/cases/:id/documents/:docId`, auth, view, async (req, res) => {
    const { row, viewer } = await caseWithDocuments(req, res);
    const doc = await documentOf(req, row);
    if (!viewer.isStateUser && doc.uploadedBy !== viewer.userId) throw forbidden(docText.notYours);
    await deleteDocument(db, MODULE, doc.id, viewer.userId);
    res.status(204).end();
  });

  router.put(`${BASE}/cases/:id/documents/:docId`, auth, requirePermission(DR.stateUser), async (req, res) => {
    const { row, viewer } = await caseWithDocuments(req, res);
    const doc = await documentOf(req, row);
    const body = parse422(tagBody, req.body);
    await setRedactedTag(db, doc, body.redactedDecision, viewer.userId);
    res.json(await answer(row, viewer));
  });

  router.use(`${BASE}/cases/:id/documents`, as422);
  return router;
}
