// A server-sorted, server-paged table (spec §2 Shared display): caption, column headers whose
// sort links announce the sort with aria-sort, 'No results' when there are no rows, and the
// paginator. The table state comes from the query string (lib/table-query.ts parseTableQuery),
// so sorting and paging work as plain links without JavaScript; the DataTableEnhancer island
// loads the same URLs in place when JavaScript runs.
import type { ReactElement, ReactNode } from 'react';
import { uiText } from '../../lib/messages.js';
import { ariaSort, sortToggled, tableUrl, type TableConfig, type TableState } from '../../lib/table-query.js';
import DataTableEnhancer from '../../islands/DataTableEnhancer.island.js';
import { Island } from '../Island.js';
import { Icon } from './Icon.js';
import { Pagination } from './Pagination.js';

/** A column; it gets a sort link when its key is listed in config.sortable. */
export interface DataTableColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The header is read by screen readers but not shown (an actions column). */
  hideLabel?: boolean;
  /** The cells of this column name their row (th scope=row). */
  rowHeader?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  id: string;
  caption: string;
  /** Keep the caption for screen readers only (when a heading above says the same). */
  captionHidden?: boolean;
  columns: readonly DataTableColumn<T>[];
  /** The rows of the current page. */
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  state: TableState;
  config: TableConfig;
  /** Rows in all pages. */
  total: number;
  basePath: string;
  keep?: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Load sort and page links in place with JavaScript (default true). */
  enhance?: boolean;
}

export function DataTable<T>(props: DataTableProps<T>): ReactElement {
  const { id, caption, captionHidden, columns, rows, rowKey, state, config, total, basePath, keep = {}, enhance = true } = props;
  return (
    <>
      <div className="data-table" id={id}>
        <div className="table-scroll">
          <table className="usa-table usa-table--borderless usa-table--stacked width-full" tabIndex={-1}>
            <caption className={captionHidden ? 'usa-sr-only' : undefined}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((col) => {
                  const sortable = config.sortable.includes(col.key);
                  const sort = ariaSort(state, col.key);
                  return (
                    <th key={col.key} scope="col" aria-sort={sortable && sort !== 'none' ? sort : undefined} className={col.className}>
                      {sortable ? (
                        <a
                          className="data-table__sort"
                          href={tableUrl(basePath, sortToggled(state, col.key), config, keep)}
                          data-table-link=""
                          data-sort-key={col.key}
                        >
                          {col.label}
                          <Icon name={sort === 'ascending' ? 'arrow_upward' : sort === 'descending' ? 'arrow_downward' : 'unfold_more'} />
                        </a>
                      ) : col.hideLabel ? (
                        <span className="usa-sr-only">{col.label}</span>
                      ) : (
                        col.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="data-table__empty">
                    {uiText.noResults}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((col) =>
                      col.rowHeader ? (
                        <th key={col.key} scope="row" className={col.className} data-label={col.hideLabel ? undefined : col.label}>
                          {col.render(row)}
                        </th>
                      ) : (
                        <td key={col.key} className={col.className} data-label={col.hideLabel ? undefined : col.label}>
                          {col.render(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <Pagination tableId={id} basePath={basePath} state={state} config={config} total={total} keep={keep} />
      </div>
      {enhance ? <Island name="DataTableEnhancer" component={DataTableEnhancer} props={{ tableId: id }} /> : null}
    </>
  );
}
