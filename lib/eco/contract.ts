// The answers of the ECO agency API (spec §10) as zod schemas: the API builds them, the portal
// parses them (safeParse at its edge), and the OpenAPI document describes them.
import { z } from 'zod';
import { ASSESSMENT_STATUSES, CATEGORIES, EXIT_REASONS, NOT_INCLUDED_REASONS, RECORD_STATUSES } from './codes.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const assessmentStatus = z.enum(ASSESSMENT_STATUSES);
const newSkills = z.enum(['Y', 'N']).nullable();

/** What the child list and the status page both say about one record (§3.2, §3.6). */
const recordState = {
  leaId: z.number().int(),
  leaName: z.string(),
  entryDate: day,
  entryStatus: assessmentStatus.nullable(),
  exitDate: day.nullable(),
  exitStatus: assessmentStatus.nullable(),
  status: z.enum(RECORD_STATUSES),
  statusLabel: z.string(),
  notIncludedReason: z.enum(NOT_INCLUDED_REASONS).nullable(),
  notIncludedLabel: z.string().nullable(),
  dueDate: day.nullable(),
  overdue: z.boolean(),
  kindergartenBound: z.boolean(),
  flags: z.array(z.string()),
};

export const ecoRecordListItem = z.object({
  recordId: z.number().int(),
  childId: z.number().int(),
  ssidMasked: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  birthDate: day,
  schoolName: z.string().nullable(),
  ...recordState,
});
export type EcoRecordListItem = z.infer<typeof ecoRecordListItem>;

/** §10 names the count `total`; the platform's paged lists say `totalCount` (MODULES.md): both, equal. */
export const ecoRecordList = z.object({ items: z.array(ecoRecordListItem), total: z.number().int(), totalCount: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type EcoRecordList = z.infer<typeof ecoRecordList>;

export const ecoSearchResult = z.object({
  items: z.array(ecoRecordListItem),
  total: z.number().int(),
  /** 'More than 5,000 children match. Narrow your search.' when the search is too broad (items then empty). */
  message: z.string().nullable(),
  /** The statewide lookup (§3.3): a child whose open record another LEA holds. */
  heldElsewhere: z.object({ leaName: z.string(), label: z.string(), canClaim: z.boolean() }).nullable(),
});
export type EcoSearchResult = z.infer<typeof ecoSearchResult>;

export const ecoRecordSummary = z.object({
  recordId: z.number().int(),
  childId: z.number().int(),
  ...recordState,
  exitReason: z.enum(EXIT_REASONS).nullable(),
  exitNote: z.string().nullable(),
  entryAssessmentId: z.number().int().nullable(),
  exitAssessmentId: z.number().int().nullable(),
  daysOfService: z.number().int().nullable(),
});
export type EcoRecordSummary = z.infer<typeof ecoRecordSummary>;

export const ecoEvent = z.object({
  id: z.number().int(),
  recordId: z.number().int().nullable(),
  assessmentId: z.number().int().nullable(),
  action: z.string(),
  userId: z.string(),
  userName: z.string(),
  at: z.string(),
  reason: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
});
export type EcoEvent = z.infer<typeof ecoEvent>;

export const ecoChild = z.object({
  id: z.number().int(),
  stateStudentId: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  birthDate: day,
  leaId: z.number().int(),
  leaName: z.string(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  disabilityCategory: z.string(),
  version: z.number().int(),
});

export const ecoChildDetail = z.object({
  child: ecoChild,
  records: z.array(ecoRecordSummary),
  events: z.array(ecoEvent),
  /** Whether 'Delete child' is possible: no assessment was ever submitted (§3.6). */
  canDelete: z.boolean(),
});
export type EcoChildDetail = z.infer<typeof ecoChildDetail>;

export const ecoAssessment = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  type: z.enum(['entry', 'exit']),
  status: assessmentStatus,
  ratingDate: day.nullable(),
  ratingA: z.number().int().nullable(),
  ratingB: z.number().int().nullable(),
  ratingC: z.number().int().nullable(),
  newSkillsA: newSkills,
  newSkillsB: newSkills,
  newSkillsC: newSkills,
  evidenceA: z.string().nullable(),
  evidenceB: z.string().nullable(),
  evidenceC: z.string().nullable(),
  teamMembers: z.array(z.object({ name: z.string(), role: z.string() })),
  familyInput: z.string().nullable(),
  sources: z.array(z.string()),
  sourcesOther: z.string().nullable(),
  firstSubmittedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedByName: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  finalizedBy: z.string().nullable(),
  unlockCount: z.number().int(),
  version: z.number().int(),
  openRequestId: z.number().int().nullable(),
});
export type EcoAssessment = z.infer<typeof ecoAssessment>;

export const ecoBanner = z.object({
  childId: z.number().int(),
  name: z.string(),
  stateStudentId: z.string(),
  birthDate: day,
  ageAtEntry: z.string(),
  leaName: z.string(),
  schoolName: z.string().nullable(),
  disabilityCategory: z.string(),
  entryDate: day,
  entryDue: day,
  exitDate: day.nullable(),
  exitReason: z.enum(EXIT_REASONS).nullable(),
  exitNote: z.string().nullable(),
});

const categoryCell = z.object({ category: z.union([z.enum(CATEGORIES), z.literal('invalid')]), label: z.string() }).nullable();

export const ecoScorePage = z.object({
  assessment: ecoAssessment.nullable(),
  banner: ecoBanner,
  status: ecoRecordSummary,
  /** The buttons of §3.4's table for this caller. */
  actions: z.array(z.string()),
  lockedFields: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Exit only: the entry ratings shown read-only, the categories, days of service and the form's mode. */
  entryRatings: z.object({ A: z.number().nullable(), B: z.number().nullable(), C: z.number().nullable() }).nullable(),
  categories: z.object({ A: categoryCell, B: categoryCell, C: categoryCell }).nullable(),
  daysOfService: z.number().int().nullable(),
  ratingsMode: z.enum(['required', 'optional', 'short-stay', 'not-collected']).nullable(),
  notice: z.string().nullable(),
});
export type EcoScorePage = z.infer<typeof ecoScorePage>;

export const ecoFinalizeReport = z.object({
  finalized: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  message: z.string(),
});

export const ecoUnlockRequest = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  recordId: z.number().int(),
  childId: z.number().int(),
  type: z.enum(['entry', 'exit']),
  leaId: z.number().int(),
  leaName: z.string(),
  childInitials: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'approved', 'declined']),
  requestedBy: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type EcoUnlockRequest = z.infer<typeof ecoUnlockRequest>;

export const ecoYearSettings = z.object({
  schoolYear: z.string(),
  scaleMin: z.number().int(),
  scaleMax: z.number().int(),
  ageExpectedMin: z.number().int(),
  entryDueDays: z.number().int(),
  entryEarliestDays: z.number().int(),
  exitWindowBeforeDays: z.number().int(),
  exitWindowAfterDays: z.number().int(),
  futureExitMaxDays: z.number().int(),
  minServiceDays: z.number().int(),
  applyMinServiceRule: z.boolean(),
  completenessThreshold: z.number(),
  minNForPatterns: z.number().int(),
  maxPercentCategoryA: z.number(),
  maxPercentCategoryE: z.number(),
  leaDataDueDate: day,
});

export const ecoTargets = z.object({
  ffy: z.number().int(),
  A1: z.number().nullable(),
  A2: z.number().nullable(),
  B1: z.number().nullable(),
  B2: z.number().nullable(),
  C1: z.number().nullable(),
  C2: z.number().nullable(),
});
