// The Create Request wizard's posted forms (DR spec §4.2) read into the draft API's body: each
// field is named by its path in the case data ('requester.fullName', 'allegations.0.facts'), so
// the API's refusals name the same fields. Reading never refuses: what was typed is kept (as the
// form wrote it, trimmed) and the API's step checks (lib/dr/request.ts stepErrors) decide.
import { z } from 'zod';
import { ISSUE_CODES, REQUEST_OPTIONS, WIZARD_STEPS, type AllegationData, type CaseData, type DraftColumns, type DraftState } from '../dr/request.js';
import { formCheckbox, formList } from './admin-org.js';
import { formText } from './fields.js';

/** At most this many allegation cards (§7: a complaint can have at most 20). */
export const MAX_ALLEGATIONS = 20;

export const wizardAction = z.enum(['continue', 'back', 'save', 'add-allegation', 'submit', 'esign']);
export type WizardAction = z.infer<typeof wizardAction>;

/** The hidden step and the button pressed; anything else reads as step 1, continue. */
export const wizardPost = z.object({
  step: z.coerce.number().int().min(1).max(WIZARD_STEPS).catch(1),
  action: wizardAction.catch('continue'),
});

/** A Yes/No radio pair: true, false, or unanswered. */
const yesNo = formText.transform((v) => (v === 'yes' ? true : v === 'no' ? false : undefined));
const positiveInt = formText.transform((v) => (/^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined));

/** The body's fields whose names start with `prefix.`, keyed by the rest of the name. */
function group(body: Record<string, unknown>, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k.startsWith(`${prefix}.`)).map(([k, v]) => [k.slice(prefix.length + 1), v]));
}

const address = { street: formText, city: formText, state: formText, zip: formText };

const step1 = z.object({
  requesterType: formText.transform((v) => (/^[1-6]$/.test(v) ? Number(v) : undefined)),
  requester: z.object({ fullName: formText, email: formText, phone: formText, ...address, preferredLanguage: formText, interpreterNeeded: formCheckbox, accommodations: formText }),
  otherParty: z.object({ name: formText, email: formText, phone: formText, ...address }),
});

const step3 = z.object({
  concernsSpecificStudent: yesNo,
  leaId: positiveInt,
  student: z.object({
    firstName: formText,
    lastName: formText,
    dateOfBirth: formText,
    isHomeless: formCheckbox,
    residenceAddress: formText,
    homelessContact: formText,
    schoolId: formText,
    schoolNameOther: formText,
    grade: formText,
  }),
});

const allegation = z.object({ requirement: formText, facts: formText, violationDate: formText, understood: formCheckbox });

const step4 = z.object({
  issues: formList.transform((list) => list.filter((c) => ISSUE_CODES.includes(c))),
  problemDescription: formText,
  proposedResolution: formText,
  proposedResolutionUnknown: formCheckbox,
  iepMeetingDate: formText,
  iepMeetingType: formText,
  knewDate: formText,
  knewDateUnderstood: formCheckbox,
  allegationCount: formText.transform((v) => Math.min(MAX_ALLEGATIONS, /^\d{1,2}$/.test(v) ? Number(v) : 0)),
});

const step5 = z.object({
  dpAnswers: z.object({ q1Expedited: yesNo, q2RequestMediation: yesNo, q3HasAttorney: yesNo }),
  attorney: z.object({ name: formText, firm: formText, email: formText, phone: formText }),
});

export const signForm = z.object({ typedName: formText, agreed: formCheckbox });

/** Step 7 of state staff: the intake of a paper, email or fax filing (§4.2). */
export const intakeForm = z.object({
  receivedDate: formText,
  receivedVia: formText,
  otherPartyReceivedDate: formText,
  signatureOnFile: formCheckbox,
  /** 'Send for e-signature' (SignRequest purpose 1): who signs the state complaint remotely. */
  recipientName: formText,
  recipientEmail: formText,
});
export type IntakeForm = z.infer<typeof intakeForm>;

/** What one step's form changes in the draft: the PUT body's columns and data. */
export interface StepChange extends DraftColumns {
  data: Partial<CaseData>;
}

/** Reads step `step`'s posted fields for a draft of `option` (step 4 differs per option). */
export function readStep(step: number, rawBody: unknown, current: DraftState): StepChange {
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const option = current.option ?? null;
  switch (step) {
    case 1: {
      const f = step1.parse({ requesterType: body.requesterType, requester: group(body, 'requester'), otherParty: group(body, 'otherParty') });
      const lea = current.requesterType === 6 || f.requesterType === 6;
      return {
        ...(f.requesterType ? { requesterType: f.requesterType } : {}),
        data: { requester: { ...current.data.requester, ...f.requester }, ...(lea ? { otherParty: f.otherParty } : {}) },
      };
    }
    case 2: {
      const picked = formText.parse(body.option);
      const found = REQUEST_OPTIONS.find((o) => o === picked);
      return found ? { option: found, data: {} } : { data: {} };
    }
    case 3: {
      const f = step3.parse({ concernsSpecificStudent: body.concernsSpecificStudent, leaId: body.leaId, student: group(body, 'student') });
      const data: Partial<CaseData> = { student: f.student };
      if (option === 'SC' && f.concernsSpecificStudent !== undefined) data.concernsSpecificStudent = f.concernsSpecificStudent;
      return { ...(f.leaId ? { leaId: f.leaId } : {}), data };
    }
    case 4: {
      const f = step4.parse(body);
      const data: Partial<CaseData> = { proposedResolution: f.proposedResolution, proposedResolutionUnknown: f.proposedResolutionUnknown };
      // Issues are asked of every option; a state complaint may leave them out (§3).
      data.issues = f.issues;
      if (option === 'SC') {
        data.allegations = Array.from({ length: f.allegationCount }, (_, i): AllegationData => allegation.parse(group(body, `allegations.${i}`)));
      } else {
        data.problemDescription = f.problemDescription;
      }
      if (option === 'IEPF') Object.assign(data, { iepMeetingDate: f.iepMeetingDate, iepMeetingType: f.iepMeetingType });
      if (option === 'DP') Object.assign(data, { knewDate: f.knewDate, knewDateUnderstood: f.knewDateUnderstood });
      return { data };
    }
    case 5: {
      const f = step5.parse({ dpAnswers: group(body, 'dpAnswers'), attorney: group(body, 'attorney') });
      return { data: { dpAnswers: f.dpAnswers, attorney: f.attorney } };
    }
    default:
      return { data: {} };
  }
}

/** The draft as it would be with a step's change (what a refused step shows back). */
export function withChange(state: DraftState, change: StepChange): DraftState {
  const { data, ...columns } = change;
  return { ...state, ...columns, data: { ...state.data, ...data } };
}

/** A field path of the API ('data.student.firstName', 'allegations.0.facts') as the page's element id. */
export function fieldIdOf(path: string): string {
  return path.replace(/^data\./, '').replace(/\./g, '-');
}
