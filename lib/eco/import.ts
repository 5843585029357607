// The ECO child import (spec §8): the file checks of the shared CSV import (lib/csv-import.ts)
// with this module's wording, then every row through the §5 rules with zod, so each bad cell is
// listed (file line, column, value, message) and nothing is saved unless every row is good.
import { z } from 'zod';
import type { IsoDay } from '../day.js';
import { isIsoDay } from '../day.js';
import { parseCsvUpload, type CsvParseResult, type CsvRow, type CsvRowError, type CsvUploadOptions } from '../csv-import.js';
import { DEFAULT_YEAR_SETTINGS, OUTCOMES, type AssessmentStatus, type Outcome, type YearSettings } from './codes.js';
import { earliestEntryRatingDate } from './dates.js';
import { ecoImportMessages as im, ecoValidationMessages as v, genericMessages as g } from './messages.js';
import { entryDateError, nameError, pastDateError, ratingError, stateStudentIdError } from './validation.js';

export const IMPORT_HEADER: readonly string[] = Object.freeze(
  'stateStudentId,lastName,firstName,middleName,birthDate,schoolName,disabilityCategory,entryDate,entryRatingDate,entryRatingA,entryRatingB,entryRatingC'.split(','),
);
/** 'Download template' gives the header row only. */
export const IMPORT_TEMPLATE = `${IMPORT_HEADER.join(',')}\r\n`;

export const IMPORT_OPTIONS: CsvUploadOptions = {
  header: IMPORT_HEADER,
  maxBytes: 2 * 1024 * 1024,
  maxRows: 2000,
  headerIgnoresCase: true,
  messages: { tooManyRows: () => im.tooManyRows, header: () => im.header },
};

/** The whole-file checks: UTF-8 (BOM allowed), 2 MB, 2,000 rows, the exact header (any case). */
export const parseImportFile = (bytes: Buffer | string): CsvParseResult => parseCsvUpload(bytes, IMPORT_OPTIONS);

