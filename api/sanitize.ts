// Text block HTML is written by admins and shown to every user, including on the sign-in page,
// so it is cleaned before it is stored: formatting, lists, headings, tables and safe links only.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
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
  // Links: http(s), mailto and relative only; never javascript:, data:, or protocol-relative.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // script/style/iframe content is dropped with the tag rather than kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link that opens a new tab must not hand the opener to the page it opens.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
  },
};

/** Non-breaking spaces (the character and its entities) become plain spaces (spec §5). */
export function replaceNonBreakingSpaces(html: string): string {
  return html.replace(/\u00A0|&nbsp;|&#160;|&#x0*a0;/gi, ' ');
}

/** What PUT /api/text-blocks stores: spaces normalised, then sanitised. */
export function sanitizeTextBlockHtml(html: string): string {
  return sanitizeHtml(replaceNonBreakingSpaces(html), options).trim();
}
