import { describe, expect, it } from '@jest/globals';
import type { MemberHistoryEntry } from '@coop/contracts';
import {
  readDividendClosure,
  readDividendMember,
  type DividendClosureDocument,
  type DividendMemberDocument,
} from '@coop/projections/dividend';
import {
  byYearDescending,
  toHistoryDividend,
  toMemberDividendDto,
  withDividendEntries,
} from './queries/member-dividends.js';

/** A `dividend_members` document as the dividend area's projector writes it (DividendMemberDto fields, year, paymentDate, trace). */
const paid = (
  dividendId: string,
  year: number,
  position: string,
  fields: Record<string, unknown> = {},
): DividendMemberDocument =>
  readDividendMember({
    id: `${dividendId}:m-1`,
    cooperativeId: 'coop-1',
    position,
    dividendId,
    member: 'm-1',
    memberNr: 7,
    year,
    paymentDate: `${year + 1}-06-30`,
    balances: 100_000,
    realAmount: '4000',
    amount: 4000,
    dividendAmount: 4000,
    dividend: 4000,
    exemptions: 1500,
    taxRelevantAmount: 2500,
    taxDividendAmount: 4000,
    dividendTax: 601,
    solidarityTax: 33,
    churchTax: 48,
    taxes: 682,
    paymentAmount: 3318,
    payment: 3318,
    allowanceVolume: 100_000,
    allowanceBefore: 20_000,
    allowanceAfter: 21_500,
    lines: [{ postingId: 'b0', amount: 100_000, from: `${year}-01-01`, days: 360 }],
    ...fields,
  });

const closure = (dividendId: string, closedAt: string, closedBy: string): DividendClosureDocument =>
  readDividendClosure({ id: dividendId, cooperativeId: 'coop-1', position: '1', closedAt, closedBy });

const entry = (position: string, revision: number, type: string, shares: number): MemberHistoryEntry => ({
  position,
  revision,
  type,
  timestamp: '2025-01-01T10:00:00.000Z',
  user: 'admin',
  shareAmountAfter: shares,
  shareTotalAfter: shares * 25_000,
});

describe("the member dashboard's dividends", () => {
  it('answers gross, exemptions, KapESt, Soli, church tax and net of the closure, in cents', () => {
    expect(toMemberDividendDto(paid('d-2024', 2024, '40'))).toEqual({
      dividendId: 'd-2024',
      year: 2024,
      paymentDate: '2025-06-30',
      amount: 4000,
      exemptions: 1500,
      dividendTax: 601,
      solidarityTax: 33,
      churchTax: 48,
      paymentAmount: 3318,
    });
  });

  it('lists the latest year first', () => {
    const docs = [paid('d-2022', 2022, '10'), paid('d-2024', 2024, '40'), paid('d-2023', 2023, '20')];
    expect(byYearDescending(docs).map((d) => d.year)).toEqual([2024, 2023, 2022]);
  });
});

describe("the member history's dividend entries", () => {
  it('keeps the allowance of the exemption order before and after, and null without an order', () => {
    expect(toHistoryDividend(paid('d-2024', 2024, '40'))).toMatchObject({
      amount: 4000,
      allowanceVolume: 100_000,
      allowanceBefore: 20_000,
      allowanceAfter: 21_500,
      paymentAmount: 3318,
    });
    expect(
      toHistoryDividend(
        paid('d-2024', 2024, '40', { allowanceVolume: null, allowanceBefore: null, allowanceAfter: null }),
      ),
    ).toMatchObject({
      allowanceVolume: null,
      allowanceBefore: null,
      allowanceAfter: null,
    });
  });

  it('puts one entry per closure at its place in the log, recorded when and by whom the closure was, with the holding before it', () => {
    const stream = [
      entry('3', 0, 'MemberAdmitted', 0),
      entry('4', 1, 'SharesPosted', 4),
      entry('120', 2, 'SharesPosted', 5),
    ];
    const closures = new Map([
      ['d-2024', closure('d-2024', '2025-07-01T09:00:00.000Z', 'clerk')],
      ['d-2025', closure('d-2025', '2026-07-01T09:00:00.000Z', 'chief')],
    ]);
    const history = withDividendEntries(stream, [paid('d-2025', 2025, '300'), paid('d-2024', 2024, '100')], closures);
    expect(history.map((h) => [h.position, h.type, h.revision, h.shareAmountAfter])).toEqual([
      ['3', 'MemberAdmitted', 0, 0],
      ['4', 'SharesPosted', 1, 4],
      ['100', 'DividendMemberPaid', 1, 4],
      ['120', 'SharesPosted', 2, 5],
      ['300', 'DividendMemberPaid', 2, 5],
    ]);
    expect(history[2]).toEqual({
      position: '100',
      revision: 1,
      type: 'DividendMemberPaid',
      timestamp: '2025-07-01T09:00:00.000Z',
      user: 'clerk',
      dividend: {
        dividendId: 'd-2024',
        year: 2024,
        paymentDate: '2025-06-30',
        amount: 4000,
        exemptions: 1500,
        allowanceVolume: 100_000,
        allowanceBefore: 20_000,
        allowanceAfter: 21_500,
        dividendTax: 601,
        solidarityTax: 33,
        churchTax: 48,
        paymentAmount: 3318,
      },
      shareAmountAfter: 4,
      shareTotalAfter: 100_000,
    });
    expect(history[4]).toMatchObject({ user: 'chief', dividend: { year: 2025 } });
  });

  it('orders log positions as numbers, not as text', () => {
    const history = withDividendEntries(
      [entry('9', 0, 'MemberAdmitted', 3), entry('100', 1, 'SharesPosted', 4)],
      [paid('d-2024', 2024, '10')],
      new Map(),
    );
    expect(history.map((h) => h.position)).toEqual(['9', '10', '100']);
  });

  it('leaves the history as it is without a dividend', () => {
    const stream = [entry('3', 0, 'MemberAdmitted', 3)];
    expect(withDividendEntries(stream, [], new Map())).toEqual(stream);
  });
});
