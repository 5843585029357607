// The Early Childhood Outcomes dashboard (ECO spec §3.1): the text block, count tiles that open the
// child list with the matching filter, the summary statements against the state and the targets
// (Eco.reports.view), the last ten events in scope, or the empty state.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { formatTime } from '../../../lib/dates.js';
import { AGENCY_TIME_ZONE, agencyToday } from '../../../lib/day.js';
import { OUTCOMES } from '../../../lib/eco/codes.js';
import { ecoPageText } from '../../../lib/eco/page-text.js';
import type { EcoDashboard } from '../../../lib/eco/report-contract.js';
import { percentCell } from '../../../lib/eco/summary.js';
import { messageDate } from '../../../lib/shared/messages.js';
import { CountTiles, type CountTile } from '../../components/CountTiles.js';
import { TextBlock } from '../../components/TextBlock.js';
import { PageHeader } from '../../shell/PageHeader.js';

const t = ecoPageText;
export const ECO_DASHBOARD_PATH = '/child-search/dashboard';
export const ECO_CHILD_LIST_PATH = '/child-search/child-list';
const list = (query: string) => `${ECO_CHILD_LIST_PATH}?${query}`;

export interface EcoDashboardPageProps {
  dashboard: EcoDashboard;
  textBlock: TextBlockData | null;
  canSubmit: boolean;
}

/** An event's time as the tables write it: MM/DD/YYYY h:mm AM (agency time). */
export const eventTime = (iso: string): string => `${messageDate(agencyToday(new Date(iso)))} ${formatTime(iso, AGENCY_TIME_ZONE)}`;

/** A percent with its % sign, or '—'. */
export const percentText = (p: number | null): string => (p === null ? percentCell(null) : `${percentCell(p)}%`);

function tilesOf(d: EcoDashboard): CountTile[] {
  const x = d.tiles;
  return [
    { label: t.dashboard.tiles.entryDueSoon, value: x.entryDueSoon, href: list('status=entry-pending') },
    { label: t.dashboard.tiles.entryOverdue, value: x.entryOverdue, href: list('status=entry-overdue') },
    { label: t.dashboard.tiles.exitPendingOrOverdue, value: x.exitPendingOrOverdue, href: list('status=exit-pending&status=exit-overdue') },
    { label: t.dashboard.tiles.kindergartenBound, value: x.kindergartenBound, href: list('kBound=on') },
    ...(x.awaitingFinalization === null ? [] : [{ label: t.dashboard.tiles.awaitingFinalization, value: x.awaitingFinalization, href: list('status=entry-submitted&status=exit-submitted') }]),
    ...(x.openUnlockRequests === null ? [] : [{ label: t.dashboard.tiles.openUnlockRequests, value: x.openUnlockRequests, href: list('attention=on') }]),
    { label: t.dashboard.tiles.completeness, value: percentText(x.completeness), href: list('status=not-included') },
  ];
}

function Statements({ d }: { d: EcoDashboard }): ReactElement | null {
  if (!d.statements) return null;
  const statements = d.statements;
  return (
    <section aria-labelledby="eco-statements-heading">
      <h2 id="eco-statements-heading">{t.dashboard.statements}</h2>
      <table className="usa-table usa-table--borderless" data-testid="eco-statements">
        <caption className="usa-sr-only">{`${t.dashboard.statements}, ${d.scope.leaName}, ${d.schoolYear}`}</caption>
        <thead>
          <tr>
            {[t.dashboard.statement, t.dashboard.thisLea, t.dashboard.statewide, t.dashboard.target, t.dashboard.met].map((h) => <th key={h} scope="col">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {OUTCOMES.flatMap((o) => ([1, 2] as const).map((k) => `${o}${k}`)).map((key) => {
            const s = statements[key];
            return (
              <tr key={key} data-statement={key}>
                <th scope="row">{key}</th>
                <td>{percentCell(s?.lea ?? null)}</td>
                <td>{percentCell(s?.state ?? null)}</td>
                <td>{s?.target === null || s?.target === undefined ? percentCell(null) : s.target.toFixed(2)}</td>
                <td className={s?.met === 'Not met' ? 'text-error' : undefined}>{s?.met ?? percentCell(null)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function EcoDashboardPage({ dashboard: d, textBlock, canSubmit }: EcoDashboardPageProps): ReactElement {
  return (
    <>
      <PageHeader title={t.heading} />
      <TextBlock block={textBlock} />
      {d.empty ? (
        <div data-testid="eco-empty">
          <p>{d.emptyMessage ?? t.dashboard.empty(d.scope.leaName, d.schoolYear)}</p>
          {canSubmit ? <a className="usa-button" href={`${ECO_CHILD_LIST_PATH}/new`}>{t.dashboard.addChild}</a> : null}
        </div>
      ) : (
        <CountTiles label={t.dashboard.tilesLabel} className="eco-tiles" items={tilesOf(d)} />
      )}
      <Statements d={d} />
      <section aria-labelledby="eco-activity-heading">
        <h2 id="eco-activity-heading">{t.dashboard.recentActivity}</h2>
        {d.recentEvents.length === 0 ? (
          <p>{t.dashboard.noActivity}</p>
        ) : (
          <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="eco-activity">
            <caption className="usa-sr-only">{t.dashboard.recentActivity}</caption>
            <thead>
              <tr>{[t.dashboard.when, t.dashboard.user, t.dashboard.action, t.dashboard.child].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
            </thead>
            <tbody>
              {d.recentEvents.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <th scope="row" data-label={t.dashboard.when}><time dateTime={e.at}>{eventTime(e.at)}</time></th>
                  <td data-label={t.dashboard.user}>{e.user}</td>
                  <td data-label={t.dashboard.action}>{t.dashboard.actions[e.action] ?? e.action}</td>
                  <td data-label={t.dashboard.child}>{e.child}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
