// School calendars and holidays (/dispute-resolution/calendars, DR spec §4.10, §10): the import
// of school calendar files, the calendars per LEA and school year with their count of school
// days, and the holiday list with add and remove. Every part is a plain form: it all works
// without JavaScript.
import type { ReactElement } from 'react';
import type { HolidayKind } from '../../lib/calendar.js';
import { HOLIDAY_KINDS } from '../../lib/calendar.js';
import { weekday } from '../../lib/day.js';
import { uiText } from '../../lib/messages.js';
import { calendarText as t, messageDate } from '../../lib/shared/messages.js';
import type { FieldError } from '../../lib/validation/admin-org.js';
import { CsrfField } from '../components/CsrfField.js';
import { ErrorSummary } from '../components/form/ErrorSummary.js';
import { TextField } from '../components/form/TextField.js';
import { PageHeader } from '../shell/PageHeader.js';

export interface CalendarRow {
  leaId: number;
  leaCode: string;
  leaName: string;
  schoolYear: string;
  firstDay: string;
  lastDay: string;
  nonSchoolDays: readonly string[];
  schoolDayCount: number;
}

export interface HolidayRow {
  date: string;
  name: string;
  kind: HolidayKind;
}

export interface ImportErrorRow {
  line: number;
  column: string;
  message: string;
}

