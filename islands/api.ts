// The one way islands talk to the portal: same-origin fetch with the CSRF header (read from
// <meta name="csrf-token">, emitted on pages that use islands) and JSON headers. Islands never
// call the agency API directly and never see a token.

export const CSRF_HEADER = 'x-csrf-token';

export function readCsrfToken(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** Resolves `path` against this page; throws for any other origin (tokens must not leak). */
export function sameOriginUrl(path: string, base: string = window.location.href): URL {
  const url = new URL(path, base);
  if (url.origin !== new URL(base).origin) throw new Error(`apiFetch: refusing cross-origin URL ${url.origin}`);
  return url;
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = sameOriginUrl(path);
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, readCsrfToken());
  return fetch(url, { ...init, headers, credentials: 'same-origin', redirect: init.redirect ?? 'follow' });
}
