// The one way islands talk to the portal: same-origin fetch with the CSRF header (read from
// <meta name="csrf-token">, emitted on pages that use islands) and JSON headers. Islands never
// call the agency API directly and never see a token.
//
// Every answer is reported (reportServerResponse): VersionCheck compares its x-build-id with
// the page's build, and SessionTimeoutWarning restarts its clock, since the server session was
// just extended. While a request runs, the shell's Please Wait... overlay (PageBusy) may show;
// background calls pass `quiet: true`.
import { emit, reportServerResponse } from '../lib/client-events.js';

export const CSRF_HEADER = 'x-csrf-token';

/** An island request started (+1) or ended (-1); PageBusy shows the overlay while any is slow. */
export const BUSY_EVENT = 'portal:busy';

export interface ApiFetchInit extends RequestInit {
  /** No Please Wait... overlay for this call (background work the user did not ask for). */
  quiet?: boolean;
}

export function readCsrfToken(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** Resolves `path` against this page; throws for any other origin (tokens must not leak). */
export function sameOriginUrl(path: string, base: string = window.location.href): URL {
  const url = new URL(path, base);
  if (url.origin !== new URL(base).origin) throw new Error(`apiFetch: refusing cross-origin URL ${url.origin}`);
  return url;
}

export async function apiFetch(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { quiet = false, ...request } = init;
  const url = sameOriginUrl(path);
  const headers = new Headers(request.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (typeof request.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, readCsrfToken());
  if (!quiet) emit<number>(BUSY_EVENT, 1);
  try {
    const response = await fetch(url, { ...request, headers, credentials: 'same-origin', redirect: request.redirect ?? 'follow' });
    reportServerResponse(response);
    return response;
  } finally {
    if (!quiet) emit<number>(BUSY_EVENT, -1);
  }
}
