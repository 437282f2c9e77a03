import { describe, expect, it } from '@jest/globals';
import { filterParam, listQuery, nextSort, readSort, writeSort } from './listQuery.js';

describe('console list query (docs/api.md conventions)', () => {
  it('turns page, search, filter and sort into offset/limit/search/filter/order_by', () => {
    const q = new URLSearchParams(
      listQuery({
        pagination: { page: 3, perPage: 20 },
        sort: { field: 'username', order: 'DESC' },
        filter: { q: '  miller ', roles: ['ROLE_ADMIN', 'ROLE_USER'], exitDate: null },
      }),
    );
    expect(q.get('offset')).toBe('40');
    expect(q.get('limit')).toBe('20');
    expect(q.get('search')).toBe('miller');
    expect(q.get('filter')).toBe('roles:ROLE_ADMIN;ROLE_USER,exitDate:null');
    expect(q.get('order_by')).toBe('-username');
  });

  it('leaves out an empty search, an empty filter and the "none" sort', () => {
    const q = new URLSearchParams(
      listQuery({ pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: { q: '' } }),
    );
    expect(q.get('offset')).toBe('0');
    expect(q.get('limit')).toBe('10');
    expect(q.has('search')).toBe(false);
    expect(q.has('filter')).toBe(false);
    expect(q.has('order_by')).toBe(false);
  });

  it("breaks ties of the chosen column by the list's further fields, never repeating the column", () => {
    const query = (field: string, order: 'ASC' | 'DESC') =>
      new URLSearchParams(
        listQuery({ pagination: { page: 1, perPage: 20 }, sort: { field, order }, filter: {} }, ['name', 'givenName']),
      ).get('order_by');
    expect(query('name', 'ASC')).toBe('name,givenName');
    expect(query('name', 'DESC')).toBe('-name,givenName');
    expect(query('entryDate', 'DESC')).toBe('-entryDate,name,givenName');
    expect(
      new URLSearchParams(
        listQuery({ pagination: { page: 1, perPage: 20 }, sort: { field: '', order: 'ASC' }, filter: {} }, ['name']),
      ).has('order_by'),
    ).toBe(false);
  });

  it('skips undefined and empty values and empty arrays in the filter', () => {
    expect(filterParam({ a: undefined, b: '', c: [], d: 'x', e: 0 })).toBe('d:x,e:0');
  });

  it('cycles a column ascending, descending, none; another column starts ascending', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ field: 'name', order: 'ASC' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ field: 'name', order: 'DESC' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'city')).toEqual({ field: 'city', order: 'ASC' });
  });

  it("adds the list's further parameters (a date range), leaving out empty ones", () => {
    const q = new URLSearchParams(
      listQuery(
        { pagination: { page: 1, perPage: 20 }, sort: { field: 'date', order: 'DESC' }, filter: { type: '1' } },
        [],
        { from: '2024-01-01', to: '' },
      ),
    );
    expect(q.get('from')).toBe('2024-01-01');
    expect(q.has('to')).toBe(false);
    expect(q.get('filter')).toBe('type:1');
  });

  it("keeps the sort in the address as field, -field or none, the list's default left out, and reads it back", () => {
    const byName = { field: 'name', order: 'ASC' } as const;
    const cases: Array<[{ field: string; order: 'ASC' | 'DESC' } | null, string | null]> = [
      [byName, null],
      [{ field: 'name', order: 'DESC' }, '-name'],
      [{ field: 'entryDate', order: 'ASC' }, 'entryDate'],
      [null, 'none'],
    ];
    for (const [sort, text] of cases) {
      expect(writeSort(sort, byName)).toBe(text);
      expect(readSort(text, byName)).toEqual(sort);
    }
    // A list without a default sort: no sort is simply left out.
    expect(writeSort(null, null)).toBeNull();
    expect(readSort(null, null)).toBeNull();
  });
});