/** YYYY-MM-DD or MM/DD/YYYY to an IsoDay; null when neither, or not a real day. */
export function parseImportDate(text: string): IsoDay | null {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1]}-${us[2]}` : text;
  return isIsoDay(iso) ? iso : null;
}

/** The untrusted row: every column present, as text (the shared parser trims it). */
const rawRow = z.object(Object.fromEntries(IMPORT_HEADER.map((h) => [h, z.string().default('')]))).transform((r) => r as Record<string, string>);

export interface ImportContext {
  today: IsoDay;
  /** The 'disability-categories' list: a cell may hold the code or the label. */
  disabilityCategories: readonly { code: string; label: string }[];
  /** The schools of the current LEA. */
  schools: readonly { id: number; name: string }[];
  settings?: YearSettings;
}

export interface ImportRow {
  line: number;
  stateStudentId: string;
  lastName: string;
  firstName: string;
  middleName: string | null;
  birthDate: IsoDay;
  schoolId: number | null;
  disabilityCategory: string;
  entryDate: IsoDay;
  /** Present only with all three ratings; imported ratings are always a draft. */
  entry: { ratingDate: IsoDay; ratings: Record<Outcome, number> } | null;
}

export type ImportRowResult = { ok: true; row: ImportRow } | { ok: false; errors: CsvRowError[] };

/** One row through the §8 and §5 rules; every error of the row, in column order. */
export function validateImportRow(csvRow: CsvRow, ctx: ImportContext): ImportRowResult {
  const s = ctx.settings ?? DEFAULT_YEAR_SETTINGS;
  const r = rawRow.parse(csvRow.values);
  const errors: CsvRowError[] = [];
  const fail = (column: string, message: string | null) => {
    if (message) errors.push({ line: csvRow.line, column, value: r[column] ?? '', message });
  };
  const date = (column: string, required: boolean): IsoDay | null => {
    const text = r[column]!;
    if (text === '') {
      if (required) fail(column, g.fieldRequired);
      return null;
    }
    const day = parseImportDate(text);
    if (!day) fail(column, g.invalidDateFormat);
    return day;
  };

  fail('stateStudentId', stateStudentIdError(r.stateStudentId));
  fail('lastName', nameError(r.lastName, true));
  fail('firstName', nameError(r.firstName, true));
  fail('middleName', nameError(r.middleName, false));

  const birthText = date('birthDate', true);
  const birthError = birthText ? pastDateError(birthText, ctx.today) : null;
  fail('birthDate', birthError);
  // A wrong birth date is reported once, not again through the entry date's birthday rules.
  const birthDate = birthError ? null : birthText;

  const school = r.schoolName ? ctx.schools.find((x) => x.name.toLowerCase() === r.schoolName!.toLowerCase()) : undefined;
  if (r.schoolName && !school) fail('schoolName', g.selectFromList);

  const dc = r.disabilityCategory!.toLowerCase();
  const disability = ctx.disabilityCategories.find((d) => d.code.toLowerCase() === dc || d.label.toLowerCase() === dc);
  if (!r.disabilityCategory) fail('disabilityCategory', g.fieldRequired);
  else if (!disability) fail('disabilityCategory', g.selectFromList);

  const entryDate = date('entryDate', true);
  if (entryDate) fail('entryDate', birthDate ? entryDateError(entryDate, { birthDate, today: ctx.today }) : pastDateError(entryDate, ctx.today));

  // Ratings: all three or none; with them, a rating date (§8), and every §5 rule.
  const ratingColumns = OUTCOMES.map((x) => `entryRating${x}`);
  const given = ratingColumns.filter((c) => r[c] !== '');
  const rated = given.length > 0;
  if (rated && given.length < 3) fail(ratingColumns.find((c) => r[c] === '')!, im.allRatingsOrNone);
  for (const c of given) fail(c, ratingError(r[c], s));
  const ratingDate = date('entryRatingDate', rated);
  if (ratingDate) {
    const future = pastDateError(ratingDate, ctx.today);
    fail('entryRatingDate', future);
    if (!future && entryDate) {
      const earliest = earliestEntryRatingDate(entryDate, s);
      if (ratingDate < earliest) fail('entryRatingDate', v.entryRatingTooEarly(earliest));
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    row: {
      line: csvRow.line,
      stateStudentId: r.stateStudentId!,
      lastName: r.lastName!,
      firstName: r.firstName!,
      middleName: r.middleName || null,
      birthDate: birthDate!,
      schoolId: school?.id ?? null,
      disabilityCategory: disability!.code,
      entryDate: entryDate!,
      entry: rated ? { ratingDate: ratingDate!, ratings: { A: Number(r.entryRatingA), B: Number(r.entryRatingB), C: Number(r.entryRatingC) } } : null,
    },
  };
}

/** A state student ID twice in the file: the later row is refused naming both lines. */
export function duplicateIdErrors(rows: readonly CsvRow[]): CsvRowError[] {
  const first = new Map<string, number>();
  const errors: CsvRowError[] = [];
  for (const row of rows) {
    const id = row.values.stateStudentId ?? '';
    if (id === '') continue;
    const seen = first.get(id);
    if (seen === undefined) first.set(id, row.line);
    else errors.push({ line: row.line, column: 'stateStudentId', value: id, message: im.duplicateInFile(seen, row.line) });
  }
  return errors;
}

export interface ExistingChild {
  leaId: number;
  /** The child's open record, if any. */
  openRecord: { entryDate: IsoDay; entryStatus: AssessmentStatus | null } | null;
}

export type ImportMatch = { action: 'create' } | { action: 'update' } | { action: 'error'; column: string; message: string };

/**
 * What a valid row does to the child already recorded with its state student ID (§8). 'update'
 * may still count as 'unchanged' when every value is identical; that compare is the caller's.
 */
export function matchImportRow(row: Pick<ImportRow, 'entryDate'>, existing: ExistingChild | null, currentLeaId: number): ImportMatch {
  if (!existing) return { action: 'create' };
  if (existing.leaId !== currentLeaId) return { action: 'error', column: 'stateStudentId', message: im.otherLea };
  const open = existing.openRecord;
  // A child whose records are all closed gets a new record for the new stay.
  if (!open) return { action: 'create' };
  if (open.entryDate !== row.entryDate) return { action: 'error', column: 'entryDate', message: im.openRecordOtherEntry(open.entryDate) };
  if (open.entryStatus === 'submitted' || open.entryStatus === 'finalized') return { action: 'error', column: 'stateStudentId', message: im.entrySubmitted };
  return { action: 'update' };
}

/** The success line. */
export const importSummary = (created: number, updated: number, unchanged: number): string => im.imported(created + updated + unchanged, created, updated, unchanged);
