// CSV export, the same for every module (MODULES.md "Files in and out"): UTF-8 with a byte-order
// mark so Excel reads the accents right, CRLF line ends and RFC 4180 quoting (csv-stringify),
// and the formula-injection guard: a text cell that a spreadsheet would run as a formula
// (starting with = + - @, tab or carriage return) gets a leading apostrophe. Numbers are
// written as plain numbers, negative ones included, because they are data, not text.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

/** The characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text value as it may be written to a cell: prefixed with ' when it would start a formula. */
export function guardCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell's text: numbers plain, booleans true/false, null and undefined empty, text guarded. */
export function csvCellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    // NaN or Infinity in a report is a bug upstream; an empty or "NaN" cell would hide it.
    if (!Number.isFinite(cell)) throw new RangeError(`A CSV number cell must be finite, got ${cell}`);
    return String(cell === 0 ? 0 : cell);
  }
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return guardCsvText(cell);
}

/** The whole file: BOM, header row, then one row per record, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const records = [header.map(csvCellText), ...rows.map((row) => row.map(csvCellText))];
  // A value with a line break is quoted whatever the line end, so no reader splits it into two rows.
  return stringify(records, { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** A name part safe in a Content-Disposition header and on every file system. */
function fileNamePart(value: string): string {
  return value.trim().replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'file';
}

/**
 * `<module>-<report>-<schoolYear>-<leaCode or state>.csv` (MODULES.md): csvFileName('eco',
 * 'apr-report', '2025-2026', 'CCSD') → 'eco-apr-report-2025-2026-CCSD.csv'; without an LEA
 * (the state total) the last part is 'state'.
 */
export function csvFileName(module: string, report: string, schoolYear: string, leaCode?: string | null): string {
  const lea = leaCode === null || leaCode === undefined || leaCode.trim() === '' ? 'state' : leaCode;
  return `${[module, report, schoolYear, lea].map(fileNamePart).join('-')}.csv`;
}
