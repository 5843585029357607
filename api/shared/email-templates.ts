// Stored email templates, the same for every module (MODULES.md "Deadlines, reminders and email";
// DR spec §4.8 and §11; RAI spec "mail types"). A module describes its templates once in code (a
// TemplateCatalogue: each code with its name, default subject and body, and the merge fields it
// may use); the database holds what admins edit. The seed inserts a missing template and never
// overwrites an edited one. Saving sanitises the body with the text block policy and refuses
// unknown or disallowed merge fields with the spec's messages. Rendering escapes every value and
// sanitises the result again, so a value can never add markup or a script URL.
//
// A module mounts emailTemplateRouter under its API prefix for its screens, and calls
// renderStoredTemplate(q, catalogue, code, fields) before sendNotice.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { sanitizeTextBlockHtml } from '../sanitize.js';
import { htmlToText, renderTemplate, templateFieldErrors, type TemplateFields } from '../../lib/templates.js';
import { templateText } from '../../lib/shared/messages.js';
import { createdChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, conflict, notFound, parse } from '../http.js';
import { isUniqueViolation } from '../sql-errors.js';

export interface TemplateDefinition {
  code: string;
  name: string;
  /** The seeded subject and body (the body is sanitised like any saved one). */
  subject: string;
  bodyHtml: string;
  allowedFields: readonly string[];
}

export interface TemplateCatalogue {
  /** The module's code name (dr, eco, rai, pso, monitoring). */
  module: string;
  /** Every merge field of the module: a name outside this list is "unknown". */
  knownFields: readonly string[];
  definitions: readonly TemplateDefinition[];
  /** Fields a template created by a user may use; without it users cannot create templates. */
  customFields?: readonly string[];
  /** Values the preview uses when no record is chosen (RAI: "preview filled with sample values"). */
  sampleFields?: TemplateFields;
  /** Defaults: subject 200, body 20,000 characters (DR spec §3 EmailTemplate). */
  maxSubject?: number;
  maxBody?: number;
}

export interface EmailTemplate {
  module: string;
  code: string;
  name: string;
  subject: string;
  bodyHtml: string;
  isActive: boolean;
  isSystem: boolean;
  allowedFields: readonly string[];
  updatedAt: string;
  updatedBy: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface TemplateDraft {
  subject: string;
  bodyHtml: string;
}

interface Row {
  module: string;
  code: string;
  name: string;
  subject: string;
  body_html: string;
  is_active: boolean;
  is_system: boolean;
  updated_at: Date | string;
  updated_by: string;
}

const COLUMNS = 'module, code, name, subject, body_html, is_active, is_system, updated_at, updated_by';
const CODE = /^[A-Z][A-Z0-9_]{2,49}$/;

/** The merge fields a template code may use: its definition's, else the custom set, else none. */
export function allowedFieldsOf(catalogue: TemplateCatalogue, code: string): readonly string[] | null {
  return catalogue.definitions.find((d) => d.code === code)?.allowedFields ?? catalogue.customFields ?? null;
}

function toTemplate(catalogue: TemplateCatalogue, r: Row): EmailTemplate {
  return {
    module: r.module,
    code: r.code,
    name: r.name,
    subject: r.subject,
    bodyHtml: r.body_html,
    isActive: r.is_active,
    isSystem: r.is_system,
    allowedFields: allowedFieldsOf(catalogue, r.code) ?? [],
    updatedAt: new Date(r.updated_at).toISOString(),
    updatedBy: r.updated_by,
  };
}

/** Inserts the module's templates that are missing; edited ones are left alone. Returns how many were added. */
export async function seedEmailTemplates(q: Queryable, catalogue: TemplateCatalogue): Promise<number> {
  if (catalogue.definitions.length === 0) return 0;
  const r = await q.query(
    `INSERT INTO email_templates (module, code, name, subject, body_html, is_system)
     SELECT $1, code, name, subject, body_html, true FROM jsonb_to_recordset($2::jsonb) AS x(code text, name text, subject text, body_html text)
     ON CONFLICT (module, code) DO NOTHING`,
    [catalogue.module, JSON.stringify(catalogue.definitions.map((d) => ({ code: d.code, name: d.name, subject: d.subject, body_html: sanitizeTextBlockHtml(d.bodyHtml) })))],
  );
  return r.rowCount;
}

export async function listEmailTemplates(q: Queryable, catalogue: TemplateCatalogue): Promise<EmailTemplate[]> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM email_templates WHERE module = $1 ORDER BY code`, [catalogue.module]);
  return r.rows.map((row) => toTemplate(catalogue, row));
}

export async function getEmailTemplate(q: Queryable, catalogue: TemplateCatalogue, code: string): Promise<EmailTemplate | null> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM email_templates WHERE module = $1 AND code = $2`, [catalogue.module, code]);
  return r.rows[0] ? toTemplate(catalogue, r.rows[0]) : null;
}

