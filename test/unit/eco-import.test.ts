// ECO spec §8: the import file checks, every row rule with its message, matching by state
// student ID, and the error file.
import { describe, expect, it } from 'vitest';
import type { CsvRow } from '../../lib/csv-import.js';
import { importErrorsCsv } from '../../lib/eco/csv.js';
import { duplicateIdErrors, IMPORT_HEADER, IMPORT_TEMPLATE, importSummary, matchImportRow, parseImportDate, parseImportFile, validateImportRow, type ImportContext } from '../../lib/eco/import.js';

const HEADER = 'stateStudentId,lastName,firstName,middleName,birthDate,schoolName,disabilityCategory,entryDate,entryRatingDate,entryRatingA,entryRatingB,entryRatingC';
const ctx: ImportContext = {
  today: '2025-06-10',
  disabilityCategories: [{ code: 'DD', label: 'Developmental delay' }],
  schools: [{ id: 4, name: 'Prairie View Elementary' }],
};
const GOOD = ['9000000001', 'Lee', 'Ann', '', '2021-04-10', 'prairie view elementary', 'Developmental delay', '08/12/2024', '2024-09-01', '3', '4', '5'];
const row = (cells: string[], line = 2): CsvRow => ({ line, values: Object.fromEntries(IMPORT_HEADER.map((h, i) => [h, cells[i] ?? ''])) });
const withCell = (column: string, value: string): string[] => GOOD.map((c, i) => (IMPORT_HEADER[i] === column ? value : c));

describe('the import file (§8)', () => {
  it('offers the header row as the template', () => expect(IMPORT_TEMPLATE).toBe(`${HEADER}\r\n`));

  it('accepts the header in any case, with a BOM', () => {
    const r = parseImportFile(`\uFEFF${HEADER.toUpperCase()}\n${GOOD.join(',')}\n`);
    expect(r.ok && r.rows[0]!.line).toBe(2);
  });

  it('rejects a wrong header and more than 2,000 rows', () => {
    expect(parseImportFile(`${HEADER.replace('middleName,', '')}\n`)).toEqual({ ok: false, errors: [{ line: 1, column: '', value: '', message: 'The header row does not match the template.' }] });
    const many = `${HEADER}\n${Array.from({ length: 2001 }, () => GOOD.join(',')).join('\n')}`;
    expect(parseImportFile(many)).toEqual({ ok: false, errors: [{ line: 0, column: '', value: '', message: 'The file has more than 2,000 rows. Split it and upload each part.' }] });
  });
});

describe('dates (§8)', () => {
  it.each([
    ['2024-08-12', '2024-08-12'],
    ['08/12/2024', '2024-08-12'],
    ['8/12/2024', null],
    ['2024-02-30', null],
    ['12.08.2024', null],
  ])('%s → %s', (text, day) => expect(parseImportDate(text)).toBe(day));
});

