// The dispute resolution reports (DR spec §4.4-4.6, §9): Table 7 with its edit checks, B15 and B16,
// the certified snapshot beside the live values; the summary report per LEA; state tracking of
// open cases by their next deadline. Each has a GET filter form, an 'Export CSV' link to the same
// API call as CSV, and a print header for paper.
import type { ReactElement } from 'react';
import { formatDay } from '../../../lib/dates.js';
import { STATUS_NAMES, TYPE_NAMES, type DrTrackingAnswer, type Table7Answer } from '../../../lib/dr/contract.js';
import type { TrackingFilters } from '../../../lib/dr/reports.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import { CASE_TYPE_ORDER, SUMMARY_CSV_HEADER, TRACKING_CSV_HEADER } from '../../../lib/dr/reports.js';
import { table7Messages } from '../../../lib/dr/messages.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ReportPrintHeader } from '../../components/ReportPrintHeader.js';
import { StackedBarChart } from '../../components/charts/index.js';
import { SelectField } from '../../components/form/SelectField.js';
import { PageHeader } from '../../shell/PageHeader.js';

export const REPORTS_PATH = '/dispute-resolution/reports';
export const SUMMARY_PATH = '/dispute-resolution/reports/summary-report';
export const TRACKING_PATH = '/dispute-resolution/reports/state-tracking';
export const ROW_CASES_PATH = '/dispute-resolution/reports/cases';

export interface RowCasesPageProps {
  schoolYear: string;
  row: string;
  label: string;
  backHref: string;
  items: readonly { id: string; caseNumber: string; disputeType: number; status: number; leaName: string; studentInitials: string; receivedDate: string }[];
}

