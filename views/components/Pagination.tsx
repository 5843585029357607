// The paginator under a table (spec §2 Shared display: page sizes plus All): a range line
// ("Showing 26 to 50 of 60"), USWDS page links, and a page-size GET form. Every URL comes from
// lib/table-query.ts, so it reads back to the state it shows. Works without JavaScript; the
// DataTableEnhancer island loads the same URLs in place.
import type { ReactElement } from 'react';
import { shellText } from '../../lib/messages.js';
import {
  DEFAULT_PAGE_SIZES,
  defaultTableState,
  pageBounds,
  pageCount,
  pageItems,
  tableUrl,
  type TableConfig,
  type TableState,
} from '../../lib/table-query.js';
import { Icon } from './Icon.js';

export interface PaginationProps {
  tableId: string;
  basePath: string;
  state: TableState;
  config: TableConfig;
  total: number;
  /** Other query parameters of the page (filters) to keep in every link. */
  keep?: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export function Pagination({ tableId, basePath, state, config, total, keep = {} }: PaginationProps): ReactElement {
  const count = pageCount(total, state.pageSize);
  const page = Math.min(state.page, count);
  const { start, end } = pageBounds({ ...state, page }, total);
  const url = (p: number) => tableUrl(basePath, { ...state, page: p }, config, keep);
  const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const defaults = defaultTableState(config);
  const sizeId = `${tableId}-page-size`;

  return (
    <div className="data-table__footer">
      <p className="data-table__range" data-table-status="">
        {total > 0 ? shellText.showingRange(start + 1, end, total) : null}
      </p>
      {count > 1 ? (
        <nav aria-label={shellText.pagination} className="usa-pagination">
          <ul className="usa-pagination__list">
            {page > 1 ? (
              <li className="usa-pagination__item usa-pagination__arrow">
                <a href={url(page - 1)} className="usa-pagination__link usa-pagination__previous-page" data-table-link="">
                  <Icon name="navigate_before" />
                  <span className="usa-pagination__link-text">{shellText.previous}</span>
                </a>
              </li>
            ) : null}
            {pageItems(page, count).map((item, i) =>
              item === 'gap' ? (
                <li key={`gap-${i}`} className="usa-pagination__item usa-pagination__overflow" aria-hidden="true">
                  <span>…</span>
                </li>
              ) : (
                <li key={item} className="usa-pagination__item usa-pagination__page-no">
                  <a
                    href={url(item)}
                    className={`usa-pagination__button${item === page ? ' usa-current' : ''}`}
                    aria-label={item === count ? shellText.lastPage(item) : shellText.page(item)}
                    aria-current={item === page ? 'page' : undefined}
                    data-table-link=""
                  >
                    {item}
                  </a>
                </li>
              ),
            )}
            {page < count ? (
              <li className="usa-pagination__item usa-pagination__arrow">
                <a href={url(page + 1)} className="usa-pagination__link usa-pagination__next-page" data-table-link="">
                  <span className="usa-pagination__link-text">{shellText.next}</span>
                  <Icon name="navigate_next" />
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      {sizes.length > 1 ? (
        <form method="get" action={basePath} className="data-table__page-size" data-table-page-size="">
          {Object.entries(keep).flatMap(([k, v]) =>
            ['page', 'pageSize', 'sort', 'dir'].includes(k) || v === undefined
              ? []
              : (typeof v === 'string' ? [v] : v).map((one, i) => <input key={`${k}-${i}`} type="hidden" name={k} value={one} />),
          )}
          {state.sort !== null && (state.sort !== defaults.sort || state.dir !== defaults.dir) ? (
            <>
              <input type="hidden" name="sort" value={state.sort} />
              <input type="hidden" name="dir" value={state.dir} />
            </>
          ) : null}
          <label className="usa-label" htmlFor={sizeId}>
            {shellText.rowsPerPage}
          </label>
          <select className="usa-select" id={sizeId} name="pageSize" defaultValue={String(state.pageSize)}>
            {sizes.map((s) => (
              <option key={String(s)} value={String(s)}>
                {s === 'all' ? shellText.all : s}
              </option>
            ))}
          </select>
          <button type="submit" className="usa-button usa-button--outline" data-table-apply="">
            {shellText.apply}
          </button>
        </form>
      ) : null}
    </div>
  );
}
