import { describe, expect, it } from 'vitest';
import {
  dateAfterStartError,
  dateFormatError,
  DEFAULT_TEXT_LENGTH,
  emailError,
  lettersOnlyError,
  maxDateError,
  maxLengthError,
  maxValueError,
  minDateError,
  minValueError,
  noFutureDateError,
  noNumbersError,
  parseDay,
  patternError,
  requiredError,
  selectFromListError,
  TEXT_LENGTH,
  zipCodeError,
} from '../../lib/field-rules.js';
import { formText, textField } from '../../lib/validation/fields.js';

describe('generic field rules (spec §5)', () => {
  it('requires a value', () => {
    expect(requiredError('')).toBe('Field is required');
    expect(requiredError('  ')).toBe('Field is required');
    expect(requiredError(undefined)).toBe('Field is required');
    expect(requiredError([])).toBe('Field is required');
    expect(requiredError('x')).toBeNull();
  });

  it('limits text length: small 200, medium 600, large 1000, default 200', () => {
    expect(TEXT_LENGTH).toEqual({ small: 200, medium: 600, large: 1000 });
    expect(DEFAULT_TEXT_LENGTH).toBe(200);
    expect(maxLengthError('x'.repeat(200))).toBeNull();
    expect(maxLengthError('x'.repeat(201))).toBe('Field has a max length of 200');
    expect(maxLengthError('x'.repeat(601), 'medium')).toBe('Field has a max length of 600');
    expect(maxLengthError('x'.repeat(1000), 'large')).toBeNull();
    expect(maxLengthError('x'.repeat(1001), 'large')).toBe('Field has a max length of 1000');
    expect(maxLengthError('😀'.repeat(200))).toBeNull(); // characters, not UTF-16 units
  });

  it('checks numbers, patterns and characters', () => {
    expect(minValueError('0', 1)).toBe('Field has a min value of 1');
    expect(minValueError(1, 1)).toBeNull();
    expect(maxValueError('10', 9)).toBe('Field has a max value of 9');
    expect(maxValueError('abc', 9)).toBe('Input not in correct format');
    expect(patternError('AB12', /^[A-Z]{2}\d{2}$/)).toBeNull();
    expect(patternError('ab12', /^[A-Z]{2}\d{2}$/)).toBe('Input not in correct format');
    expect(noNumbersError('R2D2')).toBe('Numbers are not allowed');
    expect(noNumbersError('Anne')).toBeNull();
    expect(lettersOnlyError("Zoë O'Neil-Smith Jr.")).toBeNull();
    expect(lettersOnlyError('Ann3')).toBe('Numbers and special characters are not allowed');
    expect(lettersOnlyError('Ann<script>')).toBe('Numbers and special characters are not allowed');
  });

  it('checks zip codes, emails and list values', () => {
    expect(zipCodeError('68501')).toBeNull();
    expect(zipCodeError('68501-1234')).toBeNull();
    expect(zipCodeError('6850')).toBe('Enter a ZIP code of 5 digits, or of 5 digits, a hyphen and 4 digits (12345 or 12345-6789)');
    expect(emailError('a@b.example')).toBeNull();
    expect(emailError('a@')).toBe('Please enter a valid email');
    expect(selectFromListError('b', ['a', 'b'])).toBeNull();
    expect(selectFromListError('c', ['a', 'b'])).toBe('A value must be selected from the list');
  });

  it('checks dates', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('3/4/2026')).toBe('2026-03-04');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('13/01/2026')).toBeNull();
    expect(dateFormatError('31/31/2026')).toBe('Invalid date format');
    expect(dateFormatError('')).toBeNull();
    expect(minDateError('2026-01-01', '2026-01-02')).toBe('Must be on or after 01/02/2026');
    expect(minDateError('2026-01-02', '2026-01-02')).toBeNull();
    expect(maxDateError('2026-01-03', '2026-01-02')).toBe('Must be on or before 01/02/2026');
    expect(noFutureDateError('2026-03-04', '2026-03-03')).toBe('No future dates allowed');
    expect(noFutureDateError('3/3/2026', '2026-03-03')).toBeNull();
    expect(dateAfterStartError('2026-03-03', '2026-03-02')).toBe('Date must be after start date');
    expect(dateAfterStartError('2026-03-03', '2026-03-03')).toBeNull();
  });
});

describe('zod text fields', () => {
  it('reads only text from a form body', () => {
    expect(formText.parse(' a ')).toBe('a');
    expect(formText.parse(['x', 'y'])).toBe('x');
    expect(formText.parse({ $gt: '' })).toBe('');
    expect(formText.parse(undefined)).toBe('');
  });

  it('applies required, the size limit and extra rules with the catalogue messages', () => {
    const name = textField({ required: true, rules: [lettersOnlyError] });
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Field is required');
    expect(name.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe('Field has a max length of 200');
    expect(name.safeParse('Ann1').error?.issues[0]?.message).toBe('Numbers and special characters are not allowed');
    expect(name.parse(' Ann ')).toBe('Ann');
    expect(textField({ size: 'medium' }).safeParse('x'.repeat(600)).success).toBe(true);
    expect(textField({ size: 'medium' }).safeParse('x'.repeat(601)).success).toBe(false);
    expect(textField().safeParse('').success).toBe(true);
  });
});
