// One-time messages for post/redirect/get: added before a redirect, shown on the next rendered
// page (role=status, or role=alert for errors) and then cleared.
import type { Request } from 'express';
import type { Flash } from './session-types.js';

const MAX_FLASHES = 5;

export function addFlash(req: Request, flash: Flash): void {
  if (!req.session) return;
  const list = req.session.flash ?? [];
  // Keep the newest few: a loop of failing redirects must not grow the session without bound.
  req.session.flash = [...list, { type: flash.type, text: flash.text }].slice(-MAX_FLASHES);
}

/** Returns and clears the pending flashes. */
export function takeFlash(req: Request): Flash[] {
  const list = req.session?.flash;
  if (!list || list.length === 0) return [];
  delete req.session.flash;
  return list;
}
