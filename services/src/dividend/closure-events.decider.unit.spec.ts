import { describe, expect, it } from '@jest/globals';
import { DEFAULT_DIVIDEND_SETTINGS, type DividendEvent, type DividendMemberPaid } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import {
  closureEventCount,
  closureEventsDecider,
  closureOf,
  stepPayees,
  type ClosureResults,
  type DecideClosureStep,
} from './domain/closure-events.decider.js';
import { memberCredits, type BookedCredit } from './domain/dividend-credit.js';
import type { MemberResult } from './domain/engine/index.js';

/*
 * The closure's events (issue 44): given what the closure's stream holds, when a step is decided from the year's results
 * (plain data, as `queries/` computes them) and the step's credits, then the declaration and the payouts in payout order.
 */

const spec = deciderSpec(closureEventsDecider);
const PARAMS = {
  year: 2024,
  type: 'percent',
  amount: '4',
  decisionDate: '2025-06-15',
  paymentDate: '2025-06-30',
} as const;

const result = (memberId: string, memberNr: number, over: Partial<MemberResult> = {}): MemberResult => ({
  memberId,
  memberNr,
  holding: 200_000,
  exactGross: '8000',
  gross: 8_000,
  exempt: 0,
  taxable: 8_000,
  kapest: 2_000,
  soli: 110,
  churchTax: 0,
  net: 5_890,
  basisOfTax: 'standard',
  certificate: null,
  order: null,
  churchId: null,
  churchRate: null,
  problems: [],
  ...over,
});

/** Anna (nr 7): 50 € exempted by the joint order her spouse Dora gave; church tax 9 % (KapESt = 5,000 / 4.09). */
const ANNA = result('anna', 7, {
  holding: 250_000,
  exactGross: '10000',
  gross: 10_000,
  exempt: 5_000,
  taxable: 5_000,
  kapest: 1_222,
  soli: 67,
  churchTax: 109,
  net: 8_602,
  order: { id: 'fsa-dora', joint: true, year: 2025, volume: 5_000, usedBefore: 0, usedAfter: 5_000 },
  churchId: 'ev',
  churchRate: '9',
});
/** Bernd (nr 2): owes 30 € on a subscription not fully paid; no lines in the results. */
const BERND = result('bernd', 2);
/** Cem (nr 11): owes nothing. */
const CEM = result('cem', 11, {
  holding: 100_000,
  exactGross: '4000',
  gross: 4_000,
  taxable: 4_000,
  kapest: 1_000,
  soli: 55,
  net: 2_945,
});

const RESULTS: ClosureResults = {
  cooperativeId: 'coop-1',
  params: PARAMS,
  settings: DEFAULT_DIVIDEND_SETTINGS,
  // Not in payout order: the closure sorts by member number.
  run: {
    percent: '4.0000',
    members: [ANNA, CEM, BERND],
    totals: {
      members: 3,
      gross: 22_000,
      exempt: 5_000,
      taxable: 17_000,
      kapest: 4_222,
      soli: 232,
      churchTax: 109,
      net: 17_437,
      residue: 0,
    },
    taxReturn: {
      row31: { baseEuros: 170, kapestEuros: 42 },
      row32: { baseEuros: 0, kapestEuros: 0 },
      row33: { baseEuros: 50 },
      row34: { soliCents: 232 },
      kapestDueEuros: 42,
      churchTaxes: [{ churchId: 'ev', cents: 109 }],
    },
  },
  orderHolders: new Map([['fsa-dora', 'dora']]),
  lines: new Map([
    ['anna', [{ postingId: 'p-anna', amount: 250_000, from: '2020-03-01', days: 360 }]],
    [
      'cem',
      [
        { postingId: 'p-cem-1', amount: 60_000, from: '2020-03-01', days: 360 },
        { postingId: 'p-cem-2', amount: 40_000, from: '2024-01-01', days: 360 },
      ],
    ],
  ]),
};
const CLOSURE = closureOf(RESULTS, 'd-1');

/** Bernd's credit as the closure reads it from his stream: 300 € subscribed, 270 € paid, so 30 € of his net credited. */
const BERND_CREDITS = memberCredits(
  'd-1',
  'bernd',
  PARAMS.paymentDate,
  BERND.net,
  {
    postings: [
      { balanceId: 'sub-bernd', type: 0, date: '2024-05-02', amount: 30_000, payment: 27_000, annulated: false },
    ],
    paymentIds: [],
  },
  true,
);
const CREDITS = new Map<string, readonly BookedCredit[]>([['bernd', BERND_CREDITS]]);

