// ECO spec §5 rules (and §2 field rules) with their exact messages, one table row each.
import { describe, expect, it } from 'vitest';
import {
  entryDateError,
  exitRatingsMode,
  nameError,
  ratingError,
  stateStudentIdError,
  unlockReasonError,
  validateAssessment,
  validateChild,
  validateExit,
  type AssessmentContext,
  type AssessmentInput,
} from '../../lib/eco/validation.js';
import { DEFAULT_YEAR_SETTINGS } from '../../lib/eco/codes.js';

const today = '2025-06-10';

describe('child fields (§2.1, §5)', () => {
  it.each([
    ['', 'State student ID is required.'],
    ['123456789', 'State student ID must be exactly 10 digits.'],
    ['12345678901', 'State student ID must be exactly 10 digits.'],
    ['12345abcde', 'State student ID must be exactly 10 digits.'],
    ['9000000001', null],
  ])('state student ID %j → %j', (value, message) => expect(stateStudentIdError(value)).toBe(message));

  it.each([
    ['', true, 'Field is required'],
    ['', false, null],
    ['A'.repeat(51), true, 'Field has a max length of 50'],
    ['Ann2', true, 'Numbers are not allowed'],
    ["O'Neil-Smith Jr.", true, null],
  ] as const)('name %j (required %s) → %j', (value, required, message) => expect(nameError(value, required)).toBe(message));

  it.each([
    ['2024-11-04', "Entry date must be on or after the child's third birthday (11/05/2024)."],
    ['2024-11-05', null],
    ['2027-11-05', 'No future dates allowed'],
    ['', 'Field is required'],
  ])('born 11/05/2021, entry %s → %j (§6.1)', (entry, message) => expect(entryDateError(entry, { birthDate: '2021-11-05', today })).toBe(message));

  it('refuses entry on or after the sixth birthday and not after the previous exit', () => {
    expect(entryDateError('2025-11-05', { birthDate: '2019-11-05', today: '2026-01-01' })).toBe("Entry date must be before the child's sixth birthday (11/05/2025).");
    expect(entryDateError('2025-11-04', { birthDate: '2019-11-05', today: '2026-01-01' })).toBeNull();
    expect(entryDateError('2025-02-10', { birthDate: '2021-01-01', today, previousExitDate: '2025-02-10' })).toBe('Entry date must be after the previous exit date (02/10/2025).');
    expect(entryDateError('2025-02-11', { birthDate: '2021-01-01', today, previousExitDate: '2025-02-10' })).toBeNull();
  });

  it('checks the whole child form', () => {
    const errors = validateChild(
      { stateStudentId: '12', firstName: 'Ann', lastName: '', birthDate: '2026-01-01', disabilityCategory: 'zz', schoolId: 99, entryDate: '2025-01-01' },
      { today, disabilityCodes: ['autism'], schoolIds: [1, 2] },
    );
    expect(errors).toEqual([
      { field: 'stateStudentId', message: 'State student ID must be exactly 10 digits.' },
      { field: 'lastName', message: 'Field is required' },
      { field: 'birthDate', message: 'No future dates allowed' },
      { field: 'disabilityCategory', message: 'A value must be selected from the list' },
      { field: 'schoolId', message: 'A value must be selected from the list' },
    ]);
    expect(
      validateChild(
        { stateStudentId: '9000000001', firstName: 'Ann', lastName: 'Lee', birthDate: '2021-01-01', disabilityCategory: 'autism', entryDate: '2024-01-01' },
        { today, disabilityCodes: ['autism'], schoolIds: [] },
      ),
    ).toEqual([]);
  });
});

describe('ratings (§5)', () => {
  it.each([0, 8, 3.5, 'x', '', null, '3.5'])('%j → the scale message', (value) => expect(ratingError(value)).toBe('Ratings must be whole numbers from 1 to 7.'));
  it.each([1, 7, '4'])('%j is a rating', (value) => expect(ratingError(value)).toBeNull());
  it('reads the scale from the year settings', () => {
    expect(ratingError(8, { scaleMin: 0, scaleMax: 5 })).toBe('Ratings must be whole numbers from 0 to 5.');
  });
});

