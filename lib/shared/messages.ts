// The user-facing strings of the shared module pieces (CSV import, documents, email templates,
// jobs, charts, print header, school calendars and holidays). A module's own strings live in
// lib/<m>/messages.ts; these are the ones every module shows alike. Strings quoted from a spec
// say which section they come from.

const formatSize = (bytes: number): string => {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
};

export const csvImportText = {
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  empty: 'The file is empty.',
  tooLarge: (maxBytes: number) => `The file is larger than ${formatSize(maxBytes)}.`,
  tooManyRows: (maxRows: number) => `The file has more than ${maxRows.toLocaleString('en-US')} rows. Split it and upload each part.`,
  header: (expected: readonly string[]) => `The header row must be exactly: ${expected.join(',')}`,
  unreadable: 'This line is not valid CSV: check its quotes.',
  columnCount: (found: number, expected: number) => `This line has ${found} values; the header has ${expected}.`,
} as const;

export const sharedFormatSize = formatSize;