const step = (to: number, credits: ReadonlyMap<string, readonly BookedCredit[]> = CREDITS): DecideClosureStep => ({
  type: 'DecideClosureStep',
  closure: CLOSURE,
  to,
  credits,
});

const DECLARED: DividendEvent = {
  type: 'DividendDeclared',
  data: {
    dividendId: 'd-1',
    cooperativeId: 'coop-1',
    year: 2024,
    type: 'percent',
    amount: '4',
    decisionDate: '2025-06-15',
    paymentDate: '2025-06-30',
    percent: '4.0000',
    settings: DEFAULT_DIVIDEND_SETTINGS,
    totals: {
      members: 3,
      gross: 22_000,
      exempt: 5_000,
      taxable: 17_000,
      kapest: 4_222,
      soli: 232,
      churchTax: 109,
      net: 17_437,
      residue: 0,
    },
    taxReturn: {
      row31: { baseEuros: 170, kapestEuros: 42 },
      row32: { baseEuros: 0, kapestEuros: 0 },
      row33: { baseEuros: 50 },
      row34: { soliCents: 232 },
      kapestDueEuros: 42,
      churchTaxes: [{ churchId: 'ev', cents: 109 }],
    },
    payouts: 3,
  },
};
const paid = (
  m: MemberResult,
  extra: Pick<DividendMemberPaid['data'], 'order' | 'lines'> & Partial<DividendMemberPaid['data']>,
): DividendEvent => {
  const { problems: _problems, ...amounts } = m;
  return {
    type: 'DividendMemberPaid',
    data: {
      dividendId: 'd-1',
      ...amounts,
      year: 2024,
      paymentDate: '2025-06-30',
      ...extra,
    } as DividendMemberPaid['data'],
  };
};
const PAID_BERND = paid(BERND, {
  order: null,
  lines: [],
  credits: [{ balanceId: 'sub-bernd', paymentId: 'dividend-d-1-sub-bernd', amount: 3_000 }],
});
const PAID_BERND_WHOLE = paid(BERND, { order: null, lines: [] });
const PAID_ANNA = paid(ANNA, {
  order: { id: 'fsa-dora', joint: true, year: 2025, volume: 5_000, usedBefore: 0, usedAfter: 5_000, holderId: 'dora' },
  lines: [{ postingId: 'p-anna', amount: 250_000, from: '2020-03-01', days: 360 }],
});
const PAID_CEM = paid(CEM, {
  order: null,
  lines: [
    { postingId: 'p-cem-1', amount: 60_000, from: '2020-03-01', days: 360 },
    { postingId: 'p-cem-2', amount: 40_000, from: '2024-01-01', days: 360 },
  ],
});