/** The cases behind one Table 7 value (§4.4 drill-down). */
export function RowCasesPage(p: RowCasesPageProps): ReactElement {
  const title = t.reports.rowCases(p.row, p.schoolYear);
  return (
    <>
      <PageHeader title={title} backHref={p.backHref} />
      <p>{p.label}</p>
      {p.items.length === 0 ? (
        <p>{t.noCases}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="row-cases">
          <caption className="usa-sr-only">{title}</caption>
          <thead>
            <tr>{[t.columns.caseNumber, t.columns.type, t.columns.status, t.columns.lea, t.columns.student, t.columns.received].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {p.items.map((c) => (
              <tr key={c.id}>
                <th scope="row" data-label={t.columns.caseNumber}><a href={`/dispute-resolution/cases/${c.id}`}>{c.caseNumber}</a></th>
                <td data-label={t.columns.type}>{TYPE_NAMES[c.disputeType]}</td>
                <td data-label={t.columns.status}>{STATUS_NAMES[c.status]}</td>
                <td data-label={t.columns.lea}>{c.leaName}</td>
                <td data-label={t.columns.student}>{c.studentInitials}</td>
                <td data-label={t.columns.received}>{formatDay(c.receivedDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

interface YearFilterProps {
  action: string;
  years: readonly string[];
  year: string;
  leas: readonly { id: number; name: string }[];
  lea: string;
  leaAllLabel: string;
  /** The dispute type filter ('' any), where the report has one. */
  type?: string;
}

function YearFilter({ action, years, year, leas, lea, leaAllLabel, type }: YearFilterProps): ReactElement {
  const col = type === undefined ? 'tablet:grid-col-4' : 'tablet:grid-col-3';
  return (
    <form method="get" action={action} className="usa-form margin-bottom-2 no-print">
      <div className="grid-row grid-gap">
        <div className={col}>
          <SelectField id="schoolYear" label={t.reports.year} value={year} options={years.map((y) => ({ value: y, label: y }))} />
        </div>
        <div className={col}>
          <SelectField id="leaId" label={t.filters.lea} value={lea} options={[{ value: '', label: leaAllLabel }, ...leas.map((l) => ({ value: String(l.id), label: l.name }))]} />
        </div>
        {type === undefined ? null : (
          <div className={col}>
            <SelectField id="type" label={t.filters.type} value={type} options={[{ value: '', label: t.filters.any }, ...CASE_TYPE_ORDER.map((_, i) => ({ value: String(i + 1), label: TYPE_NAMES[i + 1] ?? '' }))]} />
          </div>
        )}
        <div className={`${col} padding-top-4`}>
          <button type="submit" className="usa-button">{t.reports.show}</button>
        </div>
      </div>
    </form>
  );
}

const csvHref = (path: string, query: Record<string, string>) => `${path}.csv?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString()}`;

export interface Table7PageProps extends Omit<YearFilterProps, 'action' | 'leaAllLabel'> {
  report: Table7Answer;
  isStateUser: boolean;
  generatedAt: string;
  leaName: string;
  /** Where a row's value drills down to the matching cases. */
  drillHref: string;
}

export function Table7Page(p: Table7PageProps): ReactElement {
  const r = p.report;
  const cert = r.certified;
  const query = { schoolYear: p.year, leaId: p.lea };
  return (
    <>
      <PageHeader title={t.reports.table7} />
      <ReportPrintHeader reportName={t.reports.table7} filters={[{ label: t.reports.year, value: r.schoolYear }, { label: t.filters.lea, value: p.leaName }]} generatedAt={p.generatedAt} />
      <p className="no-print">
        <a className="usa-link margin-right-2" href={SUMMARY_PATH}>{t.reports.summary}</a>
        {p.isStateUser ? <a className="usa-link" href={TRACKING_PATH}>{t.reports.stateTracking}</a> : null}
      </p>
      <YearFilter action={REPORTS_PATH} years={p.years} year={p.year} leas={p.leas} lea={p.lea} leaAllLabel={p.isStateUser ? t.reports.leaAll : t.filters.any} />
      {r.filtered ? <p className="usa-alert usa-alert--warning usa-alert--slim padding-1" data-testid="filtered">{t.reports.filtered}</p> : null}
      {r.inProgress ? <p className="usa-alert usa-alert--info usa-alert--slim padding-1">{table7Messages.yearInProgress(r.asOf)}</p> : null}
      {cert ? <p data-testid="certified">{t.reports.certifiedOn(formatDay(cert.certifiedAt.slice(0, 10)), cert.certifiedBy)}</p> : null}
      <div className="display-flex flex-wrap no-print margin-bottom-2">
        <a className="usa-button usa-button--outline" href={csvHref(REPORTS_PATH, query)} download>{t.reports.exportCsv}</a>
        {p.isStateUser && !r.inProgress && !r.filtered ? (
          <form method="post" action={`${REPORTS_PATH}/certify`} className="margin-left-1">
            <CsrfField />
            <input type="hidden" name="schoolYear" value={r.schoolYear} />
            <button type="submit" className="usa-button">{t.reports.certify}</button>
          </form>
        ) : null}
      </div>
      <table className="usa-table usa-table--borderless width-full" data-testid="table7">
        <caption>{`${t.reports.table7}, ${r.schoolYear}`}</caption>
        <thead>
          <tr>
            <th scope="col">{t.reports.row}</th>
            <th scope="col">{t.reports.label}</th>
            {cert ? <th scope="col">{t.reports.certified}</th> : null}
            <th scope="col">{cert ? t.reports.live : t.reports.value}</th>
          </tr>
        </thead>
        <tbody>
          {r.rows.map((row) => {
            const certified = cert?.rows[row.row];
            const differs = cert !== null && certified !== row.value;
            return (
              <tr key={row.row} data-row={row.row} className={differs ? 'dr-differs' : undefined}>
                <th scope="row">{row.row}</th>
                <td>{row.label}</td>
                {cert ? <td>{certified ?? ''}</td> : null}
                <td>
                  <a className="usa-link" href={`${p.drillHref}&row=${encodeURIComponent(row.row)}`}>{row.value}</a>
                  {differs ? <span className="usa-sr-only"> {t.reports.differs}</span> : null}
                </td>
              </tr>
            );
          })}
          {([['B15', table7Messages.b15Label, cert?.b15, r.b15], ['B16', table7Messages.b16Label, cert?.b16, r.b16]] as const).map(([id, label, certified, live]) => (
            <tr key={id} data-row={id}>
              <th scope="row">{id}</th>
              <td>{label}</td>
              {cert ? <td>{certified}</td> : null}
              <td>{live}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.notes.length ? <ul className="usa-list">{r.notes.map((n) => <li key={n}>{n}</li>)}</ul> : null}
      <h2>{t.reports.checks}</h2>
      <table className="usa-table usa-table--borderless" data-testid="checks">
        <caption className="usa-sr-only">{t.reports.checks}</caption>
        <thead><tr><th scope="col">{t.reports.row}</th><th scope="col">{t.header.status}</th></tr></thead>
        <tbody>
          {r.checks.map((c) => (
            <tr key={c.rule}>
              <th scope="row">{c.rule}</th>
              <td>{c.pass ? t.reports.pass : <strong>{t.reports.fail}</strong>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t.reports.informational}</h2>
      <table className="usa-table usa-table--borderless">
        <caption className="usa-sr-only">{t.reports.informational}</caption>
        <tbody>
          {r.informational.map((i) => (
            <tr key={i.label}><th scope="row">{i.label}</th><td>{i.value}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export interface SummaryPageProps extends Omit<YearFilterProps, 'action' | 'leaAllLabel' | 'type'> {
  byMonth: { months: readonly string[]; counts: Readonly<Record<string, readonly number[]>> };
  rows: readonly Record<string, string | number>[];
  issues: readonly { code: string; issue: string; cases: number; noncomplianceFindings: number }[];
  type: string;
  total: Record<string, string | number> | null;
  generatedAt: string;
}

const SUMMARY_KEYS = ['leaCode', 'leaName', 'iepFacilitation', 'mediation', 'stateComplaints', 'dueProcess', 'expeditedDueProcess', 'totalRequests', 'openAtPeriodEnd', 'closed', 'medianDaysToClose', 'complaintReportsWithFindings', 'agreementsReached'] as const;

export function SummaryPage(p: SummaryPageProps): ReactElement {
  const query = { schoolYear: p.year, leaId: p.lea, type: p.type };
  return (
    <>
      <PageHeader title={t.reports.summary} />
      <ReportPrintHeader reportName={t.reports.summary} filters={[{ label: t.reports.year, value: p.year }]} generatedAt={p.generatedAt} />
      <YearFilter action={SUMMARY_PATH} years={p.years} year={p.year} leas={p.leas} lea={p.lea} leaAllLabel={t.filters.any} type={p.type} />
      {p.rows.length === 0 ? (
        <p>{t.reports.noCases}</p>
      ) : (
        <>
          <p className="no-print"><a className="usa-button usa-button--outline" href={csvHref(SUMMARY_PATH, query)} download>{t.reports.exportCsv}</a></p>
          <StackedBarChart
            id="dr-requests-by-month"
            title={t.reports.byMonth}
            categories={p.byMonth.months}
            series={CASE_TYPE_ORDER.map((type, i) => ({ key: type, label: TYPE_NAMES[i + 1] ?? type, values: [...(p.byMonth.counts[type] ?? [])] }))}
            categoryLabel={t.reports.month}
            valueLabel={t.reports.requests}
            table="collapsed"
          />
          {/* Wide: the scroll box takes keyboard focus so it can be scrolled without a mouse. */}
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="dr-summary-caption">
            <table className="usa-table usa-table--borderless usa-table--compact width-full" data-testid="summary">
              <caption id="dr-summary-caption">{`${t.reports.summary}, ${p.year}`}</caption>
              <thead><tr>{SUMMARY_CSV_HEADER.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {[...p.rows, ...(p.total ? [p.total] : [])].map((row, i) => (
                  <tr key={`${String(row.leaCode)}-${i}`}>
                    {SUMMARY_KEYS.map((k, j) => (j === 1 ? <th key={k} scope="row">{row[k]}</th> : <td key={k}>{row[k]}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 id="dr-issues-heading">{t.reports.issues}</h2>
          {p.issues.length === 0 ? (
            <p>{t.reports.noIssues}</p>
          ) : (
            <>
              <p className="no-print"><a className="usa-button usa-button--outline" href={csvHref(`${SUMMARY_PATH}/issues`, query)} download>{t.reports.exportIssuesCsv}</a></p>
              <table className="usa-table usa-table--borderless usa-table--compact" data-testid="summary-issues" aria-labelledby="dr-issues-heading">
                <thead><tr><th scope="col">{t.reports.issue}</th><th scope="col">{t.reports.issueCases}</th><th scope="col">{t.reports.issueFindings}</th></tr></thead>
                <tbody>
                  {p.issues.map((r) => (
                    <tr key={r.code}><th scope="row">{r.issue}</th><td>{r.cases}</td><td>{r.noncomplianceFindings}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      )}
    </>
  );
}

export interface TrackingPageProps {
  report: DrTrackingAnswer;
  filters: TrackingFilters;
  generatedAt: string;
}



export const TRACKING_STATUSES = ['Overdue', 'Due soon', 'On track', 'Calendar missing', 'Suspended'] as const;

export function StateTrackingPage(p: TrackingPageProps): ReactElement {
  const f = p.filters;
  const rows = p.report.rows;
  const counts = (s: string) => p.report.counts[s] ?? 0;
  const o = p.report.options;
  const select = (id: keyof TrackingFilters, label: string, values: readonly string[]) => (
    <div className="tablet:grid-col-4">
      <SelectField id={id} label={label} value={f[id]} options={[{ value: '', label: t.filters.any }, ...values.map((v) => ({ value: v, label: v }))]} />
    </div>
  );
  return (
    <>
      <PageHeader title={t.reports.stateTracking} />
      <ReportPrintHeader
        reportName={t.reports.stateTracking}
        filters={Object.entries(f).filter(([, v]) => v).map(([k, v]) => ({ label: k, value: v }))}
        generatedAt={p.generatedAt}
      />
      <ul className="usa-card-group no-print">
        <li className="usa-card tablet:grid-col-4 desktop:grid-col-2">
          <div className="usa-card__container"><div className="usa-card__body">
            <p className="font-heading-lg margin-0">{counts('Corrective actions overdue')}</p>
            <p className="margin-0">{t.reports.correctiveOverdue}</p>
          </div></div>
        </li>
        {TRACKING_STATUSES.map((s) => (
          <li key={s} className="usa-card tablet:grid-col-4 desktop:grid-col-2">
            <div className="usa-card__container"><div className="usa-card__body">
              <p className="font-heading-lg margin-0">{counts(s)}</p>
              <a className="usa-link" href={`${TRACKING_PATH}?deadlineStatus=${encodeURIComponent(s)}`}>{s}</a>
            </div></div>
          </li>
        ))}
      </ul>
      <form method="get" action={TRACKING_PATH} className="usa-form usa-form--large no-print">
        <div className="grid-row grid-gap">
          {select('status', t.header.status, TRACKING_STATUSES)}
          {select('type', t.columns.type, o.type)}
          {select('lea', t.filters.lea, o.lea)}
          {select('caseManager', t.header.caseManager, o.caseManager)}
          {select('neutral', t.neutrals.person, o.neutral)}
        </div>
        <button type="submit" className="usa-button margin-top-1">{t.reports.show}</button>
      </form>
      {rows.length === 0 ? (
        <p>{t.reports.noOpen}</p>
      ) : (
        <>
          <p className="no-print"><a className="usa-button usa-button--outline" href={`${TRACKING_PATH}.csv?${new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString()}`} download>{t.reports.exportCsv}</a></p>
          <div className="table-scroll">
            <table className="usa-table usa-table--borderless usa-table--compact width-full" data-testid="tracking">
              <caption>{t.reports.stateTracking}</caption>
              <thead><tr>{TRACKING_CSV_HEADER.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row"><a href={`/dispute-resolution/cases/${r.id}?tab=timeline`}>{r.caseNumber}</a></th>
                    <td>{r.type}</td><td>{r.status}</td><td>{r.lea}</td><td>{r.studentInitials}</td><td>{formatDay(r.received)}</td>
                    <td>{r.caseManager}</td><td>{r.neutral}</td><td>{r.nextDeadline}</td><td>{r.dueDate ? formatDay(r.dueDate) : ''}</td>
                    <td>{r.daysLeft ?? ''}</td><td>{r.deadlineStatus}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h2>{t.reports.correctiveActions}</h2>
      {p.report.correctiveActions.length === 0 ? (
        <p>{t.reports.noCorrectiveActions}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="corrective-actions">
          <caption className="usa-sr-only">{t.reports.correctiveActions}</caption>
          <thead>
            <tr>{[t.reports.case, t.reports.allegation, t.columns.due, t.header.status, t.reports.daysOverdue].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {p.report.correctiveActions.map((a, i) => (
              <tr key={`${a.caseId}-${i}`}>
                <th scope="row" data-label={t.reports.case}><a href={`/dispute-resolution/cases/${a.caseId}`}>{a.caseNumber}</a></th>
                <td data-label={t.reports.allegation}>{a.allegation}</td>
                <td data-label={t.columns.due}>{formatDay(a.dueDate)}</td>
                <td data-label={t.header.status}>{a.status}</td>
                <td data-label={t.reports.daysOverdue}>{a.daysOverdue || ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
