// The ECO reports API in the OpenAPI document (ECO spec §10): dashboard, state tracking with its
// reminder, and the APR report with its CSVs, from the schemas of lib/eco/report-contract.ts.
import { APR_SUMMARY_HEADER, CHILD_DATA_HEADER, STATE_TRACKING_HEADER } from '../../lib/eco/csv.js';
import { ecoAprReport, ecoDashboard, ecoReminderAnswer, ecoStateTracking } from '../../lib/eco/report-contract.js';
import {
  audited,
  bearer,
  csvResponse,
  currentLeaHeader,
  denied,
  intId,
  intSchema,
  invalid,
  jsonResponse,
  notFoundOrOutOfScope,
  queryParam,
  schoolYearHeader,
  schoolYearSchema,
  unauthenticated,
  type OpenApiPaths,
} from '../openapi/helpers.js';

const tags = ['Early childhood outcomes'];
const common = { 400: invalid, 401: unauthenticated, 403: denied };
const scope =
  'Scope (§10): the CurrentLeaId header (or leaId) selects the LEA; a district user sees only their LEAs (another answers 404); with App.data.allleas the state-level district or no LEA means statewide.';
const year = queryParam('schoolYear', schoolYearSchema, 'The July-June school year (default: the activeschoolyear header, else the current one).');
const aprParams = [
  year,
  queryParam('leaId', intSchema, 'One LEA (App.data.allleas: any; others: one of theirs).'),
  queryParam('basis', { type: 'string', enum: ['submitted', 'finalized'] }, "'submitted' = submitted and finalized (default); 'finalized' = finalized only."),
  queryParam('schoolId', intSchema, 'A school of the LEA (LEA scope only).'),
  queryParam('disability', { type: 'string' }, "An item code of the list 'disability-categories'."),
  currentLeaHeader,
  schoolYearHeader,
];
const logged = `Every export is logged (audit and an ECO \`export\` event). ${audited}`;
const csvOf = (header: readonly string[]) => csvResponse(`CSV (§7). ${logged}`, header);

export const ecoReportPaths: OpenApiPaths = {
  '/api/eco/dashboard': {
    get: {
      tags,
      summary: 'Dashboard tiles, summary statements (LEA, state, target) and the last 10 events in scope (§3.1)',
      description: `Needs Eco.access; statements need Eco.reports.view. ${scope}`,
      security: bearer,
      parameters: [year, currentLeaHeader, schoolYearHeader],
      responses: { 200: jsonResponse('The dashboard.', ecoDashboard), ...common },
    },
  },
  '/api/eco/state-tracking': {
    get: {
      tags,
      summary: "One row per LEA plus 'State total' (§3.7); ?format=csv for the CSV",
      description: 'Needs App.stateuser.',
      security: bearer,
      parameters: [
        year,
        queryParam('leaType', { type: 'string', enum: ['All', 'District', 'Charter'] }, 'LEA type filter.'),
        queryParam('status', { type: 'string', enum: ['On track', 'Needs attention', 'No preschool children'] }, 'Status filter.'),
        queryParam('format', { type: 'string', enum: ['csv'] }, 'csv: the same rows as a CSV attachment.'),
      ],
      responses: { 200: jsonResponse(`The rows and total, or the CSV (header \`${STATE_TRACKING_HEADER.join(',')}\`).`, ecoStateTracking), ...common },
    },
  },
  '/api/eco/state-tracking.csv': {
    get: { tags, summary: 'State tracking CSV (§7)', description: 'Needs App.stateuser.', security: bearer, parameters: [year], responses: { 200: csvOf(STATE_TRACKING_HEADER), ...common } },
  },
  '/api/eco/state-tracking/{id}/remind': {
    post: {
      tags,
      summary: "Send reminder: an in-app message to the LEA's users with Eco.scores.submit (§3.7)",
      description: `Needs App.stateuser. ${audited}`,
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: { 200: jsonResponse("How many users got it, and 'Reminder sent to {n} users.'", ecoReminderAnswer), 404: notFoundOrOutOfScope('LEA'), ...common },
    },
  },
  '/api/eco/apr': {
    get: {
      tags,
      summary: 'The APR report (Indicator B7): counts, categories a-e, summary statements with targets, intervals and comparisons (§3.8)',
      description: `Needs Eco.reports.view. ${scope} ?format=csv gives the summary CSV.`,
      security: bearer,
      parameters: aprParams,
      responses: { 200: jsonResponse('The report.', ecoAprReport), 404: notFoundOrOutOfScope('LEA'), ...common },
    },
  },
  '/api/eco/apr.csv': {
    get: { tags, summary: 'APR summary CSV, 3 rows (A, B, C)', description: `Needs Eco.reports.view. ${scope}`, security: bearer, parameters: aprParams, responses: { 200: csvOf(APR_SUMMARY_HEADER), 404: notFoundOrOutOfScope('LEA'), ...common } },
  },
  '/api/eco/apr/by-lea.csv': {
    get: {
      tags,
      summary: 'APR by LEA CSV: 3 rows per LEA with an exit in the year, then 3 State rows',
      description: 'Needs Eco.reports.view and App.data.allleas.',
      security: bearer,
      parameters: aprParams,
      responses: { 200: csvOf(APR_SUMMARY_HEADER), ...common },
    },
  },
  '/api/eco/apr/children.csv': {
    get: {
      tags,
      summary: 'Child data CSV (full PII) of the children exiting in the year, in scope',
      description: `Needs Eco.reports.view and Eco.access. ${scope}`,
      security: bearer,
      parameters: aprParams,
      responses: { 200: csvOf(CHILD_DATA_HEADER), 404: notFoundOrOutOfScope('LEA'), ...common },
    },
  },
};
