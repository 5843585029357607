// The dispute resolution API's answers as the portal reads them (DR spec §12). The API builds
// them and the portal checks every answer with these schemas (zod at every edge).
import { z } from 'zod';
import { caseData } from './request.js';

export const STATUS_NAMES = ['Draft', 'Submitted', 'Active', 'Set Aside', 'Closed'] as const;
export type StatusName = (typeof STATUS_NAMES)[number];
export const TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'IEP Facilitation',
  2: 'Mediation',
  3: 'State Complaint',
  4: 'Due Process Complaint',
  5: 'Expedited Due Process Complaint',
};

export const OUTCOME_NAMES: Readonly<Record<number, string>> = {
  11: 'Held, IEP agreed',
  12: 'Held, no agreement',
  13: 'Not held',
  21: 'Held, agreement',
  22: 'Held, no agreement',
  23: 'Not held: declined by a party',
  24: 'Not held: withdrawn',
  31: 'Report issued',
  32: 'Withdrawn',
  33: 'Dismissed',
  41: 'Fully adjudicated',
  42: 'Withdrawn',
  43: 'Dismissed',
  44: 'Resolved by resolution agreement',
  45: 'Resolved by mediation agreement',
  46: 'Resolved by other settlement',
};

export const DEADLINE_NAMES: Readonly<Record<string, string>> = {
  SC_DECISION: 'Complaint report',
  SC_LEA_RESPONSE: 'District response to the issues letter',
  DP_RESPONSE: 'Response to the complaint',
  DP_SUFFICIENCY_NOTICE: 'Sufficiency challenge',
  DP_SUFFICIENCY_RULING: 'Sufficiency ruling',
  DP_RESOLUTION_MEETING: 'Resolution meeting',
  DP_RESOLUTION_PERIOD_END: 'Resolution period ends',
  DP_DECISION: 'Hearing decision',
  EDP_RESOLUTION_MEETING: 'Expedited resolution meeting',
  EDP_RESOLUTION_PERIOD_END: 'Expedited resolution period ends',
  EDP_HEARING: 'Expedited hearing',
  EDP_DECISION: 'Expedited hearing decision',
  DISCLOSURE: 'Disclosure of evidence',
  AGREEMENT_REVIEW_END: 'Agreement review period ends',
  APPEAL_WINDOW: 'Appeal window',
  CROSS_APPEAL: 'Cross-appeal',
  REVIEW_DECISION: 'Review decision',
  MED_SESSION_TARGET: 'Mediation session target',
  IEPF_ASSIGN_TARGET: 'Facilitator assignment target',
};

export const BASIS_NAMES: Readonly<Record<string, string>> = { C: 'Calendar days', B: 'Business days', S: 'School days' };

const day = z.string().nullable();

export const drDeadline = z.object({
  code: z.string(),
  basis: z.enum(['C', 'B', 'S']),
  triggerDate: day,
  originalDueDate: day,
  extendedDueDate: day,
  metDate: day,
  state: z.string(),
  citation: z.string(),
  trail: z.array(z.string()),
});
export type DrDeadline = z.infer<typeof drDeadline>;

export const nextDeadline = z.object({ code: z.string(), dueDate: z.string(), daysLeft: z.number().int(), state: z.string() }).nullable();

export const drCaseListItem = z.object({
  id: z.string(),
  caseNumber: z.string().nullable(),
  disputeType: z.number().int().nullable(),
  status: z.number().int(),
  outcome: z.number().int().nullable(),
  leaId: z.number().int().nullable(),
  leaName: z.string().nullable(),
  studentInitials: z.string(),
  receivedDate: day,
  nextDeadline,
  pendingWithdrawal: z.boolean(),
  isOwner: z.boolean(),
});
export type DrCaseListItem = z.infer<typeof drCaseListItem>;

export const drCaseList = z.object({ items: z.array(drCaseListItem), total: z.number().int() });

