// The request data of a dispute case (DR spec §3 DisputeCase) as the Create Request wizard fills
// it in, and the checks of each step (§4.2, §7). The data is kept as the forms write it (strings,
// ticks), so a draft saves whatever was typed and a refused step shows it back; `stepErrors` says
// what a step still needs. Pure: the API refuses a step with these errors and the portal shows
// them, so both always agree.
import { z } from 'zod';
import { agencyToday, isIsoDay, type IsoDay } from '../day.js';
import { emailError, zipCodeError } from '../field-rules.js';
import { requestMessages } from './messages.js';
import {
  allegationCountError,
  birthDateError,
  knewDateWarning,
  meetingDateWarning,
  optionError,
  signatureError,
  violationDateWarning,
  type RequestOption,
  type RequesterType,
} from './request-rules.js';

const text = (max: number) => z.string().max(max).optional();
const tick = z.boolean().optional();

export const ISSUE_CATEGORIES: readonly { code: string; label: string }[] = [
  { code: 'EVAL', label: 'Evaluation' },
  { code: 'ELIG', label: 'Eligibility' },
  { code: 'IEPDEV', label: 'IEP development' },
  { code: 'IEPIMP', label: 'IEP implementation' },
  { code: 'PLACE_LRE', label: 'Placement and least restrictive environment' },
  { code: 'RELSERV', label: 'Related services' },
  { code: 'DISC', label: 'Discipline' },
  { code: 'TRANS', label: 'Transition' },
  { code: 'PROCSAFE', label: 'Procedural safeguards' },
  { code: 'CHILDFIND', label: 'Child find' },
  { code: 'RECORDS', label: 'Education records' },
  { code: 'OTHER', label: 'Other' },
];
/** The text blocks a signer reads before signing (§4.2 step 7, §11). */
export const SIGNING_TEXT_BLOCKS = ['signature-disclaimer', 'electronic-signature-submission'] as const;

export const ISSUE_CODES = ISSUE_CATEGORIES.map((i) => i.code);

export const REQUESTER_TYPES: Readonly<Record<RequesterType, string>> = {
  1: 'Parent or guardian',
  2: 'Adult student',
  3: 'Attorney or advocate for the parent',
  4: 'Organization',
  5: 'Other individual',
  6: 'School district (LEA)',
};

