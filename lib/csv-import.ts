// CSV import, the same for every module (MODULES.md "Files in and out"): the file is checked as a
// whole first (size, UTF-8, header, row count), then every data row is returned with its line
// number in the file (the header is line 1), so a module can list every bad row with its line,
// column, value and message and apply nothing unless every row is good.
//
// What a module gets is text: the values of each row keyed by the header's names, trimmed.
// Checking and converting them is the module's rule (its zod schema and its spec's messages).
import { parse } from 'csv-parse/sync';
import { toCsv } from './csv.js';
import { csvImportText } from './shared/messages.js';

export interface CsvRowError {
  /** The line in the file (the header is line 1); 0 for a problem with the whole file. */
  line: number;
  /** The header name of the column at fault; '' when the problem is the line or the file. */
  column: string;
  value: string;
  message: string;
}

export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export type CsvParseResult = { ok: true; rows: CsvRow[] } | { ok: false; errors: CsvRowError[] };

export interface CsvHeaderMismatch {
  expected: readonly string[];
  found: readonly string[];
  missing: readonly string[];
  unexpected: readonly string[];
}

export interface CsvUploadOptions {
  /** The header row the file must have, names and order exactly (spec header lines). */
  header: readonly string[];
  maxBytes: number;
  /** Data rows, the header not counted. */
  maxRows: number;
  /** Compare header names ignoring case (ECO spec: "exact, case-insensitive"). Default false. */
  headerIgnoresCase?: boolean;
  /** A module's own wording where its spec gives one. */
  messages?: {
    tooLarge?: (maxBytes: number) => string;
    tooManyRows?: (maxRows: number) => string;
    header?: (mismatch: CsvHeaderMismatch) => string;
    empty?: string;
    notUtf8?: string;
  };
}

const fileError = (message: string, line = 0): CsvParseResult => ({ ok: false, errors: [{ line, column: '', value: '', message }] });

/** Strict UTF-8: a file saved in another encoding is refused rather than read wrongly. */
function decode(bytes: Buffer | string): string | null {
  if (typeof bytes === 'string') return bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const lineEnds = (text: string): number => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
};

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

export function parseCsvUpload(bytes: Buffer | string, options: CsvUploadOptions): CsvParseResult {
  const m = options.messages ?? {};
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes, 'utf8') : bytes.length;
  if (size > options.maxBytes) return fileError((m.tooLarge ?? csvImportText.tooLarge)(options.maxBytes));
  const decoded = decode(bytes);
  if (decoded === null) return fileError(m.notUtf8 ?? csvImportText.notUtf8);
  // One line end everywhere: csv-parse counts CR and LF of a CRLF as two lines, and a value's
  // own line breaks become plain LF, which is what every module stores anyway.
  const text = decoded.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') return fileError(m.empty ?? csvImportText.empty);

  let records: ParsedRecord[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A row of empty cells (",,,", what a spreadsheet leaves after deleting rows) is not data.
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as ParsedRecord[];
  } catch (err) {
    const line = typeof (err as { lines?: unknown }).lines === 'number' ? (err as { lines: number }).lines : 0;
    return fileError(csvImportText.unreadable, line);
  }

  // csv-parse reports the line a record ends on; a quoted value with line breaks starts earlier.
  const startLine = (r: ParsedRecord) => r.info.lines - r.record.reduce((n, v) => n + lineEnds(v), 0);
  const [first, ...data] = records;
  if (!first) return fileError(m.empty ?? csvImportText.empty);

  const norm = (s: string) => (options.headerIgnoresCase ? s.toLowerCase() : s);
  const found = first.record.map((s) => s.trim());
  const headerOk = found.length === options.header.length && found.every((name, i) => norm(name) === norm(options.header[i]!));
  if (!headerOk) {
    const expectedSet = new Set(options.header.map(norm));
    const foundSet = new Set(found.map(norm));
    const mismatch: CsvHeaderMismatch = {
      expected: options.header,
      found,
      missing: options.header.filter((h) => !foundSet.has(norm(h))),
      unexpected: found.filter((h) => h !== '' && !expectedSet.has(norm(h))),
    };
    return fileError(m.header ? m.header(mismatch) : csvImportText.header(options.header), startLine(first));
  }

  if (data.length > options.maxRows) return fileError((m.tooManyRows ?? csvImportText.tooManyRows)(options.maxRows));

  const rows: CsvRow[] = [];
  const errors: CsvRowError[] = [];
  for (const r of data) {
    const line = startLine(r);
    if (r.record.length !== options.header.length) {
      errors.push({ line, column: '', value: '', message: csvImportText.columnCount(r.record.length, options.header.length) });
      continue;
    }
    const values: Record<string, string> = {};
    options.header.forEach((name, i) => {
      values[name] = r.record[i]!.trim();
    });
    rows.push({ line, values });
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

export type CsvErrorColumn = keyof CsvRowError | { key: keyof CsvRowError; label: string };

/**
 * The downloadable error report: by default DR spec §10's `line,column,message`; a module whose
 * spec lists the value too passes ['line', 'column', 'value', 'message'] (or labelled columns).
 * Values echoed from the file go through toCsv's formula guard like every other cell.
 */
export function rowErrorsCsv(errors: readonly CsvRowError[], header: readonly CsvErrorColumn[] = ['line', 'column', 'message']): string {
  const columns = header.map((c) => (typeof c === 'string' ? { key: c, label: c } : c));
  return toCsv(
    columns.map((c) => c.label),
    errors.map((e) => columns.map((c) => e[c.key])),
  );
}