export const drAction = z.object({
  id: z.number().int(),
  type: z.string(),
  actionDate: z.string(),
  fromDate: day,
  toDate: day,
  note: z.string(),
  visibility: z.enum(['Internal', 'Parties']),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type DrAction = z.infer<typeof drAction>;

export const drLink = z.object({
  id: z.number().int(),
  relation: z.number().int(),
  note: z.string(),
  other: z.object({ id: z.string(), caseNumber: z.string().nullable(), disputeType: z.number().int().nullable(), status: z.number().int() }),
  /** This case is case A of the link (relation 2: the mediation; 3 and 5: the complaint). */
  isA: z.boolean(),
});
export type DrLink = z.infer<typeof drLink>;

export const drWithdrawal = z.object({
  id: z.number().int(),
  caseId: z.string(),
  caseNumber: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['Pending', 'Approved', 'Declined']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type DrWithdrawal = z.infer<typeof drWithdrawal>;

export const drAssignment = z.object({
  id: z.number().int(),
  neutralType: z.number().int(),
  userId: z.string(),
  name: z.string(),
  method: z.number().int(),
  status: z.string(),
  assignedAt: z.string(),
  endReason: z.string().nullable(),
});
export type DrAssignment = z.infer<typeof drAssignment>;

export const drCase = z.object({
  id: z.string(),
  caseNumber: z.string().nullable(),
  disputeType: z.number().int().nullable(),
  option: z.enum(['IEPF', 'MED', 'SC', 'DP']).nullable(),
  status: z.number().int(),
  outcome: z.number().int().nullable(),
  outcomeReason: z.string().nullable(),
  requesterType: z.number().int().nullable(),
  leaId: z.number().int().nullable(),
  leaName: z.string().nullable(),
  schoolYear: z.string().nullable(),
  receivedDate: day,
  receivedVia: z.string().nullable(),
  otherPartyReceivedDate: day,
  bothPartiesAgreedDate: day,
  hearingDate: day,
  decisionDate: day,
  decisionReceivedDate: day,
  reportDate: day,
  agreementDate: day,
  agreementVoidedDate: day,
  changeOfPlacementOrdered: z.boolean().nullable(),
  contentChecklistComplete: z.boolean(),
  closedDate: day,
  caseManager: z.string().nullable(),
  draftStep: z.number().int(),
  studentInitials: z.string(),
  /** The student's and requester's details are shown (§14); false: `data` carries none of them. */
  piiVisible: z.boolean(),
  isOwner: z.boolean(),
  data: caseData,
  deadlines: z.array(drDeadline),
  assignments: z.array(drAssignment),
  pendingWithdrawal: z.boolean(),
  /** The status moves this caller may attempt (§5.1), by name. */
  allowedMoves: z.array(z.string()),
  /** What a change the caller just made should know (a reopened case of a certified year). */
  warnings: z.array(z.string()).optional(),
});
export type DrCase = z.infer<typeof drCase>;

export const drSubmitted = z.object({
  id: z.string(),
  caseNumber: z.string(),
  receivedDate: z.string(),
  schoolYear: z.string(),
  deadlines: z.array(drDeadline),
  linkedMediation: z.string().nullable(),
});

export const table7Answer = z.object({
  schoolYear: z.string(),
  asOf: z.string(),
  inProgress: z.boolean(),
  rows: z.array(z.object({ row: z.string(), label: z.string(), value: z.number().int() })),
  informational: z.array(z.object({ label: z.string(), value: z.number().int() })),
  checks: z.array(z.object({ rule: z.string(), pass: z.boolean() })),
  b15: z.string(),
  b16: z.string(),
  notes: z.array(z.string()),
  certified: z
    .object({ certifiedAt: z.string(), certifiedBy: z.string(), rows: z.record(z.string(), z.number()), b15: z.string(), b16: z.string() })
    .nullable(),
  filtered: z.boolean(),
});
export type Table7Answer = z.infer<typeof table7Answer>;

export const drDashboard = z.object({
  openByType: z.record(z.string(), z.number().int()),
  overdue: z.number().int(),
  dueIn7Days: z.number().int(),
  unassigned: z.number().int().nullable(),
  withdrawalRequests: z.number().int().nullable(),
});
export type DrDashboard = z.infer<typeof drDashboard>;

export const drSummaryAnswer = z.object({
  schoolYear: z.string(),
  asOf: z.string(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  total: z.record(z.string(), z.union([z.string(), z.number()])),
  issues: z.array(z.object({ code: z.string(), issue: z.string(), cases: z.number().int(), noncomplianceFindings: z.number().int() })),
  byMonth: z.object({ months: z.array(z.string()), counts: z.record(z.string(), z.array(z.number().int())) }),
});

export const drTrackingAnswer = z.object({
  today: z.string(),
  correctiveActions: z.array(z.object({ caseId: z.string(), caseNumber: z.string(), allegation: z.number().int(), dueDate: z.string(), status: z.string(), daysOverdue: z.number().int() })),
  counts: z.record(z.string(), z.number().int()),
  options: z.object({ type: z.array(z.string()), lea: z.array(z.string()), caseManager: z.array(z.string()), neutral: z.array(z.string()) }),
  rows: z.array(
    z.object({
      id: z.string(),
      caseNumber: z.string(),
      type: z.string(),
      status: z.string(),
      lea: z.string(),
      studentInitials: z.string(),
      received: z.string(),
      caseManager: z.string(),
      neutral: z.string(),
      nextDeadline: z.string(),
      dueDate: z.string(),
      daysLeft: z.number().int().nullable(),
      deadlineStatus: z.string(),
    }),
  ),
});
export type DrTrackingAnswer = z.infer<typeof drTrackingAnswer>;

/** The respondents a filer may name on step 3 (§4.2): LEAs by group, and one LEA's schools. */
export const drRespondents = z.object({
  leas: z.array(z.object({ id: z.number().int(), name: z.string(), leaType: z.enum(['District', 'Charter']), isStateLevel: z.boolean() })),
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DrRespondents = z.infer<typeof drRespondents>;

/** A case's survey invitations (§4.3 tab=survey): who was asked and when, never the answers. */
export const drSurveyInvitations = z.array(
  z.object({ id: z.number().int(), survey: z.string(), recipientRole: z.string(), email: z.string(), sentAt: z.string(), expiresAt: z.string(), respondedAt: z.string().nullable() }),
);
export type DrSurveyInvitations = z.infer<typeof drSurveyInvitations>;
