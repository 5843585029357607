// Documents attached to module records, the same for every module (MODULES.md "Files in and
// out"): stored in PostgreSQL with their size, SHA-256 and the type detected from the bytes
// (file-type), never trusting the file name or the browser's content type; PDF, DOCX, XLSX, PNG
// and JPEG only, 10 MB at most, anything else refused with a clear message; handed out only as
// attachments (http-files.ts sendDocument).
//
// Scope is the module's: it checks the caller may see the owner record (404 otherwise) before it
// calls listDocuments, getDocument or deleteDocument, and passes its own module name so one
// module never reads another's documents.
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { documentText } from '../../lib/shared/messages.js';
import { createdChanges, deletedChanges, recordAudit } from '../audit.js';
import type { Queryable } from '../db.js';
import { ApiError, badRequest } from '../http.js';

export type DocumentKind = 'pdf' | 'docx' | 'xlsx' | 'png' | 'jpg';

/** Each allowed kind: the type file-type detects, the name users know it by, its extensions. */
export const DOCUMENT_KINDS: Readonly<Record<DocumentKind, { mime: string; label: string; extensions: readonly string[] }>> = {
  pdf: { mime: 'application/pdf', label: 'PDF', extensions: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'DOCX', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX', extensions: ['xlsx'] },
  png: { mime: 'image/png', label: 'PNG', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'] },
};
export const ALL_DOCUMENT_KINDS: readonly DocumentKind[] = ['pdf', 'docx', 'xlsx', 'png', 'jpg'];

/** 10 MB (MODULES.md). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export interface DocumentOwner {
  /** The module's code name (dr, rai...). */
  module: string;
  /** What the document belongs to: 'case', 'incident', 'cap'... */
  ownerType: string;
  ownerId: string | number;
}

export interface DocumentMeta {
  id: string;
  module: string;
  ownerType: string;
  ownerId: string;
  leaId: number | null;
  fileName: string;
  contentType: string;
  kind: DocumentKind;
  sizeBytes: number;
  sha256: string;
  tags: string[];
  uploadedAt: string;
  uploadedBy: string;
}

/** A document with its bytes; `content` and `fileName`/`contentType` are what sendDocument needs. */
export interface StoredDocument extends DocumentMeta {
  content: Buffer;
}

export interface SaveDocumentInput extends DocumentOwner {
  leaId?: number | null;
  fileName: string;
  bytes: Buffer;
  uploadedBy: string;
  tags?: readonly string[];
  /** The kinds this upload accepts (DR case documents: no XLSX); all five by default. */
  allowed?: readonly DocumentKind[];
  maxBytes?: number;
}

/** The refusal of an upload, as the API answers it: 400 with the message on the file field. */
export const uploadRefused = (message: string, field = 'file'): ApiError => badRequest(message, { errors: [{ field, message }] });

/** What the type detected from the bytes is, among the allowed kinds; null when it is none of them. */
export async function detectDocumentKind(bytes: Buffer, allowed: readonly DocumentKind[] = ALL_DOCUMENT_KINDS): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  return allowed.find((k) => DOCUMENT_KINDS[k].mime === detected.mime) ?? null;
}

/**
 * A file name safe to store and to send back: no folders, no control or quote characters, at
 * most 200 characters, and ending with the extension of the detected type (a PDF named
 * 'notes.html' becomes 'notes.html.pdf', so it opens as what it is).
 */
export function safeFileName(name: string, kind: DocumentKind): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"<>|:*?]+/g, '')
    .trim()
    .slice(0, 200);
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : '';
  const fallback = base || 'document';
  return DOCUMENT_KINDS[kind].extensions.includes(ext) ? fallback : `${fallback}.${DOCUMENT_KINDS[kind].extensions[0]}`;
}

interface Row {
  id: string;
  module: string;
  owner_type: string;
  owner_id: string;
  lea_id: number | null;
  file_name: string;
  content_type: string;
  kind: DocumentKind;
  size_bytes: number;
  sha256: string;
  tags: string[];
  uploaded_at: Date | string;
  uploaded_by: string;
  content?: Buffer | Uint8Array;
}

const META = 'id::text AS id, module, owner_type, owner_id, lea_id, file_name, content_type, kind, size_bytes, sha256, tags, uploaded_at, uploaded_by';