export interface CalendarsPageProps {
  title: string;
  calendars: readonly CalendarRow[];
  /** The filter's choices and values ('' = all). */
  leaOptions: readonly { id: number; name: string }[];
  yearOptions: readonly string[];
  lea: string;
  schoolYear: string;
  holidays: readonly HolidayRow[];
  holidayYears: readonly string[];
  holidayYear: string;
  /** A rejected import: its rows with errors and the link to the error report. */
  importErrors?: { rows: readonly ImportErrorRow[]; reportHref: string } | null;
  /** The add-holiday form's values after a refused post. */
  holidayForm: { date: string; name: string; kind: string };
  errors: readonly FieldError[];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayWithWeekday = (day: string) => `${WEEKDAYS[weekday(day)]} ${messageDate(day)}`;

/** Non-school days as ranges of consecutive weekdays: 12/22/2025 to 01/02/2026 over a weekend is one. */
export function nonSchoolRanges(days: readonly string[]): string[] {
  const sorted = [...days].sort();
  const ranges: [string, string][] = [];
  const nextWeekday = (d: string) => {
    let n = new Date(`${d}T00:00:00Z`);
    do n = new Date(n.getTime() + 86_400_000);
    while (n.getUTCDay() === 0 || n.getUTCDay() === 6);
    return n.toISOString().slice(0, 10);
  };
  for (const d of sorted) {
    const last = ranges.at(-1);
    if (last && nextWeekday(last[1]) === d) last[1] = d;
    else ranges.push([d, d]);
  }
  return ranges.map(([a, b]) => (a === b ? messageDate(a) : `${messageDate(a)} to ${messageDate(b)}`));
}

function Select(props: { id: string; label: string; value: string; options: readonly { value: string; label: string }[]; error?: string | undefined }): ReactElement {
  const { id, label, value, options, error } = props;
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      {error ? (
        <span className="usa-error-message" id={`${id}-error`}>
          <span className="usa-sr-only">{uiText.errorPrefix}</span>
          {error}
        </span>
      ) : null}
      <select className={`usa-select${error ? ' usa-input--error' : ''}`} id={id} name={id} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ImportSection({ importErrors, fileError }: { importErrors: CalendarsPageProps['importErrors']; fileError?: string | undefined }): ReactElement {
  return (
    <section className="calendars-section" aria-labelledby="import-heading">
      <h2 id="import-heading">{t.importHeading}</h2>
      <p id="import-help">{t.importHelp}</p>
      <p>
        <a className="usa-link" href="/dispute-resolution/calendars/template.csv" download>
          {t.downloadTemplate}
        </a>
      </p>
      <form method="post" action="/dispute-resolution/calendars/import" encType="multipart/form-data" className="usa-form" noValidate>
        <CsrfField />
        <TextField id="file" type="file" label={t.file} accept=".csv,text/csv" error={fileError} describedBy="import-help" required />
        <button type="submit" className="usa-button">
          {t.importButton}
        </button>
      </form>
      {importErrors ? (
        <div id="import-errors" className="calendars-import-errors" tabIndex={-1}>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.errorsCaption}>
            <table className="usa-table usa-table--borderless">
              <caption>{t.errorsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.line}</th>
                  <th scope="col">{t.column}</th>
                  <th scope="col">{t.message}</th>
                </tr>
              </thead>
              <tbody>
                {importErrors.rows.map((e, i) => (
                  <tr key={i}>
                    <td>{e.line}</td>
                    <td>{e.column}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a className="usa-link" href={importErrors.reportHref} download>
              {t.downloadErrors}
            </a>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function CalendarsSection(props: CalendarsPageProps): ReactElement {
  const { calendars, leaOptions, yearOptions, lea, schoolYear } = props;
  return (
    <section className="calendars-section" aria-labelledby="calendars-heading">
      <h2 id="calendars-heading">{t.calendarsHeading}</h2>
      <form method="get" action="/dispute-resolution/calendars" className="usa-form calendars-filter">
        <Select id="lea" label={t.lea} value={lea} options={[{ value: '', label: t.allLeas }, ...leaOptions.map((l) => ({ value: String(l.id), label: l.name }))]} />
        <Select id="schoolYear" label={t.schoolYear} value={schoolYear} options={[{ value: '', label: t.allYears }, ...yearOptions.map((y) => ({ value: y, label: y }))]} />
        {props.holidayYear ? <input type="hidden" name="holidayYear" value={props.holidayYear} /> : null}
        <button type="submit" className="usa-button usa-button--outline">
          {t.filter}
        </button>
      </form>
      {calendars.length === 0 ? (
        <p>{t.noCalendars}</p>
      ) : (
        // Focusable, so a keyboard can scroll it on a narrow screen (it has no links of its own).
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="calendars-heading">
          <table className="usa-table usa-table--borderless usa-table--stacked" id="school-calendars">
            <caption className="usa-sr-only">{t.calendarsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.lea}</th>
                <th scope="col">{t.schoolYear}</th>
                <th scope="col">{t.firstDay}</th>
                <th scope="col">{t.lastDay}</th>
                <th scope="col">{t.nonSchoolDays}</th>
                <th scope="col" className="text-right">
                  {t.schoolDays}
                </th>
              </tr>
            </thead>
            <tbody>
              {calendars.map((c) => (
                <tr key={`${c.leaId}-${c.schoolYear}`}>
                  <th scope="row" data-label={t.lea}>
                    {c.leaName} <span className="text-base">({c.leaCode})</span>
                  </th>
                  <td data-label={t.schoolYear}>{c.schoolYear}</td>
                  <td data-label={t.firstDay}>{messageDate(c.firstDay)}</td>
                  <td data-label={t.lastDay}>{messageDate(c.lastDay)}</td>
                  <td data-label={t.nonSchoolDays}>{c.nonSchoolDays.length ? nonSchoolRanges(c.nonSchoolDays).join('; ') : t.none}</td>
                  <td className="text-right" data-label={t.schoolDays}>{c.schoolDayCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function HolidaysSection(props: CalendarsPageProps & { e: Record<string, string> }): ReactElement {
  const { holidays, holidayYears, holidayYear, holidayForm, e } = props;
  return (
    <section className="calendars-section" aria-labelledby="holidays-heading" id="holidays">
      <h2 id="holidays-heading">{t.holidaysHeading}</h2>
      <form method="get" action="/dispute-resolution/calendars#holidays" className="usa-form calendars-filter">
        <Select id="holidayYear" label={t.year} value={holidayYear} options={holidayYears.map((y) => ({ value: y, label: y }))} />
        {props.lea ? <input type="hidden" name="lea" value={props.lea} /> : null}
        {props.schoolYear ? <input type="hidden" name="schoolYear" value={props.schoolYear} /> : null}
        <button type="submit" className="usa-button usa-button--outline">
          {t.filter}
        </button>
      </form>
      {holidays.length === 0 ? (
        <p>{t.noHolidays}</p>
      ) : (
        <div className="table-scroll">
          <table className="usa-table usa-table--borderless usa-table--stacked" id="holiday-list">
            <caption>{t.holidaysCaption(holidayYear)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col">
                  <span className="usa-sr-only">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {holidays.map((h) => (
                <tr key={h.date}>
                  <td data-label={t.date}>{dayWithWeekday(h.date)}</td>
                  <th scope="row" data-label={t.name}>{h.name}</th>
                  <td data-label={t.kind}>{t.kinds[h.kind]}</td>
                  <td>
                    <form method="post" action={`/dispute-resolution/calendars/holidays/${h.date}/delete`}>
                      <CsrfField />
                      <button type="submit" className="usa-button usa-button--unstyled">
                        {t.remove}
                        <span className="usa-sr-only">
                          {' '}
                          {h.name} {messageDate(h.date)}
                        </span>
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 id="add-holiday-heading">{t.addHolidayHeading}</h3>
      <form method="post" action="/dispute-resolution/calendars/holidays" className="usa-form" aria-labelledby="add-holiday-heading" noValidate>
        <CsrfField />
        <TextField id="date" type="date" label={t.date} value={holidayForm.date} error={e.date} required />
        <TextField id="name" label={t.name} value={holidayForm.name} error={e.name} required maxLength={100} autoComplete="off" />
        <Select
          id="kind"
          label={t.kind}
          value={holidayForm.kind}
          error={e.kind}
          options={[{ value: '', label: t.chooseKind }, ...HOLIDAY_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))]}
        />
        <button type="submit" className="usa-button">
          {t.addHoliday}
        </button>
      </form>
    </section>
  );
}

export function CalendarsPage(props: CalendarsPageProps): ReactElement {
  const e: Record<string, string> = {};
  for (const err of props.errors) e[err.field] ??= err.message;
  const summary = props.errors.map((err) => (err.field === 'import' ? { field: 'import-errors', message: err.message } : { field: err.field, message: err.message }));
  return (
    <>
      <PageHeader title={props.title} />
      <ErrorSummary errors={summary} />
      <p>{t.intro}</p>
      <ImportSection importErrors={props.importErrors} fileError={e.file} />
      <CalendarsSection {...props} />
      <HolidaysSection {...props} e={e} />
    </>
  );
}
