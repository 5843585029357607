// What every view may know about the request it renders for. renderPage (server/render.tsx)
// provides it; views read it with useRequestContext(). Islands do NOT see it: they run in the
// browser too and get everything they need as props.
import { createContext, useContext } from 'react';
import type { Flash, SessionUser } from '../server/session-types.js';
import type { ShellData } from '../server/shell-context.js';

export interface RequestContextValue {
  /** The session's CSRF token (created on first read, which starts an anonymous session). */
  csrfToken: string;
  /** This response's CSP nonce; every inline or module script carries it. */
  nonce: string;
  /** The request path (no query string). */
  path: string;
  user: SessionUser | null;
  /** Flash messages to show once on this page. */
  flash: Flash[];
  /** The session's current LEA and school year (null when none is chosen yet). */
  currentLeaId: number | null;
  schoolYear: string | null;
  /** The shell's LEA and school-year lists (server/shell-context.ts); null when signed out. */
  shell?: ShellData | null;
  config: { recaptchaSiteKey?: string; version: string; buildId: string };
}

export const RequestContext = createContext<RequestContextValue | null>(null);

export function useRequestContext(): RequestContextValue {
  const value = useContext(RequestContext);
  if (!value) throw new Error('useRequestContext() outside renderPage: wrap the view in <RequestContext value={...}>');
  return value;
}