describe('exit date and reason (§5, §2.8)', () => {
  const ctx = { entryDate: '2024-08-12', birthDate: '2020-01-15', today: '2025-05-30', submitting: true };
  it.each([
    [{}, [['exitDate', 'Enter the exit date before submitting exit ratings.']]],
    [{ exitDate: '2024-08-12', exitReason: 'kindergarten' }, [['exitDate', 'Exit date must be after the entry date (08/12/2024).']]],
    [{ exitDate: '2025-07-30', exitReason: 'kindergarten' }, [['exitDate', 'Exit date can be at most 60 days in the future (07/29/2025).']]],
    [{ exitDate: '2025-07-29', exitReason: 'kindergarten' }, []],
    [{ exitDate: '2025-05-01' }, [['exitReason', 'Field is required']]],
    [{ exitDate: '2025-05-01', exitReason: 'transfer' }, [['exitReason', 'A value must be selected from the list']]],
    [{ exitDate: '2025-05-01', exitReason: 'other' }, [['exitNote', 'Field is required']]],
    [{ exitDate: '2025-05-01', exitReason: 'other', exitNote: 'Family chose a private program' }, []],
  ])('%j', (input, expected) => expect(validateExit(input, ctx).map((e) => [e.field, e.message])).toEqual(expected));

  it('refuses an exit on or after the sixth birthday', () => {
    const c = { ...ctx, birthDate: '2019-06-01' };
    expect(validateExit({ exitDate: '2025-06-01', exitReason: 'age-six' }, c)).toEqual([{ field: 'exitDate', message: "Exit date must be before the child's sixth birthday (06/01/2025)." }]);
    expect(validateExit({ exitDate: '2025-05-31', exitReason: 'age-six' }, c)).toEqual([]);
  });

  it('needs no exit date while saving', () => expect(validateExit({}, { ...ctx, submitting: false })).toEqual([]));

  it.each([
    ['2025-02-10', 'kindergarten', 'required'],
    ['2025-02-09', 'kindergarten', 'short-stay'],
    ['2025-02-10', 'moved-out', 'optional'],
    ['2025-02-10', 'other', 'optional'],
    ['2025-02-10', 'deceased', 'not-collected'],
    ['2025-02-09', 'deceased', 'short-stay'],
  ] as const)('entry 08/12/2024, exit %s, %s → %s (the 182-day rule)', (exit, reason, mode) => expect(exitRatingsMode('2024-08-12', exit, reason)).toBe(mode));
});

const good: AssessmentInput = {
  ratingDate: '2024-09-01',
  ratingA: 3,
  ratingB: 4,
  ratingC: 5,
  teamMembers: [{ name: 'Ann Lee', role: 'parent' }],
  familyInput: 'received-in-meeting',
  sources: ['observation'],
};
const entryCtx: AssessmentContext = { type: 'entry', mode: 'submit', today, entryDate: '2024-08-12' };

describe('entry ratings form (§5)', () => {
  it('passes a complete form', () => expect(validateAssessment(good, entryCtx)).toEqual([]));

  it.each([
    ['rating date empty', { ratingDate: '' }, 'ratingDate', 'Field is required'],
    ['rating date future', { ratingDate: '2025-06-11' }, 'ratingDate', 'No future dates allowed'],
    ['rating date before entry − 30', { ratingDate: '2024-07-12' }, 'ratingDate', 'Entry ratings must be dated no earlier than 07/13/2024.'],
    ['rating missing', { ratingB: undefined }, 'ratingB', 'Rate outcome B.'],
    ['rating off scale', { ratingC: 8 }, 'ratingC', 'Ratings must be whole numbers from 1 to 7.'],
    ['no team member', { teamMembers: [] }, 'teamMembers', 'Add at least one person who took part in the rating.'],
    ['member name empty', { teamMembers: [{ name: '', role: 'parent' }] }, 'teamMembers[0].name', 'Field is required'],
    ['role not in list', { teamMembers: [{ name: 'Ann', role: 'nurse' }] }, 'teamMembers[0].role', 'A value must be selected from the list'],
    ['family input missing', { familyInput: undefined }, 'familyInput', 'Field is required'],
    ['no source', { sources: [] }, 'sources', 'Select at least one source of information.'],
    ['other without text', { sources: ['other'] }, 'sourcesOther', 'Field is required'],
    ['evidence too long', { evidenceA: 'x'.repeat(1001) }, 'evidenceA', 'Field has a max length of 1000'],
  ] as const)('%s', (_name, change, field, message) => {
    expect(validateAssessment({ ...good, ...change }, entryCtx)).toEqual([{ field, message }]);
  });

  it('accepts the earliest day and refuses a date after the exit', () => {
    expect(validateAssessment({ ...good, ratingDate: '2024-07-13' }, entryCtx)).toEqual([]);
    expect(validateAssessment({ ...good, ratingDate: '2025-06-01' }, { ...entryCtx, exitDate: '2025-05-30' })).toEqual([
      { field: 'ratingDate', message: 'Entry ratings must be dated on or before the exit date (05/30/2025).' },
    ]);
  });

  it('saves a draft with blanks but never a wrong value', () => {
    expect(validateAssessment({}, { ...entryCtx, mode: 'draft' })).toEqual([]);
    expect(validateAssessment({ ratingA: 0 }, { ...entryCtx, mode: 'draft' })).toEqual([{ field: 'ratingA', message: 'Ratings must be whole numbers from 1 to 7.' }]);
  });
});

