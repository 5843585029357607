// Server-side sorting and paging of tables from the query string (?page=2&pageSize=50&sort=name
// &dir=desc). Parsing never fails: a value that is missing, repeated, of the wrong type or not
// offered falls back to the table's default, so a hand-edited or hostile URL gets a sensible
// page, never an error. Links and the page-size form are built here too, so every URL the
// table emits is one this parser reads back to the same state.
import { z } from 'zod';

export type PageSize = number | 'all';
export type SortDir = 'asc' | 'desc';

export const DEFAULT_PAGE_SIZES: readonly PageSize[] = [25, 50, 100, 'all'];
export const MAX_PAGE = 100_000;

export interface TableConfig {
  /** Column keys that may be sorted on; anything else in ?sort is ignored. */
  sortable: readonly string[];
  defaultSort?: string | null;
  defaultDir?: SortDir;
  pageSizes?: readonly PageSize[];
  defaultPageSize?: PageSize;
}

export interface TableState {
  page: number;
  pageSize: PageSize;
  sort: string | null;
  dir: SortDir;
}

const firstString = z.unknown().optional().transform((v): string | undefined => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first.trim() : undefined;
});

const rawQuery = z.object({ page: firstString, pageSize: firstString, sort: firstString, dir: firstString });

function pageSizesOf(config: TableConfig): readonly PageSize[] {
  return config.pageSizes ?? DEFAULT_PAGE_SIZES;
}

export function defaultTableState(config: TableConfig): TableState {
  const sizes = pageSizesOf(config);
  return {
    page: 1,
    pageSize: config.defaultPageSize ?? sizes[0] ?? 25,
    sort: config.defaultSort ?? null,
    dir: config.defaultDir ?? 'asc',
  };
}

export function parseTableQuery(query: unknown, config: TableConfig): TableState {
  const defaults = defaultTableState(config);
  const parsed = rawQuery.safeParse(typeof query === 'object' && query !== null ? query : {});
  if (!parsed.success) return defaults;
  const q = parsed.data;

  let page = defaults.page;
  if (q.page && /^\d{1,6}$/.test(q.page)) page = Math.min(Math.max(Number(q.page), 1), MAX_PAGE);

  let pageSize = defaults.pageSize;
  if (q.pageSize !== undefined) {
    const wanted: PageSize | null = q.pageSize.toLowerCase() === 'all' ? 'all' : /^\d{1,4}$/.test(q.pageSize) ? Number(q.pageSize) : null;
    if (wanted !== null && pageSizesOf(config).includes(wanted)) pageSize = wanted;
  }

  const sort = q.sort !== undefined && config.sortable.includes(q.sort) ? q.sort : defaults.sort;
  const dir: SortDir = q.dir === 'asc' || q.dir === 'desc' ? q.dir : defaults.dir;
  return { page, pageSize, sort, dir };
}

/** Number of pages for a total (at least 1, so an empty table still has page 1). */
export function pageCount(total: number, pageSize: PageSize): number {
  if (pageSize === 'all' || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The state with its page brought inside the available pages. */
export function clampPage(state: TableState, total: number): TableState {
  return { ...state, page: Math.min(state.page, pageCount(total, state.pageSize)) };
}

/** Zero-based slice bounds of the current page, for tables paged in the portal. */
export function pageBounds(state: TableState, total: number): { start: number; end: number } {
  if (state.pageSize === 'all') return { start: 0, end: total };
  const s = clampPage(state, total);
  const start = (s.page - 1) * (s.pageSize as number);
  return { start, end: Math.min(start + (s.pageSize as number), total) };
}

export function paginate<T>(rows: readonly T[], state: TableState): T[] {
  const { start, end } = pageBounds(state, rows.length);
  return rows.slice(start, end);
}

/** Sorts rows in the portal by a key reader (numbers numerically, text by locale, nulls last). */
export function sortRows<T>(rows: readonly T[], state: TableState, read: (row: T, key: string) => unknown): T[] {
  if (!state.sort) return [...rows];
  const key = state.sort;
  const sign = state.dir === 'desc' ? -1 : 1;
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const x = read(a, key);
    const y = read(b, key);
    if (x === y) return 0;
    if (x === null || x === undefined || x === '') return 1;
    if (y === null || y === undefined || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return collator.compare(String(x), String(y)) * sign;
  });
}

/** Sort state after activating a column header: the sorted column flips, another starts ascending. */
export function sortToggled(state: TableState, column: string): TableState {
  const dir: SortDir = state.sort === column && state.dir === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: column, dir, page: 1 };
}

export function ariaSort(state: TableState, column: string): 'ascending' | 'descending' | 'none' {
  if (state.sort !== column) return 'none';
  return state.dir === 'asc' ? 'ascending' : 'descending';
}

/**
 * The URL of a table state: the base path, the page's other query parameters (filters) kept,
 * and page/pageSize/sort/dir written only when they differ from the defaults.
 */
export function tableUrl(
  basePath: string,
  state: TableState,
  config: TableConfig,
  keep: Readonly<Record<string, string | readonly string[] | undefined>> = {},
): string {
  const d = defaultTableState(config);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(keep)) {
    if (['page', 'pageSize', 'sort', 'dir'].includes(k) || v === undefined) continue;
    for (const one of typeof v === 'string' ? [v] : v) params.append(k, one);
  }
  if (state.sort !== null && (state.sort !== d.sort || state.dir !== d.dir)) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  if (state.pageSize !== d.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.page !== 1) params.set('page', String(state.page));
  const qs = params.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** The paging request of the agency API (spec §3 School paging request). 'all': no pageSize. */
export function toApiPaging(state: TableState): {
  pageNumber: number;
  pageSize?: number;
  sortField?: string;
  sortDirection?: SortDir;
} {
  return {
    pageNumber: state.pageSize === 'all' ? 1 : state.page,
    ...(state.pageSize === 'all' ? {} : { pageSize: state.pageSize }),
    ...(state.sort ? { sortField: state.sort, sortDirection: state.dir } : {}),
  };
}

/** Other query parameters of a request to keep in table links (strings only). */
export function keptParams(query: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) {
      const strings = v.filter((x): x is string => typeof x === 'string');
      if (strings.length) out[k] = strings;
    }
  }
  return out;
}

export type PageItem = number | 'gap';

/**
 * The page numbers a paginator shows: the first, the last, and the current with one page on
 * either side; 'gap' where pages are left out (a gap of one page shows that page instead).
 */
export function pageItems(current: number, count: number): PageItem[] {
  const pages = new Set<number>([1, count, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const out: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) out.push(previous + 1);
    else if (p - previous > 2) out.push('gap');
    out.push(p);
    previous = p;
  }
  return out;
}