export const GRADES = ['PK', 'K', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', 'UG'] as const;
export const IEP_MEETING_TYPES = ['Annual', 'Initial', 'Reevaluation', 'Amendment', 'Other'] as const;
export const LANGUAGES = ['English', 'Spanish', 'Tagalog', 'Chinese', 'Vietnamese', 'Amharic', 'Arabic', 'Other'] as const;
export const REQUEST_OPTIONS: readonly RequestOption[] = ['IEPF', 'MED', 'SC', 'DP'];
/** How a filing reached NDE (§3 receivedVia). */
export const RECEIVED_VIA = ['Online', 'Mail', 'Email', 'Fax', 'Hand delivery'] as const;

const correctiveAction = z.object({
  id: z.string().max(40),
  description: z.string().max(1000),
  dueDate: z.string().max(10),
  status: z.enum(['Open', 'Submitted', 'Verified']),
  verifiedDate: z.string().max(10).optional(),
});

export const allegationData = z.object({
  requirement: text(600),
  facts: text(4000),
  violationDate: text(10),
  /** The "I understand" tick of the one-year warning. */
  understood: tick,
  /** 0 not yet determined, 1 noncompliance, 2 compliant, 3 set aside for hearing, 4 not investigated. */
  finding: z.number().int().min(0).max(4).optional(),
  findingNotes: text(4000),
  correctiveActions: z.array(correctiveAction).max(50).optional(),
});
export type AllegationData = z.infer<typeof allegationData>;

const address = { street: text(200), city: text(100), state: text(2), zip: text(10) };

export const caseData = z.object({
  requester: z.object({
    fullName: text(200),
    email: text(256),
    phone: text(20),
    ...address,
    preferredLanguage: text(40),
    interpreterNeeded: tick,
    accommodations: text(600),
  }).optional(),
  otherParty: z.object({ name: text(200), email: text(256), phone: text(20), ...address }).optional(),
  attorney: z.object({ name: text(200), firm: text(200), email: text(256), phone: text(20) }).optional(),
  concernsSpecificStudent: tick,
  student: z.object({
    firstName: text(100),
    lastName: text(100),
    dateOfBirth: text(10),
    isHomeless: tick,
    residenceAddress: text(600),
    homelessContact: text(600),
    schoolId: text(12),
    schoolNameOther: text(200),
    grade: text(2),
  }).optional(),
  issues: z.array(z.string().max(20)).max(20).optional(),
  allegations: z.array(allegationData).max(20).optional(),
  problemDescription: text(4000),
  proposedResolution: text(2000),
  proposedResolutionUnknown: tick,
  iepMeetingDate: text(10),
  iepMeetingType: text(20),
  knewDate: text(10),
  knewDateUnderstood: tick,
  dpAnswers: z.object({ q1Expedited: tick, q2RequestMediation: tick, q3HasAttorney: tick }).partial().optional(),
  pwnAlreadySent: tick,
  signature: z.object({
    typedName: z.string().max(200),
    signedAt: z.string().max(40),
    /** Each signing text block's code and the time it was last saved: the version shown (§11). */
    textVersions: z.record(z.string(), z.union([z.string().max(40), z.number().int()])),
    ipHash: z.string().max(128),
    userAgent: z.string().max(400),
  }).optional(),
  signatureOnFile: tick,
  /** SC spans Set Aside (to empty: still set aside). */
  setAside: z.array(z.object({ from: z.string().max(10), to: z.string().max(10).nullable() })).max(20).optional(),
  appeal: z.object({
    filedDate: z.string().max(10),
    filedBy: text(20),
    appealNoticeReceivedDate: text(10),
    crossAppealDate: text(10),
    reviewDecisionDate: text(10),
  }).optional(),
});
export type CaseData = z.infer<typeof caseData>;

/** What the wizard's steps save besides `data`: the case's columns. */
export const draftColumns = z.object({
  requesterType: z.number().int().min(1).max(6).optional(),
  option: z.enum(['IEPF', 'MED', 'SC', 'DP']).optional(),
  leaId: z.number().int().positive().optional(),
});
export type DraftColumns = z.infer<typeof draftColumns>;

export interface DraftState extends DraftColumns {
  data: CaseData;
}

export interface StepContext {
  today: IsoDay;
  /** Respondent LEAs the filer may choose, and whether each is the state-level district. */
  leas: ReadonlyMap<number, { isStateLevel: boolean }>;
  /** The chosen LEA's schools. */
  schoolIds: ReadonlySet<number>;
  /** An LEA user files for their own LEAs only. */
  filerIsLea: boolean;
}

export interface StepError {
  field: string;
  message: string;
}

export const WIZARD_STEPS = 7;

export const wizardMessages = {
  requesterType: 'Select who is filing this request.',
  parentName: 'Parent name is required.',
  parentContact: "Enter the parent's email or mailing address.",
  option: 'Select a dispute resolution option.',
  studentFirst: 'Student first name is required.',
  studentLast: 'Student last name is required.',
  studentAddress: 'Student address is required unless the student is homeless.',
  homelessContact: 'Available contact information for the student is required.',
  lea: 'Select the school district or charter school.',
  school: 'Select the school the student attends, or choose Not listed and enter its name.',
  stateLevelNotForMed: 'Mediation and IEP Facilitation requests must name a school district or charter school.',
  requirement: 'State which special education requirement was not followed.',
  facts: 'Enter the facts for this allegation.',
  violationDate: 'Enter the date the violation happened.',
  issues: 'Select at least one issue.',
  description: 'Describe the problem, including the facts.',
  proposedResolution: 'Enter a proposed resolution or tick I do not know yet.',
  answer: 'Answer this question.',
  attorneyName: 'Attorney name is required.',
  attorneyEmail: 'Attorney email is required.',
  agree: 'You must agree to sign electronically.',
  incomplete: 'Complete all required steps before signing.',
  // Not in the spec's table; written here so every refusal says what to do.
  fullName: 'Enter your full name.',
  email: 'Enter your email address.',
  dateOfBirth: 'Enter the student’s date of birth.',
  grade: 'Select the student’s grade.',
  understand: 'Tick I understand to continue.',
  knewDate: 'Enter the date you knew or should have known about the problem.',
  invalidDate: 'Invalid date format',
  leaNotYours: 'Select one of your school districts or charter schools.',
} as const;

const blank = (v: string | undefined | null) => (v ?? '').trim() === '';

/** The case's option as the wizard offers it (an expedited DP is still the DP card). */
export function optionOf(s: DraftState): RequestOption | null {
  return s.option ?? null;
}

/** The steps a draft passes through: step 5 only for due process. */
export function stepsFor(option: RequestOption | null): number[] {
  return option === 'DP' ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 6, 7];
}

