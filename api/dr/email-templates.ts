// The dispute resolution email templates (DR spec §4.8, §11): the module's catalogue for the shared
// template store (api/shared/email-templates.ts) — one seeded definition per template code, each
// using only the merge fields §11 allows it — and the merge fields of a preview or test send:
// from a case the caller may see (caseId, or caseNumber as the portal's form asks for it; one
// outside scope answers 404 like a missing one), else sample values. No field carries a student's
// full name, birth date or address: the student appears as initials only.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { addDays, agencyToday } from '../../lib/day.js';
import { TYPE_NAMES } from '../../lib/dr/contract.js';
import { usDate } from '../../lib/dr/messages.js';
import { caseDetailPath, DR_KNOWN_FIELDS, drAllowedFields, type DrTemplateCode } from '../../lib/dr/notifications.js';
import type { TemplateFields } from '../../lib/templates.js';
import { authOf } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { notFound } from '../http.js';
import { emailTemplateRouter, type TemplateCatalogue, type TemplateDefinition } from '../shared/email-templates.js';
import { drMessages } from './routes.js';
import { acceptedNeutrals, caseInScope, DR, dataOf, initialsOf, loadCaseRow, NEUTRAL_ROLES, statusName, viewerOf, type CaseRow } from './store.js';

export const DR_TEMPLATES_PATH = '/api/disputeresolution/email-templates';

const open = '\n<p><a href="{{caseLink}}">Open the case in the portal</a></p>';
const hello = '<p>Hello {{recipientName}},</p>\n';
const facts = '\n<p>Case: {{caseNumber}} ({{disputeTypeName}})<br>District: {{leaName}}<br>Student: {{studentInitials}}</p>';

const templates: Readonly<Record<DrTemplateCode, { name: string; subject: string; body: string }>> = {
  DR_REQUEST_SUBMITTED: {
    name: 'Request submitted (filer)',
    subject: 'Your dispute resolution request {{caseNumber}} was received',
    body: `${hello}<p>We received your {{disputeTypeName}} request on {{receivedDate}}. Its case number is {{caseNumber}}.</p>${facts}\n<p>We will contact you about the next steps.</p>${open}`,
  },
  DR_REQUEST_RECEIVED_LEA: {
    name: 'Request received (district)',
    subject: 'Dispute resolution request {{caseNumber}} names {{leaName}}',
    body: `${hello}<p>A {{disputeTypeName}} request naming {{leaName}} was received on {{receivedDate}} from {{requesterName}}.</p>${facts}${open}`,
  },
  DR_CASE_ACCEPTED: {
    name: 'Case accepted',
    subject: 'Dispute resolution case {{caseNumber}} is now {{caseStatus}}',
    body: `${hello}<p>The {{disputeTypeName}} case {{caseNumber}} was accepted and is now {{caseStatus}}.</p>${facts}${open}`,
  },
  DR_NEUTRAL_ASSIGNED: {
    name: 'Neutral assigned',
    subject: '{{neutralType}} assigned to case {{caseNumber}}',
    body: `${hello}<p>{{neutralName}} ({{neutralType}}) is assigned to the {{disputeTypeName}} case {{caseNumber}}.</p>${facts}${open}`,
  },
  DR_DEADLINE_APPROACHING: {
    name: 'Deadline approaching',
    subject: 'Case {{caseNumber}}: {{deadlineName}} due {{dueDate}}',
    body: `${hello}<p>The deadline {{deadlineName}} of case {{caseNumber}} is due on {{dueDate}} ({{daysLeft}} days left).</p>${facts}${open}`,
  },
  DR_DEADLINE_MISSED: {
    name: 'Deadline missed',
    subject: 'Case {{caseNumber}}: {{deadlineName}} was due {{dueDate}}',
    body: `${hello}<p>The deadline {{deadlineName}} of case {{caseNumber}} was due on {{dueDate}} and is not met.</p>${facts}${open}`,
  },
  DR_WITHDRAWAL_REQUESTED: {
    name: 'Withdrawal requested',
    subject: 'Withdrawal requested for case {{caseNumber}}',
    body: `${hello}<p>{{requesterName}} asked to withdraw the {{disputeTypeName}} case {{caseNumber}}. Please review the request.</p>${facts}${open}`,
  },
  DR_WITHDRAWAL_DECIDED: {
    name: 'Withdrawal decided',
    subject: 'Your withdrawal request for case {{caseNumber}} was {{withdrawalDecision}}',
    body: `${hello}<p>Your request to withdraw case {{caseNumber}} was {{withdrawalDecision}}.</p>${facts}${open}`,
  },
  DR_CASE_CLOSED: {
    name: 'Case closed',
    subject: 'Dispute resolution case {{caseNumber}} is closed',
    body: `${hello}<p>The {{disputeTypeName}} case {{caseNumber}} is closed.</p>${facts}${open}`,
  },
  DR_SIGNATURE_REQUEST: {
    name: 'Signature requested',
    subject: 'Please sign a document for case {{caseNumber}}',
    body: `${hello}<p>A document of the {{disputeTypeName}} case {{caseNumber}} needs your signature.</p>
<p><a href="{{signLink}}">Review and sign</a></p>${facts}`,
  },
  DR_HO_CHOICE_REQUEST: {
    name: 'Hearing officer choice requested',
    subject: 'Choose a hearing officer for case {{caseNumber}}',
    body: `${hello}<p>Please choose a hearing officer for the {{disputeTypeName}} case {{caseNumber}}.</p>
<p><a href="{{signLink}}">Make your choice</a></p>${facts}`,
  },
  DR_SURVEY_INVITATION: {
    name: 'Survey invitation',
    subject: 'Tell us about your dispute resolution experience ({{caseNumber}})',
    body: `${hello}<p>Case {{caseNumber}} is closed. Please tell us how the process went; the survey takes a few minutes.</p>
<p><a href="{{surveyLink}}">Take the survey</a></p>`,
  },
};