const toMeta = (r: Row): DocumentMeta => ({
  id: r.id,
  module: r.module,
  ownerType: r.owner_type,
  ownerId: r.owner_id,
  leaId: r.lea_id,
  fileName: r.file_name,
  contentType: r.content_type,
  kind: r.kind,
  sizeBytes: Number(r.size_bytes),
  sha256: r.sha256,
  tags: r.tags,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  uploadedBy: r.uploaded_by,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks and stores an upload; throws a 400 (uploadRefused) with the reason when the file is
 * empty, too large or not an allowed type. Audited as 'document.upload'.
 */
export async function saveDocument(q: Queryable, input: SaveDocumentInput): Promise<DocumentMeta> {
  const allowed = input.allowed ?? ALL_DOCUMENT_KINDS;
  const maxBytes = input.maxBytes ?? MAX_DOCUMENT_BYTES;
  if (input.bytes.length === 0) throw uploadRefused(documentText.empty);
  if (input.bytes.length > maxBytes) throw uploadRefused(documentText.tooLarge(maxBytes));
  const kind = await detectDocumentKind(input.bytes, allowed);
  if (!kind) throw uploadRefused(documentText.notAllowed(allowed.map((k) => DOCUMENT_KINDS[k].label)));
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const r = await q.query<Row>(
    `INSERT INTO documents (module, owner_type, owner_id, lea_id, file_name, content_type, kind, size_bytes, sha256, content, tags, uploaded_by, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $12, $12)
     RETURNING ${META}`,
    [
      input.module,
      input.ownerType,
      String(input.ownerId),
      input.leaId ?? null,
      safeFileName(input.fileName, kind),
      DOCUMENT_KINDS[kind].mime,
      kind,
      input.bytes.length,
      sha256,
      input.bytes,
      [...(input.tags ?? [])],
      input.uploadedBy,
    ],
  );
  const meta = toMeta(r.rows[0]!);
  await recordAudit(q, {
    actor: input.uploadedBy,
    action: 'document.upload',
    entityType: 'document',
    entityId: meta.id,
    changes: createdChanges({ module: meta.module, ownerType: meta.ownerType, ownerId: meta.ownerId, fileName: meta.fileName, kind: meta.kind, sizeBytes: meta.sizeBytes, sha256: meta.sha256 }),
  });
  return meta;
}

/** The documents of one record, oldest first, without their bytes. */
export async function listDocuments(q: Queryable, owner: DocumentOwner): Promise<DocumentMeta[]> {
  const r = await q.query<Row>(`SELECT ${META} FROM documents WHERE module = $1 AND owner_type = $2 AND owner_id = $3 ORDER BY uploaded_at, id`, [
    owner.module,
    owner.ownerType,
    String(owner.ownerId),
  ]);
  return r.rows.map(toMeta);
}

/** One document of a module with its bytes; null when there is none (answer 404). */
export async function getDocument(q: Queryable, module: string, id: string): Promise<StoredDocument | null> {
  if (!UUID.test(id)) return null;
  const r = await q.query<Row>(`SELECT ${META}, content FROM documents WHERE module = $1 AND id = $2`, [module, id]);
  const row = r.rows[0];
  if (!row?.content) return null;
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  return { ...toMeta(row), content: Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content) };
}

/** Deletes one document of a module; false when there was none. Audited as 'document.delete'. */
export async function deleteDocument(q: Queryable, module: string, id: string, actor: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const r = await q.query<Row>(`DELETE FROM documents WHERE module = $1 AND id = $2 RETURNING ${META}`, [module, id]);
  const row = r.rows[0];
  if (!row) return false;
  const meta = toMeta(row);
  await recordAudit(q, {
    actor,
    action: 'document.delete',
    entityType: 'document',
    entityId: meta.id,
    changes: deletedChanges({ module: meta.module, ownerType: meta.ownerType, ownerId: meta.ownerId, fileName: meta.fileName, sha256: meta.sha256 }),
  });
  return true;
}

/**
 * multer for an API route taking one file (multipart/form-data, memory storage): `req.file` is
 * the upload; a file over the limit, a second file or a broken body answer 400 with the reason on
 * the field, never a crash. The type is checked by saveDocument, from the bytes.
 */
export function documentUpload(field = 'file', maxBytes = MAX_DOCUMENT_BYTES): RequestHandler {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 } }).single(field);
  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(uploadRefused(documentText.tooLarge(maxBytes), field));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return next(uploadRefused(documentText.oneFile, field));
      }
      next(uploadRefused(documentText.unreadable, field));
    });
  };
}