/** The step after `step` for this draft (Back goes the other way). */
export function nextStep(step: number, option: RequestOption | null): number {
  const steps = stepsFor(option);
  return steps.find((s) => s > step) ?? WIZARD_STEPS;
}

export function previousStep(step: number, option: RequestOption | null): number {
  const steps = stepsFor(option);
  return [...steps].reverse().find((s) => s < step) ?? 1;
}

function dayError(value: string | undefined, required: string, errors: StepError[], field: string): IsoDay | null {
  if (blank(value)) {
    errors.push({ field, message: required });
    return null;
  }
  if (!isIsoDay(value)) {
    errors.push({ field, message: wizardMessages.invalidDate });
    return null;
  }
  return value as IsoDay;
}

/** What step `step` of a draft still needs (empty: it may move on). */
export function stepErrors(step: number, s: DraftState, ctx: StepContext): StepError[] {
  const errors: StepError[] = [];
  const d = s.data;
  const option = optionOf(s);
  switch (step) {
    case 1: {
      if (!s.requesterType) errors.push({ field: 'requesterType', message: wizardMessages.requesterType });
      if (blank(d.requester?.fullName)) errors.push({ field: 'requester.fullName', message: wizardMessages.fullName });
      if (blank(d.requester?.email)) errors.push({ field: 'requester.email', message: wizardMessages.email });
      else {
        const e = emailError(d.requester?.email ?? '');
        if (e) errors.push({ field: 'requester.email', message: e });
      }
      if (!blank(d.requester?.zip)) {
        const e = zipCodeError(d.requester?.zip ?? '');
        if (e) errors.push({ field: 'requester.zip', message: e });
      }
      if (s.requesterType === 6) {
        if (blank(d.otherParty?.name)) errors.push({ field: 'otherParty.name', message: wizardMessages.parentName });
        if (blank(d.otherParty?.email) && (blank(d.otherParty?.street) || blank(d.otherParty?.city))) {
          errors.push({ field: 'otherParty.email', message: wizardMessages.parentContact });
        }
      }
      break;
    }
    case 2: {
      if (!option) errors.push({ field: 'option', message: wizardMessages.option });
      else if (s.requesterType) {
        const e = optionError(s.requesterType as RequesterType, option);
        if (e) errors.push({ field: 'option', message: e });
      }
      break;
    }
    case 3: {
      const specific = option !== 'SC' || d.concernsSpecificStudent !== false;
      if (specific) {
        const st = d.student ?? {};
        if (blank(st.firstName)) errors.push({ field: 'student.firstName', message: wizardMessages.studentFirst });
        if (blank(st.lastName)) errors.push({ field: 'student.lastName', message: wizardMessages.studentLast });
        const dob = dayError(st.dateOfBirth, wizardMessages.dateOfBirth, errors, 'student.dateOfBirth');
        if (dob) {
          const e = birthDateError(dob, ctx.today);
          if (e) errors.push({ field: 'student.dateOfBirth', message: e });
        }
        if (st.isHomeless) {
          if (blank(st.homelessContact)) errors.push({ field: 'student.homelessContact', message: wizardMessages.homelessContact });
        } else if (blank(st.residenceAddress)) errors.push({ field: 'student.residenceAddress', message: wizardMessages.studentAddress });
        if (blank(st.grade) || !(GRADES as readonly string[]).includes(st.grade ?? '')) errors.push({ field: 'student.grade', message: wizardMessages.grade });
      }
      const lea = s.leaId ? ctx.leas.get(s.leaId) : undefined;
      if (!s.leaId || !lea) errors.push({ field: 'leaId', message: ctx.filerIsLea && s.leaId ? wizardMessages.leaNotYours : wizardMessages.lea });
      else if (lea.isStateLevel && (option === 'MED' || option === 'IEPF')) errors.push({ field: 'leaId', message: wizardMessages.stateLevelNotForMed });
      else if (specific) {
        const st = d.student ?? {};
        const schoolId = Number(st.schoolId);
        const listed = !blank(st.schoolId) && st.schoolId !== 'other' && ctx.schoolIds.has(schoolId);
        const other = st.schoolId === 'other' && !blank(st.schoolNameOther);
        if (!listed && !other) errors.push({ field: 'student.schoolId', message: wizardMessages.school });
      }
      break;
    }
    case 4: {
      if (option === 'SC') {
        const list = d.allegations ?? [];
        const countError = allegationCountError(list.length);
        if (countError) errors.push({ field: 'allegations', message: countError });
        list.forEach((a, i) => {
          if (blank(a.requirement)) errors.push({ field: `allegations.${i}.requirement`, message: wizardMessages.requirement });
          if (blank(a.facts)) errors.push({ field: `allegations.${i}.facts`, message: wizardMessages.facts });
          const day = dayError(a.violationDate, wizardMessages.violationDate, errors, `allegations.${i}.violationDate`);
          // Online the received date is today (§7).
          if (day && violationDateWarning(day, ctx.today) && !a.understood) {
            errors.push({ field: `allegations.${i}.understood`, message: requestMessages.olderThanOneYear });
          }
        });
      } else {
        const issues = (d.issues ?? []).filter((c) => ISSUE_CODES.includes(c));
        if (issues.length === 0) errors.push({ field: 'issues', message: wizardMessages.issues });
        if (blank(d.problemDescription)) errors.push({ field: 'problemDescription', message: wizardMessages.description });
      }
      if (blank(d.proposedResolution) && !d.proposedResolutionUnknown) errors.push({ field: 'proposedResolution', message: wizardMessages.proposedResolution });
      if (option === 'DP') {
        const knew = dayError(d.knewDate, wizardMessages.knewDate, errors, 'knewDate');
        if (knew && knewDateWarning(knew, ctx.today) && !d.knewDateUnderstood) errors.push({ field: 'knewDateUnderstood', message: requestMessages.olderThanTwoYears });
      }
      if (option === 'IEPF' && !blank(d.iepMeetingDate) && !isIsoDay(d.iepMeetingDate)) errors.push({ field: 'iepMeetingDate', message: wizardMessages.invalidDate });
      break;
    }
    case 5: {
      if (option !== 'DP') break;
      const a = d.dpAnswers ?? {};
      for (const q of ['q1Expedited', 'q2RequestMediation', 'q3HasAttorney'] as const) {
        if (a[q] === undefined) errors.push({ field: `dpAnswers.${q}`, message: wizardMessages.answer });
      }
      if (a.q3HasAttorney) {
        if (blank(d.attorney?.name)) errors.push({ field: 'attorney.name', message: wizardMessages.attorneyName });
        if (blank(d.attorney?.email)) errors.push({ field: 'attorney.email', message: wizardMessages.attorneyEmail });
        else {
          const e = emailError(d.attorney?.email ?? '');
          if (e) errors.push({ field: 'attorney.email', message: e });
        }
      }
      break;
    }
    default:
      break;
  }
  return errors;
}

