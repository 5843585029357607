// Events the islands use to talk to each other in the browser, without importing one another
// (each island is its own chunk). All helpers are no-ops on the server.

/** A toast to show (detail: ToastMessage, lib/toast.ts). */
export const TOAST_EVENT = 'portal:toast';
/** The portal answered a fetch (detail: ServerResponseDetail). Proves activity; carries the build. */
export const SERVER_RESPONSE_EVENT = 'portal:server-response';
/** Ask the sidebar drawer to open and focus the menu (ShellKeyboard on handsets). */
export const OPEN_MENU_EVENT = 'portal:open-menu';

/** The response header that names the build the server runs (compared by VersionCheck). */
export const BUILD_ID_HEADER = 'x-build-id';

export interface ServerResponseDetail {
  buildId: string | null;
}

export function emit<T>(name: string, detail: T): void {
  const target = globalThis as { dispatchEvent?: (e: Event) => boolean };
  if (typeof target.dispatchEvent !== 'function' || typeof CustomEvent !== 'function') return;
  target.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

/** Call after every fetch to the portal: tells VersionCheck and SessionTimeoutWarning. */
export function reportServerResponse(response: Pick<Response, 'headers'>): void {
  emit<ServerResponseDetail>(SERVER_RESPONSE_EVENT, { buildId: response.headers.get(BUILD_ID_HEADER) });
}

/** Listens for a portal event; returns the unsubscribe function. */
export function listen<T>(name: string, handler: (detail: T) => void): () => void {
  const target = globalThis as { addEventListener?: EventTarget['addEventListener']; removeEventListener?: EventTarget['removeEventListener'] };
  if (typeof target.addEventListener !== 'function') return () => undefined;
  const wrapped = (e: Event) => handler((e as CustomEvent<T>).detail);
  target.addEventListener(name, wrapped);
  return () => target.removeEventListener?.(name, wrapped);
}
