// File uploads in the portal (MODULES.md "Files in and out"): multer with memory storage and a
// 10 MB limit; the file is forwarded to the agency API, which checks its type from the bytes and
// stores it (api/shared/documents.ts). Nothing is written to disk here.
//
// The CSRF check (server/csrf.ts) runs before any route and reads the `_csrf` field from the
// body, so a multipart form must be parsed before it: multipartForms() does that, in server/app.ts
// right before csrfProtection, and only for signed-in sessions (an anonymous request is not worth
// buffering 10 MB for; without a parsed token it is refused as any forged form is). A file over
// the limit or a second file is not a crash: the route gets a clear message to show in its 422.
//
// A route then reads its file with singleFileUpload(field) and forwards it in one call:
//   router.post(path, singleFileUpload('file'), async (req, res) => {
//     const { file, error } = uploadOf(res);            // error: the message for the file field
//     await res.locals.api.call({ method: 'POST', path: apiPath, multipart: { files: [toMultipartFile(file)] } });
//   });
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { documentText } from '../lib/shared/messages.js';
import { UpstreamError, type MultipartFile } from './upstream.js';

/** 10 MB, as the API's limit (api/shared/documents.ts MAX_DOCUMENT_BYTES): a route's default. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The most any route may take (DR case documents: 20 MB, DR spec §4.3); what multipartForms reads. */
export const MAX_PARSED_BYTES = 20 * 1024 * 1024;

export interface UploadedFile {
  field: string;
  fileName: string;
  /** What the browser said; the API decides the type from the bytes. */
  contentType: string;
  bytes: Buffer;
}

export interface UploadResult {
  file: UploadedFile | null;
  /** The message for the file field when the upload cannot be used. */
  error: string | null;
}

interface Parsed {
  files: Express.Multer.File[];
  error: string | null;
}

const parsedForms = new WeakMap<Request, Parsed>();
const uploads = new WeakMap<Response, UploadResult>();

const isMultipart = (req: Request) => /^multipart\/form-data/i.test(req.get('content-type') ?? '');

function messageOf(err: unknown, maxBytes: number): string {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return documentText.tooLarge(maxBytes);
    if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return documentText.oneFile;
  }
  return documentText.unreadable;
}

function parser(maxBytes: number) {
  return multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 } }).any();
}

/** Parses multipart/form-data bodies of signed-in users before the CSRF check; see the file comment. */
export function multipartForms(maxBytes = MAX_PARSED_BYTES): RequestHandler {
  const parse = parser(maxBytes);
  return (req, res, next) => {
    // The /api proxy passes bodies on as they came (islands send JSON with the CSRF header).
    if (req.method !== 'POST' || !isMultipart(req) || !req.session?.user || req.path.startsWith('/api/')) return next();
    parse(req, res, (err: unknown) => {
      // The fields read before a failure (the CSRF token comes first in our forms) stay in req.body.
      parsedForms.set(req, { files: (req.files as Express.Multer.File[] | undefined) ?? [], error: err ? messageOf(err, maxBytes) : null });
      next();
    });
  };
}

/**
 * Makes the file of one field available to the route as uploadOf(res). Never fails the request:
 * a missing, empty, oversized or extra file becomes `error`, for the form's 422.
 */
export function singleFileUpload(field: string, options: { maxBytes?: number } = {}): RequestHandler {
  const maxBytes = Math.min(options.maxBytes ?? MAX_UPLOAD_BYTES, MAX_PARSED_BYTES);
  const settle = (req: Request, res: Response, parsed: Parsed) => {
    const found = parsed.files.filter((f) => f.fieldname === field);
    let result: UploadResult;
    if (parsed.error) result = { file: null, error: parsed.error };
    else if (parsed.files.length > found.length || found.length > 1) result = { file: null, error: documentText.oneFile };
    else if (!found[0] || !found[0].originalname) result = { file: null, error: documentText.noFile };
    else if (found[0].size === 0) result = { file: null, error: documentText.empty };
    else if (found[0].size > maxBytes) result = { file: null, error: documentText.tooLarge(maxBytes) };
    else result = { file: { field, fileName: found[0].originalname, contentType: found[0].mimetype || 'application/octet-stream', bytes: found[0].buffer }, error: null };
    uploads.set(res, result);
  };
  const parse = parser(maxBytes);
  return (req, res, next) => {
    const parsed = parsedForms.get(req);
    if (parsed || !isMultipart(req)) {
      settle(req, res, parsed ?? { files: [], error: null });
      return next();
    }
    // Mounted without multipartForms (its CSRF check then is the app's business): parse here.
    parse(req, res, (err: unknown) => {
      settle(req, res, { files: (req.files as Express.Multer.File[] | undefined) ?? [], error: err ? messageOf(err, maxBytes) : null });
      next();
    });
  };
}

/** The upload singleFileUpload prepared for this response. */
export function uploadOf(res: Response): UploadResult {
  return uploads.get(res) ?? { file: null, error: documentText.noFile };
}

/** The file as the upstream client's multipart call takes it (res.locals.api.call({ multipart })). */
export function toMultipartFile(file: UploadedFile, field = 'file'): MultipartFile {
  return { field, fileName: file.fileName, contentType: file.contentType, bytes: file.bytes };
}

/** The API's refusal of an upload (400 with the reason on a field) as the message to show; null for other errors. */
export function apiUploadError(err: unknown): string | null {
  if (!(err instanceof UpstreamError) || err.kind !== 'http' || err.status !== 400) return null;
  return err.body?.errors?.[0]?.message ?? err.body?.message ?? null;
}
