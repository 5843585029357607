// The one HTML policy for text blocks, the same as the agency API applies when a block is
// saved (api/sanitize.ts imports it): the portal applies it again when a block is rendered, so a block
// written to the database by other means, or served by another agency's API, still cannot run
// script. Formatting, lists, headings, tables and safe links only; no script, style, iframe,
// images, event handlers, inline styles or javascript:/data: URLs; only USWDS classes; links
// that open a new tab get rel="noopener noreferrer". A link whose address the policy dropped
// (javascript:, data:, //host) becomes plain text, so it no longer looks like something to click.
import sanitize from 'sanitize-html';
import { BoundedMemo } from './memo.js';

export const textBlockSanitizeOptions: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q',
    'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    abbr: ['title'],
    ol: ['start', 'type'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'lang', 'dir'],
  },
  // Only the design system's own classes, so pasted markup cannot restyle or hide the page.
  allowedClasses: { '*': ['usa-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content (the default would keep the text of a <script>).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
  },
};

// The second pass sees only addresses the first one kept: an <a> left without one is text now.
const linklessAsText: sanitize.IOptions = {
  ...textBlockSanitizeOptions,
  transformTags: { a: (tagName, attribs) => (attribs.href ? { tagName, attribs } : { tagName: 'span', attribs: {} }) },
};

/** The text block policy (see above), applied in full: what the API stores and the portal shows. */
export function cleanTextBlockHtml(html: string): string {
  return sanitize(sanitize(html, textBlockSanitizeOptions), linklessAsText);
}

// Text blocks are few and change rarely, but they are rendered on every page view: remember
// the sanitised result of recent inputs (bounded; the least recently used is dropped first).
const sanitized = new BoundedMemo<string>(200);

export function sanitizeHtml(html: string): string {
  return sanitized.get(html, () => cleanTextBlockHtml(html));
}
