import { describe, expect, it } from '@jest/globals';
import {
  fieldError,
  LIST_FILTER_TERMS_MAX,
  LIST_SORT_TERMS_MAX,
  ValidationError,
  type CollectionSpec,
  type FieldError,
  type ReadQuery,
  type Sort,
} from '@coop/contracts';
import { DEFAULT_LIMIT, MAX_LIMIT, parseListQuery, type ListParams } from './list-query.js';

const SPEC: CollectionSpec = {
  name: 'things',
  fields: { name: 'string', city: 'string', age: 'number', active: 'boolean', tags: 'string' },
  search: ['name', 'city'],
  arrays: ['tags'],
};
const DEFAULT_SORT: readonly Sort[] = [{ field: 'name', direction: 'asc' }];
const COOP = 'coop-1';

const parse = (params: ListParams, cooperativeId: string | null = COOP): ReadQuery =>
  parseListQuery(SPEC, params, cooperativeId, DEFAULT_SORT);

/** The errors `parse(params)` throws; fails the test when it throws nothing or something else. */
function errorsOf(params: ListParams): readonly FieldError[] {
  try {
    parse(params);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors;
  }
  throw new Error(`parseListQuery accepted ${JSON.stringify(params)}`);
}

describe('parseListQuery', () => {
  describe('paging', () => {
    it('defaults to offset 0, limit 20, no filters, the default sort and no search', () => {
      const query = parse({});
      expect(query).toEqual({ cooperativeId: COOP, filters: [], sort: DEFAULT_SORT, offset: 0, limit: 20 });
      expect(DEFAULT_LIMIT).toBe(20);
      expect('search' in query).toBe(false);
    });

    it('treats empty strings as absent', () => {
      expect(parse({ offset: '', limit: '', filter: '', order_by: '', search: '' })).toEqual({
        cooperativeId: COOP,
        filters: [],
        sort: DEFAULT_SORT,
        offset: 0,
        limit: 20,
      });
    });

    it('takes numeric offset and limit', () => {
      expect(parse({ offset: '40', limit: '10' })).toMatchObject({ offset: 40, limit: 10 });
    });

    it('accepts limit 1 and the maximum 1000', () => {
      expect(MAX_LIMIT).toBe(1000);
      expect(parse({ limit: '1' }).limit).toBe(1);
      expect(parse({ limit: '1000' }).limit).toBe(1000);
    });

    it.each([
      ['limit', '1001'],
      ['limit', '0'],
      ['limit', 'abc'],
      ['limit', '10.5'],
      ['limit', '-5'],
      ['limit', '1e3'],
      ['limit', ' 10'],
      ['offset', '-1'],
      ['offset', 'x'],
      ['offset', '99999999999999999999'],
    ])('refuses %s=%s with invalidNumber', (field, value) => {
      expect(errorsOf({ [field]: value })).toEqual([fieldError(field, 'invalidNumber', value)]);
    });

    it('refuses a repeated parameter (array) with invalidNumber', () => {
      expect(errorsOf({ limit: ['10', '20'] })).toEqual([fieldError('limit', 'invalidNumber', '10,20')]);
    });

    it('reads a repeated filter or order_by (an array) as its values joined by commas, not as absent', () => {
      expect(parse({ filter: ['name:a', 'city:b'], order_by: ['city', '-name'] })).toMatchObject({
        filters: [
          { field: 'name', op: 'eq', value: 'a' },
          { field: 'city', op: 'eq', value: 'b' },
        ],
        sort: [
          { field: 'city', direction: 'asc' },
          { field: 'name', direction: 'desc' },
        ],
      });
      expect(errorsOf({ filter: ['name:a', 'secret:1'] })).toEqual([fieldError('filter', 'unknownField', 'secret')]);
    });

    it('reports every broken parameter at once', () => {
      expect(errorsOf({ offset: 'x', limit: '5000', filter: 'secret:1', order_by: 'nope' })).toEqual([
        fieldError('offset', 'invalidNumber', 'x'),
        fieldError('limit', 'invalidNumber', '5000'),
        fieldError('filter', 'unknownField', 'secret'),
        fieldError('order_by', 'unknownField', 'nope'),
      ]);
    });
  });

  describe('filter', () => {
    it('parses field:value pairs and a;b lists', () => {
      expect(parse({ filter: 'name:x,city:y;z' }).filters).toEqual([
        { field: 'name', op: 'eq', value: 'x' },
        { field: 'city', op: 'in', values: ['y', 'z'] },
      ]);
    });

    it('keeps the rest of a value after the first colon', () => {
      expect(parse({ filter: 'name:a:b' }).filters).toEqual([{ field: 'name', op: 'eq', value: 'a:b' }]);
    });

    it('turns field:null into a missing-value match', () => {
      expect(parse({ filter: 'city:null' }).filters).toEqual([{ field: 'city', op: 'eq', value: null }]);
    });

    it('parses closed and open ranges, coercing numbers', () => {
      expect(parse({ filter: 'age:1..5' }).filters).toEqual([{ field: 'age', op: 'range', gte: 1, lte: 5 }]);
      expect(parse({ filter: 'age:..5' }).filters).toEqual([{ field: 'age', op: 'range', lte: 5 }]);
      expect(parse({ filter: 'age:18..' }).filters).toEqual([{ field: 'age', op: 'range', gte: 18 }]);
      expect(parse({ filter: 'name:a..m' }).filters).toEqual([{ field: 'name', op: 'range', gte: 'a', lte: 'm' }]);
    });

    it('leaves out the missing bound instead of setting it undefined', () => {
      const [range] = parse({ filter: 'age:..5' }).filters!;
      expect(Object.keys(range!).sort()).toEqual(['field', 'lte', 'op']);
    });

    it('coerces number fields in eq and in', () => {
      expect(parse({ filter: 'age:42' }).filters).toEqual([{ field: 'age', op: 'eq', value: 42 }]);
      expect(parse({ filter: 'age:1;2.5;-3' }).filters).toEqual([{ field: 'age', op: 'in', values: [1, 2.5, -3] }]);
    });

    it.each([
      ['true', true],
      ['1', true],
      ['false', false],
      ['0', false],
    ])('coerces the boolean %s to %s', (raw, value) => {
      expect(parse({ filter: `active:${raw}` }).filters).toEqual([{ field: 'active', op: 'eq', value }]);
    });

    it('keeps string fields as text even when they look like numbers', () => {
      expect(parse({ filter: 'name:007' }).filters).toEqual([{ field: 'name', op: 'eq', value: '007' }]);
    });

    it('refuses a non-number for a number field with invalidNumber on that field', () => {
      expect(errorsOf({ filter: 'age:old' })).toEqual([fieldError('age', 'invalidNumber', 'old')]);
      expect(errorsOf({ filter: 'age:' })).toEqual([fieldError('age', 'invalidNumber', '')]);
      expect(errorsOf({ filter: 'age:1..x' })).toEqual([fieldError('age', 'invalidNumber', 'x')]);
    });

    it('refuses a non-boolean for a boolean field with invalidChoice', () => {
      expect(errorsOf({ filter: 'active:yes' })).toEqual([fieldError('active', 'invalidChoice', 'yes')]);
    });

    it('filters by id although it is not declared, as text', () => {
      expect(parse({ filter: 'id:a;b;c' }).filters).toEqual([{ field: 'id', op: 'in', values: ['a', 'b', 'c'] }]);
      expect(parse({ filter: 'id:42' }).filters).toEqual([{ field: 'id', op: 'eq', value: '42' }]);
    });

    it('treats an array field as contains (eq/in), never as a range', () => {
      expect(parse({ filter: 'tags:a;b' }).filters).toEqual([{ field: 'tags', op: 'in', values: ['a', 'b'] }]);
      expect(parse({ filter: 'tags:a..b' }).filters).toEqual([{ field: 'tags', op: 'eq', value: 'a..b' }]);
    });

    it.each(['secret:1', 'cooperativeId:coop-2', 'position:1', 'nocolon', 'Name:x'])(
      'refuses the undeclared filter %s with unknownField on filter',
      (filter) => {
        const field = filter.split(':')[0]!;
        expect(errorsOf({ filter })).toEqual([
          { field: 'filter', template: 'unknownField', parameters: { '0': field } },
        ]);
      },
    );

    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
      'refuses %s, a property every object has, as an unknown field in filter and order_by',
      (name) => {
        expect(errorsOf({ filter: `${name}:1` })).toEqual([fieldError('filter', 'unknownField', name)]);
        expect(errorsOf({ filter: `${name}:null` })).toEqual([fieldError('filter', 'unknownField', name)]);
        expect(errorsOf({ order_by: `-${name}` })).toEqual([fieldError('order_by', 'unknownField', name)]);
      },
    );

    it('reports every unknown filter field', () => {
      expect(errorsOf({ filter: 'a:1,name:x,b:2' })).toEqual([
        fieldError('filter', 'unknownField', 'a'),
        fieldError('filter', 'unknownField', 'b'),
      ]);
    });
  });

  describe('order_by', () => {
    it('uses the default sort when order_by is absent', () => {
      expect(parse({}).sort).toEqual(DEFAULT_SORT);
      expect(parseListQuery(SPEC, {}, COOP, [{ field: 'age', direction: 'desc' }]).sort).toEqual([
        { field: 'age', direction: 'desc' },
      ]);
    });

    it.each<[string, Sort[]]>([
      ['city', [{ field: 'city', direction: 'asc' }]],
      ['-age', [{ field: 'age', direction: 'desc' }]],
      ['age:desc', [{ field: 'age', direction: 'desc' }]],
      ['age:DESC', [{ field: 'age', direction: 'desc' }]],
      ['city:asc', [{ field: 'city', direction: 'asc' }]],
      ['age desc', [{ field: 'age', direction: 'desc' }]],
      ['id', [{ field: 'id', direction: 'asc' }]],
      [
        'name,-age',
        [
          { field: 'name', direction: 'asc' },
          { field: 'age', direction: 'desc' },
        ],
      ],
      [
        ' city , age:desc ',
        [
          { field: 'city', direction: 'asc' },
          { field: 'age', direction: 'desc' },
        ],
      ],
    ])('parses %j', (order_by, sort) => {
      expect(parse({ order_by }).sort).toEqual(sort);
    });

    it.each([
      ['secret', 'secret'],
      ['-secret', 'secret'],
      ['secret:desc', 'secret'],
      ['tags', 'tags'],
      ['-tags', 'tags'],
    ])('refuses the unknown or array sort field %s with unknownField on order_by', (order_by, field) => {
      expect(errorsOf({ order_by })).toEqual([
        { field: 'order_by', template: 'unknownField', parameters: { '0': field } },
      ]);
    });
  });

  describe('the number of terms (the statement SQLite would refuse: 500)', () => {
    it(`accepts ${LIST_FILTER_TERMS_MAX} filter terms and ${LIST_SORT_TERMS_MAX} sort terms`, () => {
      const q = parse({
        filter: Array.from({ length: LIST_FILTER_TERMS_MAX }, () => 'name:a').join(','),
        order_by: Array.from({ length: LIST_SORT_TERMS_MAX }, () => 'name').join(','),
      });
      expect(q.filters).toHaveLength(LIST_FILTER_TERMS_MAX);
      expect(q.sort).toHaveLength(LIST_SORT_TERMS_MAX);
    });

    it('refuses one term more with tooManyTerms, and 2,000 without reading them', () => {
      expect(errorsOf({ filter: Array.from({ length: LIST_FILTER_TERMS_MAX + 1 }, () => 'name:a').join(',') })).toEqual(
        [fieldError('filter', 'tooManyTerms', String(LIST_FILTER_TERMS_MAX))],
      );
      expect(errorsOf({ order_by: Array.from({ length: LIST_SORT_TERMS_MAX + 1 }, () => 'name').join(',') })).toEqual([
        fieldError('order_by', 'tooManyTerms', String(LIST_SORT_TERMS_MAX)),
      ]);
      // Unknown fields past the limit are not each reported: one error, not 2,000.
      expect(errorsOf({ filter: 'x:1,'.repeat(2_000), order_by: 'y,'.repeat(2_000) })).toEqual([
        fieldError('filter', 'tooManyTerms', String(LIST_FILTER_TERMS_MAX)),
        fieldError('order_by', 'tooManyTerms', String(LIST_SORT_TERMS_MAX)),
      ]);
    });
  });

  describe('search and tenant', () => {
    it('passes the search text through unchanged', () => {
      expect(parse({ search: 'Müller %_ eG' }).search).toBe('Müller %_ eG');
    });

    it('ignores a non-string search', () => {
      expect('search' in parse({ search: ['a', 'b'] })).toBe(false);
    });

    it('passes the cooperative through, also null for cross-tenant queries', () => {
      expect(parse({}, 'coop-9').cooperativeId).toBe('coop-9');
      expect(parse({}, null).cooperativeId).toBeNull();
    });
  });
});
