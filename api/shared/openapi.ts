// OpenAPI 3.1 path items of the shared pieces' endpoints: scheduled jobs (/api/jobs), school
// calendars and holidays (/api/disputeresolution/calendars…, …/holidays). Bodies come from the zod
// schemas the routes validate with. A module that mounts emailTemplateRouter documents it with
// emailTemplatePaths(basePath, permission).
import { z } from 'zod';
import { bearer, csvResponse, denied, error, invalid, jsonBody, jsonResponse as json, multipartBody, param, unauthenticated, type OpenApiPaths } from '../openapi/helpers.js';
import { calendarSchemas } from './calendars.js';
import { emailTemplateSchemas } from './email-templates.js';
import { jobsSchemas } from './jobs.js';

type PathItems = OpenApiPaths;
const csv = (description: string) => csvResponse(description);
const common = { 400: invalid, 401: unauthenticated, 403: denied };

// ---- response shapes ----------------------------------------------------------------------------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const jobRun = z.object({
  name: z.string(),
  day,
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['done', 'failed']),
  sent: z.number().int(),
  note: z.string().nullable(),
  error: z.string().nullable(),
});
const jobList = z.array(
  z.object({
    name: z.string(),
    schedule: z.string().describe('Cron, five fields, in the time zone below.'),
    timeZone: z.literal('America/Los_Angeles'),
    lastRun: jobRun.omit({ name: true }).extend({ startedAt: z.string(), finishedAt: z.string().nullable() }).nullable(),
  }),
);
const holiday = z.object({ date: day, name: z.string(), kind: z.enum(['Federal', 'State', 'Both']) });
const calendar = z.object({
  leaId: z.number().int(),
  leaCode: z.string(),
  leaName: z.string(),
  schoolYear: z.string(),
  firstDay: day,
  lastDay: day,
  nonSchoolDays: z.array(day),
  schoolDayCount: z.number().int().describe('Weekdays from firstDay to lastDay, minus non-school days and holidays (DR spec §6.1).'),
  fileHash: z.string().describe('SHA-256 of the calendar content; an import of the same content leaves it alone.'),
  importedAt: z.string(),
  importedBy: z.string(),
});
const rowError = z.object({ line: z.number().int().describe('File line; the header is line 1; 0 for the whole file.'), column: z.string(), value: z.string(), message: z.string() });
const importResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('imported'), importId: z.string(), rowCount: z.number().int(), calendarsCreated: z.number().int(), calendarsReplaced: z.number().int(), calendarsUnchanged: z.number().int() }),
  z.object({ status: z.literal('rejected'), importId: z.string(), rowCount: z.number().int(), errors: z.array(rowError) }),
]);
const emailTemplate = z.object({
  module: z.string(),
  code: z.string(),
  name: z.string(),
  subject: z.string(),
  bodyHtml: z.string(),
  isActive: z.boolean(),
  isSystem: z.boolean(),
  allowedFields: z.array(z.string()),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
const rendered = z.object({ subject: z.string(), html: z.string() });

// ---- paths ------------------------------------------------------------------------------------------

const DR = '/api/disputeresolution';
const stateUser = 'Needs DisputeResolution.stateuser.';

export const sharedPaths: PathItems = {
  '/api/jobs': {
    get: {
      tags: ['Jobs'],
      summary: 'The registered scheduled jobs, with their schedules and last runs',
      description: 'Needs App.siteadmin. Jobs run on pg-boss (PostgreSQL, or the embedded PGlite), once per schedule tick across API instances.',
      security: bearer,
      responses: { 200: json('The jobs.', jobList), 401: common[401], 403: common[403] },
    },
  },
  '/api/jobs/{name}/run': {
    post: {
      tags: ['Jobs'],
      summary: 'Run a job now for a chosen day',
      description: 'Needs App.siteadmin. The run is recorded and audited; jobs send each notice once (idempotency keys), so a second run of a day sends nothing new. `day` defaults to today (America/Los_Angeles).',
      security: bearer,
      parameters: [param('name', 'path', { type: 'string' }, 'The job name.')],
      requestBody: jsonBody(jobsSchemas.runBody),
      responses: { 200: json('What the run did (status failed with the error when the job threw).', jobRun), ...common, 404: error('No such job.') },
    },
  },
  [`${DR}/calendars`]: {
    get: {
      tags: ['Calendars'],
      summary: 'School calendars per LEA and school year (DR spec §12)',
      description: 'Needs DisputeResolution.stateuser or DisputeResolution.disputerequests.view; without stateuser, only the calendars of the caller\'s LEAs.',
      security: bearer,
      parameters: [param('leaId', 'query', { type: 'integer' }, 'One LEA.'), param('schoolYear', 'query', { type: 'string', pattern: '^\\d{4}-\\d{4}$' }, 'One school year.')],
      responses: { 200: json('The calendars.', z.object({ items: z.array(calendar), totalCount: z.number().int() })), ...common },
    },
  },
  [`${DR}/calendars/import`]: {
    post: {
      tags: ['Calendars'],
      summary: 'Import school calendars from a CSV file (DR spec §10)',
      description: `${stateUser} multipart/form-data with \`file\`: UTF-8 CSV, at most 5 MB, header \`leaCode,schoolYear,date,dayType\`. All or nothing: any row error imports nothing and answers status rejected with every error (and an importId for the error report). Each (LEA, school year) in the file replaces that calendar; one with the same content is left alone; the same file again answers 0, 0, n.`,
      security: bearer,
      requestBody: multipartBody('file'),
      responses: { 200: json('Imported (counts) or rejected (row errors).', importResult), ...common },
    },
  },
  [`${DR}/calendars/template.csv`]: {
    get: { tags: ['Calendars'], summary: 'The import template: the header row only', description: stateUser, security: bearer, responses: { 200: csv('leaCode,schoolYear,date,dayType'), 401: common[401], 403: common[403] } },
  },
  [`${DR}/calendars/imports/{id}/errors.csv`]: {
    get: {
      tags: ['Calendars'],
      summary: "A rejected import's error report",
      description: `${stateUser} Header \`line,column,message\` (DR spec §10).`,
      security: bearer,
      parameters: [param('id', 'path', { type: 'string', format: 'uuid' }, 'The importId of the import.')],
      responses: { 200: csv('The errors.'), ...common, 404: error('No such import.') },
    },
  },
  [`${DR}/holidays`]: {
    get: {
      tags: ['Calendars'],
      summary: 'The holiday list (also the list manager\'s state-holidays list)',
      description: stateUser,
      security: bearer,
      parameters: [param('year', 'query', { type: 'integer' }, 'One calendar year.')],
      responses: { 200: json('The holidays, by date, each on its observed day.', z.array(holiday)), ...common },
    },
    post: {
      tags: ['Calendars'],
      summary: 'Add a holiday',
      description: `${stateUser} Open school-day and business-day deadlines are recomputed (DR spec §6.4).`,
      security: bearer,
      requestBody: jsonBody(calendarSchemas.holidayBody),
      responses: { 201: json('The holiday.', holiday), ...common, 409: error('That day already has a holiday.') },
    },
  },
  [`${DR}/holidays/{date}`]: {
    delete: {
      tags: ['Calendars'],
      summary: 'Remove the holiday of a day',
      description: `${stateUser} Open school-day and business-day deadlines are recomputed (DR spec §6.4).`,
      security: bearer,
      parameters: [param('date', 'path', { type: 'string', format: 'date' }, 'The day (YYYY-MM-DD).')],
      responses: { 200: json('The removed holiday.', holiday), ...common, 404: error('No holiday on that day.') },
    },
  },
};

/** The path items of an emailTemplateRouter mounted at basePath, for the module's own document. */
export function emailTemplatePaths(basePath: string, permissionText: string, options: { custom?: boolean } = {}): PathItems {
  const code = param('code', 'path', { type: 'string', pattern: '^[A-Z][A-Z0-9_]{2,49}$' }, 'The template code.');
  return {
    [basePath]: {
      get: { tags: ['Email templates'], summary: 'The email templates', description: permissionText, security: bearer, responses: { 200: json('The templates.', z.array(emailTemplate)), ...common } },
      ...(options.custom
        ? { post: { tags: ['Email templates'], summary: 'Create a template', description: permissionText, security: bearer, requestBody: jsonBody(emailTemplateSchemas.createBody), responses: { 201: json('The template.', emailTemplate), ...common, 409: error('The code is taken.') } } }
        : {}),
    },
    [`${basePath}/{code}`]: {
      get: { tags: ['Email templates'], summary: 'One template', description: permissionText, security: bearer, parameters: [code], responses: { 200: json('The template.', emailTemplate), ...common, 404: error('No such template.') } },
      put: {
        tags: ['Email templates'],
        summary: 'Save a template',
        description: `${permissionText} The body is sanitised (text block policy); merge fields outside the template's allowed fields are refused.`,
        security: bearer,
        parameters: [code],
        requestBody: jsonBody(emailTemplateSchemas.saveBody),
        responses: { 200: json('The template.', emailTemplate), ...common, 404: error('No such template.') },
      },
    },
    [`${basePath}/{code}/preview`]: {
      post: { tags: ['Email templates'], summary: 'Render the template or a draft', description: permissionText, security: bearer, parameters: [code], requestBody: jsonBody(emailTemplateSchemas.previewBody), responses: { 200: json('Rendered subject and HTML.', rendered), ...common } },
    },
    [`${basePath}/{code}/test`]: {
      post: { tags: ['Email templates'], summary: 'Send the rendered template to the caller', description: permissionText, security: bearer, parameters: [code], requestBody: jsonBody(emailTemplateSchemas.previewBody), responses: { 200: json('Where it was sent.', z.object({ sentTo: z.string() })), ...common } },
    },
  };
}
