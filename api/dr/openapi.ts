// The dispute resolution API in the OpenAPI document (DR spec §12), built from the zod schemas
// the routes validate with and the answers the portal reads (lib/dr/contract.ts).
import { z } from 'zod';
import { drAction, drCase, drCaseList, drDeadline, drLink, drRespondents, drSubmitted, drWithdrawal, table7Answer } from '../../lib/dr/contract.js';
import { SUMMARY_CSV_HEADER, TRACKING_CSV_HEADER } from '../../lib/dr/reports.js';
import { TABLE7_CSV_HEADER } from '../../lib/dr/table7.js';
import {
  bearer,
  csvResponse,
  denied,
  error,
  fileResponse,
  jsonBody,
  jsonResponse,
  multipartBody,
  noContent,
  notFoundOrOutOfScope,
  pathParam,
  queryParam,
  schoolYearSchema,
  unauthenticated,
  uuidSchema,
  type OpenApiPaths,
} from '../openapi/helpers.js';
import { emailTemplatePaths } from '../shared/openapi.js';
import { DR_TEMPLATES_PATH } from './email-templates.js';
import { drDocuments, drPublicDecision, drPublicOption } from '../../lib/dr/documents.js';
import { documentSchemas } from './documents.js';
import { neutralSchemas } from './neutrals.js';
import { drSchemas } from './routes.js';
import { signSchemas } from './sign.js';
import { surveySchemas } from './surveys.js';

const tags = ['Dispute resolution'];
const invalid = error('Bad input: 422 with the §7 message of each field in `errors`.');
const caseId = pathParam('id', uuidSchema, 'The case id.');
const missing = notFoundOrOutOfScope('case');
const common = { 401: unauthenticated, 403: denied };
const publicBasic = [{ drPublicBasic: [] }];
const scope = 'A case outside the caller’s scope (DR spec §2) answers 404 like a missing one.';
const yearParams = [
  queryParam('schoolYear', schoolYearSchema, 'The July-June reporting year; default the last one that has ended.'),
  queryParam('leaId', { type: 'integer', minimum: 1 }, 'One LEA; non-state users are limited to their own LEAs.'),
];
const surveyId = pathParam('id', { type: 'integer', minimum: 1 }, 'The survey id.');
const surveyMissing = error('No such survey.');
const surveyToken = pathParam('token', { type: 'string' }, 'The token of the emailed survey link.');
const linkUnusable = error('This survey link has expired or was already used.');
const signToken = pathParam('token', { type: 'string' }, 'The token of the emailed signing link.');
const signUnusable = error('This signing link has expired or was already used.');
const csvParam = queryParam('format', { type: 'string', enum: ['csv'] }, 'csv: the same report as a CSV attachment (the export is logged).');

