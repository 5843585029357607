// The Early Childhood Outcomes API in the OpenAPI document (ECO spec §10), built from the zod
// schemas the routes validate with (ecoSchemas) and the answers the portal reads (lib/eco/contract.ts).
import { z } from 'zod';
import { ecoChildDetail, ecoFinalizeReport, ecoRecordList, ecoScorePage, ecoSearchResult, ecoTargets, ecoUnlockRequest, ecoYearSettings } from '../../lib/eco/contract.js';
import {
  bearer,
  csvResponse,
  currentLeaHeader,
  daySchema,
  error,
  intSchema,
  jsonBody,
  jsonResponse,
  multipartBody,
  noContent,
  notFoundOrOutOfScope,
  pathParam,
  queryParam,
  schoolYearHeader,
  schoolYearSchema,
  unauthenticated,
  type OpenApiPaths,
} from '../openapi/helpers.js';
import { IMPORT_HEADER } from '../../lib/eco/import.js';
import { CHILD_LIST_CSV_COLUMNS, ecoSchemas } from './routes.js';

const tags = ['Early childhood outcomes'];
const invalid = error('Bad input: 400 with the §5 message of each field in `errors`.');
const missing = notFoundOrOutOfScope('child, record or assessment');
const common = { 401: unauthenticated, 403: error("'Access Denied!': the caller lacks the permission.") };
const scope = "Scope (§10): the CurrentLeaId header picks the LEA; a district user reaches only their LEAs' records; anything else answers 404 'Not found'.";
const stale = error("'These ratings were changed by someone else. Reload the page to see the latest version.' (stale version), or a refused move of §4 with its message.");
const headers = [currentLeaHeader, schoolYearHeader];
const childId = pathParam('id', intSchema, 'The child id.');
const recordId = pathParam('id', intSchema, 'The record id.');
const assessmentId = pathParam('id', intSchema, 'The assessment id.');
const type = pathParam('type', { type: 'string', enum: ['entry', 'exit'] }, 'entry or exit ratings.');
const yearParam = pathParam('schoolYear', schoolYearSchema, 'The school year (2025-2026).');
const ffyParam = pathParam('ffy', { type: 'integer', minimum: 1000, maximum: 9999 }, 'The federal fiscal year (the school year’s start year).');
const str = { type: 'string' };
const q = (name: string, schema: Record<string, unknown>, description: string) => queryParam(name, schema, description);
const withMessage = <S extends z.ZodObject>(s: S) => s.extend({ message: z.string() });

const scoreOps = (kind: string) => ({
  get: {
    tags,
    summary: `${kind} ratings screen: the assessment, the banner, the record's derived status, the caller's buttons and locks`,
    description: `Needs Eco.access. Exit adds the entry ratings, the categories per outcome (§6.3), days of service and the form's mode. ${scope}`,
    security: bearer,
    parameters: [recordId, type, ...headers],
    responses: { 200: jsonResponse('The score screen.', ecoScorePage), 404: missing, ...common },
  },
  put: {
    tags,
    summary: `Save ${kind.toLowerCase()} ratings as a draft (exit: also the exit date, reason and note)`,
    description:
      "Needs Eco.scores.submit. `version` is required once the assessment exists (optimistic concurrency). Submitted and finalized ratings answer 409 'These ratings are submitted and locked. Ask the state to unlock them.' Writes the *-saved event with old and new values.",
    security: bearer,
    parameters: [recordId, type, ...headers],
    requestBody: jsonBody(ecoSchemas.assessmentBody.extend(ecoSchemas.exitFields.shape)),
    responses: { 200: jsonResponse('The score screen and the saved message.', withMessage(ecoScorePage)), 400: invalid, 404: missing, 409: stale, ...common },
  },
  delete: {
    tags,
    summary: "Discard a draft that was never submitted (§4 'Discard draft')",
    security: bearer,
    parameters: [recordId, type, ...headers],
    responses: { 204: noContent('Discarded.'), 404: missing, 409: stale, ...common },
  },
});

