// The "Visit details" form schema (lib/validation/visit-details.ts): normalisation of times and
// of the numbers-only field, each generic message of spec §5 it uses, end after start, limits,
// and the API body and form values it converts to and from.
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDay } from '../../lib/dates.js';
import { validationMessages as m, visitDetailsText } from '../../lib/messages.js';
import {
  VISIT_MAX_STUDENT_FILES,
  validateVisitDetails,
  visitDetailsBody,
  visitDetailsValues,
  type VisitDetailsForm,
} from '../../lib/validation/visit-details.js';

const valid = { visitDate: '2026-03-03', startTime: '9:00 AM', endTime: '3:30 PM', studentFileCount: '12' };

function errorsOf(body: unknown): Record<string, string> {
  const { result } = validateVisitDetails(body);
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

function dataOf(body: unknown): VisitDetailsForm {
  const { result } = validateVisitDetails(body);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe('visit details form', () => {
  it('accepts a complete form', () => {
    expect(dataOf(valid)).toEqual(valid);
  });

  it('needs every field ("Field is required"), in page order', () => {
    const { result } = validateVisitDetails({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { field: 'visitDate', message: m.fieldRequired },
      { field: 'startTime', message: m.fieldRequired },
      { field: 'endTime', message: m.fieldRequired },
      { field: 'studentFileCount', message: m.fieldRequired },
    ]);
    // Blank is missing too; a body that is not an object is an empty form.
    expect(errorsOf({ ...valid, visitDate: '   ', startTime: ' ' })).toEqual({ visitDate: m.fieldRequired, startTime: m.fieldRequired });
    expect(Object.keys(errorsOf([1, 2]))).toHaveLength(4);
  });

  it('reads a date input day or a typed US date, and refuses anything else ("Invalid date format")', () => {
    expect(errorsOf({ ...valid, visitDate: '3/3/2026' })).toEqual({});
    expect(visitDetailsBody(dataOf({ ...valid, visitDate: '3/3/2026' })).visitDate).toBe('2026-03-03');
    for (const bad of ['2026-02-30', '03-03-2026', 'tomorrow', '2026-3-3x']) {
      expect(errorsOf({ ...valid, visitDate: bad }), bad).toEqual({ visitDate: m.invalidDateFormat });
    }
  });

  it('normalises times as the time input does on blur (spec §5)', () => {
    const data = dataOf({ ...valid, startTime: '9:00am', endTime: '3:30' });
    expect(data.startTime).toBe('9:00 AM');
    expect(data.endTime).toBe('3:30 PM');
    expect(dataOf({ ...valid, startTime: '08:15', endTime: '21:00' })).toMatchObject({ startTime: '8:15 PM', endTime: '9:00 PM' });
  });

  it('refuses a time it cannot read with the invalid-time message', () => {
    for (const bad of ['13:5', '3 PM', '25:00', '3:60 PM', '13:00 PM', 'noon']) {
      expect(errorsOf({ ...valid, startTime: bad }), bad).toEqual({ startTime: m.invalidTimeFormat });
    }
  });

  it('needs the end time after the start time', () => {
    expect(errorsOf({ ...valid, startTime: '3:00 PM', endTime: '3:00 PM' })).toEqual({ endTime: visitDetailsText.endTimeAfterStart });
    expect(errorsOf({ ...valid, startTime: '3:00 PM', endTime: '9:00 AM' })).toEqual({ endTime: visitDetailsText.endTimeAfterStart });
    expect(errorsOf({ ...valid, startTime: '11:59 AM', endTime: '12:00 PM' })).toEqual({});
    // Reported with the other fields' errors too.
    expect(errorsOf({ ...valid, visitDate: '', startTime: '4:00 PM', endTime: '1:00 PM' })).toEqual({
      visitDate: m.fieldRequired,
      endTime: visitDetailsText.endTimeAfterStart,
    });
    // Not when a time is unreadable: that field says why.
    expect(errorsOf({ ...valid, startTime: 'x', endTime: '1:00 PM' })).toEqual({ startTime: m.invalidTimeFormat });
  });

  it('strips everything but digits from the number of files, then checks it', () => {
    expect(dataOf({ ...valid, studentFileCount: '1a2b' }).studentFileCount).toBe('12');
    expect(dataOf({ ...valid, studentFileCount: ' 1,0 ' }).studentFileCount).toBe('10');
    expect(errorsOf({ ...valid, studentFileCount: 'abc' })).toEqual({ studentFileCount: m.fieldRequired });
    expect(errorsOf({ ...valid, studentFileCount: '-1' })).toEqual({});
    expect(errorsOf({ ...valid, studentFileCount: '0' })).toEqual({ studentFileCount: m.minValue(1) });
    expect(errorsOf({ ...valid, studentFileCount: '000' })).toEqual({ studentFileCount: m.minValue(1) });
    expect(errorsOf({ ...valid, studentFileCount: String(VISIT_MAX_STUDENT_FILES) })).toEqual({});
    expect(errorsOf({ ...valid, studentFileCount: String(VISIT_MAX_STUDENT_FILES + 1) })).toEqual({ studentFileCount: m.maxValue(VISIT_MAX_STUDENT_FILES) });
    expect(errorsOf({ ...valid, studentFileCount: '1e308' })).toEqual({ studentFileCount: m.maxValue(VISIT_MAX_STUDENT_FILES) });
  });

  it('takes the first of repeated fields and ignores values that are not text', () => {
    expect(dataOf({ ...valid, studentFileCount: ['7', '8'] }).studentFileCount).toBe('7');
    expect(errorsOf({ ...valid, startTime: { $gt: '' } })).toEqual({ startTime: m.fieldRequired });
  });

  it('keeps what the user typed on a refused form, normalised where it could be', () => {
    const { values } = validateVisitDetails({ visitDate: 'soon', startTime: '3:00pm', endTime: '13:5', studentFileCount: '1a2b' });
    expect(values).toEqual({ visitDate: 'soon', startTime: '3:00 PM', endTime: '13:5', studentFileCount: '12' });
  });

  it('sends the API a day, 24-hour times and a number', () => {
    expect(visitDetailsBody(dataOf({ ...valid, startTime: '12:15 AM', endTime: '1:05 PM' }))).toEqual({
      visitDate: '2026-03-03',
      startTime: '00:15',
      endTime: '13:05',
      studentFileCount: 12,
    });
  });

  it('fills the form from a saved visit on the 12-hour clock', () => {
    const saved = { visitDate: '2026-03-03', startTime: '09:05', endTime: '15:30', studentFileCount: 40, leaId: 1, schoolYear: '2025-2026', updatedAt: '', updatedBy: '' };
    expect(visitDetailsValues(saved)).toEqual({ visitDate: '2026-03-03', startTime: '9:05 AM', endTime: '3:30 PM', studentFileCount: '40' });
    expect(visitDetailsValues(null)).toEqual({ visitDate: '', startTime: '', endTime: '', studentFileCount: '' });
  });
});

describe('days and clock times shown as spec §9 says', () => {
  it('shows a day with weekday, ordinal day, month and year, whatever the zone', () => {
    expect(formatDay('2026-03-03')).toBe('Tuesday, 3rd March 2026');
    expect(formatDay('2026-01-01')).toBe('Thursday, 1st January 2026');
    expect(formatDay('nope')).toBe('');
  });

  it('shows a 24-hour time on the 12-hour clock', () => {
    expect(formatClockTime('00:15')).toBe('12:15 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('15:05')).toBe('3:05 PM');
    expect(formatClockTime('24:00')).toBe('');
  });
});
