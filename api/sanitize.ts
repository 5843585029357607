// Text block HTML is written by admins and shown to every user, including on the sign-in page,
// so it is cleaned before it is stored, with the one policy the portal also applies when it
// renders a block (lib/sanitize.ts).
import { cleanTextBlockHtml } from '../lib/sanitize.js';

/** Non-breaking spaces (the character and its entities) become plain spaces (spec §5). */
export function replaceNonBreakingSpaces(html: string): string {
  return html.replace(/\u00A0|&nbsp;|&#160;|&#x0*a0;/gi, ' ');
}

/** What PUT /api/text-blocks stores: spaces normalised, then sanitised. */
export function sanitizeTextBlockHtml(html: string): string {
  return cleanTextBlockHtml(replaceNonBreakingSpaces(html)).trim();
}