export const ecoPaths: OpenApiPaths = {
  '/api/eco/records': {
    get: {
      tags,
      summary: 'The child list: records active in the school year, sorted overdue first, then due date, then last name',
      description: `Needs Eco.access. State student IDs are masked ('••••••1234'). A last name needs a birth date and the other way round ('Enter a state student ID, or a last name and a birth date.'). ${scope}`,
      security: bearer,
      parameters: [
        ...headers,
        q('schoolYear', schoolYearSchema, 'The school year; default the activeschoolyear header, else the current one.'),
        q('status', str, 'Derived statuses, comma separated.'),
        q('schoolId', intSchema, 'School.'),
        q('disability', str, 'Disability category code.'),
        q('kBound', { type: 'boolean' }, 'Kindergarten-bound only.'),
        q('attention', { type: 'boolean' }, 'Needs attention: overdue, not included or flagged.'),
        q('ssid', str, 'State student ID (exact).'),
        q('lastName', str, 'Last name (starts with); with birthDate.'),
        q('birthDate', daySchema, 'Birth date; with lastName.'),
        q('page', { type: 'integer', minimum: 1 }, 'Page, from 1.'),
        q('pageNumber', { type: 'integer', minimum: 1 }, 'The platform’s name for page.'),
        q('pageSize', { oneOf: [{ type: 'integer', minimum: 1, maximum: 1000 }, { const: 'all' }] }, '25 by default; all for every row.'),
        q('sort', { type: 'string', enum: ['default', 'name', 'entryDate'] }, 'Sort.'),
        q('format', { type: 'string', enum: ['csv'] }, "csv: 'Download CSV', every matching row with the full state student ID (logged as an export)."),
      ],
      responses: { 200: { description: `A page of records, or with format=csv the CSV (header \`${CHILD_LIST_CSV_COLUMNS.join(',')}\`).`, content: { ...jsonResponse('', ecoRecordList).content, ...csvResponse('').content } }, 400: invalid, ...common },
    },
  },
  '/api/eco/search': {
    get: {
      tags,
      summary: 'Advanced search (§3.3), at most 5,000 rows, with the statewide lookup of a child held by another LEA',
      description: `Needs Eco.advancedsearch.view. leaId ('all' or an id) only for App.data.allleas. ${scope}`,
      security: bearer,
      parameters: [...headers, ...Object.keys(ecoSchemas.searchQuery.shape).map((name) => q(name, str, `Filter ${name} (§3.3).`))],
      responses: { 200: jsonResponse('The matches, or the too-many message, and heldElsewhere.', ecoSearchResult), 400: invalid, ...common },
    },
  },
  '/api/eco/children': {
    post: {
      tags,
      summary: 'Add a child with its first record (no assessment)',
      description: 'Needs Eco.scores.submit; the child goes to the CurrentLeaId LEA (or a district user’s only LEA). Writes child-created.',
      security: bearer,
      parameters: headers,
      requestBody: jsonBody(ecoSchemas.childBody),
      responses: { 201: jsonResponse('Created.', z.object({ childId: z.number().int(), recordId: z.number().int() })), 400: invalid, ...common },
    },
  },
  '/api/eco/children/claim': {
    post: {
      tags,
      summary: 'Claim a child whose open record another LEA holds (§6.9)',
      description: 'Needs Eco.scores.submit (or App.data.allleas with Eco.scores.unlock). The exact state student ID and birth date; a mismatch is 404. Writes child-claimed and tells the previous LEA’s submitters in-app.',
      security: bearer,
      parameters: headers,
      requestBody: jsonBody(ecoSchemas.claimBody),
      responses: { 200: jsonResponse('Claimed.', z.object({ childId: z.number().int(), recordId: z.number().int() })), 400: invalid, 404: missing, 409: error("'This record is closed. Start a new record instead.', or the child is already in this LEA."), ...common },
    },
  },
  '/api/eco/children/{id}': {
    get: {
      tags,
      summary: 'The child with its records, derived statuses and events (old → new values)',
      description: `Needs Eco.access. ${scope}`,
      security: bearer,
      parameters: [childId, ...headers],
      responses: { 200: jsonResponse('The child.', ecoChildDetail), 404: missing, ...common },
    },
    put: {
      tags,
      summary: 'Edit the child (and the entry date of its open or last record)',
      description: "Needs Eco.scores.submit. `version` is the child's; a submitted entry locks the state student ID, birth date and entry date (409). Writes child-updated.",
      security: bearer,
      parameters: [childId, ...headers],
      requestBody: jsonBody(ecoSchemas.childUpdateBody),
      responses: { 200: jsonResponse('The child, its records and events.', ecoChildDetail), 400: invalid, 404: missing, 409: stale, ...common },
    },
    delete: {
      tags,
      summary: 'Delete a child whose ratings were never submitted',
      security: bearer,
      parameters: [childId, ...headers],
      responses: { 204: noContent('Deleted.'), 404: missing, 409: error('The child has submitted ratings.'), ...common },
    },
  },
  '/api/eco/children/{id}/records': {
    post: {
      tags,
      summary: 'Start a new record once the last one has an exit date',
      security: bearer,
      parameters: [childId, ...headers],
      requestBody: jsonBody(ecoSchemas.recordBody),
      responses: { 201: jsonResponse('Created.', z.object({ recordId: z.number().int() })), 400: invalid, 404: missing, 409: error('The child already has an open record.'), ...common },
    },
  },
  '/api/eco/imports': {
    post: {
      tags,
      summary: 'Import children, records and draft entry ratings from a CSV file (§8), all or nothing',
      description:
        'Needs Eco.scores.submit; writes to the current LEA. multipart/form-data with `file`: UTF-8 CSV (BOM allowed), at most 2 MB and 2,000 rows, header `' +
        IMPORT_HEADER.join(',') +
        "`. Any error imports nothing and answers 422 with every error in `rowErrors` (line, column, value, message). Success: 'Imported {n} rows: {c} created, {u} updated, {s} unchanged.'; the same file again changes nothing and writes only the `import` event.",
      security: bearer,
      parameters: headers,
      requestBody: multipartBody('file'),
      responses: {
        200: jsonResponse('Imported, with the counts and the message.', z.object({ rowCount: z.number().int(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), message: z.string() })),
        400: invalid,
        422: error('The file or some rows were refused; nothing was saved.'),
        ...common,
      },
    },
  },
  '/api/eco/imports/template.csv': {
    get: { tags, summary: "'Download template': the header row only", security: bearer, responses: { 200: csvResponse('The template.', IMPORT_HEADER), ...common } },
  },
  '/api/eco/records/{id}/{type}': scoreOps('Entry or exit'),
  '/api/eco/records/{id}/{type}/submit': {
    post: {
      tags,
      summary: 'Submit entry or exit ratings (every rule of §5; an exit needs the entry submitted)',
      description: 'Needs Eco.scores.submit. Notifies the subscribers of Early Childhood Scores Submitted (no child names).',
      security: bearer,
      parameters: [recordId, type, ...headers],
      requestBody: jsonBody(ecoSchemas.submitBody),
      responses: { 200: jsonResponse('The score screen.', withMessage(ecoScorePage)), 400: invalid, 404: missing, 409: stale, ...common },
    },
  },
  '/api/eco/assessments/finalize': {
    post: {
      tags,
      summary: 'Finalize submitted ratings, never one’s own (bulk: a report; one id: its refusal)',
      security: bearer,
      parameters: headers,
      requestBody: jsonBody(ecoSchemas.finalizeBody),
      responses: { 200: jsonResponse('Finalized and skipped, with the message.', ecoFinalizeReport), 400: invalid, 404: missing, 409: stale, ...common },
    },
  },
  '/api/eco/assessments/{id}/unlock': {
    post: {
      tags,
      summary: 'Unlock submitted or finalized ratings with a reason (approves an open request)',
      description: "Needs Eco.scores.unlock. 'Unlock the exit ratings first.' for an entry while the exit is submitted.",
      security: bearer,
      parameters: [assessmentId, ...headers],
      requestBody: jsonBody(ecoSchemas.reasonBody),
      responses: { 200: jsonResponse('The score screen.', withMessage(ecoScorePage)), 400: invalid, 404: missing, 409: stale, ...common },
    },
  },
  '/api/eco/assessments/{id}/unlock-requests': {
    post: {
      tags,
      summary: 'Ask the state to unlock submitted or finalized ratings (one open request at a time)',
      security: bearer,
      parameters: [assessmentId, ...headers],
      requestBody: jsonBody(ecoSchemas.reasonBody),
      responses: { 201: jsonResponse('The request.', z.object({ request: ecoUnlockRequest, message: z.string() })), 400: invalid, 404: missing, 409: stale, ...common },
    },
  },
  '/api/eco/unlock-requests': {
    get: {
      tags,
      summary: 'Unlock requests with their LEA and the child’s initials',
      security: bearer,
      parameters: [...headers, q('status', { type: 'string', enum: ['open', 'approved', 'declined'] }, 'Status.')],
      responses: { 200: jsonResponse('The requests.', z.object({ items: z.array(ecoUnlockRequest) })), 400: invalid, ...common },
    },
  },
  '/api/eco/unlock-requests/{id}/decline': {
    post: {
      tags,
      summary: 'Decline an open unlock request with a note (sent in-app to the requester)',
      security: bearer,
      parameters: [pathParam('id', intSchema, 'The request id.'), ...headers],
      requestBody: jsonBody(ecoSchemas.noteBody),
      responses: { 200: jsonResponse('The request.', z.object({ request: ecoUnlockRequest })), 400: invalid, 404: missing, 409: stale, ...common },
    },
  },
  '/api/eco/settings/{schoolYear}': {
    get: { tags, summary: 'Year settings (§2.6), defaults for a year without a row', security: bearer, parameters: [yearParam], responses: { 200: jsonResponse('Settings.', ecoYearSettings), 400: invalid, ...common } },
    put: {
      tags,
      summary: 'Change year settings (App.stateadmin)',
      security: bearer,
      parameters: [yearParam],
      requestBody: jsonBody(ecoSchemas.settingsBody),
      responses: { 200: jsonResponse('Settings.', withMessage(ecoYearSettings)), 400: invalid, ...common },
    },
  },
  '/api/eco/targets/{ffy}': {
    get: { tags, summary: 'Targets of an FFY (§2.7)', security: bearer, parameters: [ffyParam], responses: { 200: jsonResponse('Targets.', ecoTargets), 400: invalid, ...common } },
    put: {
      tags,
      summary: 'Change the targets (App.stateadmin)',
      security: bearer,
      parameters: [ffyParam],
      requestBody: jsonBody(ecoSchemas.targetsBody),
      responses: { 200: jsonResponse('Targets.', withMessage(ecoTargets)), 400: invalid, ...common },
    },
  },
};
