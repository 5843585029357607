// Email templates with merge fields (MODULES.md "Deadlines, reminders and email"): mustache,
// logic-less and HTML-escaping, limited to plain {{name}} fields. Each template code allows a
// fixed set of fields (DR spec §11: "merge fields fixed per code"); a template using anything
// else is refused with the spec's message before it is saved, so what reaches a recipient can
// only be what the module chose to offer (no field exposes a student's full name).
import Mustache from 'mustache';
import { templateText } from './shared/messages.js';

// Templates are edited and previewed freely; mustache's global parse cache would keep every
// draft ever previewed. Parsing a short template is cheap.
Mustache.templateCache = undefined;

export type TemplateFieldValue = string | number | null | undefined;
export type TemplateFields = Readonly<Record<string, TemplateFieldValue>>;

export interface TemplateFieldError {
  /** The merge field at fault ('' for a template that cannot be parsed). */
  field: string;
  message: string;
}

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

/** The merge fields a template uses, in order of first use. */
export function templateFields(template: string): string[] {
  const names: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t[0] !== 'text' && t[0] !== '!' && !names.includes(t[1])) names.push(t[1]);
      if (Array.isArray(t[4])) walk(t[4]);
    }
  };
  walk(Mustache.parse(template) as Token[]);
  return names;
}

/**
 * What is wrong with a template's merge fields: a name outside the module's fields is unknown,
 * a known one outside this template's allowed set cannot be used here; sections, partials,
 * unescaped output and delimiter changes are refused (the output must stay HTML-escaped and
 * logic-less). Without `knownFields` every field not allowed is reported as unknown.
 */
export function templateFieldErrors(template: string, allowedFields: readonly string[], knownFields: readonly string[] = allowedFields): TemplateFieldError[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as Token[];
  } catch {
    return [{ field: '', message: templateText.malformed }];
  }
  const errors: TemplateFieldError[] = [];
  const seen = new Set<string>();
  const walk = (list: Token[]) => {
    for (const [type, value, start, end, children] of list) {
      if (type === 'text' || type === '!') continue;
      const key = type === 'name' ? value : template.slice(start, end);
      if (!seen.has(key)) {
        seen.add(key);
        // The tag as written ({{{x}}} and {{&x}} parse alike).
        if (type !== 'name') errors.push({ field: value, message: templateText.onlySimpleFields(template.slice(start, end)) });
        else if (!knownFields.includes(value) && !allowedFields.includes(value)) errors.push({ field: value, message: templateText.unknownField(value) });
        else if (!allowedFields.includes(value)) errors.push({ field: value, message: templateText.fieldNotAllowed(value) });
      }
      if (Array.isArray(children)) walk(children);
    }
  };
  walk(tokens);
  return errors;
}

/** The fields as mustache's view: no prototype, so {{constructor}} and the like find nothing. */
function view(fields: TemplateFields): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(fields)) out[key] = value === null || value === undefined ? '' : String(value);
  return out;
}

/**
 * Fills a template. 'html' (the default) escapes every value for HTML; 'text' writes values as
 * they are (subject lines and plain-text bodies, which are never read as HTML).
 */
export function renderTemplate(template: string, fields: TemplateFields, mode: 'html' | 'text' = 'html'): string {
  return Mustache.render(template, view(fields), undefined, mode === 'text' ? { escape: (s: string) => s } : undefined);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain-text part of an email from its (sanitised) HTML: paragraphs and lines kept, links written out. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const inner = label.replace(/<[^>]+>/g, '').trim();
      return inner && inner !== href ? `${inner} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
