// Where to send a user after sign-in. The value comes from the query string, so it is hostile
// until proven otherwise: only a path on this site is accepted, anything else becomes '/'.
// Browsers are generous when they read a Location header (they treat '\' as '/', drop tabs and
// newlines, and some proxies decode %2F), so every such trick is refused rather than repaired.

const MAX_LENGTH = 2048;
// The base only anchors relative parsing; a value that leaves it is not same-origin.
const BASE = 'http://portal.invalid';
// Pages that must never be the destination after sign-in: going back to them loops or logs out.
const REFUSED_PATHS = new Set(['/auth/login', '/auth/logout']);

function hasUnsafeCharacters(value: string): boolean {
  // Control characters (CR, LF, tab, NUL...), backslashes and any raw whitespace are never
  // part of a URL we produce; browsers strip or reinterpret them.
  return /[\u0000-\u001f\u007f-\u009f\\\s]/u.test(value);
}

function hasUnsafeDecodedPath(path: string): boolean {
  // Once decoded, a path may hold spaces (%20) but never control characters or backslashes,
  // which some proxies and frameworks decode before they redirect.
  return /[\u0000-\u001f\u007f-\u009f\\]/u.test(path);
}

function looksLikeOtherOrigin(value: string): boolean {
  return !value.startsWith('/') || value.startsWith('//');
}

/** Percent-decodes until stable (bounded), so double-encoded tricks are seen; null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let i = 0; i < 5; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** A same-origin path (with query and fragment) taken from untrusted input, or '/'. */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return '/';
  if (hasUnsafeCharacters(value) || looksLikeOtherOrigin(value)) return '/';
  // Only the path is decoded: an encoded character in the query string stays encoded in the
  // Location header and cannot change where the browser goes.
  const decoded = fullyDecoded(value.split(/[?#]/u, 1)[0] ?? '');
  if (decoded === null || hasUnsafeDecodedPath(decoded) || looksLikeOtherOrigin(decoded)) return '/';
  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (parsed.origin !== BASE) return '/';
  // The parser's normalised path is what goes out, so it is checked again: '/.//evil.example'
  // and '/a/..//evil.example' normalise to '//evil.example', another origin (issue 10, finding 3).
  const result = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (looksLikeOtherOrigin(parsed.pathname) || hasUnsafeCharacters(result)) return '/';
  const decodedResult = fullyDecoded(parsed.pathname);
  if (decodedResult === null || hasUnsafeDecodedPath(decodedResult) || looksLikeOtherOrigin(decodedResult)) return '/';
  if (REFUSED_PATHS.has(parsed.pathname.toLowerCase().replace(/\/+$/, ''))) return '/';
  return result;
}

/**
 * Where a system message may open (its openUrl): a portal path the portal would follow exactly
 * as written (so '/.//evil.example' is refused), or an http(s) address. One rule for the API and
 * the portal's form.
 */
export function isSafeOpenUrl(url: string): boolean {
  if (url.startsWith('/')) return safeReturnUrl(url) === url;
  return /^https?:\/\/[^\s/\\]+/i.test(url);
}
