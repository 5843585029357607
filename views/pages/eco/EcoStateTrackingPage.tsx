// ECO state tracking (ECO spec §3.7): the LEA data due date, one row per LEA plus 'State total',
// filters by LEA type and status (a GET form), 'Send reminder' per row (a POST form), 'Download
// CSV'. The LEA name is a small POST form that makes the LEA current and opens the ECO dashboard
// (the portal changes the current LEA only by POST, as the top bar's selector does).
// The 'Unlock requests' and 'Settings' tabs and the 'Finalize submitted' row action need the
// children and ratings API; they are left out until it exists.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { ecoPageText } from '../../../lib/eco/page-text.js';
import type { EcoStateTracking, EcoStateTrackingRow } from '../../../lib/eco/report-contract.js';
import { percentCell } from '../../../lib/eco/summary.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ReportPrintHeader } from '../../components/ReportPrintHeader.js';
import { TextBlock } from '../../components/TextBlock.js';
import { SelectField } from '../../components/form/SelectField.js';
import { PageHeader } from '../../shell/PageHeader.js';

const t = ecoPageText.tracking;
export const ECO_TRACKING_PATH = '/child-search/state-tracking';
export const ECO_OPEN_LEA_PATH = `${ECO_TRACKING_PATH}/open-lea`;
export const remindPath = (leaId: number): string => `${ECO_TRACKING_PATH}/${leaId}/remind`;
export const LEA_TYPES = ['All', 'District', 'Charter'] as const;

export interface EcoTrackingFilters {
  schoolYear: string;
  leaType: (typeof LEA_TYPES)[number];
  status: string;
}

export interface EcoStateTrackingPageProps {
  report: EcoStateTracking;
  filters: EcoTrackingFilters;
  years: readonly string[];
  generatedAt: string;
  textBlock: TextBlockData | null;
}

/** The query string of the page and its CSV, without empty or default values. */
export const trackingQuery = (f: EcoTrackingFilters): string =>
  new URLSearchParams(Object.entries(f).filter(([k, v]) => v !== '' && !(k === 'leaType' && v === 'All'))).toString();

function Flags({ row }: { row: EcoStateTrackingRow }): ReactElement {
  if (row.patternFlagTexts.length === 0) return <>{row.patternFlags}</>;
  const texts = row.patternFlagTexts.join('; ');
  // The texts show on hover (title) and on keyboard focus (the span takes focus; screen readers read them).
  return (
    <span className="eco-flags" tabIndex={0} title={texts}>
      {row.patternFlags}
      <span className="usa-sr-only">{`: ${texts}`}</span>
    </span>
  );
}

