// The Create Request wizard's step checks (DR spec §4.2, §7; lib/dr/request.ts): each rule with
// the spec's message, the step order (step 5 only for due process) and the signature.
import { describe, expect, it } from 'vitest';
import { requestMessages } from '../../lib/dr/messages.js';
import { nextStep, previousStep, signErrors, stepErrors, studentInitials, wizardMessages, type DraftState, type StepContext } from '../../lib/dr/request.js';

const today = '2025-03-15';
const ctx: StepContext = {
  today,
  filerIsLea: false,
  leas: new Map([
    [1, { isStateLevel: false }],
    [9, { isStateLevel: true }],
  ]),
  schoolIds: new Set([11, 12]),
};
const requester = { fullName: 'Casey Parent', email: 'casey@example.com' };
const student = { firstName: 'Ava', lastName: 'Lee', dateOfBirth: '2015-01-01', isHomeless: false, residenceAddress: '1 Main St', schoolId: '11', grade: '04' };
const base = (over: Partial<DraftState> = {}, data: DraftState['data'] = {}): DraftState => ({ requesterType: 1, option: 'SC', leaId: 1, ...over, data: { requester, student, ...data } });
const messages = (step: number, s: DraftState) => stepErrors(step, s, ctx).map((e) => e.message);

describe('step checks (§7)', () => {
  it.each([
    ['step 1: requester type', 1, base({ requesterType: undefined }), wizardMessages.requesterType],
    ['step 1: LEA filer needs the parent', 1, base({ requesterType: 6 }), 'Parent name is required.'],
    ['step 1: LEA filer needs a way to reach the parent', 1, base({ requesterType: 6 }, { otherParty: { name: 'P' } }), "Enter the parent's email or mailing address."],
    ['step 2: an option', 2, base({ option: undefined }), 'Select a dispute resolution option.'],
    ['step 2: organizations file only complaints', 2, base({ requesterType: 4, option: 'MED' }), 'Only a parent, an adult student, their attorney or a school district can request Mediation.'],
    ['step 3: first name', 3, base({}, { student: { ...student, firstName: '' } }), 'Student first name is required.'],
    ['step 3: last name', 3, base({}, { student: { ...student, lastName: ' ' } }), 'Student last name is required.'],
    ['step 3: age 2-22', 3, base({}, { student: { ...student, dateOfBirth: '2024-01-01' } }), requestMessages.ageRange],
    ['step 3: address unless homeless', 3, base({}, { student: { ...student, residenceAddress: '' } }), 'Student address is required unless the student is homeless.'],
    ['step 3: contact when homeless', 3, base({}, { student: { ...student, isHomeless: true } }), 'Available contact information for the student is required.'],
    ['step 3: an LEA', 3, base({ leaId: undefined }), 'Select the school district or charter school.'],
    ['step 3: a school or Not listed with a name', 3, base({}, { student: { ...student, schoolId: 'other' } }), 'Select the school the student attends, or choose Not listed and enter its name.'],
    ['step 3: no state-level district for mediation', 3, base({ option: 'MED', leaId: 9 }), 'Mediation and IEP Facilitation requests must name a school district or charter school.'],
    ['step 4: an allegation', 4, base({}, { proposedResolutionUnknown: true }), 'Add at least one allegation.'],
    ['step 4: allegation requirement', 4, base({}, { proposedResolutionUnknown: true, allegations: [{ facts: 'f', violationDate: '2025-01-01' }] }), 'State which special education requirement was not followed.'],
    ['step 4: allegation facts', 4, base({}, { proposedResolutionUnknown: true, allegations: [{ requirement: 'r', violationDate: '2025-01-01' }] }), 'Enter the facts for this allegation.'],
    ['step 4: allegation date', 4, base({}, { proposedResolutionUnknown: true, allegations: [{ requirement: 'r', facts: 'f' }] }), 'Enter the date the violation happened.'],
    ['step 4: older than one year needs the tick (2024-03-14 for 2025-03-15)', 4, base({}, { proposedResolutionUnknown: true, allegations: [{ requirement: 'r', facts: 'f', violationDate: '2024-03-14' }] }), requestMessages.olderThanOneYear],
    ['step 4: issues', 4, base({ option: 'MED' }, { problemDescription: 'p', proposedResolution: 'x' }), 'Select at least one issue.'],
    ['step 4: description', 4, base({ option: 'MED' }, { issues: ['EVAL'], proposedResolution: 'x' }), 'Describe the problem, including the facts.'],
    ['step 4: proposed resolution', 4, base({ option: 'MED' }, { issues: ['EVAL'], problemDescription: 'p' }), 'Enter a proposed resolution or tick I do not know yet.'],
    ['step 4: knew date over two years needs the tick', 4, base({ option: 'DP' }, { issues: ['EVAL'], problemDescription: 'p', proposedResolution: 'x', knewDate: '2023-03-14' }), requestMessages.olderThanTwoYears],
    ['step 5: each question answered', 5, base({ option: 'DP' }, { dpAnswers: { q1Expedited: false, q2RequestMediation: false } }), 'Answer this question.'],
    ['step 5: attorney name', 5, base({ option: 'DP' }, { dpAnswers: { q1Expedited: false, q2RequestMediation: false, q3HasAttorney: true }, attorney: { email: 'a@b.example' } }), 'Attorney name is required.'],
    ['step 5: attorney email', 5, base({ option: 'DP' }, { dpAnswers: { q1Expedited: false, q2RequestMediation: false, q3HasAttorney: true }, attorney: { name: 'A' } }), 'Attorney email is required.'],
  ])('%s', (_name, step, state, message) => {
    expect(messages(step, state)).toContain(message);
  });

  it('accepts a violation exactly one year before (2024-03-15 for 2025-03-15) and a ticked older one', () => {
    const allegation = { requirement: 'r', facts: 'f', violationDate: '2024-03-15' };
    expect(messages(4, base({}, { proposedResolutionUnknown: true, allegations: [allegation] }))).toEqual([]);
    expect(messages(4, base({}, { proposedResolutionUnknown: true, allegations: [{ ...allegation, violationDate: '2024-03-14', understood: true }] }))).toEqual([]);
  });

  it('refuses more than 20 allegations', () => {
    const many = Array.from({ length: 21 }, () => ({ requirement: 'r', facts: 'f', violationDate: '2025-01-01' }));
    expect(messages(4, base({}, { proposedResolutionUnknown: true, allegations: many }))).toContain('A complaint can have at most 20 allegations.');
  });

  it('needs no student for a complaint not about one student', () => {
    expect(messages(3, base({}, { concernsSpecificStudent: false, student: {} }))).toEqual([]);
  });
});

