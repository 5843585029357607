// The school calendar import rules of DR spec §10 (lib/calendar-import.ts): the header, every row
// check with its exact message, line numbers with the header as line 1, the per-LEA-and-year check,
// and a content hash that ignores row order (re-importing the same calendar changes nothing).
import { describe, expect, it } from 'vitest';
import { CALENDAR_CSV_HEADER, calendarContentHash, planCalendarImport } from '../../lib/calendar-import.js';
import { parseCsvUpload, type CsvRow } from '../../lib/csv-import.js';
import { calendarText as t, messageDate } from '../../lib/shared/messages.js';

const leas = new Set(['CC', 'WA']);

function rowsOf(lines: string[]): CsvRow[] {
  const parsed = parseCsvUpload([CALENDAR_CSV_HEADER.join(','), ...lines].join('\r\n'), { header: CALENDAR_CSV_HEADER, maxBytes: 1e6, maxRows: 1000 });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rows;
}

describe('planCalendarImport', () => {
  it('builds one calendar per LEA and school year, non-school days sorted', () => {
    const plan = planCalendarImport(
      rowsOf([
        'CC,2025-2026,2025-08-11,FirstDay',
        'CC,2025-2026,2025-11-26,NonSchoolDay',
        'CC,2025-2026,2025-11-24,NonSchoolDay',
        'CC,2025-2026,2026-05-28,LastDay',
        'WA,2026-2027,2026-08-10,FirstDay',
        'WA,2026-2027,2027-05-27,LastDay',
      ]),
      leas,
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.calendars.map(({ contentHash, ...c }) => c)).toEqual([
      { leaCode: 'CC', schoolYear: '2025-2026', firstDay: '2025-08-11', lastDay: '2026-05-28', nonSchoolDays: ['2025-11-24', '2025-11-26'] },
      { leaCode: 'WA', schoolYear: '2026-2027', firstDay: '2026-08-10', lastDay: '2027-05-27', nonSchoolDays: [] },
    ]);
    expect(plan.calendars[0]!.contentHash).toBe(
      calendarContentHash({ schoolYear: '2025-2026', firstDay: '2025-08-11', lastDay: '2026-05-28', nonSchoolDays: ['2025-11-26', '2025-11-24'] }),
    );
    expect(plan.calendars[0]!.contentHash).not.toBe(calendarContentHash({ schoolYear: '2025-2026', firstDay: '2025-08-11', lastDay: '2026-05-28', nonSchoolDays: ['2025-11-24'] }));
  });

  it("reports every row's problem with its line, column and the spec's message", () => {
    const plan = planCalendarImport(
      rowsOf([
        'XX,2025-2026,2025-08-11,FirstDay', // 2 unknown LEA
        'CC,2025-26,2025-08-11,FirstDay', // 3 school year
        'CC,2025-2026,10/01/2025,NonSchoolDay', // 4 date format
        'CC,2025-2026,2026-07-01,NonSchoolDay', // 5 outside the year
        'CC,2025-2026,2025-08-11,FirstDay', // 6
        'CC,2025-2026,2026-05-28,LastDay', // 7
        'CC,2025-2026,2025-11-22,NonSchoolDay', // 8 Saturday
        'CC,2025-2026,2025-08-08,NonSchoolDay', // 9 before FirstDay
        'CC,2025-2026,2025-11-24,NonSchoolDay', // 10
        'CC,2025-2026,2025-11-24,NonSchoolDay', // 11 duplicate
        'CC,2025-2026,2025-11-25,Holiday', // 12 day type
        'WA,2025-2026,2025-08-11,FirstDay', // 13 WA has no LastDay
        'WA,2026-2027,2026-08-10,FirstDay', // 14
        'WA,2026-2027,2026-08-11,FirstDay', // 15 two FirstDays
        'WA,2026-2027,2027-05-27,LastDay', // 16
        'CC,2025-2027,2025-08-11,FirstDay', // 17 years not consecutive
      ]),
      leas,
    );
    expect(plan).toEqual({
      ok: false,
      errors: [
        { line: 2, column: 'leaCode', value: 'XX', message: 'Unknown LEA code XX.' },
        { line: 3, column: 'schoolYear', value: '2025-26', message: 'School year must look like 2025-2026.' },
        { line: 4, column: 'date', value: '10/01/2025', message: 'Invalid date format' },
        { line: 5, column: 'date', value: '2026-07-01', message: 'Date 07/01/2026 is outside school year 2025-2026.' },
        { line: 8, column: 'date', value: '2025-11-22', message: 'NonSchoolDay 11/22/2025 must be a weekday between FirstDay and LastDay.' },
        { line: 9, column: 'date', value: '2025-08-08', message: 'NonSchoolDay 08/08/2025 must be a weekday between FirstDay and LastDay.' },
        { line: 11, column: 'date', value: '2025-11-24', message: 'Duplicate row for CC 11/24/2025.' },
        { line: 12, column: 'dayType', value: 'Holiday', message: t.dayType },
        { line: 13, column: 'dayType', value: '', message: 'WA 2025-2026 needs exactly one FirstDay and one LastDay.' },
        { line: 14, column: 'dayType', value: '', message: 'WA 2026-2027 needs exactly one FirstDay and one LastDay.' },
        { line: 17, column: 'schoolYear', value: '2025-2027', message: 'School year must look like 2025-2026.' },
      ],
    });
  });

  it('counts a FirstDay on a row with another error, so the group is judged on the file', () => {
    const plan = planCalendarImport(rowsOf(['CC,2025-2026,2025-08-32,FirstDay', 'CC,2025-2026,2026-05-28,LastDay']), leas);
    expect(plan).toEqual({ ok: false, errors: [{ line: 2, column: 'date', value: '2025-08-32', message: t.invalidDate }] });
  });

  it('refuses a FirstDay after the LastDay', () => {
    const plan = planCalendarImport(rowsOf(['CC,2025-2026,2026-05-28,FirstDay', 'CC,2025-2026,2025-08-11,LastDay']), leas);
    expect(plan).toEqual({ ok: false, errors: [{ line: 2, column: 'date', value: '2026-05-28', message: t.firstAfterLast('CC', '2025-2026') }] });
  });

  it('writes dates in messages as MM/DD/YYYY (DR spec §7)', () => {
    expect(messageDate('2026-03-16')).toBe('03/16/2026');
  });
});
