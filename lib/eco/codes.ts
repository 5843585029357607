// The Early Childhood Outcomes module's codes and labels (ECO spec §2). Codes never change; the
// list manager may relabel list items, so these labels are the seeded defaults.
import type { IsoDay } from '../day.js';

export const OUTCOMES = ['A', 'B', 'C'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const outcomeTitles: Record<Outcome, string> = {
  A: 'Positive social-emotional skills (including social relationships)',
  B: 'Acquisition and use of knowledge and skills (including early language/communication and early literacy)',
  C: 'Use of appropriate behaviors to meet their needs',
};

export type AssessmentType = 'entry' | 'exit';
export const ASSESSMENT_STATUSES = ['draft', 'submitted', 'finalized'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
/** The stored numbers of the statuses (§2.3). */
export const assessmentStatusNumber: Record<AssessmentStatus, 1 | 2 | 3> = { draft: 1, submitted: 2, finalized: 3 };

export type NewSkills = 'Y' | 'N';

export const FAMILY_INPUT = ['received-in-meeting', 'collected-separately', 'incorporated-into-assessment', 'not-included'] as const;
export type FamilyInput = (typeof FAMILY_INPUT)[number];
export const familyInputLabels: Record<FamilyInput, string> = {
  'received-in-meeting': 'Received in team meeting',
  'collected-separately': 'Collected separately',
  'incorporated-into-assessment': 'Incorporated into assessment(s)',
  'not-included': 'Not included',
};

/** Whether exit ratings are needed when the child had at least 182 days of services (§2.8). */
export type ExitRatingNeed = 'required' | 'optional' | 'not-collected';

export const EXIT_REASONS = ['kindergarten', 'age-six', 'not-eligible', 'parent-revoked', 'moved-out', 'lost-contact', 'deceased', 'other'] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];
export const exitReasons: Record<ExitReason, { label: string; exitRatings: ExitRatingNeed }> = {
  kindergarten: { label: 'Entered kindergarten', exitRatings: 'required' },
  'age-six': { label: 'Reached age 6 before leaving preschool services', exitRatings: 'required' },
  'not-eligible': { label: 'No longer eligible for special education', exitRatings: 'required' },
  'parent-revoked': { label: 'Parent revoked consent for services', exitRatings: 'optional' },
  'moved-out': { label: 'Moved out of the state or to a provider outside the portal', exitRatings: 'optional' },
  'lost-contact': { label: 'Stopped attending and the family could not be reached', exitRatings: 'optional' },
  deceased: { label: 'Deceased', exitRatings: 'not-collected' },
  other: { label: 'Other', exitRatings: 'optional' },
};

export const TEAM_ROLES = [
  'parent',
  'ecse-teacher',
  'general-ed-teacher',
  'speech-language-pathologist',
  'occupational-therapist',
  'physical-therapist',
  'school-psychologist',
  'administrator',
  'other',
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ASSESSMENT_SOURCES = [
  'observation',
  'parent-report',
  'curriculum-based-assessment',
  'norm-referenced-assessment',
  'part-c-records',
  'provider-progress-notes',
  'other',
] as const;
export type AssessmentSource = (typeof ASSESSMENT_SOURCES)[number];

/** The fixed rating labels of the default 1-7 scale, shown '{n} {label}'. */
export const ratingLabels: Record<number, string> = {
  7: 'Completely',
  6: 'Between somewhat and completely',
  5: 'Somewhat',
  4: 'Between emerging and somewhat',
  3: 'Emerging',
  2: 'Between not yet and emerging',
  1: 'Not yet',
};
export const ratingOption = (n: number): string => `${n} ${ratingLabels[n] ?? ''}`.trim();

export const CATEGORIES = ['a', 'b', 'c', 'd', 'e'] as const;
export type Category = (typeof CATEGORIES)[number];
export const categoryLabels: Record<Category, string> = {
  a: 'Did not improve functioning',
  b: 'Improved functioning, but not sufficient to move nearer to functioning comparable to same-aged peers',
  c: 'Improved functioning to a level nearer to same-aged peers but did not reach it',
  d: 'Improved functioning to reach a level comparable to same-aged peers',
  e: 'Maintained functioning at a level comparable to same-aged peers',
};

export const RECORD_STATUSES = [
  'entry-pending',
  'entry-overdue',
  'entry-submitted',
  'entry-finalized',
  'exit-pending',
  'exit-overdue',
  'exit-submitted',
  'complete',
  'not-included',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export type StatusColor = 'grey' | 'red' | 'blue' | 'green' | 'amber';
export const recordStatuses: Record<RecordStatus, { label: string; color: StatusColor }> = {
  'entry-pending': { label: 'Entry pending', color: 'grey' },
  'entry-overdue': { label: 'Entry overdue', color: 'red' },
  'entry-submitted': { label: 'Entry submitted', color: 'blue' },
  'entry-finalized': { label: 'Entry finalized', color: 'green' },
  'exit-pending': { label: 'Exit pending', color: 'grey' },
  'exit-overdue': { label: 'Exit overdue', color: 'red' },
  'exit-submitted': { label: 'Exit submitted', color: 'blue' },
  complete: { label: 'Complete', color: 'green' },
  'not-included': { label: 'Not included', color: 'amber' },
};

export const NOT_INCLUDED_REASONS = ['short-stay', 'entry-missing', 'exit-missing', 'exit-not-collected', 'not-finalized', 'invalid-combination'] as const;
export type NotIncludedReason = (typeof NOT_INCLUDED_REASONS)[number];

/** The reason's label; exit-not-collected names the exit reason's label (§2.8). */
export function notIncludedLabel(reason: NotIncludedReason, exitReason?: ExitReason | null): string {
  switch (reason) {
    case 'short-stay':
      return 'Fewer than 182 days of services';
    case 'entry-missing':
      return 'No submitted entry ratings';
    case 'exit-missing':
      return 'No submitted exit ratings';
    case 'exit-not-collected':
      return `Exit ratings not collected (${exitReason ? exitReasons[exitReason].label : ''})`;
    case 'not-finalized':
      return 'Ratings not finalized';
    case 'invalid-combination':
      return 'Rating combination not possible';
  }
}

/** Year settings (§2.6) with their defaults; the scale lives here so an instrument change needs no code. */
export interface YearSettings {
  scaleMin: number;
  scaleMax: number;
  ageExpectedMin: number;
  entryDueDays: number;
  entryEarliestDays: number;
  exitWindowBeforeDays: number;
  exitWindowAfterDays: number;
  futureExitMaxDays: number;
  minServiceDays: number;
  applyMinServiceRule: boolean;
  completenessThreshold: number;
  minNForPatterns: number;
  maxPercentCategoryA: number;
  maxPercentCategoryE: number;
  /** July 31 after the year ends unless the state sets another day. */
  leaDataDueDate: IsoDay | null;
}

export const DEFAULT_YEAR_SETTINGS: YearSettings = {
  scaleMin: 1,
  scaleMax: 7,
  ageExpectedMin: 6,
  entryDueDays: 60,
  entryEarliestDays: 30,
  exitWindowBeforeDays: 60,
  exitWindowAfterDays: 30,
  futureExitMaxDays: 60,
  minServiceDays: 182,
  applyMinServiceRule: true,
  completenessThreshold: 90,
  minNForPatterns: 10,
  maxPercentCategoryA: 10,
  maxPercentCategoryE: 50,
  leaDataDueDate: null,
};

/** Targets of one FFY (§2.7), each 'at least' this percent. */
export type Targets = Record<`${Outcome}${1 | 2}`, number>;

/** The event actions (§2.5, eco_events.action) as the status page's history and the dashboard's recent activity name them. */
export const ECO_EVENT_ACTION_LABELS = {
  'child-created': 'Child created',
  'child-updated': 'Child updated',
  'child-deleted': 'Child deleted',
  'child-claimed': 'Child claimed',
  'entry-saved': 'Entry ratings saved',
  'entry-submitted': 'Entry ratings submitted',
  'entry-finalized': 'Entry ratings finalized',
  'entry-unlocked': 'Entry ratings unlocked',
  'exit-saved': 'Exit saved',
  'exit-submitted': 'Exit ratings submitted',
  'exit-finalized': 'Exit ratings finalized',
  'exit-unlocked': 'Exit ratings unlocked',
  'unlock-requested': 'Unlock requested',
  'unlock-declined': 'Unlock request declined',
  import: 'Imported',
  export: 'Exported',
} as const;
