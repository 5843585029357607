// The forms of the admin area's organisation screens (spec §2 Admin: LEAs, schools, text blocks,
// email logs, list manager, notification events, admin utilities). Each schema turns a posted
// form (every value a string, or a list for repeated fields) into the values the agency API
// takes, with the generic field messages of spec §5; length limits are the API's own where they
// are tighter than the default 200.
import { isSafeOpenUrl } from '../return-url.js';
import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { zonedParts } from '../dates.js';
import { permissionCatalogue } from '../permissions.js';
import { isSchoolYearKey } from '../school-year.js';
import {
  dateAfterStartError,
  dateFormatError,
  emailError,
  maxValueError,
  minValueError,
  parseDay,
  patternError,
  requiredError,
  selectFromListError,
  zipCodeError,
  type Rule,
} from '../field-rules.js';
import { formText, textField } from './fields.js';
import { validateForm, type FieldError, type FormResult } from './auth.js';

export { validateForm, type FieldError, type FormResult };

// ---- shared pieces --------------------------------------------------------------------------

/** A checkbox: "on"/"true" from a form post (or true from JSON); anything else is off. */
export const formCheckbox = z
  .unknown()
  .optional()
  .transform((v) => {
    const first: unknown = Array.isArray(v) ? v[v.length - 1] : v;
    return first === true || first === 'on' || first === 'true';
  });

/** A repeated field (checkbox group): its string values, without repeats. */
export const formList = z
  .unknown()
  .optional()
  .transform((v) => {
    const list: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
    return [...new Set(list.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter((x) => x !== ''))];
  });