/** Warnings a step shows without refusing (IEPF: a meeting less than two weeks away). */
export function stepWarnings(step: number, s: DraftState, today: IsoDay = agencyToday()): StepError[] {
  if (step !== 4 || optionOf(s) !== 'IEPF' || !isIsoDay(s.data.iepMeetingDate)) return [];
  const w = meetingDateWarning(s.data.iepMeetingDate, today);
  return w ? [{ field: 'iepMeetingDate', message: w }] : [];
}

/** Every step's errors: signing needs all of them clear (§7 'Complete all required steps before signing.'). */
export function incompleteSteps(s: DraftState, ctx: StepContext): number[] {
  return stepsFor(optionOf(s)).filter((step) => step <= 5 && stepErrors(step, s, ctx).length > 0);
}

/** Step 7's checks: the typed name against the filer's, the tick, and every step complete. */
export function signErrors(s: DraftState, ctx: StepContext, typedName: string, agreed: boolean): StepError[] {
  const errors: StepError[] = [];
  if (incompleteSteps(s, ctx).length > 0) errors.push({ field: 'form', message: wizardMessages.incomplete });
  const sig = signatureError(typedName, s.data.requester?.fullName ?? '');
  if (sig) errors.push({ field: 'typedName', message: sig });
  if (!agreed) errors.push({ field: 'agreed', message: wizardMessages.agree });
  return errors;
}

/** The student's initials for lists (§14: lists show initials only). */
export function studentInitials(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].map((n) => (n ?? '').trim().charAt(0).toUpperCase()).filter(Boolean).map((c) => `${c}.`).join('');
}
