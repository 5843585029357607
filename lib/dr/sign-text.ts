// The e-signature words and rules (DR spec §3 SignRequest, §4.2, §4.3, §4.11, §8): the purposes,
// the link's lifetime (14 days; the hearing officer choice 5 business days, expedited 2), the
// sign-form page and the staff buttons. Pure; the API is api/dr/sign.ts, the page
// views/pages/dr/DrSignFormPage.tsx.
import { addBusinessDays, type HolidayDates } from '../calendar.js';
import { addDays, type IsoDay } from '../day.js';

export const SIGN_PURPOSES = [1, 2, 3, 4] as const;
export type SignPurpose = (typeof SIGN_PURPOSES)[number];

export const SIGN_PURPOSE_NAMES: Readonly<Record<SignPurpose, string>> = {
  1: 'Request signature',
  2: 'Agreement to participate',
  3: 'Resolution meeting waiver',
  4: 'Hearing officer preference',
};

/** A link lasts 14 days (§4.11). */
export const SIGN_TOKEN_DAYS = 14;
/** The parent's choice of three answers within 5 business days, 2 for an expedited hearing (§4.11). */
export const CHOICE_BUSINESS_DAYS = { DP: 5, EDP: 2 } as const;

/**
 * The last day a link can be used: 14 calendar days from today, or for the hearing officer choice
 * 5 business days (EDP 2), weekends and holidays skipped. The link ends at the close of that day.
 */
export function signExpiryDay(purpose: SignPurpose, expedited: boolean, today: IsoDay, holidays: HolidayDates): IsoDay {
  if (purpose === 4) return addBusinessDays(today, expedited ? CHOICE_BUSINESS_DAYS.EDP : CHOICE_BUSINESS_DAYS.DP, holidays);
  return addDays(today, SIGN_TOKEN_DAYS);
}

export const signMessages = {
  linkUnusable: 'This signing link has expired or was already used.',
  thankYou: 'Thank you. Your signature was recorded.',
  thankYouChoice: 'Thank you. Your choice was recorded.',
  typedName: 'Type your full name to sign.',
  agreed: 'You must agree to sign electronically.',
  ranking: 'Rank each of the three hearing officers once: 1st, 2nd and 3rd choice.',
  recipientName: 'Enter the name of the person who signs.',
  recipientEmail: 'Enter a valid email address.',
  purpose: 'Choose what to send for signature.',
  notDraft: 'Only a draft filed through staff intake can be sent for e-signature.',
  incomplete: 'Complete all required steps before sending for signature.',
  agreementOnly: 'An agreement to participate is sent only for a mediation or IEP facilitation.',
  waiverOnly: 'A resolution meeting waiver is sent only for a due process complaint.',
  choiceOnly: 'The choice of three hearing officers is offered only on a due process complaint filed by a parent.',
  choiceAssigned: 'A hearing officer is already proposed or assigned to this case.',
  choicePending: 'Three hearing officers were already offered and the choice is open.',
  noThree: 'Fewer than three hearing officers are eligible for this case: check the roster.',
  closed: 'This case is closed.',
} as const;

export const signText = {
  pageTitle: 'Sign a document',
  choiceTitle: 'Choose a hearing officer',
  intro: 'Please read the document below. To sign, type your full name and tick the box.',
  choiceIntro: 'Rank the three hearing officers offered for this case. The first one you rank who accepts will be assigned.',
  caseLabel: 'Case',
  typeLabel: 'Type',
  districtLabel: 'District',
  studentLabel: 'Student',
  issuesLabel: 'Issues',
  resolutionLabel: 'Proposed resolution',
  documentLabel: 'Document',
  requestSummary: 'Signing confirms that the request summarised here is yours and that its content is true to the best of your knowledge.',
  agreementText: 'I agree to take part in this voluntary process (mediation or IEP facilitation) and understand that either party may withdraw at any time.',
  waiverText: 'I agree in writing to waive the resolution meeting for this due process complaint. The hearing timeline starts from the day both parties sign.',
  rankLabels: ['1st choice', '2nd choice', '3rd choice'] as const,
  choose: '- Select -',
  typedName: 'Type your full name',
  agree: 'I agree that typing my name above is my electronic signature.',
  sign: 'Sign',
  // Staff
  sendForSignature: 'Send for e-signature',
  sendForSignatureHint: 'The request stays a draft until the filer signs it through the emailed link; the received date becomes the signing date.',
  recipientName: 'Signer name',
  recipientEmail: 'Signer email',
  send: 'Send',
  sent: 'The signing link was sent.',
  offerThree: 'Offer three hearing officers',
  offerSent: 'Three hearing officers were offered to the parent.',
  offerHeading: 'Parent choice of three',
  offered: 'Offered',
  expires: 'Answer due by',
  ranking: 'Ranking',
  noAnswer: 'No answer yet',
  sendAgreement: 'Send agreement to participate',
  sendWaiver: 'Send resolution meeting waiver',
  signRequests: 'Signature requests',
  purposeLabel: 'Document',
  completed: 'Signed',
  pending: 'Waiting for signature',
} as const;