function Row({ row, total, query }: { row: EcoStateTrackingRow; total: boolean; query: string }): ReactElement {
  const c = t.columns;
  return (
    <tr data-lea={total ? 'total' : row.leaCode}>
      <th scope="row" data-label={c.lea}>
        {total || row.leaId === null ? (
          <strong>{row.leaName}</strong>
        ) : (
          <form method="post" action={ECO_OPEN_LEA_PATH} className="eco-inline-form">
            <CsrfField />
            <input type="hidden" name="leaId" value={row.leaId} />
            <button type="submit" className="usa-button usa-button--unstyled text-left" title={t.openLea(row.leaName)}>
              {row.leaName}
            </button>
          </form>
        )}
      </th>
      <td data-label={c.activeChildren}>{row.activeChildren}</td>
      <td data-label={c.entryPending}>{row.entryPending}</td>
      <td data-label={c.entryOverdue}>{row.entryOverdue}</td>
      <td data-label={c.awaitingFinalization}>{row.awaitingFinalization}</td>
      <td data-label={c.exitsInYear}>{row.exitsInYear}</td>
      <td data-label={c.eligibleExits}>{row.eligibleExits}</td>
      <td data-label={c.includedExits}>{row.includedExits}</td>
      <td data-label={c.exitPendingOverdue}>{`${row.exitPending} / ${row.exitOverdue}`}</td>
      <td data-label={c.notIncluded}>{row.notIncluded}</td>
      <td data-label={c.completeness}>{percentCell(row.completenessPercent)}</td>
      <td data-label={c.entryTimeliness}>{percentCell(row.entryTimelinessPercent)}</td>
      <td data-label={c.patternFlags}><Flags row={row} /></td>
      <td data-label={c.openUnlockRequests}>{row.openUnlockRequests}</td>
      <td data-label={c.status}>{row.status}</td>
      <td data-label={t.actions} className="no-print">
        {total || row.leaId === null ? null : (
          <form method="post" action={remindPath(row.leaId)} className="eco-inline-form">
            <CsrfField />
            {/* Back to the same filters after the reminder. */}
            <input type="hidden" name="filters" value={query} />
            <button type="submit" className="usa-button usa-button--outline usa-button--small">
              {t.sendReminder}
              <span className="usa-sr-only">{` ${row.leaName}`}</span>
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

export function EcoStateTrackingPage(p: EcoStateTrackingPageProps): ReactElement {
  const r = p.report;
  const f = p.filters;
  const c = t.columns;
  const header = r.daysLeft >= 0 ? t.due(r.leaDataDueDate, r.daysLeft) : t.pastDue(-r.daysLeft);
  const query = trackingQuery(f);
  return (
    <>
      <PageHeader title={t.title} />
      <ReportPrintHeader
        reportName={t.title}
        filters={[
          { label: ecoPageText.schoolYear, value: r.schoolYear },
          { label: t.leaType, value: t.leaTypes[f.leaType] },
          ...(f.status ? [{ label: t.status, value: f.status }] : []),
        ]}
        generatedAt={p.generatedAt}
      />
      <TextBlock block={p.textBlock} />
      <p className="font-heading-md" data-testid="eco-due">{header}</p>
      <nav aria-label={t.tabs} className="no-print">
        <ul className="usa-button-group usa-button-group--segmented">
          <li className="usa-button-group__item">
            <a className="usa-button" href={ECO_TRACKING_PATH} aria-current="page">{t.tabLeas}</a>
          </li>
        </ul>
      </nav>
      <form method="get" action={ECO_TRACKING_PATH} className="usa-form usa-form--large no-print">
        <div className="grid-row grid-gap">
          <div className="tablet:grid-col-4">
            <SelectField id="schoolYear" label={ecoPageText.schoolYear} value={f.schoolYear} options={p.years.map((y) => ({ value: y, label: y }))} />
          </div>
          <div className="tablet:grid-col-4">
            <SelectField id="leaType" label={t.leaType} value={f.leaType} options={LEA_TYPES.map((v) => ({ value: v, label: t.leaTypes[v] }))} />
          </div>
          <div className="tablet:grid-col-4">
            <SelectField id="status" label={t.status} value={f.status} options={[{ value: '', label: ecoPageText.any }, ...t.statuses.map((s) => ({ value: s, label: s }))]} />
          </div>
        </div>
        <button type="submit" className="usa-button margin-top-1">{ecoPageText.show}</button>
      </form>
      {r.emptyMessage ? <p data-testid="eco-empty">{r.emptyMessage}</p> : null}
      <p className="no-print">
        <a className="usa-button usa-button--outline" href={`${ECO_TRACKING_PATH}.csv${query ? `?${query}` : ''}`} download>{t.downloadCsv}</a>
      </p>
      {r.rows.length === 0 ? (
        <p>{ecoPageText.noResults}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="eco-tracking-caption">
          <table className="usa-table usa-table--borderless usa-table--compact width-full" data-testid="eco-tracking">
            <caption id="eco-tracking-caption">{`${t.title}, ${r.schoolYear}`}</caption>
            <thead>
              <tr>
                {[c.lea, c.activeChildren, c.entryPending, c.entryOverdue, c.awaitingFinalization, c.exitsInYear, c.eligibleExits, c.includedExits, c.exitPendingOverdue, c.notIncluded, c.completeness, c.entryTimeliness, c.patternFlags, c.openUnlockRequests, c.status].map((h) => (
                  <th key={h} scope="col">{h}</th>
                ))}
                <th scope="col" className="no-print">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {r.rows.map((row) => <Row key={row.leaCode} row={row} total={false} query={query} />)}
              <Row row={r.total} total query={query} />
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