describe('closure events: the whole closure in one step', () => {
  it('given an empty stream, then the declaration with the number of payouts, then one payout per member by member number', () => {
    spec.given([]).when(step(4)).then([DECLARED, PAID_BERND, PAID_ANNA, PAID_CEM]);
  });

  it('a payout carries the exemption order used with the member whose order it is, and the posting lines of its basis', () => {
    const anna = closureEventsDecider.decide(step(4), { written: 0 })[2];
    expect(anna?.type === 'DividendMemberPaid' && anna.data.order).toEqual({
      id: 'fsa-dora',
      joint: true,
      year: 2025,
      volume: 5_000,
      usedBefore: 0,
      usedAfter: 5_000,
      holderId: 'dora',
    });
    expect(anna?.type === 'DividendMemberPaid' && anna.data.lines).toEqual([
      { postingId: 'p-anna', amount: 250_000, from: '2020-03-01', days: 360 },
    ]);
  });

  it('a member whose shares are not fully paid gets the credit the step booked; a member owing nothing has no credits at all', () => {
    const [, bernd, , cem] = closureEventsDecider.decide(step(4), { written: 0 });
    expect(bernd?.type === 'DividendMemberPaid' && bernd.data.credits).toEqual([
      { balanceId: 'sub-bernd', paymentId: 'dividend-d-1-sub-bernd', amount: 3_000 },
    ]);
    // Absent, not empty: the events stay as every payout before issue 45 (and as the stored log) reads them.
    expect(cem?.type === 'DividendMemberPaid' && Object.keys(cem.data)).not.toContain('credits');
    // A member with no credit booked (none read, or an empty list) is paid out whole: no `credits`.
    spec
      .given([])
      .when(step(4, new Map([['bernd', []]])))
      .then([DECLARED, PAID_BERND_WHOLE, PAID_ANNA, PAID_CEM]);
    spec.given([]).when(step(4, new Map())).then([DECLARED, PAID_BERND_WHOLE, PAID_ANNA, PAID_CEM]);
  });

  it('writes the same bytes as the events were written before the decider (field order included)', () => {
    const json = JSON.stringify(closureEventsDecider.decide(step(4), { written: 0 }));
    expect(
      json.startsWith(
        '[{"type":"DividendDeclared","data":{"dividendId":"d-1","cooperativeId":"coop-1","year":2024,"type":"percent","amount":"4",',
      ),
    ).toBe(true);
    expect(json).toContain(
      '"taxReturn":{"row31":{"baseEuros":170,"kapestEuros":42},"row32":{"baseEuros":0,"kapestEuros":0},"row33":{"baseEuros":50},"row34":{"soliCents":232},"kapestDueEuros":42,"churchTaxes":[{"churchId":"ev","cents":109}]},"payouts":3}}',
    );
    expect(json).toContain(
      '{"type":"DividendMemberPaid","data":{"dividendId":"d-1","memberId":"bernd","memberNr":2,"year":2024,"paymentDate":"2025-06-30","holding":200000,"exactGross":"8000","gross":8000,"exempt":0,"taxable":8000,"kapest":2000,"soli":110,"churchTax":0,"net":5890,"basisOfTax":"standard","certificate":null,"order":null,"churchId":null,"churchRate":null,"lines":[],"credits":[{"balanceId":"sub-bernd","paymentId":"dividend-d-1-sub-bernd","amount":3000}]}}',
    );
    expect(json).toContain(
      '"order":{"id":"fsa-dora","joint":true,"year":2025,"volume":5000,"usedBefore":0,"usedAfter":5000,"holderId":"dora"},"churchId":"ev","churchRate":"9","lines":[{"postingId":"p-anna","amount":250000,"from":"2020-03-01","days":360}]}}',
    );
  });
});

describe('closure events: in steps', () => {
  it('given nothing written, when the first step ends at 2, then the declaration and the first payout in payout order', () => {
    spec.given([]).when(step(2)).then([DECLARED, PAID_BERND]);
  });

  it('given the declaration and the first payout, when resumed, then only the payouts that follow', () => {
    spec.given([DECLARED, PAID_BERND]).when(step(3)).then([PAID_ANNA]);
    spec.given([DECLARED, PAID_BERND, PAID_ANNA]).when(step(4)).then([PAID_CEM]);
  });

  it('steps of any size write, together, the events of one step', () => {
    const one = closureEventsDecider.decide(step(4), { written: 0 });
    const inSteps = [
      ...closureEventsDecider.decide(step(1), { written: 0 }),
      ...closureEventsDecider.decide(step(3), { written: 1 }),
      ...closureEventsDecider.decide(step(4), { written: 3 }),
    ];
    expect(JSON.stringify(inSteps)).toBe(JSON.stringify(one));
  });

  it('the payees of a step are the members of its payouts (the credits read for it)', () => {
    expect(closureEventCount(CLOSURE)).toBe(4);
    expect(stepPayees(CLOSURE, 0, 2).map((m) => m.memberId)).toEqual(['bernd']);
    expect(stepPayees(CLOSURE, 2, 4).map((m) => m.memberId)).toEqual(['anna', 'cem']);
  });

  it('refuses a step with nothing to append or past the last payout', () => {
    spec.given([DECLARED]).when(step(1)).thenThrows(RangeError);
    spec.given([DECLARED, PAID_BERND, PAID_ANNA]).when(step(5)).thenThrows(RangeError);
  });

  it('a closure without payouts is its declaration alone', () => {
    const empty = closureOf({ ...RESULTS, run: { ...RESULTS.run, members: [] } }, 'd-2');
    const events = closureEventsDecider.decide(
      { type: 'DecideClosureStep', closure: empty, to: 1, credits: new Map() },
      { written: 0 },
    );
    expect(events).toEqual([
      { type: 'DividendDeclared', data: expect.objectContaining({ dividendId: 'd-2', payouts: 0 }) },
    ]);
  });
});