export const drTemplateCatalogue: TemplateCatalogue = {
  module: 'dr',
  knownFields: DR_KNOWN_FIELDS,
  definitions: (Object.keys(templates) as DrTemplateCode[]).map(
    (code): TemplateDefinition => ({ code, name: templates[code].name, subject: templates[code].subject, bodyHtml: templates[code].body, allowedFields: drAllowedFields(code) }),
  ),
};

/** Values of the fields no chosen case fills: deadlines, decisions, signing and survey links. */
function sampleFields(portalUrl: string, today: string): TemplateFields {
  return {
    deadlineName: 'Complaint report',
    dueDate: usDate(addDays(today, 7)),
    daysLeft: 7,
    withdrawalDecision: 'approved',
    signLink: `${portalUrl}/sign-form/sample`,
    surveyLink: `${portalUrl}/dr-public/survey/sample`,
  };
}

const previewCase = z.object({
  caseId: z.string().trim().optional(),
  caseNumber: z.string().trim().max(40).optional(),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The case a preview names: by id or by case number; none when neither is given. */
async function previewCaseId(q: Queryable, body: Record<string, unknown>): Promise<string | null> {
  const parsed = previewCase.safeParse(body);
  if (!parsed.success) throw notFound(drMessages.notFound);
  const { caseId, caseNumber } = parsed.data;
  if (caseId) {
    if (!UUID.test(caseId)) throw notFound(drMessages.notFound);
    return caseId;
  }
  if (!caseNumber) return null;
  const r = await q.query<{ id: string }>('SELECT id FROM dr_cases WHERE upper(case_number) = upper($1) AND NOT is_deleted', [caseNumber]);
  if (!r.rows[0]) throw notFound(drMessages.notFound);
  return r.rows[0].id;
}

/** §11 merge fields of a preview: the named case's (in the caller's scope, else 404), or sample values. */
export function drPreviewFields(ctx: ApiContext) {
  return async (q: Queryable, _req: Request, res: Response, body: Record<string, unknown>): Promise<TemplateFields> => {
    const caller = authOf(res);
    const portalUrl = ctx.config.portalPublicUrl;
    const base = { ...sampleFields(portalUrl, agencyToday(ctx.now())), recipientName: caller.fullName };
    const id = await previewCaseId(q, body);
    if (id === null) {
      return {
        ...base,
        caseNumber: 'SC-2526-001',
        disputeTypeName: TYPE_NAMES[3],
        caseStatus: 'Active',
        receivedDate: usDate(agencyToday(ctx.now())),
        leaName: 'Sample School District',
        studentInitials: 'J.D.',
        requesterName: 'Pat Parent',
        neutralName: 'Sam Neutral',
        neutralType: NEUTRAL_ROLES[5]?.label ?? '',
        caseLink: `${portalUrl}/dispute-resolution/dashboard`,
      };
    }
    const row = await loadCaseRow(q, id);
    if (!row) throw notFound(drMessages.notFound);
    const neutrals = await acceptedNeutrals(q, row.id);
    if (!caseInScope(await viewerOf(q, caller), row, neutrals)) throw notFound(drMessages.notFound);
    const neutral = neutrals[0];
    const neutralName = neutral
      ? ((await q.query<{ full_name: string }>('SELECT full_name FROM users WHERE id::text = $1', [neutral.userId])).rows[0]?.full_name ?? '')
      : '';
    return { ...base, ...caseMergeFields(row, neutral ? { name: neutralName, type: neutral.neutralType } : null, `${portalUrl}${caseDetailPath(row.id)}`) };
  };
}

/** The §11 fields a case fills, with its neutral and the link to open: the student only as initials. */
export function caseMergeFields(row: CaseRow, neutral: { name: string; type: number } | null, caseLink: string) {
  return {
    caseNumber: row.case_number ?? '',
    disputeTypeName: row.dispute_type ? (TYPE_NAMES[row.dispute_type] ?? '') : '',
    caseStatus: statusName(row.status),
    receivedDate: row.received_date ? usDate(row.received_date) : '',
    leaName: row.lea_name ?? '',
    studentInitials: initialsOf(row),
    requesterName: dataOf(row).requester?.fullName ?? '',
    neutralName: neutral?.name ?? '',
    neutralType: neutral ? (NEUTRAL_ROLES[neutral.type]?.label ?? '') : '',
    caseLink,
  };
}

/** GET list, GET/PUT one, POST preview and test under /api/disputeresolution/email-templates. */
export function drEmailTemplatesRouter(ctx: ApiContext) {
  return emailTemplateRouter(ctx, {
    catalogue: drTemplateCatalogue,
    basePath: DR_TEMPLATES_PATH,
    readPermissions: [DR.templates],
    writePermissions: [DR.templates],
    previewFields: drPreviewFields(ctx),
  });
}