describe('exit ratings form (§5, §6.3)', () => {
  const exitCtx: AssessmentContext = { type: 'exit', mode: 'submit', today: '2025-07-15', entryDate: '2024-08-12', exitDate: '2025-05-30', entryRatings: { A: 2, B: 4, C: 5 } };
  const exit: AssessmentInput = { ...good, ratingDate: '2025-05-16', ratingA: 4, ratingB: 3, ratingC: 6, newSkillsA: 'Y', newSkillsB: 'N', newSkillsC: 'Y' };

  it('passes a possible combination', () => expect(validateAssessment(exit, exitCtx)).toEqual([]));

  it.each([
    ['new skills missing', { newSkillsC: undefined }, 'newSkillsC', 'Answer the new skills question for outcome C.'],
    [
      'impossible combination',
      { newSkillsA: 'N' },
      'newSkillsA',
      'Outcome A: the exit rating (4) is not lower than the entry rating (2), so the child has shown new skills. Answer Yes or correct the rating.',
    ],
    ['window start − 1', { ratingDate: '2025-03-30' }, 'ratingDate', 'Exit ratings must be dated between 03/31/2025 and 06/29/2025.'],
    ['window end + 1', { ratingDate: '2025-06-30' }, 'ratingDate', 'Exit ratings must be dated between 03/31/2025 and 06/29/2025.'],
  ] as const)('%s', (_name, change, field, message) => {
    expect(validateAssessment({ ...exit, ...change }, exitCtx)).toEqual([{ field, message }]);
  });

  it('accepts both ends of the window, and ends it today when the exit is recent', () => {
    expect(validateAssessment({ ...exit, ratingDate: '2025-03-31' }, exitCtx)).toEqual([]);
    expect(validateAssessment({ ...exit, ratingDate: '2025-06-29' }, exitCtx)).toEqual([]);
    expect(validateAssessment({ ...exit, ratingDate: '2025-06-05' }, { ...exitCtx, today: '2025-06-04' })).toEqual([{ field: 'ratingDate', message: 'No future dates allowed' }]);
    expect(validateAssessment({ ...exit, ratingDate: '2025-06-04' }, { ...exitCtx, today: '2025-06-04' })).toEqual([]);
  });

  it('uses the settings for the scale and T', () => {
    const settings = { ...DEFAULT_YEAR_SETTINGS, ageExpectedMin: 4 };
    expect(validateAssessment({ ...exit, newSkillsB: 'N', ratingB: 4 }, { ...exitCtx, settings })).toEqual([]);
  });
});

describe('unlock reasons (§2.4, §5)', () => {
  it.each([
    ['', 'Give a reason of at least 10 characters.'],
    ['123456789', 'Give a reason of at least 10 characters.'],
    ['1234567890', null],
    ['x'.repeat(500), null],
    ['x'.repeat(501), 'Field has a max length of 500'],
  ])('%j → %j', (reason, message) => expect(unlockReasonError(reason)).toBe(message));
});
