// The Early Childhood Outcomes module's catalogue of user-facing strings (ECO spec §3-§8), quoted
// exactly; test/unit/eco-messages.test.ts asserts each. The seed's generic field errors ('Field
// is required', 'No future dates allowed', ...) are the platform's, reused from lib/messages.
import type { IsoDay } from '../day.js';
import { validationMessages } from '../messages.js';
import { messageDate } from '../shared/messages.js';
import type { Outcome } from './codes.js';

export const genericMessages = {
  fieldRequired: validationMessages.fieldRequired,
  maxLength: validationMessages.maxLength,
  numbersNotAllowed: validationMessages.numbersNotAllowed,
  noFutureDates: validationMessages.noFutureDates,
  selectFromList: validationMessages.selectFromList,
  invalidDateFormat: validationMessages.invalidDateFormat,
} as const;

// §5 Validation rules.
export const ecoValidationMessages = {
  ssidRequired: 'State student ID is required.',
  ssidDigits: 'State student ID must be exactly 10 digits.',
  ssidInYourLea: (lea: string) => `A child with this state student ID is already recorded in ${lea}.`,
  ssidInOtherLea: 'This child is recorded by another district. Use Search with the birth date to find and claim the record.',
  entryBeforeThirdBirthday: (day: IsoDay) => `Entry date must be on or after the child's third birthday (${messageDate(day)}).`,
  entryOnOrAfterSixthBirthday: (day: IsoDay) => `Entry date must be before the child's sixth birthday (${messageDate(day)}).`,
  entryNotAfterPreviousExit: (day: IsoDay) => `Entry date must be after the previous exit date (${messageDate(day)}).`,
  entryRatingTooEarly: (day: IsoDay) => `Entry ratings must be dated no earlier than ${messageDate(day)}.`,
  entryRatingAfterExit: (day: IsoDay) => `Entry ratings must be dated on or before the exit date (${messageDate(day)}).`,
  rateOutcome: (x: Outcome) => `Rate outcome ${x}.`,
  ratingScale: (min: number, max: number) => `Ratings must be whole numbers from ${min} to ${max}.`,
  newSkillsMissing: (x: Outcome) => `Answer the new skills question for outcome ${x}.`,
  impossibleCombination: (x: Outcome, exit: number, entry: number) =>
    `Outcome ${x}: the exit rating (${exit}) is not lower than the entry rating (${entry}), so the child has shown new skills. Answer Yes or correct the rating.`,
  noTeamMember: 'Add at least one person who took part in the rating.',
  noSource: 'Select at least one source of information.',
  exitDateMissing: 'Enter the exit date before submitting exit ratings.',
  exitNotAfterEntry: (day: IsoDay) => `Exit date must be after the entry date (${messageDate(day)}).`,
  exitTooFarAhead: (n: number, day: IsoDay) => `Exit date can be at most ${n} days in the future (${messageDate(day)}).`,
  exitOnOrAfterSixthBirthday: (day: IsoDay) => `Exit date must be before the child's sixth birthday (${messageDate(day)}).`,
  exitRatingWindow: (from: IsoDay, to: IsoDay) => `Exit ratings must be dated between ${messageDate(from)} and ${messageDate(to)}.`,
  reasonTooShort: 'Give a reason of at least 10 characters.',
  unlockRequestOpen: 'An unlock request for these ratings is already open.',
  notFound: 'Not found',
  accessDenied: 'Access Denied!',
} as const;

// §3.0 and §4 States and transitions.
export const ecoStatusMessages = {
  staleVersion: 'These ratings were changed by someone else. Reload the page to see the latest version.',
  entryLocksChild: 'Unlock the entry ratings to change the birth date, state student ID or entry date.',
  submitEntryFirst: 'Submit the entry ratings before submitting exit ratings.',
  unlockExitFirst: 'Unlock the exit ratings first.',
  ownSubmission: 'You submitted these ratings; another reviewer must finalize them.',
  bulkFinalized: (n: number, m: number, k: number) => `Finalized ${n} of ${m}. ${k} were submitted by you and need another reviewer.`,
  locked: 'These ratings are submitted and locked. Ask the state to unlock them.',
  closedRecord: 'This record is closed. Start a new record instead.',
  // Not worded by the spec: the refusals of moves §4's table does not have.
  notSubmitted: 'Only submitted ratings can be finalized.',
  nothingToUnlock: 'These ratings are not submitted, so there is nothing to unlock.',
  onceSubmitted: 'These ratings were submitted before, so the draft cannot be discarded.',
  noOpenRequest: 'This unlock request is no longer open.',
} as const;

