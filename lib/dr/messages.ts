// The dispute resolution module's catalogue of user-facing strings (DR spec §6, §7, §8), quoted
// exactly; test/unit/dr-timeline.test.ts and dr-rules.test.ts assert them where they are used.
import type { IsoDay } from '../day.js';

/** A {date} inside a message is written MM/DD/YYYY (§7). */
export function usDate(day: IsoDay): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

export const timelineMessages = {
  calendarMissing: (lea: string, schoolYear: string) => `School calendar missing for ${lea} ${schoolYear}.`,
  resolutionPeriodEnded: (day: IsoDay) => `The resolution period already ended on ${usDate(day)}; the decision due date is unchanged.`,
  suspendedMediation: 'Suspended: mediation continuing',
  amendedTooLate: 'An amended complaint must be allowed at least 5 days before the hearing.',
  extensionAfterDue: (due: IsoDay) => `The extended due date must be after the current due date (${usDate(due)}).`,
  extensionGrantedLate: (due: IsoDay) => `An extension must be granted on or before the current due date (${usDate(due)}).`,
  extensionReason: 'Select the reason for the extension.',
  extensionRequester: 'Select which party requested the extension.',
  edpNoExtension: 'Expedited hearing timelines cannot be extended.',
} as const;

export const neutralMessages = {
  worksForRespondent: 'This person works for the responding district and cannot be assigned.',
  trainingOverdue: 'Annual training is overdue; this hearing officer cannot be assigned.',
  reviewOfficerIsHearingOfficer: 'The review officer cannot be the hearing officer who decided this case.',
} as const;

// Table 7 (§9.1).
export const table7Messages = {
  b15Label: 'Resolution meetings resolved through settlement agreements (%)',
  b16Label: 'Mediations held that resulted in agreements (%)',
  fewResolutionMeetings: 'Fewer than 10 resolution meetings: no baseline or target is required.',
  fewMediations: 'Fewer than 10 mediations held: no baseline or target is required.',
  yearInProgress: (day: IsoDay) => `Year in progress: counts as of ${usDate(day)}.`,
} as const;

// The status machine (§5.1, §5.2, §7 Close). The spec's own words where it has them; the rest
// written here so every refusal says what to do.
export const statusMessages = {
  outcomeRequired: 'Select an outcome before closing the case.',
  findingForEveryAllegation: 'Record a finding for every allegation before issuing the report.',
  correctiveActionPerFinding: 'Add at least one corrective action for each finding of noncompliance.',
  changeOfPlacement: 'Record whether a change of placement was ordered.',
  certifiedYear: (year: string) => `This case is in certified reporting year ${year}. The certified Table 7 will not change.`,
  notAllowed: 'You cannot make this change of status.',
  checklistIncomplete: 'Tick every item of the content checklist before accepting the complaint.',
  partiesNotAgreed: 'Record the date both parties agreed before making the case active.',
  setAsideNeedsHearing: 'A complaint can be set aside only when every open allegation has the finding "set aside for a hearing" and is linked to an open due process complaint.',
  hearingNotEnded: 'The linked hearing has not ended yet.',
  reopenReason: 'Enter the reason for reopening the case.',
  reopenTooLate: 'A case can be reopened only within 365 days of closing.',
  outcomeNotForType: 'Select an outcome of this type of case.',
  submittedCloseOnly: 'A submitted case can only be dismissed or closed as not held.',
  reasonRequired: 'Select the reason.',
  reportDateRequired: 'Enter the date of the report.',
  agreementDateRequired: 'Enter the date of the agreement.',
  hearingAndDecisionRequired: 'Enter the hearing date and the decision date.',
} as const;

// The Create Request wizard (§7).
export const requestMessages = {
  optionNotForRequester: (option: string) => `Only a parent, an adult student, their attorney or a school district can request ${option}.`,
  ageRange: 'Check the date of birth: IDEA Part B covers students aged 3 through 21.',
  olderThanOneYear:
    'This allegation is about something that happened more than one year before today. NDE can investigate only violations that occurred within one year of receiving the complaint.',
  olderThanTwoYears: 'Due process complaints must be filed within two years of when you knew or should have known about the problem, unless an exception applies.',
  meetingTooSoon: 'IEP Facilitation should be requested at least two weeks before the IEP meeting. A facilitator may not be available.',
  signatureRequired: 'Type your full name to sign.',
  signatureMismatch: (name: string) => `The signature must match the name of the person filing: ${name}.`,
  allegationRequired: 'Add at least one allegation.',
  tooManyAllegations: 'A complaint can have at most 20 allegations.',
} as const;

// Surveys (§4.7, §4.11, §7).
export const surveyMessages = {
  hiddenForPrivacy: 'Fewer than 3 responses: results hidden to protect privacy.',
  activateEmpty: 'Add at least one question before activating the survey.',
  answeredNoEdit: 'This survey has responses. Copy it to make changes.',
  thankYou: 'Thank you. Your answers were recorded.',
  linkUnusable: 'This survey link has expired or was already used.',
} as const;