describe('step order', () => {
  it('skips the due process questions for other options', () => {
    expect(nextStep(4, 'SC')).toBe(6);
    expect(nextStep(4, 'DP')).toBe(5);
    expect(previousStep(6, 'MED')).toBe(4);
    expect(previousStep(6, 'DP')).toBe(5);
    expect(nextStep(6, 'DP')).toBe(7);
  });
});

describe('signing (§7 step 7)', () => {
  const complete = base({ option: 'MED' }, { issues: ['EVAL'], problemDescription: 'p', proposedResolution: 'x' });
  it.each([
    ['', false, ['Type your full name to sign.', 'You must agree to sign electronically.']],
    ['Someone Else', true, ['The signature must match the name of the person filing: Casey Parent.']],
    ['  casey PARENT ', true, []],
  ])('typed %j, agreed %s', (typed, agreed, expected) => {
    expect(signErrors(complete, ctx, typed, agreed).map((e) => e.message)).toEqual(expected);
  });

  it('refuses signing while a step is incomplete', () => {
    expect(signErrors(base({ option: 'MED' }), ctx, 'Casey Parent', true).map((e) => e.message)).toEqual(['Complete all required steps before signing.']);
  });
});

describe('student initials (§14)', () => {
  it.each([
    ['Ava', 'Lee', 'A.L.'],
    ['ava', '', 'A.'],
    [null, null, ''],
  ])('%s %s → %s', (first, last, expected) => {
    expect(studentInitials(first, last)).toBe(expected);
  });
});
