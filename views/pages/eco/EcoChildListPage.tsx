// The ECO child list (/child-search/child-list, ECO spec §3.2): the basic search (kept for the
// session), the filters (a GET form), the paged list with masked state student IDs, and the
// actions: 'Add child', 'Import', 'Submit selected' / 'Finalize selected' (checkboxes posting to
// one form through the form attribute, so the table's own page-size form stays separate) and
// 'Download CSV'. Everything works without JavaScript.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import { recordStatuses, RECORD_STATUSES } from '../../../lib/eco/codes.js';
import type { EcoRecordListItem } from '../../../lib/eco/contract.js';
import type { TableConfig, TableState } from '../../../lib/table-query.js';
import { CsrfField } from '../../components/CsrfField.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { SelectField } from '../../components/form/SelectField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { CheckboxGroup, ChildKeyFields, ErrorsAndInstructions, recordColumns, SearchButtons } from './EcoChildParts.js';

export const CHILD_LIST_PATH = '/child-search/child-list';
const BULK_FORM = 'eco-bulk';

export interface BasicSearch {
  ssid: string;
  lastName: string;
  birthDate: string;
}

export interface ListFilters {
  status: string[];
  schoolId: string;
  disability: string;
  kBound: boolean;
  attention: boolean;
}

export interface Option {
  value: string;
  label: string;
}

export interface EcoChildListPageProps {
  rows: readonly EcoRecordListItem[];
  total: number;
  basic: BasicSearch;
  /** A complete basic search is applied. */
  searched: boolean;
  filters: ListFilters;
  errors: readonly { field: string; message: string }[];
  lookups: { schools: Option[]; disabilities: Option[]; statewide: boolean };
  instructions: TextBlockData | null;
  table: { state: TableState; config: TableConfig };
  csvHref: string;
  can: { submit: boolean; finalize: boolean };
}

export const statusOptions: Option[] = RECORD_STATUSES.map((s) => ({ value: s, label: recordStatuses[s].label }));

/** Whether a row has something 'Submit selected' or 'Finalize selected' can act on. */
const selectable = (r: EcoRecordListItem, can: EcoChildListPageProps['can']): boolean =>
  (can.submit && (r.entryStatus === 'draft' || r.exitStatus === 'draft')) || (can.finalize && (r.entryStatus === 'submitted' || r.exitStatus === 'submitted'));

export function EcoChildListPage(props: EcoChildListPageProps): ReactElement {
  const { rows, total, basic, searched, filters, errors, lookups, instructions, table, csvHref, can } = props;
  const bulk = can.submit || can.finalize;
  const columns: DataTableColumn<EcoRecordListItem>[] = [
    ...(bulk
      ? [
          {
            key: 'select',
            label: t.columns.select,
            hideLabel: true,
            render: (r: EcoRecordListItem) =>
              selectable(r, can) ? (
                <div className="usa-checkbox">
                  <input className="usa-checkbox__input" type="checkbox" id={`select-${r.recordId}`} name="records" value={String(r.recordId)} form={BULK_FORM} />
                  <label className="usa-checkbox__label" htmlFor={`select-${r.recordId}`}>
                    <span className="usa-sr-only">{t.selectRow(`${r.lastName}, ${r.firstName}`)}</span>
                  </label>
                </div>
              ) : null,
          },
        ]
      : []),
    ...recordColumns(lookups.statewide),
  ];
  const keep: Record<string, string | string[] | undefined> = {
    status: filters.status,
    schoolId: filters.schoolId || undefined,
    disability: filters.disability || undefined,
    kBound: filters.kBound ? 'on' : undefined,
    attention: filters.attention ? 'on' : undefined,
  };
  return (
    <>
      <PageHeader
        title={t.listHeading}
        actions={
          can.submit ? (
            <>
              <a className="usa-button" href={`${CHILD_LIST_PATH}/new`}>
                {t.addChild}
              </a>
              <a className="usa-button usa-button--outline" href={`${CHILD_LIST_PATH}/import`}>
                {t.import}
              </a>
            </>
          ) : undefined
        }
      />
      <ErrorsAndInstructions errors={errors} instructions={instructions} />
      <form method="get" action={CHILD_LIST_PATH} className="usa-form usa-form--large maxw-full" aria-labelledby="basic-search">
        <h2 id="basic-search">{t.basicSearch}</h2>
        <ChildKeyFields values={basic} errors={errors} />
        <SearchButtons path={CHILD_LIST_PATH} />
      </form>
      <form method="get" action={CHILD_LIST_PATH} className="usa-form usa-form--large maxw-full" aria-labelledby="list-filters">
        <h2 id="list-filters">{t.filters}</h2>
        <input type="hidden" name="action" value="filter" />
        <CheckboxGroup id="status" name="status" legend={t.status} options={statusOptions} checked={filters.status} />
        {lookups.schools.length ? <SelectField id="schoolId" label={t.school} value={filters.schoolId} options={[{ value: '', label: t.any }, ...lookups.schools]} /> : null}
        <SelectField id="disability" label={t.disability} value={filters.disability} options={[{ value: '', label: t.any }, ...lookups.disabilities]} />
        <CheckboxField id="kBound" label={t.kBoundOnly} checked={filters.kBound} />
        <CheckboxField id="attention" label={t.needsAttention} checked={filters.attention} />
        <button type="submit" className="usa-button">
          {t.applyFilters}
        </button>
      </form>
      <h2 id="children">{t.children}</h2>
      {searched && total === 0 ? <p data-testid="no-match">{t.noMatch}</p> : null}
      <p>
        <a className="usa-link" href={csvHref} download="">
          {t.downloadCsv}
        </a>
      </p>
      {bulk ? (
        <form id={BULK_FORM} method="post" action={`${CHILD_LIST_PATH}/bulk`}>
          <CsrfField />
          {can.submit ? (
            <button type="submit" name="action" value="submit" className="usa-button usa-button--outline">
              {t.submitSelected}
            </button>
          ) : null}
          {can.finalize ? (
            <button type="submit" name="action" value="finalize" className="usa-button usa-button--outline">
              {t.finalizeSelected}
            </button>
          ) : null}
        </form>
      ) : null}
      <DataTable
        id="eco-children"
        caption={t.children}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(r) => r.recordId}
        state={table.state}
        config={table.config}
        total={total}
        basePath={CHILD_LIST_PATH}
        keep={keep}
      />
    </>
  );
}
