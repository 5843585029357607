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

export const chartText = {
  noData: 'No data to show.',
  /** The caption of a chart's data table (its text alternative, WCAG 1.1.1). */
  tableCaption: (title: string) => `${title}: data`,
  noValue: 'No data',
  total: 'Total',
  legend: 'Legend',
  barDescription: (categories: number, series: number, stacked: boolean) =>
    `${stacked ? 'Stacked bar' : series > 1 ? 'Grouped bar' : 'Bar'} chart of ${categories} ${categories === 1 ? 'category' : 'categories'}` +
    `${series > 1 ? ` and ${series} series` : ''}. The table that follows lists every value.`,
  lineDescription: (points: number, series: number) =>
    `Line chart of ${series} series over ${points} ${points === 1 ? 'point' : 'points'}. The table that follows lists every value.`,
} as const;

export const printText = {
  generatedAt: 'Generated',
  filters: 'Filters',
  noFilters: 'None',
} as const;

/** Email templates (DR spec §7 "Templates" row; used alike by every module's templates). */
export const templateText = {
  unknownField: (name: string) => `Unknown merge field: {{${name}}}.`,
  fieldNotAllowed: (name: string) => `The merge field {{${name}}} cannot be used in this template.`,
  subjectRequired: 'Subject is required.',
  bodyRequired: 'Body is required.',
  onlySimpleFields: (tag: string) => `Write merge fields as {{name}}: ${tag} is not allowed.`,
  malformed: 'A merge field is not closed. Write merge fields as {{name}}.',
  subjectTooLong: (max: number) => `The subject can be at most ${max} characters.`,
  bodyTooLong: (max: number) => `The body can be at most ${max.toLocaleString('en-US')} characters.`,
  notFound: 'No such email template.',
  codeTaken: 'An email template with this code already exists.',
  systemDelete: 'System email templates cannot be deleted.',
} as const;

/** Notices (api/shared/notify.ts): what every module's emails add, and the daily digest. */
export const notifyText = {
  openInPortal: 'Open in the portal',
  digestSubject: (date: string) => `Your notifications for ${date}`,
  digestIntro: (count: number) => `${count} ${count === 1 ? 'notification' : 'notifications'} since your last summary:`,
  digestFooter: 'You receive this summary once a day because you chose the Daily frequency in your notification settings.',
} as const;

/** Scheduled jobs (api/shared/jobs.ts) and their form on the admin utilities screen. */
export const jobText = {
  notFound: 'No such job.',
  heading: 'Run a scheduled job',
  intro: 'Runs a job now as if it were the chosen day. Jobs send each notice once, so running one again sends nothing new.',
  job: 'Job',
  day: 'Day',
  dayHint: 'mm/dd/yyyy',
  run: 'Run job',
  chooseOption: '- Choose a job -',
  chooseJob: 'Choose a job.',
  validDay: 'Enter a valid date.',
  ran: (name: string, day: string, sent: number, note?: string | null) => `Job ${name} ran for ${day}: ${sent} sent.${note ? ` ${note}` : ''}`,
  failed: (name: string, day: string, error: string) => `Job ${name} failed for ${day}: ${error}`,
  lastRun: 'Last run',
  never: 'Never',
  schedule: 'Schedule',
  jobsCaption: 'Scheduled jobs',
} as const;

