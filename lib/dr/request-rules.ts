// The rules of the Create Request wizard (DR spec §4.2, §7) that are more than "required": who may
// ask for which option, the student's age, the one-year (SC) and two-year (DP) windows, the two
// weeks before an IEP meeting, and the electronic signature. Pure, shared by the server's step
// validation and the wizard's islands; each example of §7 is a unit test.
import { addDays, addYears, ageOn, type IsoDay } from '../day.js';
import { requestMessages } from './messages.js';

export type RequestOption = 'IEPF' | 'MED' | 'SC' | 'DP';

/** The option cards' titles (§4.2 step 2), which {option} in a message names. */
export const OPTION_TITLES: Readonly<Record<RequestOption, string>> = {
  IEPF: 'IEP Facilitation',
  MED: 'Mediation',
  SC: 'State Complaint',
  DP: 'Due Process Complaint',
};

/** Requester types (§3): 1 parent, 2 adult student, 3 attorney or advocate, 4 organization, 5 other individual, 6 LEA. */
export type RequesterType = 1 | 2 | 3 | 4 | 5 | 6;

/** Step 2: organizations and other individuals may file only a State Complaint (300.153(a)). */
export function optionError(requesterType: RequesterType, option: RequestOption): string | null {
  if ((requesterType === 4 || requesterType === 5) && option !== 'SC') return requestMessages.optionNotForRequester(OPTION_TITLES[option]);
  return null;
}

/** Step 3: the student's age in whole years today must be 2 to 22 (IDEA Part B, with a margin each side). */
export function birthDateError(birthDate: IsoDay, today: IsoDay): string | null {
  const age = ageOn(birthDate, today);
  return age >= 2 && age <= 22 ? null : requestMessages.ageRange;
}

/** The same month and day `years` earlier; Feb 29 becomes Feb 28 in a common year (lib/day.ts addYears). */
const sameDayYearsBefore = (day: IsoDay, years: number): IsoDay => addYears(day, -years);

/** Step 4 (SC): a violation more than one year before receipt needs the "I understand" tick. */
export function violationDateWarning(violationDate: IsoDay, receivedDate: IsoDay): string | null {
  return violationDate < sameDayYearsBefore(receivedDate, 1) ? requestMessages.olderThanOneYear : null;
}

/** Step 4 (DP): knowing of the problem more than two years before filing needs the tick. */
export function knewDateWarning(knewDate: IsoDay, receivedDate: IsoDay): string | null {
  return knewDate < sameDayYearsBefore(receivedDate, 2) ? requestMessages.olderThanTwoYears : null;
}

/** Step 4 (IEPF): a meeting less than 14 days away may find no facilitator free. */
export function meetingDateWarning(meetingDate: IsoDay, today: IsoDay): string | null {
  return meetingDate < addDays(today, 14) ? requestMessages.meetingTooSoon : null;
}

/** A name as compared for a signature: trimmed, runs of spaces as one, any case. */
const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** Step 7: the typed name must match the filer's, trimmed and case-insensitive (spaces typed twice forgiven). */
export function signatureError(typedName: string, filerName: string): string | null {
  if (typedName.trim() === '') return requestMessages.signatureRequired;
  return comparable(typedName) === comparable(filerName) ? null : requestMessages.signatureMismatch(filerName.trim());
}

/** Step 4 (SC): between one and twenty allegations. */
export function allegationCountError(count: number): string | null {
  if (count < 1) return requestMessages.allegationRequired;
  return count > 20 ? requestMessages.tooManyAllegations : null;
}