type Kind = 'entry' | 'exit';
const Kind = (kind: Kind): string => (kind === 'entry' ? 'Entry' : 'Exit');

// §6.9 Claim and §3.0 masking.
export const ecoClaimText = {
  claimed: (last4: string, lea: string, day: IsoDay) => `A child record (state student ID ending ${last4}) was claimed by ${lea} on ${messageDate(day)}.`,
  heldBy: (lea: string) => `Held by ${lea}`,
} as const;

// §3.4 and §3.5 buttons and notices (with 'exit' in their messages for exit ratings).
export const ecoScoreText = {
  savedDraft: (kind: Kind) => `${Kind(kind)} ratings saved as a draft.`,
  submitConfirm: (kind: Kind) => `Submit ${kind} ratings? After you submit, only the state can unlock them.`,
  submitted: (kind: Kind) => `${Kind(kind)} ratings submitted.`,
  finalized: (kind: Kind) => `${Kind(kind)} ratings finalized.`,
  unlocked: (kind: Kind) => `${Kind(kind)} ratings unlocked.`,
  unlockRequested: 'Unlock request sent to the state.',
  exitSaved: 'Exit saved.',
  daysOfService: (n: number) => `Days of services: ${n} (at least 182 are needed to be included)`,
  shortStayNotice: (n: number) =>
    `This child received services for ${n} days, fewer than 182. Exit ratings are not required and the child will not be included in the annual performance report.`,
  notCollectedNotice: 'Exit ratings are not collected for this exit reason.',
  newSkillsQuestion: 'Has the child shown any new skills or behaviors related to this outcome since the entry rating?',
  progressCategory: (letter: string, label: string) => `Progress category: ${letter}, ${label}`,
  notPossible: (reason: string) => `This combination is not possible: ${reason}`,
  submittedBy: (name: string, day: IsoDay) => `Submitted by ${name} on ${messageDate(day)}`,
} as const;

// §6.5-§6.8 figures, flags and expected exits.
export const ecoReportText = {
  noValue: '—',
  ss1NotCalculated: 'Not calculated: no child entered below age expectations.',
  met: 'Met',
  notMet: 'Not met',
  notForApr: 'Not for the APR',
  caution: (h: string) => `Interpret with caution (±${h} points)`,
  completenessBelow: (threshold: number) => `Completeness below ${threshold.toFixed(2)}%`,
  categoryAAbove: (max: number, x: Outcome) => `Category a above ${max.toFixed(2)}% in outcome ${x}`,
  categoryEAbove: (max: number, x: Outcome) => `Category e above ${max.toFixed(2)}% in outcome ${x}`,
  identicalEntryRatings: 'Identical entry ratings in all three outcomes for more than 50.00% of children',
  largeChange: 'Large change',
  allSevensAtEntry: 'All 7s at entry',
  lateEntry: 'Late entry',
  exitExpected: (day: IsoDay) => `Exit expected ${messageDate(day)}`,
  onTrack: 'On track',
  needsAttention: 'Needs attention',
  noPreschoolChildren: 'No preschool children',
} as const;

// §8 Import.
export const ecoImportMessages = {
  tooManyRows: 'The file has more than 2,000 rows. Split it and upload each part.',
  header: 'The header row does not match the template.',
  allRatingsOrNone: 'Give all three entry ratings or none.',
  entrySubmitted: 'Entry ratings for this child are submitted; unlock them to change.',
  openRecordOtherEntry: (day: IsoDay) => `This child already has an open record with entry date ${messageDate(day)}.`,
  otherLea: 'This child is recorded by another district. Claim the record before importing.',
  duplicateInFile: (i: number, j: number) => `This state student ID appears more than once in the file (rows ${i} and ${j}).`,
  imported: (n: number, c: number, u: number, s: number) => `Imported ${n} rows: ${c} created, ${u} updated, ${s} unchanged.`,
} as const;

// §9 Notifications: no child names, ever.
export const ecoNotificationText = {
  submitted: (kind: Kind, lea: string) => `${Kind(kind)} ratings were submitted for a child in ${lea}.`,
  unlocked: (kind: Kind, lea: string, reason: string) => `${Kind(kind)} ratings were unlocked for ${lea}: ${reason}`,
  requested: (lea: string, reason: string) => `Unlock requested for ${lea}: ${reason}`,
  due: (lea: string, n: number, m: number, k: number) => `${lea}: ${n} entry ratings overdue, ${m} due within 7 days, ${k} exit ratings overdue.`,
  declined: (note: string) => `Your unlock request was declined: ${note}`,
} as const;