/** A choice from a fixed list; '' counts as missing. */
function choice(options: readonly string[], required = true) {
  return formText.superRefine((value, ctx) => {
    const error = value === '' ? (required ? m.fieldRequired : null) : selectFromListError(value, options);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
}

/** Spec §5: text block HTML has its non-breaking spaces replaced by spaces before saving. */
export function replaceNonBreakingSpaces(html: string): string {
  return html.replace(/\u00A0|&nbsp;|&#0*160;|&#x0*a0;/gi, ' ');
}

const email: Rule = emailError;
const yearKey: Rule = (v) => (isSchoolYearKey(v) ? null : m.incorrectFormat);

// ---- LEAs -------------------------------------------------------------------------------------
export const LEA_TYPES = ['District', 'Charter'] as const;

export const leaFields = [
  'name',
  'leaCode',
  'leaType',
  'contactEmail',
  'streetAddress',
  'city',
  'county',
  'zip',
  'ziplineAPIDistrictId',
  'isIncludedInCharterGroup',
  'isNdeLevelDistrict',
  'isStateSponsoredCharterAuthority',
] as const;

export const leaSchema = z.object({
  name: textField({ required: true }),
  leaCode: textField({ required: true, maxLength: 50 }),
  leaType: choice(LEA_TYPES),
  contactEmail: textField({ maxLength: 254, rules: [email] }),
  streetAddress: textField(),
  city: textField({ maxLength: 100 }),
  county: textField({ maxLength: 100 }),
  zip: textField({ maxLength: 10, rules: [zipCodeError] }),
  ziplineAPIDistrictId: textField({ maxLength: 50 }),
  isIncludedInCharterGroup: formCheckbox,
  isNdeLevelDistrict: formCheckbox,
  isStateSponsoredCharterAuthority: formCheckbox,
});
export type LeaForm = z.output<typeof leaSchema>;

/** The body of POST/PUT /api/leas (empty optional text is sent as null: cleared). */
export function leaBody(form: LeaForm) {
  const orNull = (s: string) => (s === '' ? null : s);
  return {
    name: form.name,
    leaCode: form.leaCode,
    leaType: form.leaType as (typeof LEA_TYPES)[number],
    contactEmail: orNull(form.contactEmail),
    streetAddress: orNull(form.streetAddress),
    city: orNull(form.city),
    county: orNull(form.county),
    zip: orNull(form.zip),
    ziplineAPIDistrictId: orNull(form.ziplineAPIDistrictId),
    isIncludedInCharterGroup: form.isIncludedInCharterGroup,
    isNdeLevelDistrict: form.isNdeLevelDistrict,
    isStateSponsoredCharterAuthority: form.isStateSponsoredCharterAuthority,
  };
}

export const contactFields = ['name', 'email', 'phone', 'title'] as const;
export const contactSchema = z.object({
  name: textField({ required: true }),
  email: textField({ required: true, maxLength: 254, rules: [email] }),
  phone: textField({ maxLength: 50, rules: [(v) => patternError(v, /^[0-9()+.\-\s]*(?:\s*(?:x|ext\.?)\s*\d+)?$/i)] }),
  title: textField(),
});
export type ContactForm = z.output<typeof contactSchema>;

/** The school years an LEA reports in: each must be one of the years offered. */
export function leaYearsSchema(offered: readonly string[]) {
  return z.object({ years: formList }).superRefine((v, ctx) => {
    if (v.years.some((y) => !offered.includes(y))) ctx.addIssue({ code: 'custom', path: ['years'], message: m.selectFromList });
  });
}

export const schoolYearFields = ['key', 'label'] as const;
export const schoolYearSchema = z.object({
  key: textField({ required: true, maxLength: 9, rules: [yearKey] }),
  label: textField({ maxLength: 50 }),
});

// ---- schools ----------------------------------------------------------------------------------
export const schoolFields = ['leaId', 'name', 'ziplineAPISchoolId'] as const;
export function schoolSchema(leaIds: readonly string[]) {
  return z.object({
    leaId: choice(leaIds),
    name: textField({ required: true }),
    ziplineAPISchoolId: textField({ maxLength: 50 }),
  });
}
export type SchoolForm = z.output<ReturnType<typeof schoolSchema>>;

// ---- text blocks ------------------------------------------------------------------------------
export const TEXT_BLOCK_FORMATS = ['Div', 'Card'] as const;
export const TEXT_BLOCK_HTML_MAX = 100_000;
export const textBlockFields = ['title', 'html', 'format', 'isVisible'] as const;
export const textBlockSchema = z.object({
  title: textField({ required: true }),
  html: formText.transform(replaceNonBreakingSpaces).superRefine((value, ctx) => {
    const error = [...value].length > TEXT_BLOCK_HTML_MAX ? m.maxLength(TEXT_BLOCK_HTML_MAX) : null;
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  format: choice(TEXT_BLOCK_FORMATS),
  isVisible: formCheckbox,
  /** Which button was pressed: Preview re-renders the form, Save saves. */
  intent: formText.transform((v): 'preview' | 'save' => (v === 'preview' ? 'preview' : 'save')),
});
export type TextBlockForm = z.output<typeof textBlockSchema>;

// ---- email logs -------------------------------------------------------------------------------
export const EMAIL_STATUSES = ['Logged', 'Sent', 'Failed'] as const;
export const emailLogFilterFields = ['to', 'subject', 'status', 'from', 'until'] as const;
const dayField = formText.superRefine((value, ctx) => {
  const error = dateFormatError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
export const emailLogFilterSchema = z
  .object({
    to: textField({ maxLength: 254 }),
    subject: textField(),
    status: choice(EMAIL_STATUSES, false),
    from: dayField,
    until: dayField,
  })
  .superRefine((v, ctx) => {
    const error = dateAfterStartError(v.from, v.until);
    if (error) ctx.addIssue({ code: 'custom', path: ['until'], message: error });
  });
export type EmailLogFilter = z.output<typeof emailLogFilterSchema>;

/** The instant a calendar day ('yyyy-MM-dd') starts in a time zone, as an ISO string. */
export function zonedDayStart(day: string, timeZone: string): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, mo - 1, d);
  // Start from UTC midnight and correct by the zone's offset at that moment (twice, for DST edges).
  let guess = target;
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(new Date(guess), timeZone);
    guess += target - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  }
  return new Date(guess).toISOString();
}

/** The API query of a filter: whole days in the agency's zone, the end day included. */
export function emailLogQuery(filter: EmailLogFilter, timeZone: string): Record<string, string | undefined> {
  const from = parseDay(filter.from);
  const until = parseDay(filter.until);
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    to: filter.to || undefined,
    subject: filter.subject || undefined,
    status: filter.status || undefined,
    from: from ? zonedDayStart(from, timeZone) : undefined,
    until: until ? new Date(Date.parse(zonedDayStart(dayAfter(until), timeZone)) - 1).toISOString() : undefined,
  };
}

// ---- list manager -----------------------------------------------------------------------------
export const LIST_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ITEM_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const SORT_ORDER_MAX = 1_000_000;

export const listFields = ['displayName', 'name', 'description', 'isActive'] as const;
export const listSchema = z.object({
  displayName: textField({ required: true }),
  name: textField({ required: true, maxLength: 100, rules: [(v) => patternError(v, LIST_NAME_PATTERN)] }),
  description: textField({ size: 'large' }),
  isActive: formCheckbox,
});
export type ListForm = z.output<typeof listSchema>;

export const listItemFields = ['label', 'code', 'sortOrder', 'isActive'] as const;
export const listItemSchema = z.object({
  label: textField({ required: true }),
  code: textField({ required: true, maxLength: 50, rules: [(v) => patternError(v, ITEM_CODE_PATTERN)] }),
  sortOrder: textField({
    maxLength: 7,
    rules: [(v) => (/^\d+$/.test(v) ? null : m.incorrectFormat), (v) => minValueError(v, 0), (v) => maxValueError(v, SORT_ORDER_MAX)],
  }),
  isActive: formCheckbox,
});
export type ListItemForm = z.output<typeof listItemSchema>;

// ---- notification events ----------------------------------------------------------------------
/** The modules an event type can belong to: those of the permission catalogue ('App' for portal-wide). */
export const NOTIFICATION_MODULES: readonly string[] = [...new Set(permissionCatalogue.map((p) => p.value.split('.')[0] ?? ''))].filter(Boolean);
/** Frequencies an event may offer (spec §3: None 0 is never offered). */
export const EVENT_FREQUENCIES = ['1', '2', '3', '4'] as const;

export const eventTypeFields = [
  'name',
  'description',
  'module',
  'supportedFrequency',
  'isSupportsEmail',
  'isSupportsInApp',
  'isRequired',
  'hasLea',
  'hasSpecificDate',
] as const;

export function eventTypeSchema(noChannelMessage: string) {
  return z
    .object({
      name: textField({ required: true }),
      description: textField({ size: 'large' }),
      module: choice(NOTIFICATION_MODULES),
      supportedFrequency: formList.superRefine((list, ctx) => {
        const error = requiredError(list) ?? (list.every((f) => (EVENT_FREQUENCIES as readonly string[]).includes(f)) ? null : m.selectFromList);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
      isSupportsEmail: formCheckbox,
      isSupportsInApp: formCheckbox,
      isRequired: formCheckbox,
      hasLea: formCheckbox,
      hasSpecificDate: formCheckbox,
    })
    .superRefine((v, ctx) => {
      if (!v.isSupportsEmail && !v.isSupportsInApp) ctx.addIssue({ code: 'custom', path: ['isSupportsEmail'], message: noChannelMessage });
    });
}
export type EventTypeForm = z.output<ReturnType<typeof eventTypeSchema>>;

export function eventTypeBody(form: EventTypeForm) {
  return { ...form, supportedFrequency: form.supportedFrequency.map(Number).sort((a, b) => a - b) };
}

export const RECIPIENT_KINDS = ['role', 'lea', 'users', 'everyone'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const MESSAGE_MAX = 2000;
export const MAX_MESSAGE_USERS = 100;
export const queueMessageFields = ['message', 'openUrl', 'recipients', 'roleName', 'leaId', 'userEmails'] as const;

/** A portal path or an http(s) address (the API's rule for openUrl). */
export function openUrlError(value: string): string | null {
  if (value === '') return null;
  return isSafeOpenUrl(value) ? null : m.incorrectFormat;
}

/** The addresses of a "chosen users" box: one per line, or separated by commas or semicolons. */
export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}

export function queueMessageSchema(roleNames: readonly string[], leaIds: readonly string[]) {
  return z
    .object({
      message: textField({ required: true, maxLength: MESSAGE_MAX }),
      openUrl: textField({ maxLength: 2000, rules: [openUrlError] }),
      recipients: choice(RECIPIENT_KINDS),
      roleName: formText,
      leaId: formText,
      userEmails: formText,
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string | null) => {
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (v.recipients === 'role') issue('roleName', v.roleName === '' ? m.fieldRequired : selectFromListError(v.roleName, roleNames));
      if (v.recipients === 'lea') issue('leaId', v.leaId === '' ? m.fieldRequired : selectFromListError(v.leaId, leaIds));
      if (v.recipients === 'users') {
        const emails = splitEmails(v.userEmails);
        issue(
          'userEmails',
          emails.length === 0
            ? m.fieldRequired
            : emails.length > MAX_MESSAGE_USERS
              ? m.maxValue(MAX_MESSAGE_USERS)
              : emails.some((e) => emailError(e) !== null)
                ? m.validEmail
                : null,
        );
      }
    });
}
export type QueueMessageForm = z.output<ReturnType<typeof queueMessageSchema>>;

// ---- admin utilities --------------------------------------------------------------------------
export const endSessionsFields = ['email'] as const;
export const endSessionsSchema = z.object({ email: textField({ required: true, maxLength: 254, rules: [email] }) });

export const testEmailFields = ['to'] as const;
export const testEmailSchema = z.object({ to: textField({ required: true, maxLength: 254, rules: [email] }) });

/**
 * The values a form re-renders with after a failed post: each field as its own schema reads it,
 * or, where that field is the one refused, as the user typed it (lists stay lists).
 */
export function formValues<S extends z.ZodObject>(schema: S, body: unknown, lists: readonly string[] = []): z.output<S> {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(raw[key]);
    out[key] = parsed.success ? parsed.data : lists.includes(key) ? formList.parse(raw[key]) : formText.parse(raw[key]);
  }
  return out as z.output<S>;
}

/** Field errors as a map for the views. */
export function errorMap(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}