/**
 * Field errors of a draft as the API answers them ({ field: 'subject' | 'bodyHtml', message }):
 * DR spec §7 'Subject is required.', 'Body is required.', 'Unknown merge field: {{name}}.',
 * 'The merge field {{name}} cannot be used in this template.'. The body is checked as it would be
 * stored (sanitised).
 */
export function emailTemplateErrors(catalogue: TemplateCatalogue, code: string, draft: TemplateDraft): { field: string; message: string }[] {
  const allowed = allowedFieldsOf(catalogue, code) ?? [];
  const maxSubject = catalogue.maxSubject ?? 200;
  const maxBody = catalogue.maxBody ?? 20_000;
  const errors: { field: string; message: string }[] = [];
  const subject = draft.subject.trim();
  const body = sanitizeTextBlockHtml(draft.bodyHtml);
  if (!subject) errors.push({ field: 'subject', message: templateText.subjectRequired });
  else if (subject.length > maxSubject) errors.push({ field: 'subject', message: templateText.subjectTooLong(maxSubject) });
  else for (const e of templateFieldErrors(subject, allowed, catalogue.knownFields)) errors.push({ field: 'subject', message: e.message });
  if (!body.replace(/<[^>]*>/g, '').trim()) errors.push({ field: 'bodyHtml', message: templateText.bodyRequired });
  else if (body.length > maxBody) errors.push({ field: 'bodyHtml', message: templateText.bodyTooLong(maxBody) });
  else for (const e of templateFieldErrors(body, allowed, catalogue.knownFields)) errors.push({ field: 'bodyHtml', message: e.message });
  return errors;
}

const auditView = (t: EmailTemplate) => ({ name: t.name, subject: t.subject, bodyHtml: t.bodyHtml, isActive: t.isActive });

/** Saves an existing template's subject, body (sanitised), and optionally name and active flag; audited. */
export async function saveEmailTemplate(
  q: Queryable,
  catalogue: TemplateCatalogue,
  code: string,
  input: TemplateDraft & { name?: string | undefined; isActive?: boolean | undefined },
  actor: string,
): Promise<EmailTemplate> {
  const before = await getEmailTemplate(q, catalogue, code);
  if (!before) throw notFound(templateText.notFound);
  const errors = emailTemplateErrors(catalogue, code, input);
  if (errors.length) throw badRequest('The body is not valid.', { errors });
  const r = await q.query<Row>(
    `UPDATE email_templates SET subject = $3, body_html = $4, name = $5, is_active = $6, updated_at = now(), updated_by = $7
      WHERE module = $1 AND code = $2 RETURNING ${COLUMNS}`,
    [catalogue.module, code, input.subject.trim(), sanitizeTextBlockHtml(input.bodyHtml), input.name?.trim() || before.name, input.isActive ?? before.isActive, actor],
  );
  const after = toTemplate(catalogue, r.rows[0]!);
  await recordAudit(q, { actor, action: 'email-template.update', entityType: 'email-template', entityId: `${catalogue.module}/${code}`, changes: diffChanges(auditView(before), auditView(after)) });
  return after;
}

/** A template made by a user (RAI mail types): only when the catalogue offers customFields. */
export async function createEmailTemplate(
  q: Queryable,
  catalogue: TemplateCatalogue,
  input: TemplateDraft & { code: string; name: string; isActive?: boolean | undefined },
  actor: string,
): Promise<EmailTemplate> {
  const errors = emailTemplateErrors(catalogue, input.code, input);
  if (errors.length) throw badRequest('The body is not valid.', { errors });
  try {
    const r = await q.query<Row>(
      `INSERT INTO email_templates (module, code, name, subject, body_html, is_active, is_system, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, false, $7, $7) RETURNING ${COLUMNS}`,
      [catalogue.module, input.code, input.name.trim(), input.subject.trim(), sanitizeTextBlockHtml(input.bodyHtml), input.isActive ?? true, actor],
    );
    const made = toTemplate(catalogue, r.rows[0]!);
    await recordAudit(q, { actor, action: 'email-template.create', entityType: 'email-template', entityId: `${catalogue.module}/${made.code}`, changes: createdChanges(auditView(made)) });
    return made;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(templateText.codeTaken);
    throw err;
  }
}

/**
 * Fills a template: the subject as plain text, the body HTML-escaped and sanitised again (a value
 * can add neither markup nor a javascript: link), and the plain-text part made from that HTML.
 */
