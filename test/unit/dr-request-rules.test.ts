// The Create Request wizard's rules (DR spec §7) on the spec's examples.
import { describe, expect, it } from 'vitest';
import {
  allegationCountError,
  birthDateError,
  knewDateWarning,
  meetingDateWarning,
  optionError,
  signatureError,
  violationDateWarning,
} from '../../lib/dr/request-rules.js';
import { requestMessages } from '../../lib/dr/messages.js';

describe('who may ask for what (step 2)', () => {
  it('an organization or another individual may file only a State Complaint', () => {
    expect(optionError(4, 'MED')).toBe('Only a parent, an adult student, their attorney or a school district can request Mediation.');
    expect(optionError(5, 'DP')).toBe('Only a parent, an adult student, their attorney or a school district can request Due Process Complaint.');
    expect(optionError(4, 'SC')).toBeNull();
    expect(optionError(1, 'DP')).toBeNull();
    expect(optionError(6, 'IEPF')).toBeNull();
  });
});

describe('the student (step 3)', () => {
  it.each([
    ['2023-11-29', requestMessages.ageRange], // 1: too young
    ['2023-11-28', null], // 2 today: a child about to turn 3
    ['2003-11-28', null], // 22 today: turned 22 after the events
    ['2002-11-29', null], // still 22
    ['2002-11-28', requestMessages.ageRange], // 23 today
  ])('born %s, on 2025-11-28: %s', (birth, expected) => {
    expect(birthDateError(birth, '2025-11-28')).toBe(expected);
  });
});

describe('windows (step 4)', () => {
  it('received 2025-03-15 accepts a violation on 2024-03-15 and warns on 2024-03-14', () => {
    expect(violationDateWarning('2024-03-15', '2025-03-15')).toBeNull();
    expect(violationDateWarning('2024-03-14', '2025-03-15')).toBe(requestMessages.olderThanOneYear);
  });

  it('Feb 29 counts back to Feb 28', () => {
    expect(violationDateWarning('2023-02-28', '2024-02-29')).toBeNull();
    expect(violationDateWarning('2023-02-27', '2024-02-29')).toBe(requestMessages.olderThanOneYear);
  });

  it('a due process complaint warns when the filer knew more than two years before', () => {
    expect(knewDateWarning('2023-03-15', '2025-03-15')).toBeNull();
    expect(knewDateWarning('2023-03-14', '2025-03-15')).toBe(requestMessages.olderThanTwoYears);
  });

  it('an IEP meeting less than two weeks away warns', () => {
    expect(meetingDateWarning('2025-12-11', '2025-11-28')).toBe(requestMessages.meetingTooSoon);
    expect(meetingDateWarning('2025-12-12', '2025-11-28')).toBeNull();
  });

  it('a complaint has one to twenty allegations', () => {
    expect(allegationCountError(0)).toBe('Add at least one allegation.');
    expect(allegationCountError(20)).toBeNull();
    expect(allegationCountError(21)).toBe('A complaint can have at most 20 allegations.');
  });
});

describe('the signature (step 7)', () => {
  it('matches the filer’s name trimmed and in any case, and names it when it does not', () => {
    expect(signatureError('  jamie  RIVERA ', 'Jamie Rivera')).toBeNull();
    expect(signatureError('   ', 'Jamie Rivera')).toBe('Type your full name to sign.');
    expect(signatureError('J. Rivera', 'Jamie Rivera')).toBe('The signature must match the name of the person filing: Jamie Rivera.');
  });
});
