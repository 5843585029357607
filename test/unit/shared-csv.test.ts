// The shared CSV export and import (lib/csv.ts, lib/csv-import.ts): MODULES.md "Files in and out"
// and DR spec §10 (header, line numbers with the header as line 1, error report line,column,message).
import { describe, expect, it } from 'vitest';
import { csvFileName, guardCsvText, toCsv } from '../../lib/csv.js';
import { parseCsvUpload, rowErrorsCsv, type CsvUploadOptions } from '../../lib/csv-import.js';
import { csvImportText } from '../../lib/shared/messages.js';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('writes a BOM, the header, CRLF line ends and RFC 4180 quoting', () => {
    const text = toCsv(['Row', 'Label', 'Value'], [
      ['1', 'Total, all "kinds"', 12],
      ['1.1', 'Two\nlines', 7],
    ]);
    expect(text).toBe(`${BOM}Row,Label,Value\r\n1,"Total, all ""kinds""",12\r\n1.1,"Two\nlines",7\r\n`);
  });

  it.each([
    ['=SUM(A1:A3)', "'=SUM(A1:A3)"],
    ['+1', "'+1"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('guards the text %j as %j', (input, expected) => {
    expect(guardCsvText(input)).toBe(expected);
  });

  it('writes numbers plain, negative ones included, and guards only text', () => {
    const text = toCsv(['n', 'text', 'flag', 'none'], [[-5, '-5', true, null], [0.5, '=1+1', false, undefined], [-0, '\rx', true, '']]);
    expect(text.split('\r\n')).toEqual([`${BOM}n,text,flag,none`, "-5,'-5,true,", "0.5,'=1+1,false,", `0,"'\rx",true,`, '']);
  });

  it('refuses a number that is not finite rather than hiding it', () => {
    expect(() => toCsv(['n'], [[Number.NaN]])).toThrow(RangeError);
  });

  it('names files <module>-<report>-<schoolYear>-<lea code or state>.csv', () => {
    expect(csvFileName('eco', 'apr-report', '2025-2026', 'CCSD')).toBe('eco-apr-report-2025-2026-CCSD.csv');
    expect(csvFileName('dr', 'summary', '2024-2025')).toBe('dr-summary-2024-2025-state.csv');
    expect(csvFileName('dr', 'summary', '2024-2025', null)).toBe('dr-summary-2024-2025-state.csv');
    expect(csvFileName('rai', 'state tracking', '2025-2026', 'a/b"c')).toBe('rai-state-tracking-2025-2026-a-b-c.csv');
  });
});

const calendarHeader = ['leaCode', 'schoolYear', 'date', 'dayType'] as const;
const opts: CsvUploadOptions = { header: calendarHeader, maxBytes: 5 * 1024 * 1024, maxRows: 100 };

describe('parseCsvUpload', () => {
  it('returns each data row keyed by the header with its file line (header = line 1)', () => {
    const file = `${BOM}leaCode,schoolYear,date,dayType\r\nCCSD,2025-2026,2025-08-11,FirstDay\r\n\r\n WCSD , 2025-2026 ,2026-05-28,LastDay\r\n`;
    const result = parseCsvUpload(Buffer.from(file, 'utf8'), opts);
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, values: { leaCode: 'CCSD', schoolYear: '2025-2026', date: '2025-08-11', dayType: 'FirstDay' } },
        { line: 4, values: { leaCode: 'WCSD', schoolYear: '2025-2026', date: '2026-05-28', dayType: 'LastDay' } },
      ],
    });
  });

  it('counts the lines of a quoted value with line breaks, and skips rows of empty cells', () => {
    const file = 'a,b\n"x\r\ny",1\n,\n2,3';
    const result = parseCsvUpload(file, { header: ['a', 'b'], maxBytes: 1000, maxRows: 10 });
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, values: { a: 'x\ny', b: '1' } },
        { line: 5, values: { a: '2', b: '3' } },
      ],
    });
  });

  it('accepts only the exact header, in order', () => {
    for (const header of ['leaCode,schoolYear,dayType,date', 'leacode,schoolYear,date,dayType', 'leaCode,schoolYear,date']) {
      expect(parseCsvUpload(`${header}\nX,2025-2026,2025-08-11,FirstDay\n`, opts)).toEqual({
        ok: false,
        errors: [{ line: 1, column: '', value: '', message: csvImportText.header(calendarHeader) }],
      });
    }
    // ECO spec: "exact, case-insensitive".
    expect(parseCsvUpload('LEACODE,schoolyear,Date,daytype\n', { ...opts, headerIgnoresCase: true })).toEqual({ ok: true, rows: [] });
  });

  it("gives a module's header message what is missing and unexpected", () => {
    const result = parseCsvUpload('leaCode,year,date\n', {
      ...opts,
      messages: { header: (m) => `The header row does not match the template. Missing: ${m.missing.join(', ')}. Unexpected: ${m.unexpected.join(', ')}.` },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]!.message).toBe('The header row does not match the template. Missing: schoolYear, dayType. Unexpected: year.');
  });

  it('refuses a file over the size or row limit with a clear message', () => {
    expect(parseCsvUpload(Buffer.alloc(101, 'a'), { ...opts, maxBytes: 100 })).toEqual({
      ok: false,
      errors: [{ line: 0, column: '', value: '', message: 'The file is larger than 100 bytes.' }],
    });
    expect(csvImportText.tooLarge(5 * 1024 * 1024)).toBe('The file is larger than 5 MB.');
    const rows = Array.from({ length: 3 }, () => 'CCSD,2025-2026,2025-08-11,FirstDay').join('\n');
    expect(parseCsvUpload(`leaCode,schoolYear,date,dayType\n${rows}`, { ...opts, maxRows: 2 })).toEqual({
      ok: false,
      errors: [{ line: 0, column: '', value: '', message: 'The file has more than 2 rows. Split it and upload each part.' }],
    });
    const custom = parseCsvUpload(`leaCode,schoolYear,date,dayType\n${rows}`, { ...opts, maxRows: 2, messages: { tooManyRows: () => 'The file is too large (limit 5 MB and 5,000 rows).' } });
    expect(!custom.ok && custom.errors[0]!.message).toBe('The file is too large (limit 5 MB and 5,000 rows).');
  });

  it('refuses an empty file, a file that is not UTF-8 and a broken quote', () => {
    expect(parseCsvUpload('', opts)).toEqual({ ok: false, errors: [{ line: 0, column: '', value: '', message: csvImportText.empty }] });
    expect(parseCsvUpload(`${BOM}\r\n`, opts)).toEqual({ ok: false, errors: [{ line: 0, column: '', value: '', message: csvImportText.empty }] });
    const latin1 = Buffer.from('leaCode,schoolYear,date,dayType\nCaf\xe9,2025-2026,2025-08-11,FirstDay\n', 'latin1');
    expect(parseCsvUpload(latin1, opts)).toEqual({ ok: false, errors: [{ line: 0, column: '', value: '', message: csvImportText.notUtf8 }] });
    const broken = parseCsvUpload('leaCode,schoolYear,date,dayType\nX,"2025-2026,2025-08-11,FirstDay\n', opts);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.errors[0]!.message).toBe(csvImportText.unreadable);
  });

  it('lists every row with the wrong number of values', () => {
    const result = parseCsvUpload('leaCode,schoolYear,date,dayType\nA,2025-2026,2025-08-11\nB,2025-2026,2025-08-11,FirstDay\nC,1,2,3,4\n', opts);
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 2, column: '', value: '', message: csvImportText.columnCount(3, 4) },
        { line: 4, column: '', value: '', message: csvImportText.columnCount(5, 4) },
      ],
    });
  });
});

describe('rowErrorsCsv', () => {
  const errors = [
    { line: 3, column: 'leaCode', value: 'XX', message: 'Unknown LEA code XX.' },
    { line: 5, column: 'date', value: '=2+2', message: 'Invalid date format' },
  ];

  it('writes DR spec §10 header line,column,message by default', () => {
    expect(rowErrorsCsv(errors)).toBe(`${BOM}line,column,message\r\n3,leaCode,Unknown LEA code XX.\r\n5,date,Invalid date format\r\n`);
  });

  it('takes other columns and labels, and guards echoed values', () => {
    expect(rowErrorsCsv(errors, [{ key: 'line', label: 'Row' }, { key: 'column', label: 'Column' }, { key: 'value', label: 'Value' }, { key: 'message', label: 'Message' }])).toBe(
      `${BOM}Row,Column,Value,Message\r\n3,leaCode,XX,Unknown LEA code XX.\r\n5,date,'=2+2,Invalid date format\r\n`,
    );
  });
});
