// The dispute resolution dashboard (/dispute-resolution/dashboard, DR spec §4.1): a public filer's
// 'My Requests' with what happens next, or for staff the tiles counted in their scope and the case
// list with its filters (a GET form, so it works without JavaScript), sorted by due date.
import type { ReactElement } from 'react';
import { formatDay } from '../../../lib/dates.js';
import { DEADLINE_NAMES, OUTCOME_NAMES, STATUS_NAMES, TYPE_NAMES, type DrCaseListItem, type DrDashboard } from '../../../lib/dr/contract.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import type { TableConfig, TableState } from '../../../lib/table-query.js';
import { CsrfField } from '../../components/CsrfField.js';
import { CountTiles } from '../../components/CountTiles.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';

export const DR_DASHBOARD_PATH = '/dispute-resolution/dashboard';
export const caseHref = (id: string, tab?: string) => `/dispute-resolution/cases/${id}${tab ? `?tab=${tab}` : ''}`;

export interface CaseFilters {
  q: string;
  type: string;
  status: string;
  leaId: string;
  schoolYear: string;
  assignedToMe: boolean;
}

export interface DrDashboardPageProps {
  mode: 'public' | 'staff';
  cases: readonly DrCaseListItem[];
  total: number;
  tiles: DrDashboard | null;
  filters: CaseFilters;
  leaOptions: readonly { id: number; name: string }[];
  yearOptions: readonly string[];
  /** Last-name search only for users who may see PII (§14). */
  searchByName: boolean;
  canCreate: boolean;
  /** State staff also reach the neutral roster from here. */
  isStateUser: boolean;
  table: { state: TableState; config: TableConfig };
  /** A neutral's proposed assignments waiting for an answer. */
  proposals: readonly { id: number; neutralType: number; caseNumber: string; disputeType: number; leaName: string | null; receivedDate: string }[];
}

