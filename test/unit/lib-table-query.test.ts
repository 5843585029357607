import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  clampPage,
  keptParams,
  pageBounds,
  pageCount,
  paginate,
  parseTableQuery,
  sortRows,
  sortToggled,
  tableUrl,
  toApiPaging,
  type TableConfig,
} from '../../lib/table-query.js';

const config: TableConfig = { sortable: ['name', 'createdOn'], defaultSort: 'name' };

describe('table query parsing (server-side sort and paging)', () => {
  it('reads a well-formed query', () => {
    expect(parseTableQuery({ page: '3', pageSize: '50', sort: 'createdOn', dir: 'desc' }, config)).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'createdOn',
      dir: 'desc',
    });
    expect(parseTableQuery({ pageSize: 'ALL' }, config).pageSize).toBe('all');
  });

  it('falls back to defaults for missing or hostile values, never throwing', () => {
    const defaults = { page: 1, pageSize: 25, sort: 'name', dir: 'asc' };
    const hostile: unknown[] = [
      undefined,
      null,
      'page=2',
      42,
      {},
      { page: '-1', pageSize: '7', sort: 'password', dir: 'sideways' },
      { page: '0' },
      { page: '1e3', pageSize: '25.0' },
      { page: { $gt: '' }, pageSize: ['all'], sort: { toString: 'x' }, dir: ['desc', 'asc'] },
      { page: '9999999999999999999999' },
      { sort: '__proto__', dir: 'constructor' },
      { page: ' ' },
    ];
    for (const q of hostile) {
      const s = parseTableQuery(q, config);
      expect(Number.isInteger(s.page) && s.page >= 1).toBe(true);
      expect([25, 50, 100, 'all']).toContain(s.pageSize);
      expect(['name', 'createdOn']).toContain(s.sort);
      expect(['asc', 'desc']).toContain(s.dir);
    }
    expect(parseTableQuery({ page: '-1', pageSize: '7', sort: 'password', dir: 'sideways' }, config)).toEqual(defaults);
    // A repeated parameter takes its first value.
    expect(parseTableQuery({ pageSize: ['all', '25'], dir: ['desc', 'asc'] }, config)).toMatchObject({ pageSize: 'all', dir: 'desc' });
    // Absurd page numbers are capped rather than passed upstream.
    expect(parseTableQuery({ page: '999999' }, config).page).toBe(100_000);
  });

  it('only offers the configured page sizes', () => {
    const cfg: TableConfig = { sortable: [], pageSizes: [10, 20], defaultPageSize: 20 };
    expect(parseTableQuery({ pageSize: '10' }, cfg).pageSize).toBe(10);
    expect(parseTableQuery({ pageSize: '25' }, cfg).pageSize).toBe(20);
    expect(parseTableQuery({ pageSize: 'all' }, cfg).pageSize).toBe(20);
    expect(parseTableQuery({}, { sortable: [] }).sort).toBeNull();
  });
});

describe('table URLs', () => {
  it('round-trips a state through its URL, keeping filters and dropping defaults', () => {
    const state = { page: 2, pageSize: 100 as const, sort: 'createdOn', dir: 'desc' as const };
    const url = tableUrl('/notification-settings', state, config, { q: 'a&b', page: '9', tag: ['x', 'y'] });
    expect(url).toBe('/notification-settings?q=a%26b&tag=x&tag=y&sort=createdOn&dir=desc&pageSize=100&page=2');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(parseTableQuery(query, config)).toEqual(state);
    expect(tableUrl('/t', { page: 1, pageSize: 25, sort: 'name', dir: 'asc' }, config)).toBe('/t');
  });

  it('keeps only string query parameters', () => {
    expect(keptParams({ a: '1', b: ['2', { x: 1 }], c: { d: '3' }, e: 5 })).toEqual({ a: '1', b: ['2'] });
    expect(keptParams(null)).toEqual({});
  });
});

describe('sorting and paging', () => {
  const base = { page: 1, pageSize: 25 as const, sort: 'name', dir: 'asc' as const };

  it('toggles the sorted column and starts another ascending, back on page 1', () => {
    expect(sortToggled({ ...base, page: 3 }, 'name')).toEqual({ ...base, dir: 'desc', page: 1 });
    expect(sortToggled({ ...base, dir: 'desc' }, 'name').dir).toBe('asc');
    expect(sortToggled({ ...base, dir: 'desc' }, 'createdOn')).toMatchObject({ sort: 'createdOn', dir: 'asc' });
  });

  it('announces the sort of each column', () => {
    expect(ariaSort(base, 'name')).toBe('ascending');
    expect(ariaSort({ ...base, dir: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort(base, 'createdOn')).toBe('none');
  });

  it('counts pages and clamps the page to them', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageCount(500, 'all')).toBe(1);
    expect(clampPage({ ...base, page: 9 }, 30).page).toBe(2);
    expect(pageBounds({ ...base, page: 2 }, 30)).toEqual({ start: 25, end: 30 });
  });

  it('pages and sorts rows in the portal', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ n: i + 1, name: `item ${i + 1}` }));
    expect(paginate(rows, { ...base, page: 3 }).map((r) => r.n)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(paginate(rows, { ...base, pageSize: 'all' })).toHaveLength(60);
    const sorted = sortRows(rows, { ...base, dir: 'desc' }, (r, k) => (k === 'name' ? r.name : null));
    expect(sorted.slice(0, 3).map((r) => r.name)).toEqual(['item 60', 'item 59', 'item 58']);
    const withNull = sortRows([{ v: null }, { v: 2 }, { v: 1 }], { ...base, sort: 'v' }, (r) => r.v);
    expect(withNull.map((r) => r.v)).toEqual([1, 2, null]);
  });

  it('maps to the API paging request', () => {
    expect(toApiPaging({ page: 2, pageSize: 50, sort: 'name', dir: 'desc' })).toEqual({
      pageNumber: 2,
      pageSize: 50,
      sortField: 'name',
      sortDirection: 'desc',
    });
    expect(toApiPaging({ page: 4, pageSize: 'all', sort: null, dir: 'asc' })).toEqual({ pageNumber: 1 });
  });
});
