// Files from the agency API to the browser (a stored document, a report's CSV): the portal passes
// the bytes through untouched, always as an attachment with nosniff, so nothing a user uploaded
// is ever rendered inline on the portal's origin. The token stays on the server: the browser asks
// the portal, the portal asks the API with the session's token (server/upstream.ts download).
import type { Response } from 'express';
import type { ApiCallOptions, UpstreamFile } from './upstream.js';

/** Only a safe attachment disposition from the API is passed on; anything else is rebuilt. */
const ATTACHMENT = /^attachment(?:;|$)/i;

/** Sends an API file answer to the browser as an attachment. */
export function sendUpstreamFile(res: Response, file: UpstreamFile, fallbackName: string): void {
  if (file.contentDisposition && ATTACHMENT.test(file.contentDisposition.trim())) res.set('Content-Disposition', file.contentDisposition);
  else res.attachment(fallbackName);
  res.set({
    'Content-Type': file.contentType || 'application/octet-stream',
    'Content-Length': String(file.bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    // Even if a browser were to render it, it runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  res.status(200).end(file.bytes);
}

/**
 * A route handler's one line for a download: asks the API (with the session's token, header
 * contract and error mapping of every call) and passes the file on. API errors (404 out of scope,
 * 403...) propagate to the portal's error pages like any other call.
 */
export async function downloadFromApi(res: Response, options: Omit<ApiCallOptions, 'schema'>, fallbackName: string): Promise<void> {
  const file = await res.locals.api.download(options);
  sendUpstreamFile(res, file, fallbackName);
}