function Proposals({ proposals }: Pick<DrDashboardPageProps, 'proposals'>): ReactElement | null {
  if (!proposals.length) return null;
  return (
    <section aria-labelledby="proposals" className="margin-bottom-3">
      <h2 id="proposals">{t.neutrals.proposals}</h2>
      <ul className="usa-list usa-list--unstyled">
        {proposals.map((p) => (
          <li key={p.id} className="border-1px border-base-lighter padding-2 margin-bottom-1">
            <p className="margin-top-0">
              <strong>{p.caseNumber}</strong>, {TYPE_NAMES[p.disputeType]}, {p.leaName ?? ''}, {formatDay(p.receivedDate)}
            </p>
            <form method="post" action={`/dispute-resolution/assignments/${p.id}`}>
              <CsrfField />
              <div className="usa-checkbox">
                <input className="usa-checkbox__input" type="checkbox" id={`no-conflict-${p.id}`} name="noConflict" value="on" />
                <label className="usa-checkbox__label" htmlFor={`no-conflict-${p.id}`}>{t.neutrals.noConflict}</label>
              </div>
              <button type="submit" name="answer" value="Accepted" className="usa-button margin-top-1">{t.neutrals.accept}<span className="usa-sr-only"> {p.caseNumber}</span></button>
              <button type="submit" name="answer" value="Declined" className="usa-button usa-button--outline margin-top-1">{t.neutrals.decline}<span className="usa-sr-only"> {p.caseNumber}</span></button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the filer should expect next (§4.1 'Next step'). */
export function nextStepText(c: DrCaseListItem): string {
  if (c.status === 0) return t.finishDraft;
  if (c.status === 4) return t.closedAs(c.outcome ? (OUTCOME_NAMES[c.outcome] ?? '') : '');
  if (c.status === 1) return t.reviewing;
  if (c.nextDeadline) return t.due(DEADLINE_NAMES[c.nextDeadline.code] ?? c.nextDeadline.code, formatDay(c.nextDeadline.dueDate));
  return t.reviewing;
}

const optionName = (c: DrCaseListItem) => (c.disputeType ? (TYPE_NAMES[c.disputeType] ?? '') : '');

function MyRequests({ cases, canCreate }: Pick<DrDashboardPageProps, 'cases' | 'canCreate'>): ReactElement {
  return (
    <section aria-labelledby="my-requests">
      <h2 id="my-requests">{t.myRequests}</h2>
      {canCreate ? (
        <p>
          <a className="usa-button" href="/dispute-resolution/request">
            {t.createRequest}
          </a>
        </p>
      ) : null}
      {cases.length === 0 ? (
        <p data-testid="empty">{t.noRequests}</p>
      ) : (
        <div className="table-scroll">
          <table className="usa-table usa-table--borderless usa-table--stacked width-full">
            <caption className="usa-sr-only">{t.myRequests}</caption>
            <thead>
              <tr>
                {[t.columns.caseNumber, t.columns.option, t.columns.student, t.columns.status, t.columns.submitted, t.columns.nextStep, t.columns.actions].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.id}>
                  <th scope="row" data-label={t.columns.caseNumber}>
                    {c.caseNumber ?? t.draft}
                  </th>
                  <td data-label={t.columns.option}>{optionName(c)}</td>
                  <td data-label={t.columns.student}>{c.studentInitials}</td>
                  <td data-label={t.columns.status}>{STATUS_NAMES[c.status]}</td>
                  <td data-label={t.columns.submitted}>{c.receivedDate ? formatDay(c.receivedDate) : ''}</td>
                  <td data-label={t.columns.nextStep}>{nextStepText(c)}</td>
                  <td data-label={t.columns.actions}>
                    {c.status === 0 ? (
                      <>
                        <a className="usa-link margin-right-2" href={`/dispute-resolution/request?draft=${c.id}`}>
                          {t.actions.continue}
                          <span className="usa-sr-only"> {optionName(c) || t.draft}</span>
                        </a>
                        <form method="post" action={`/dispute-resolution/cases/${c.id}/delete`} className="display-inline">
                          <CsrfField />
                          <button type="submit" className="usa-button usa-button--unstyled">
                            {t.actions.delete}
                            <span className="usa-sr-only"> {optionName(c) || t.draft}</span>
                          </button>
                        </form>
                      </>
                    ) : (
                      <>
                        <a className="usa-link margin-right-2" href={caseHref(c.id)}>
                          {t.actions.view}
                          <span className="usa-sr-only"> {c.caseNumber}</span>
                        </a>
                        {(c.status === 1 || c.status === 2 || c.status === 3) && !c.pendingWithdrawal ? (
                          <a className="usa-link" href={caseHref(c.id, 'withdrawal')}>
                            {t.actions.requestWithdrawal}
                            <span className="usa-sr-only"> {c.caseNumber}</span>
                          </a>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Tiles({ tiles }: { tiles: DrDashboard }): ReactElement {
  const items: { label: string; value: number; href: string }[] = [
    ...[1, 2, 3, 4, 5].map((type) => ({ label: `${t.tiles.openCases}: ${TYPE_NAMES[type]}`, value: tiles.openByType[String(type)] ?? 0, href: `${DR_DASHBOARD_PATH}?type=${type}` })),
    { label: t.tiles.overdue, value: tiles.overdue, href: '/dispute-resolution/reports/state-tracking?deadlineStatus=Overdue' },
    { label: t.tiles.dueSoon, value: tiles.dueIn7Days, href: '/dispute-resolution/reports/state-tracking?deadlineStatus=Due+soon' },
    ...(tiles.unassigned !== null ? [{ label: t.tiles.unassigned, value: tiles.unassigned, href: `${DR_DASHBOARD_PATH}?status=2` }] : []),
    ...(tiles.withdrawalRequests !== null ? [{ label: t.tiles.withdrawals, value: tiles.withdrawalRequests, href: `${DR_DASHBOARD_PATH}` }] : []),
  ];
  return <CountTiles label={t.heading} className="dr-tiles" items={items} />;
}

function CaseList(props: DrDashboardPageProps): ReactElement {
  const { cases, total, filters, leaOptions, yearOptions, searchByName, table } = props;
  const columns: DataTableColumn<DrCaseListItem>[] = [
    { key: 'caseNumber', label: t.columns.caseNumber, rowHeader: true, render: (c) => <a href={caseHref(c.id)}>{c.caseNumber ?? t.draft}</a> },
    { key: 'type', label: t.columns.type, render: optionName },
    { key: 'status', label: t.columns.status, render: (c) => STATUS_NAMES[c.status] },
    { key: 'lea', label: t.columns.lea, render: (c) => c.leaName ?? '' },
    { key: 'student', label: t.columns.student, render: (c) => c.studentInitials },
    { key: 'received', label: t.columns.received, render: (c) => (c.receivedDate ? formatDay(c.receivedDate) : '') },
    { key: 'nextDeadline', label: t.columns.nextDeadline, render: (c) => (c.nextDeadline ? (DEADLINE_NAMES[c.nextDeadline.code] ?? c.nextDeadline.code) : '') },
    { key: 'due', label: t.columns.due, render: (c) => (c.nextDeadline ? formatDay(c.nextDeadline.dueDate) : '') },
    { key: 'daysLeft', label: t.columns.daysLeft, render: (c) => (c.nextDeadline ? String(c.nextDeadline.daysLeft) : '') },
  ];
  const keep = {
    q: filters.q || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    leaId: filters.leaId || undefined,
    schoolYear: filters.schoolYear || undefined,
    assignedToMe: filters.assignedToMe ? 'on' : undefined,
  };
  const any = { value: '', label: t.filters.any };
  return (
    <section aria-labelledby="case-list">
      <h2 id="case-list">{t.cases}</h2>
      <form method="get" action={DR_DASHBOARD_PATH} className="dr-filters">
        <fieldset className="usa-fieldset">
          <legend className="usa-sr-only">{t.filters.legend}</legend>
          <div className="grid-row grid-gap">
            <div className="tablet:grid-col-4">
              <TextField id="q" label={searchByName ? t.filters.q : t.filters.qNoPii} value={filters.q} maxLength={100} />
            </div>
            <div className="tablet:grid-col-4">
              <SelectField id="type" label={t.filters.type} value={filters.type} options={[any, ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: TYPE_NAMES[n] ?? '' }))]} />
            </div>
            <div className="tablet:grid-col-4">
              <SelectField id="status" label={t.filters.status} value={filters.status} options={[any, ...STATUS_NAMES.map((s, i) => ({ value: String(i), label: s }))]} />
            </div>
            <div className="tablet:grid-col-4">
              <SelectField id="leaId" label={t.filters.lea} value={filters.leaId} options={[any, ...leaOptions.map((l) => ({ value: String(l.id), label: l.name }))]} />
            </div>
            <div className="tablet:grid-col-4">
              <SelectField id="schoolYear" label={t.filters.schoolYear} value={filters.schoolYear} options={[any, ...yearOptions.map((y) => ({ value: y, label: y }))]} />
            </div>
            <div className="tablet:grid-col-4 padding-top-4">
              <div className="usa-checkbox">
                <input className="usa-checkbox__input" id="assignedToMe" name="assignedToMe" type="checkbox" value="on" defaultChecked={filters.assignedToMe} />
                <label className="usa-checkbox__label" htmlFor="assignedToMe">
                  {t.filters.assignedToMe}
                </label>
              </div>
            </div>
          </div>
          <button type="submit" className="usa-button margin-top-2">
            {t.filters.apply}
          </button>
        </fieldset>
      </form>
      {total === 0 ? (
        <p data-testid="empty">{t.noCases}</p>
      ) : (
        <DataTable
          id="dr-cases"
          caption={t.cases}
          captionHidden
          columns={columns}
          rows={cases}
          rowKey={(c) => c.id}
          state={table.state}
          config={table.config}
          total={total}
          basePath={DR_DASHBOARD_PATH}
          keep={keep}
        />
      )}
    </section>
  );
}

export function DrDashboardPage(props: DrDashboardPageProps): ReactElement {
  return (
    <>
      <PageHeader
        title={t.heading}
        actions={
          props.mode === 'staff' ? (
            <>
              {props.isStateUser ? <a className="usa-button usa-button--outline" href="/dispute-resolution/neutrals">{t.roster.link}</a> : null}
              {props.canCreate ? <a className="usa-button" href="/dispute-resolution/request">{t.createRequest}</a> : null}
            </>
          ) : undefined
        }
      />
      {props.mode === 'public' ? (
        <MyRequests cases={props.cases} canCreate={props.canCreate} />
      ) : (
        <>
          <Proposals proposals={props.proposals} />
          {props.tiles ? <Tiles tiles={props.tiles} /> : null}
          <CaseList {...props} />
        </>
      )}
    </>
  );
}