describe('row rules (§8, §5)', () => {
  it('maps a good row: label or code, school by name in any case, draft ratings', () => {
    expect(validateImportRow(row(GOOD), ctx)).toEqual({
      ok: true,
      row: {
        line: 2,
        stateStudentId: '9000000001',
        lastName: 'Lee',
        firstName: 'Ann',
        middleName: null,
        birthDate: '2021-04-10',
        schoolId: 4,
        disabilityCategory: 'DD',
        entryDate: '2024-08-12',
        entry: { ratingDate: '2024-09-01', ratings: { A: 3, B: 4, C: 5 } },
      },
    });
    const unrated = ['9000000002', 'Lee', 'Bo', '', '2021-04-10', '', 'dd', '2024-08-12', '', '', '', ''];
    expect(validateImportRow(row(unrated), ctx)).toMatchObject({ ok: true, row: { entry: null, schoolId: null, disabilityCategory: 'DD' } });
  });

  it.each([
    ['stateStudentId', '', 'State student ID is required.'],
    ['stateStudentId', '90000001', 'State student ID must be exactly 10 digits.'],
    ['lastName', '', 'Field is required'],
    ['firstName', 'A'.repeat(51), 'Field has a max length of 50'],
    ['middleName', 'J2', 'Numbers are not allowed'],
    ['birthDate', '2021/04/10', 'Invalid date format'],
    ['birthDate', '2026-01-01', 'No future dates allowed'],
    ['schoolName', 'Other School', 'A value must be selected from the list'],
    ['disabilityCategory', 'XX', 'A value must be selected from the list'],
    ['disabilityCategory', '', 'Field is required'],
    ['entryDate', '', 'Field is required'],
    ['entryDate', '2024-04-09', "Entry date must be on or after the child's third birthday (04/10/2024)."],
    ['entryRatingDate', '', 'Field is required'],
    ['entryRatingDate', '2024-07-12', 'Entry ratings must be dated no earlier than 07/13/2024.'],
    ['entryRatingDate', '2025-06-11', 'No future dates allowed'],
    ['entryRatingB', '', 'Give all three entry ratings or none.'],
    ['entryRatingA', '8', 'Ratings must be whole numbers from 1 to 7.'],
    ['entryRatingC', '3.5', 'Ratings must be whole numbers from 1 to 7.'],
    ['entryRatingC', 'x', 'Ratings must be whole numbers from 1 to 7.'],
    ['entryRatingA', '0', 'Ratings must be whole numbers from 1 to 7.'],
  ])('%s %j → %s', (column, value, message) => {
    expect(validateImportRow(row(withCell(column, value)), ctx)).toEqual({ ok: false, errors: [{ line: 2, column, value, message }] });
  });

  it('lists every error of a row', () => {
    const r = validateImportRow(row(['12', '', 'Ann', '', 'x', '', 'DD', '2024-08-12', '', '3', '', '']), ctx);
    expect(r.ok ? [] : r.errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
      'stateStudentId: State student ID must be exactly 10 digits.',
      'lastName: Field is required',
      'birthDate: Invalid date format',
      'entryRatingB: Give all three entry ratings or none.',
      'entryRatingDate: Field is required',
    ]);
  });
});

describe('matching by state student ID (§8)', () => {
  it('names both lines of a duplicate', () => {
    expect(duplicateIdErrors([row(GOOD, 2), row(withCell('firstName', 'Bo'), 3), row(GOOD, 5)])).toEqual([
      { line: 3, column: 'stateStudentId', value: '9000000001', message: 'This state student ID appears more than once in the file (rows 2 and 3).' },
      { line: 5, column: 'stateStudentId', value: '9000000001', message: 'This state student ID appears more than once in the file (rows 2 and 5).' },
    ]);
  });

  it.each([
    ['new', null, { action: 'create' }],
    ['same LEA, open, same entry date, draft', { leaId: 7, openRecord: { entryDate: '2024-08-12', entryStatus: 'draft' } }, { action: 'update' }],
    ['same LEA, no entry yet', { leaId: 7, openRecord: { entryDate: '2024-08-12', entryStatus: null } }, { action: 'update' }],
    [
      'entry submitted',
      { leaId: 7, openRecord: { entryDate: '2024-08-12', entryStatus: 'submitted' } },
      { action: 'error', column: 'stateStudentId', message: 'Entry ratings for this child are submitted; unlock them to change.' },
    ],
    [
      'another entry date',
      { leaId: 7, openRecord: { entryDate: '2024-09-01', entryStatus: 'draft' } },
      { action: 'error', column: 'entryDate', message: 'This child already has an open record with entry date 09/01/2024.' },
    ],
    [
      'other LEA',
      { leaId: 8, openRecord: { entryDate: '2024-08-12', entryStatus: null } },
      { action: 'error', column: 'stateStudentId', message: 'This child is recorded by another district. Claim the record before importing.' },
    ],
  ] as const)('%s', (_name, existing, expected) => expect(matchImportRow({ entryDate: '2024-08-12' }, existing, 7)).toEqual(expected));

  it('reports the result and writes the error file', () => {
    expect(importSummary(1, 2, 3)).toBe('Imported 6 rows: 1 created, 2 updated, 3 unchanged.');
    expect(importSummary(0, 0, 4)).toBe('Imported 4 rows: 0 created, 0 updated, 4 unchanged.');
    const file = importErrorsCsv([{ line: 3, column: 'entryRatingA', value: '=8', message: 'Ratings must be whole numbers from 1 to 7.' }]);
    expect(file).toBe("\uFEFFrowNumber,column,value,message\r\n3,entryRatingA,'=8,Ratings must be whole numbers from 1 to 7.\r\n");
  });
});