export function renderEmailTemplate(template: TemplateDraft, fields: TemplateFields): RenderedEmail {
  const subject = renderTemplate(template.subject, fields, 'text').replace(/[\r\n]+/g, ' ').trim();
  const html = sanitizeTextBlockHtml(renderTemplate(sanitizeTextBlockHtml(template.bodyHtml), fields, 'html'));
  return { subject, html, text: htmlToText(html) };
}

/** The stored template filled in; null when it is missing or switched off (then nothing is sent). */
export async function renderStoredTemplate(q: Queryable, catalogue: TemplateCatalogue, code: string, fields: TemplateFields): Promise<RenderedEmail | null> {
  const template = await getEmailTemplate(q, catalogue, code);
  if (!template || !template.isActive) return null;
  return renderEmailTemplate(template, fields);
}

// ---- the API a module mounts ------------------------------------------------------------------

const codeParam = z.object({ code: z.string().regex(CODE, 'A template code is capital letters, digits and underscores.') });
const saveBody = z.object({
  subject: z.string().max(10_000),
  bodyHtml: z.string().max(200_000),
  name: z.string().trim().min(1).max(100).optional(),
  isActive: z.boolean().optional(),
});
const createBody = saveBody.extend({ code: z.string().regex(CODE, 'A template code is capital letters, digits and underscores.'), name: z.string().trim().min(1).max(100) });
const previewBody = z.object({ subject: z.string().max(10_000).optional(), bodyHtml: z.string().max(200_000).optional() }).passthrough();

/** Request schemas, for a module's OpenAPI document. */
export const emailTemplateSchemas = { saveBody, createBody, previewBody };

export interface EmailTemplateRouterOptions {
  catalogue: TemplateCatalogue;
  /** Where the templates live, e.g. '/api/disputeresolution/email-templates'. */
  basePath: string;
  /** Any one of these reads templates and previews them. */
  readPermissions: readonly string[];
  /** Any one of these edits (and, with customFields, creates) templates. */
  writePermissions: readonly string[];
  /**
   * The merge field values for a preview or test send: from the record the body names (DR: a
   * caseId the caller may see, else throw notFound), or the catalogue's sample values when null.
   */
  previewFields?: (q: Queryable, req: Request, res: Response, body: Record<string, unknown>) => Promise<TemplateFields | null>;
}

/** GET list, GET/PUT one, POST preview and test send (and POST create with customFields) under basePath. */
export function emailTemplateRouter(ctx: ApiContext, options: EmailTemplateRouterOptions): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const read = requirePermission(...options.readPermissions);
  const write = requirePermission(...options.writePermissions);
  const { catalogue, basePath } = options;
  const db = ctx.db;

  async function rendered(req: Request, res: Response, code: string): Promise<RenderedEmail> {
    const body = parse(previewBody, req.body ?? {}, 'body');
    const stored = await getEmailTemplate(db, catalogue, code);
    if (!stored) throw notFound(templateText.notFound);
    const draft = { subject: body.subject ?? stored.subject, bodyHtml: body.bodyHtml ?? stored.bodyHtml };
    // A draft is previewed as it would be saved: with errors, the caller gets them instead.
    const errors = emailTemplateErrors(catalogue, code, draft);
    if (errors.length) throw badRequest('The body is not valid.', { errors });
    const fields = (await options.previewFields?.(db, req, res, body)) ?? catalogue.sampleFields ?? {};
    return renderEmailTemplate(draft, fields);
  }

  router.get(basePath, auth, read, async (_req, res) => {
    res.json(await listEmailTemplates(db, catalogue));
  });

  router.get(`${basePath}/:code`, auth, read, async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const template = await getEmailTemplate(db, catalogue, code);
    if (!template) throw notFound(templateText.notFound);
    res.json(template);
  });

  router.put(`${basePath}/:code`, auth, write, async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const body = parse(saveBody, req.body, 'body');
    res.json(await db.tx((q) => saveEmailTemplate(q, catalogue, code, body, authOf(res).userId)));
  });

  if (catalogue.customFields) {
    router.post(basePath, auth, write, async (req, res) => {
      const body = parse(createBody, req.body, 'body');
      const made = await db.tx((q) => createEmailTemplate(q, catalogue, body, authOf(res).userId));
      res.status(201).location(`${basePath}/${made.code}`).json(made);
    });
  }

  router.post(`${basePath}/:code/preview`, auth, read, async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const r = await rendered(req, res, code);
    res.json({ subject: r.subject, html: r.html });
  });

  // "Send test to me" (DR spec §4.8): the rendered email to the caller's own address, logged.
  router.post(`${basePath}/:code/test`, auth, write, async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const caller = authOf(res);
    const r = await rendered(req, res, code);
    await ctx.mailer.send({ to: caller.email, subject: r.subject, text: r.text, html: r.html }, caller.userId);
    res.json({ sentTo: caller.email });
  });

  return router;
}