export const drPaths: OpenApiPaths = {
  '/api/disputeresolution/cases': {
    get: {
      tags,
      summary: 'Cases in scope, paged and sorted (default: next due date ascending, blanks last)',
      description: `Needs DisputeResolution.disputerequests.view. Students appear as initials only. ${scope}`,
      security: bearer,
      parameters: [
        queryParam('type', { type: 'integer', minimum: 1, maximum: 5 }, 'disputeType'),
        queryParam('status', { type: 'integer', minimum: 0, maximum: 4 }, 'status'),
        queryParam('leaId', { type: 'integer', minimum: 1 }, 'Respondent LEA'),
        queryParam('schoolYear', schoolYearSchema, 'School year of receipt (drafts always listed)'),
        queryParam('assignedToMe', { type: 'string', enum: ['true', 'false'] }, 'Cases assigned to the caller as a neutral'),
        queryParam('q', { type: 'string', maxLength: 100 }, 'Case number prefix, or student last name for users who may see PII'),
        queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page, from 1'),
        queryParam('pageSize', { type: 'integer', enum: [25, 50, 100], default: 25 }, 'Rows per page'),
        queryParam('sortField', { type: 'string', enum: ['due', 'received', 'caseNumber'] }, 'Sort column'),
        queryParam('sortDirection', { type: 'string', enum: ['asc', 'desc'] }, 'Sort direction'),
      ],
      responses: { 200: jsonResponse('A page of cases and the total.', drCaseList), 422: invalid, ...common },
    },
    post: {
      tags,
      summary: 'Start a draft request',
      description: 'Needs DisputeResolution.disputerequests.create. Step 1 is prefilled from the account; an LEA user files as a school district (type 6).',
      security: bearer,
      responses: { 201: jsonResponse('The new draft.', z.object({ id: z.string() })), ...common },
    },
  },
  '/api/disputeresolution/respondents': {
    get: {
      tags,
      summary: 'The LEAs a filer may name as respondent, and one LEA’s schools (Create Request step 3)',
      description: 'Needs DisputeResolution.disputerequests.create. An LEA user is offered their own LEAs only; `schools` lists the schools of `leaId` when it is offered, else it is empty.',
      security: bearer,
      parameters: [queryParam('leaId', { type: 'integer', minimum: 1 }, 'The LEA whose schools to list')],
      responses: { 200: jsonResponse('LEAs and schools.', drRespondents), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}': {
    get: {
      tags,
      summary: 'One case with its deadlines and assignments',
      description: `Needs disputerequests.view. Student and requester details only for those §14 allows (piiVisible); each such view is logged. ${scope}`,
      security: bearer,
      parameters: [caseId],
      responses: { 200: jsonResponse('The case.', drCase), 404: missing, ...common },
    },
    put: {
      tags,
      summary: 'Edit case data (checklist, dates, findings)',
      description: 'Needs disputerequests.update; not on a closed case. Every change is audited; deadlines are recomputed.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.updateBody),
      responses: { 200: jsonResponse('The case.', drCase), 404: missing, 422: invalid, ...common },
    },
    delete: {
      tags,
      summary: 'Delete one’s own draft, or (state staff with disputerequests.delete) any case not closed, with a reason',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.deleteBody),
      responses: { 204: noContent('Deleted.'), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/draft': {
    put: {
      tags,
      summary: 'Save a wizard step of one’s own draft',
      description: 'With validate (default) the step is checked first and refused with the §7 messages; without, whatever was typed is kept.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.draftBody),
      responses: { 200: jsonResponse('Saved.', z.object({ id: z.string(), step: z.number().int() })), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/submit': {
    post: {
      tags,
      summary: 'Sign and submit one’s own draft',
      description: 'Assigns the case number, received date (Nevada local) and school year, computes the deadlines; DP question 2 = yes creates a linked mediation request.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.submitBody),
      responses: { 200: jsonResponse('Submitted.', drSubmitted), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/status': {
    post: {
      tags,
      summary: 'Move a case (accept, set aside, close with an outcome, reopen)',
      description: 'The moves and conditions of §5.1 and the outcome data of §5.2; refused moves answer 422 with the reason.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.statusBody),
      responses: { 200: jsonResponse('The case.', drCase), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/deadlines': {
    get: {
      tags,
      summary: 'The case’s deadlines with their computation trail',
      security: bearer,
      parameters: [caseId],
      responses: { 200: jsonResponse('Deadlines.', z.array(drDeadline)), 404: missing, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/extensions': {
    post: {
      tags,
      summary: 'Record an extension of a deadline',
      description: 'Needs disputerequests.update. The §7 extension rules; expedited timelines cannot be extended.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.extensionBody),
      responses: { 201: jsonResponse('The recomputed deadlines.', z.array(drDeadline)), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/actions': {
    get: {
      tags,
      summary: 'The case actions log',
      description: 'seeCaseActions sees every entry; others the Parties entries. Mediation session notes only for the mediator and state staff.',
      security: bearer,
      parameters: [caseId],
      responses: { 200: jsonResponse('Actions, newest first.', z.array(drAction)), 404: missing, ...common },
    },
    post: {
      tags,
      summary: 'Add an action (milestones move deadlines)',
      description: 'Needs editCaseActions; the filer may add only additional information. Dates from the received date to today.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.actionBody),
      responses: { 201: jsonResponse('The new action id and the recomputed deadlines.', z.object({ id: z.number().int(), deadlines: z.array(drDeadline) })), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/links': {
    get: { tags, summary: 'Linked cases', security: bearer, parameters: [caseId], responses: { 200: jsonResponse('Links.', z.array(drLink)), 404: missing, ...common } },
    post: {
      tags,
      summary: 'Link a case by its number',
      description: 'Needs DisputeResolution.linkcase.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.linkBody),
      responses: { 201: jsonResponse('Links.', z.array(drLink)), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/links/{linkId}': {
    delete: {
      tags,
      summary: 'Remove a link',
      security: bearer,
      parameters: [caseId, pathParam('linkId', { type: 'integer', minimum: 1 }, 'The link id.')],
      responses: { 204: noContent('Removed.'), 404: missing, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/withdrawals': {
    post: {
      tags,
      summary: 'Request withdrawal (the filer or their attorney)',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(drSchemas.withdrawalBody),
      responses: { 201: jsonResponse('The request.', drWithdrawal), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/withdrawals': {
    get: {
      tags,
      summary: 'Withdrawal requests in scope',
      description: 'Needs viewwithdrawalrequests.',
      security: bearer,
      parameters: [queryParam('status', { type: 'string', enum: ['Pending', 'Approved', 'Declined'] }, 'Default Pending.')],
      responses: { 200: jsonResponse('Requests.', z.array(drWithdrawal)), ...common },
    },
  },
  '/api/disputeresolution/withdrawals/{id}': {
    put: {
      tags,
      summary: 'Approve (closes the case) or decline (note required) a withdrawal request',
      description: 'State staff, or the assigned hearing officer of a due process complaint.',
      security: bearer,
      parameters: [pathParam('id', { type: 'integer', minimum: 1 }, 'The request id.')],
      requestBody: jsonBody(drSchemas.decisionBody),
      responses: { 200: jsonResponse('The request.', drWithdrawal), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/reports/table7': {
    get: {
      tags,
      summary: 'Table 7 with the edit checks, B15 and B16',
      description: 'Needs reports.view. Counts as of June 30 (or today for the year in progress).',
      security: bearer,
      parameters: [...yearParams, csvParam],
      responses: { 200: { description: `Table 7 (JSON), or the CSV. Header: \`${TABLE7_CSV_HEADER.join(',')}\`.`, content: { ...jsonResponse('', table7Answer).content, ...csvResponse('').content } }, 404: error('An LEA outside the caller’s.'), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/reports/table7/certify': {
    post: {
      tags,
      summary: 'Certify an ended reporting year (state staff)',
      security: bearer,
      requestBody: jsonBody(z.object({ schoolYear: z.string() })),
      responses: { 200: jsonResponse('Table 7 with the certified snapshot.', table7Answer), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/reports/summary': {
    get: {
      tags,
      summary: 'Summary report: one row per LEA and the statewide total',
      security: bearer,
      parameters: [...yearParams, queryParam('type', { type: 'integer', minimum: 1, maximum: 5 }, 'disputeType'), csvParam],
      responses: { 200: csvResponse('The rows and total (JSON), or the CSV.', SUMMARY_CSV_HEADER), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/reports/state-tracking': {
    get: {
      tags,
      summary: 'Open cases by their next deadline (state staff with statetracking.view)',
      security: bearer,
      parameters: [csvParam],
      responses: { 200: csvResponse('The rows (JSON), or the CSV.', TRACKING_CSV_HEADER), ...common },
    },
  },
  '/api/disputeresolution/neutrals': {
    get: {
      tags,
      summary: 'The neutral roster: everyone holding a roles.* permission, with settings, open cases and the next in rotation',
      description: 'Needs DisputeResolution.stateuser.',
      security: bearer,
      parameters: [queryParam('type', { type: 'integer', minimum: 1, maximum: 6 }, '1 Facilitator, 2 Mediator, 3 Hearing officer, 4 Review officer, 5 Investigator, 6 Inspector')],
      responses: { 200: { description: 'Roster entries.' }, ...common },
    },
  },
  '/api/disputeresolution/neutrals/{userId}': {
    put: {
      tags,
      summary: 'Edit a neutral’s roster settings',
      security: bearer,
      parameters: [pathParam('userId', uuidSchema, 'The neutral’s user id.')],
      requestBody: jsonBody(neutralSchemas.neutralBody),
      responses: { 200: { description: 'The roster entry.' }, 404: error('Not on the roster of this type.'), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/assignments': {
    post: {
      tags,
      summary: 'Propose a neutral: by rotation (1), joint request (2) or by hand (4)',
      description: 'State staff. Eligibility: active, below capacity, not a user of the respondent LEA, training current for hearing and review officers; the review officer is never the case’s hearing officer.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(neutralSchemas.assignBody),
      responses: { 201: { description: 'The case’s assignments.' }, 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/assignments/mine': {
    get: { tags, summary: 'The caller’s proposed assignments waiting for an answer (no student data)', security: bearer, responses: { 200: { description: 'Proposals.' }, ...common } },
  },
  '/api/disputeresolution/assignments/{id}': {
    put: {
      tags,
      summary: 'The proposed neutral accepts (with the no-conflict statement) or declines; a declined rotation proposes the next',
      security: bearer,
      parameters: [pathParam('id', { type: 'integer', minimum: 1 }, 'The assignment id.')],
      requestBody: jsonBody(neutralSchemas.answerBody),
      responses: { 200: { description: 'The case’s assignments.' }, 404: error('No such assignment.'), 422: invalid, ...common },
    },
    delete: {
      tags,
      summary: 'Remove a neutral (state staff, reason required)',
      security: bearer,
      parameters: [pathParam('id', { type: 'integer', minimum: 1 }, 'The assignment id.')],
      requestBody: jsonBody(neutralSchemas.removeBody),
      responses: { 200: { description: 'The case’s assignments.' }, 404: error('No such assignment.'), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/corrective-actions': {
    post: {
      tags,
      summary: 'Add a corrective action to an allegation found in noncompliance (state complaints)',
      description: 'Needs disputerequests.update.',
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(z.object({ allegation: z.number().int(), description: z.string(), dueDate: z.string() })),
      responses: { 201: jsonResponse('The case.', drCase), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/cases/{id}/corrective-actions/{caId}': {
    put: {
      tags,
      summary: 'Mark a corrective action Submitted (district, state staff) or Verified (investigator, inspector, state staff)',
      security: bearer,
      parameters: [caseId, pathParam('caId', { type: 'string' }, 'The corrective action id.')],
      requestBody: jsonBody(z.object({ status: z.enum(['Submitted', 'Verified']) })),
      responses: { 200: jsonResponse('The case.', drCase), 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/reports/table7/cases': {
    get: {
      tags,
      summary: 'The cases behind one Table 7 value (the drill-down), students as initials',
      security: bearer,
      parameters: [...yearParams, queryParam('row', { type: 'string' }, 'The Table 7 row, e.g. 2.1(a).')],
      responses: { 200: { description: 'The row, its label and its cases.' }, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/surveys': {
    get: { tags, summary: 'Satisfaction surveys with their questions, invitations, responses and response rate (state staff)', security: bearer, responses: { 200: { description: 'Surveys.' }, ...common } },
    post: { tags, summary: 'Create a Draft survey', security: bearer, requestBody: jsonBody(surveySchemas.surveyBody), responses: { 201: { description: 'The survey.' }, 422: invalid, ...common } },
  },
  '/api/disputeresolution/surveys/{id}': {
    get: { tags, summary: 'One survey with its questions', security: bearer, parameters: [surveyId], responses: { 200: { description: 'The survey.' }, 404: surveyMissing, ...common } },
    put: {
      tags,
      summary: 'Replace a survey’s details and questions; refused once it has responses (copy it instead)',
      security: bearer,
      parameters: [surveyId],
      requestBody: jsonBody(surveySchemas.surveyBody),
      responses: { 200: { description: 'The survey.' }, 404: surveyMissing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/surveys/{id}/activate': {
    post: { tags, summary: 'Draft to Active; retires the other Active survey of the same type and audience', security: bearer, parameters: [surveyId], responses: { 200: { description: 'The survey and the ids it retired.' }, 404: surveyMissing, 422: invalid, ...common } },
  },
  '/api/disputeresolution/surveys/{id}/copy': {
    post: { tags, summary: 'A new Draft with the same questions, version + 1', security: bearer, parameters: [surveyId], responses: { 201: { description: 'The copy.' }, 404: surveyMissing, ...common } },
  },
  '/api/disputeresolution/surveys/{id}/retire': {
    post: { tags, summary: 'Retire a survey', security: bearer, parameters: [surveyId], responses: { 200: { description: 'The survey.' }, 404: surveyMissing, 422: invalid, ...common } },
  },
  '/api/disputeresolution/surveys/{id}/results': {
    get: {
      tags,
      summary: 'Per question n, mean, percent Agree, percent Yes and text answers; breakdowns by type, LEA and year hidden under 3 responses',
      security: bearer,
      parameters: [surveyId],
      responses: { 200: { description: 'Results.' }, 404: surveyMissing, ...common },
    },
  },
  '/api/disputeresolution/public/surveys/{token}': {
    get: { tags, summary: 'The survey a link opens (no sign-in)', parameters: [surveyToken], responses: { 200: { description: 'Name and questions.' }, 404: linkUnusable, 410: linkUnusable } },
    post: {
      tags,
      summary: 'Answer once: answers keyed by question seq (Likert 1-5, true/false, text); stored with no link to the person or the invitation',
      parameters: [surveyToken],
      requestBody: jsonBody(surveySchemas.answersBody),
      responses: { 201: { description: 'Recorded.' }, 404: linkUnusable, 410: linkUnusable, 422: invalid },
    },
  },
  '/api/disputeresolution/cases/{id}/sign-requests': {
    get: { tags, summary: 'The case’s signature requests (no tokens); needs DisputeResolution.stateuser', security: bearer, parameters: [caseId], responses: { 200: { description: 'The requests, newest first.' }, 404: missing, ...common } },
    post: {
      tags,
      summary: 'Send a signing link (DR Signature Requested, email only): 1 staff-intake state complaint (a Draft), 2 agreement to participate (MED, IEPF), 3 resolution meeting waiver (DP, EDP), 4 the parent’s choice of three hearing officers (parent-filed DP, EDP; the first three of the rotation)',
      description: `Needs DisputeResolution.stateuser. The link lasts 14 days; the hearing officer choice 5 business days (EDP 2). ${scope}`,
      security: bearer,
      parameters: [caseId],
      requestBody: jsonBody(signSchemas.createBody),
      responses: { 201: { description: 'id and expiresAt.' }, 404: missing, 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/public/sign/{token}': {
    get: { tags, summary: 'The document a signing link opens (student initials only) or the three offered hearing officers', security: publicBasic, parameters: [signToken], responses: { 200: { description: 'The document.' }, 401: unauthenticated, 404: signUnusable, 410: signUnusable } },
    post: {
      tags,
      summary: 'Sign once: typedName, agreed, and for the choice of three a ranking of the three offered user ids. Purpose 1 submits the draft (received on the signing date), 3 records RESOLUTION_WAIVED, 4 proposes the first ranked',
      security: publicBasic,
      parameters: [signToken],
      requestBody: jsonBody(signSchemas.signBody),
      responses: { 201: { description: 'Recorded.' }, 401: unauthenticated, 404: signUnusable, 410: signUnusable, 422: invalid },
    },
  },
  ...emailTemplatePaths(
    DR_TEMPLATES_PATH,
    'Needs DisputeResolution.emailtemplates.manage. A preview or test send fills the fields from `caseId` (or `caseNumber`) of a case in the caller’s scope (else 404), or with sample values.',
  ),
  '/api/disputeresolution/cases/{id}/documents': {
    get: {
      tags,
      summary: 'The case’s documents (student PII, §14)',
      description: `Needs DisputeResolution.disputerequests.view and full PII on the case: state staff, the filer, users of the respondent LEA, assigned neutrals; anyone else gets 404. ${scope}`,
      security: bearer,
      parameters: [caseId],
      responses: { 200: jsonResponse('The documents and what the caller may do with them.', drDocuments), 404: missing, ...common },
    },
    post: {
      tags,
      summary: 'Upload a document: PDF, DOCX, JPG or PNG up to 20 MB, the type detected from the bytes; not on a draft',
      description: 'The same callers as the list. `redactedDecision` (true) tags it Redacted decision, which publishes it on /dr-public when the case is a closed DP or EDP case (state staff only).',
      security: bearer,
      parameters: [caseId],
      requestBody: multipartBody('file', { redactedDecision: { type: 'string', enum: ['true', 'false'] } }),
      responses: { 201: jsonResponse('The new document’s id and the list.', drDocuments), 403: denied, 404: missing, 422: invalid, 401: unauthenticated },
    },
  },
  '/api/disputeresolution/cases/{id}/documents/{docId}': {
    get: {
      tags,
      summary: 'Download a document as an attachment (nosniff); recorded as a PII view',
      security: bearer,
      parameters: [caseId, pathParam('docId', uuidSchema, 'The document id.')],
      responses: { 200: fileResponse('The file.'), 404: error('No such document, or the case is out of scope.'), ...common },
    },
    delete: {
      tags,
      summary: 'Delete a document (state staff or the uploader)',
      security: bearer,
      parameters: [caseId, pathParam('docId', uuidSchema, 'The document id.')],
      responses: { 204: noContent('Deleted.'), 404: error('No such document, or the case is out of scope.'), ...common },
    },
    put: {
      tags,
      summary: 'Set or clear the Redacted decision tag (state staff)',
      security: bearer,
      parameters: [caseId, pathParam('docId', uuidSchema, 'The document id.')],
      requestBody: jsonBody(documentSchemas.tagBody),
      responses: { 200: jsonResponse('The list.', drDocuments), 404: error('No such document, or the case is out of scope.'), 422: invalid, ...common },
    },
  },
  '/api/disputeresolution/public/options': {
    get: {
      tags,
      summary: 'The four options compared: title, who may file, typical timeline, cost',
      description: 'The public Basic token (DR_PUBLIC_BASIC) only; rate-limited per client.',
      security: publicBasic,
      responses: { 200: jsonResponse('The options.', z.array(drPublicOption)), 401: error('No or a wrong Basic token.'), 429: error('Too many requests.') },
    },
  },
  '/api/disputeresolution/public/decisions': {
    get: {
      tags,
      summary: 'Published redacted decisions: documents tagged Redacted decision on closed DP and EDP cases (no student data)',
      security: publicBasic,
      responses: { 200: jsonResponse('Year, case number, LEA, decision date and document id.', z.array(drPublicDecision)), 401: error('No or a wrong Basic token.'), 429: error('Too many requests.') },
    },
  },
  '/api/disputeresolution/public/decisions/{docId}': {
    get: {
      tags,
      summary: 'Download one published decision, named after its case number',
      security: publicBasic,
      parameters: [pathParam('docId', uuidSchema, 'The document id.')],
      responses: { 200: fileResponse('The decision.'), 404: error('No such published decision.'), 401: error('No or a wrong Basic token.'), 429: error('Too many requests.') },
    },
  },
  '/api/disputeresolution/cases/{id}/survey-invitations': {
    get: {
      tags,
      summary: 'A case’s survey invitations: survey, recipient, sent, expiry and responded dates (never the answers); state staff',
      security: bearer,
      parameters: [caseId],
      responses: { 200: { description: 'Invitations.' }, ...common },
    },
  },
};
