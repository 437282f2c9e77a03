import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@coop/contracts';
import { memberResultFields } from '@coop/projections/dividend';
import { calculateDividend } from './domain/engine/index.js';
import { earning, PARAMS, SETTINGS } from './domain/engine/testing/members.js';
import { payoutOf } from './domain/closure-events.decider.js';
import { resultKeys, type Calculation } from './queries/dividend-calculation.js';
import {
  EVERY_MEMBER,
  MEMBER_SORT_FIELDS,
  parseMemberList,
  selectMembers,
  type MemberAmountField,
  type MemberRowKeys,
} from './queries/member-list.js';
import type { MemberFacts } from './queries/member-input.js';

interface Row {
  readonly nr: number;
  readonly name: string;
  readonly given: string | null;
  readonly net: number;
}
const keys: MemberRowKeys<Row> = {
  memberNr: (r) => r.nr,
  name: (r) => r.name,
  givenName: (r) => r.given,
  amount: (r) => r.net,
};
const ROWS: Row[] = [
  { nr: 3, name: 'Zeller', given: 'Anna', net: 500 },
  { nr: 1, name: 'Acker', given: 'Bernd', net: 700 },
  { nr: 12, name: 'Müller', given: null, net: 500 },
  { nr: 2, name: 'Öztürk', given: 'Cem', net: 100 },
  { nr: 21, name: 'Mueller', given: 'Hans', net: 900 },
];
const nrs = (q: Record<string, string>): number[] =>
  selectMembers(ROWS, parseMemberList(q), keys).items.map((r) => r.nr);

describe("a dividend's per-member list", () => {
  it('without parameters: every member by number', () => {
    expect(selectMembers(ROWS, EVERY_MEMBER, keys)).toEqual({
      total: 5,
      items: [ROWS[1], ROWS[3], ROWS[0], ROWS[2], ROWS[4]],
    });
  });

  it('pages, sorts by an amount or the name (ties by number) and searches name, given name or number', () => {
    expect(nrs({ offset: '1', limit: '2' })).toEqual([2, 3]);
    expect(nrs({ order_by: '-paymentAmount' })).toEqual([21, 1, 3, 12, 2]);
    expect(nrs({ order_by: 'paymentAmount:asc', limit: '3' })).toEqual([2, 3, 12]);
    expect(nrs({ order_by: 'name' })).toEqual([1, 21, 12, 2, 3]);
    expect(nrs({ order_by: 'name:desc' })).toEqual([3, 2, 12, 21, 1]);
    expect(nrs({ search: 'müller' })).toEqual([12, 21]);
    expect(nrs({ search: 'Zeller, An' })).toEqual([3]);
    expect(nrs({ search: 'oeztuerk' })).toEqual([2]);
    // One number: that member first, then the others containing it.
    expect(nrs({ search: '1' })).toEqual([1, 12, 21]);
    expect(nrs({ search: '2', order_by: '-paymentAmount' })).toEqual([2, 21, 12]);
    expect(selectMembers(ROWS, parseMemberList({ search: 'zz' }), keys)).toEqual({ total: 0, items: [] });
  });

  it('refuses an unknown field and bad numbers as the other lists do', () => {
    const errors = (q: Record<string, string>): unknown => {
      try {
        parseMemberList(q);
        return [];
      } catch (e) {
        return (e as ValidationError).errors.map((x) => [x.field, x.template]);
      }
    };
    expect(errors({ order_by: 'birthDate', offset: '-1', limit: '1001' })).toEqual([
      ['offset', 'invalidNumber'],
      ['limit', 'invalidNumber'],
      ['order_by', 'unknownField'],
    ]);
    expect(errors({ order_by: 'memberNr,-taxes', limit: '1000' })).toEqual([]);
  });

  it("sorts a calculation's members by the same amounts its DTOs show", () => {
    const members = [
      earning(12_345, { id: 'a', memberNr: 1 }),
      earning(80_000, { id: 'b', memberNr: 2, churchId: 'ev', churchTaxRate: '9', state: 'nw' }),
    ];
    const run = calculateDividend(PARAMS, SETTINGS, members);
    const facts = new Map<string, MemberFacts>();
    const calc: Calculation = {
      params: PARAMS,
      settings: SETTINGS,
      cooperativeId: 'c',
      run,
      errors: [],
      facts,
      orderHolders: new Map(),
    };
    const k = resultKeys(facts);
    for (const m of run.members) {
      const { lines: _l, ...payout } = payoutOf(calc, '', m, []);
      const dto = memberResultFields(payout, { legalEntity: false, foreign: false }) as unknown as Record<
        string,
        number
      >;
      for (const field of MEMBER_SORT_FIELDS.filter((f) => f !== 'name')) {
        expect([field, field === 'memberNr' ? k.memberNr(m) : k.amount(m, field as MemberAmountField)]).toEqual([
          field,
          dto[field],
        ]);
      }
    }
  });
});
