import { describe, expect, it } from '@jest/globals';
import type { DividendMemberRecord } from './model.js';
import {
  amountProblem,
  defaultInput,
  formatDecimal,
  formatEuros,
  inputFromQuery,
  memberPageQuery,
  membersOfError,
  toQuery,
  yearChoices,
} from './model.js';

const member = (memberNr: number, name: string, givenName: string | null, amount: number): DividendMemberRecord =>
  ({
    member: `m${memberNr}`,
    memberNr,
    name,
    givenName,
    amount,
    balances: amount * 25,
    paymentAmount: amount,
    problems: [],
  }) as unknown as DividendMemberRecord;

describe('the dividend wizard', () => {
  const now = new Date(2026, 10, 25, 12);

  it('offers last year first and about 11 years back, last year, percent, 4 and today by default (SPEC 9)', () => {
    expect(yearChoices(now)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015, 2014]);
    expect(defaultInput(now)).toEqual({
      year: 2025,
      type: 'percent',
      amount: '4',
      decisionDate: '2026-11-25',
      paymentDate: '2026-11-25',
    });
  });

  it('keeps step 1 in the address and reads it back (No of step 2, reload)', () => {
    const input = {
      year: 2024,
      type: 'amount',
      amount: '1234,50',
      decisionDate: '2025-06-01',
      paymentDate: '2025-06-15',
    } as const;
    expect(toQuery(input)).toBe(
      'year=2024&type=amount&amount=1234%2C50&decision_date=2025-06-01&payment_date=2025-06-15',
    );
    expect(inputFromQuery(new URLSearchParams(toQuery(input)))).toEqual(input);
    expect(inputFromQuery(new URLSearchParams(''))).toBeNull();
    expect(inputFromQuery(new URLSearchParams('year=2024&type=bonus&amount=4'))).toBeNull();
    // A date the address lacks (or holds in another form) is today, as the API calculates it; step 2 closes with it.
    expect(
      inputFromQuery(new URLSearchParams('year=2024&type=percent&amount=4&payment_date=15.06.2025'), now),
    ).toMatchObject({ decisionDate: '2026-11-25', paymentDate: '2026-11-25' });
  });

  it('takes a percentage with up to four decimals and a total with up to two, above zero', () => {
    expect(amountProblem('percent', '4')).toBeUndefined();
    expect(amountProblem('percent', '3,1234')).toBeUndefined();
    expect(amountProblem('percent', '3.12345')).toBe('coop.dividend.percentInvalid');
    expect(amountProblem('amount', '33333,33')).toBeUndefined();
    expect(amountProblem('amount', '333,333')).toBe('coop.dividend.amountInvalid');
    expect(amountProblem('amount', '1.000,00')).toBe('coop.dividend.amountInvalid');
    expect(amountProblem('percent', '0,0')).toBe('coop.dividend.amountNotPositive');
    expect(amountProblem('percent', 'vier')).toBe('coop.dividend.percentInvalid');
  });

  it('shows the percent with four decimals and the return rows in whole euros, without floating point', () => {
    expect(formatDecimal('4')).toBe('4,0000');
    expect(formatDecimal('3.99999')).toBe('3,9999');
    expect(formatDecimal('1234.5')).toBe('1.234,5000');
    expect(formatDecimal('0.1')).toBe('0,1000');
    expect(formatEuros(1234567)).toBe('1.234.567 €');
    expect(formatEuros(0)).toBe('0 €');
  });

  it('asks the API for a page of members: offset and limit, the search, the sort', () => {
    expect(memberPageQuery(1, 20, '', null)).toBe('offset=0&limit=20');
    expect(memberPageQuery(3, 50, ' zeller, an ', { field: 'amount', order: 'DESC' })).toBe(
      'offset=100&limit=50&search=zeller%2C+an&order_by=-amount',
    );
    expect(memberPageQuery(2, 10, '', { field: 'name', order: 'ASC' })).toBe('offset=10&limit=10&order_by=name');
  });

  it("names an error's members by number (the error's parameter), and by name where they are on the page, in number order", () => {
    const rows = [member(3, 'Zeller', 'Anna', 500), member(1, 'Acker', 'Bernd', 700)];
    expect(
      membersOfError(
        {
          code: 'taxIdMissing',
          template: 'taxIdMissing',
          parameters: ['3, 1, 12'],
          members: ['m3', 'm1', 'm12', 'gone'],
        },
        rows,
      ),
    ).toEqual([
      { id: 'm1', memberNr: 1, name: 'Acker, Bernd' },
      { id: 'm3', memberNr: 3, name: 'Zeller, Anna' },
      { id: 'm12', memberNr: 12, name: '' },
      { id: 'gone', memberNr: null, name: '' },
    ]);
  });

  it("names an error's members by the server's list, also those not on the page shown (issue 43)", () => {
    const concerned = [
      { member: 'm75', memberNr: 75, name: 'Weber', givenName: 'Jonas' },
      { member: 'm50', memberNr: 50, name: 'Schmidt', givenName: '' },
    ];
    expect(
      membersOfError(
        {
          code: 'nvTaxIdMissing',
          template: 'nvTaxIdMissing',
          parameters: ['50, 75'],
          members: ['m50', 'm75'],
          concerned,
        },
        [],
      ),
    ).toEqual([
      { id: 'm50', memberNr: 50, name: 'Schmidt' },
      { id: 'm75', memberNr: 75, name: 'Weber, Jonas' },
    ]);
  });
});