/** Documents (api/shared/documents.ts, server/upload.ts): uploads refused with a clear reason. */
export const documentText = {
  notAllowed: (kinds: readonly string[]) =>
    `This file type is not allowed. Upload ${kinds.length > 1 ? `a ${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : `a ${kinds[0] ?? ''}`} file.`,
  tooLarge: (maxBytes: number) => `The file is larger than ${formatSize(maxBytes)}. Upload a smaller file.`,
  empty: 'The file is empty.',
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  unreadable: 'The upload could not be read. Try again.',
  notFound: 'No such document.',
} as const;

/** A day written MM/DD/YYYY, as DR spec §7 writes a {date} inside a message (03/16/2026). */
export const messageDate = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : day);

/** School calendars and holidays (DR spec §4.10, §6.1, §10), the screen and the API. */
export const calendarText = {
  // DR spec §10 row checks, word for word.
  unknownLea: (code: string) => `Unknown LEA code ${code}.`,
  schoolYearFormat: 'School year must look like 2025-2026.',
  invalidDate: 'Invalid date format',
  outsideYear: (date: string, year: string) => `Date ${messageDate(date)} is outside school year ${year}.`,
  nonSchoolDay: (date: string) => `NonSchoolDay ${messageDate(date)} must be a weekday between FirstDay and LastDay.`,
  duplicate: (leaCode: string, date: string) => `Duplicate row for ${leaCode} ${messageDate(date)}.`,
  firstAndLast: (leaCode: string, year: string) => `${leaCode} ${year} needs exactly one FirstDay and one LastDay.`,
  // DR spec §6.1, for the deadline engine's screens.
  calendarMissing: (lea: string, schoolYear: string) => `School calendar missing for ${lea} ${schoolYear}.`,
  // Ours, where the spec gives none.
  dayType: 'Day type must be FirstDay, LastDay or NonSchoolDay.',
  firstAfterLast: (leaCode: string, year: string) => `${leaCode} ${year}: FirstDay is after LastDay.`,
  importRejected: (n: number) => `The file has ${n} ${n === 1 ? 'error' : 'errors'}. Nothing was imported.`,
  imported: (created: number, replaced: number, unchanged: number) =>
    `Import complete: ${created} ${created === 1 ? 'calendar' : 'calendars'} created, ${replaced} replaced, ${unchanged} unchanged.`,
  importNotFound: 'No such import.',
  holidayExists: (date: string) => `There is already a holiday on ${messageDate(date)}.`,
  holidayNotFound: 'No such holiday.',
  holidayAdded: (name: string, date: string) => `Holiday ${name} on ${messageDate(date)} added.`,
  holidayRemoved: (name: string, date: string) => `Holiday ${name} on ${messageDate(date)} removed.`,
  holidayName: 'Enter the name of the holiday.',
  holidayNameLength: 'The name can be at most 100 characters.',
  holidayKind: 'Select the kind of holiday.',
  validDate: 'Enter a valid date.',
  listKeptOnScreen: 'These items are the state holidays. Add and remove them on',
  // The screen (DR spec §2: /dispute-resolution/calendars, "School calendars and holidays").
  menu: 'School Calendars and Holidays',
  intro: 'School days and business days in every module count with these calendars and holidays. Saving either recalculates open deadlines.',
  importHeading: 'Import school calendars',
  importHelp: 'A CSV file in UTF-8, at most 5 MB, with the header leaCode,schoolYear,date,dayType. dayType is FirstDay, LastDay or NonSchoolDay; dates are yyyy-mm-dd. Each LEA and school year in the file replaces that calendar; nothing is imported if any row has an error.',
  file: 'Calendar file (CSV)',
  importButton: 'Import',
  downloadTemplate: 'Download template',
  errorsCaption: 'Rows with errors',
  downloadErrors: 'Download error report',
  line: 'Line',
  column: 'Column',
  message: 'Message',
  calendarsHeading: 'School calendars',
  calendarsCaption: 'School calendars by LEA and school year',
  noCalendars: 'No school calendars yet.',
  lea: 'LEA',
  schoolYear: 'School year',
  allLeas: 'All LEAs',
  allYears: 'All years',
  filter: 'Apply',
  firstDay: 'First day',
  lastDay: 'Last day',
  nonSchoolDays: 'Non-school days',
  schoolDays: 'School days',
  none: 'None',
  holidaysHeading: 'Holidays',
  holidaysCaption: (year: string) => `Holidays in ${year}`,
  noHolidays: 'No holidays in this year.',
  year: 'Year',
  date: 'Date',
  name: 'Name',
  kind: 'Kind',
  kinds: { Federal: 'Federal', State: 'State', Both: 'Federal and state' } as const,
  remove: 'Remove',
  addHoliday: 'Add holiday',
  addHolidayHeading: 'Add a holiday',
  chooseKind: '- Select -',
} as const;
