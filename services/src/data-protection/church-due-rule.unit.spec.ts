import { describe, expect, it } from '@jest/globals';
import {
  CHURCH_ERASURE_RULE,
  type ChurchDataErased,
  type ChurchErasedMember,
  type MembersErased,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { churchDataDecision, openDividendYears } from './domain/church-due-rule.js';
import { churchErasureDecider, type EraseChurchData } from './domain/church-erasure.decider.js';
import { erasureDecider } from './domain/erasure.decider.js';
import type { RetentionFacts } from './domain/due-rule.js';

type ChurchFacts = RetentionFacts & { readonly openDividendYears: readonly number[] };

/** A member who left on 31.12.2024, holding booked out, its last dividend (for 2023) paid in 2024, 2024 closed. */
const left: ChurchFacts = {
  exitDate: '2024-12-31',
  shareAmount: 0,
  shareTotalEUR: 0,
  lastPostingDate: '2024-12-31',
  lastDividendDate: '2024-06-30',
  lastTaxDocumentDate: null,
  held: false,
  erased: false,
  openDividendYears: [],
};
const given = (changes: Partial<ChurchFacts>): ChurchFacts => ({ ...left, ...changes });

describe("when a former member's church data is due (decision 101)", () => {
  it('given an exit on 31.12.2024 (settlement by 30.06.2025), then not due in 2025, due from 01.01.2026', () => {
    expect(churchDataDecision(left, '2025-12-31')).toEqual({
      due: false,
      reason: 'retentionRunning',
      dueFrom: '2026-01-01',
    });
    expect(churchDataDecision(left, '2026-01-01')).toEqual({ due: true, dueFrom: '2026-01-01' });
  });

  it("given the exit year's dividend paid late (2026), then due only from 01.01.2027", () => {
    expect(churchDataDecision(given({ lastDividendDate: '2026-05-15' }), '2026-12-31')).toMatchObject({
      due: false,
      dueFrom: '2027-01-01',
    });
    expect(churchDataDecision(given({ lastDividendDate: '2026-05-15' }), '2027-01-01').due).toBe(true);
  });

  it('given an exit on 30.06.2025, then the settlement falls in 2025 and the data is due from 01.01.2026', () => {
    expect(churchDataDecision(given({ exitDate: '2025-06-30', lastDividendDate: null }), '2026-01-01').due).toBe(true);
  });

  it('given an exit on 31.07.2025, then the settlement may be paid to 31.01.2026: not due before 01.01.2027', () => {
    expect(churchDataDecision(given({ exitDate: '2025-07-31', lastDividendDate: null }), '2026-06-30')).toMatchObject({
      due: false,
      dueFrom: '2027-01-01',
    });
  });

  it('given a membership that lasts, a future exit, a holding not booked out, a hold, an erasure: never due', () => {
    expect(churchDataDecision(given({ exitDate: null }), '2030-01-01')).toMatchObject({
      due: false,
      reason: 'notEnded',
    });
    expect(churchDataDecision(given({ exitDate: '2030-12-31' }), '2030-01-01')).toMatchObject({
      due: false,
      reason: 'notEnded',
    });
    expect(churchDataDecision(given({ shareAmount: 1, shareTotalEUR: 250 }), '2030-01-01')).toMatchObject({
      due: false,
      reason: 'settlementOpen',
    });
    expect(churchDataDecision(given({ held: true }), '2030-01-01')).toMatchObject({ due: false, reason: 'held' });
    expect(churchDataDecision(given({ erased: true }), '2030-01-01')).toMatchObject({ due: false, reason: 'erased' });
  });

  it('given postings or tax documents after the exit, then they do not hold church data back (no church tax is withheld on them)', () => {
    expect(
      churchDataDecision(given({ lastPostingDate: '2027-03-01', lastTaxDocumentDate: '2028-12-31' }), '2026-01-01').due,
    ).toBe(true);
  });
});

describe('church data while a dividend of the membership is still to come (decision 354)', () => {
  it("given the exit year's dividend not closed yet, then not due, whenever asked: the dividend will withhold church tax", () => {
    expect(churchDataDecision(given({ openDividendYears: [2024] }), '2026-01-01')).toEqual({
      due: false,
      reason: 'dividendOpen',
      dueFrom: null,
    });
    expect(churchDataDecision(given({ openDividendYears: [2024] }), '2031-01-01').due).toBe(false);
  });

  it('the open years: those up to the exit year without a closure, from the first closed one', () => {
    // Closed 2020 to 2023, the exit year 2024 not yet.
    expect(openDividendYears(2015, 2024, new Set([2020, 2021, 2022, 2023]))).toEqual([2024]);
    // A year passed over between closures stays open.
    expect(openDividendYears(2015, 2024, new Set([2020, 2022, 2023, 2024]))).toEqual([2021]);
    // Every year up to the exit closed; a later one too.
    expect(openDividendYears(2015, 2024, new Set([2015, 2016, 2024, 2025]))).toEqual([
      2017, 2018, 2019, 2020, 2021, 2022, 2023,
    ]);
    expect(openDividendYears(2015, 2024, new Set([2023, 2024, 2025]))).toEqual([]);
    // The cooperative's first closure after the exit: the member's years were paid before the product.
    expect(openDividendYears(2015, 2024, new Set([2026]))).toEqual([]);
    // No closure at all: the exit year may be the first closed in the product.
    expect(openDividendYears(2015, 2024, new Set())).toEqual([2024]);
  });
});

const spec = deciderSpec(churchErasureDecider);
const member = (memberId: string): ChurchErasedMember => ({
  memberId,
  memberNr: 9,
  exitDate: '2024-12-31',
  dueFrom: '2026-01-01',
});
const erase = (...ids: string[]): EraseChurchData => ({
  type: 'EraseChurchData',
  erasureId: 'c-2',
  cooperativeId: 'coop-1',
  asOf: '2026-01-05',
  members: ids.map(member),
});
const churchErased = (erasureId: string, ...ids: string[]): ChurchDataErased => ({
  type: 'ChurchDataErased',
  data: { erasureId, cooperativeId: 'coop-1', asOf: '2026-01-05', rule: CHURCH_ERASURE_RULE, members: ids.map(member) },
});
const membersErased = (...ids: string[]): MembersErased => ({
  type: 'MembersErased',
  data: {
    erasureId: 'e-1',
    cooperativeId: 'coop-1',
    asOf: '2026-01-05',
    rule: 'DOMAIN-9.3-last-entry-year',
    retentionYears: 10,
    members: ids.map((memberId) => ({
      ...member(memberId),
      balances: [],
      exemptionOrders: [],
      nonAssessments: [],
      dividendRows: [],
      spouseOfMembers: [],
      spouseOfExemptionOrders: [],
    })),
  },
});

describe('the church step of the erasure log (decision 101)', () => {
  it('given nothing yet, when former members are due, then one ChurchDataErased naming them and the rule', () => {
    spec
      .given([])
      .when(erase('m-1', 'm-2'))
      .then([churchErased('c-2', 'm-1', 'm-2')]);
  });

  it('given a member named before or erased as a whole, when named again (a second run, a second administrator), then it is left out', () => {
    spec
      .given([churchErased('c-1', 'm-1'), membersErased('m-3')])
      .when(erase('m-1', 'm-2', 'm-3'))
      .then([churchErased('c-2', 'm-2')]);
  });

  it('given every member named before, then nothing is recorded', () => {
    spec
      .given([churchErased('c-1', 'm-1')])
      .when(erase('m-1'))
      .then([]);
  });
});

describe("the members' erasure beside the church step", () => {
  it('given a member whose church data was erased, when it is due as a whole, then it is erased: the church step does not count', () => {
    const state = erasureDecider.evolve(
      erasureDecider.initialState(),
      churchErased('c-1', 'm-1') as unknown as MembersErased,
    );
    expect(state.erased.has('m-1')).toBe(false);
  });
});
