import { describe, it } from '@jest/globals';
import { ERASURE_RULE, type ErasedMember, type MembersErased } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { erasureDecider, type EraseMembers } from './domain/erasure.decider.js';

const spec = deciderSpec(erasureDecider);

const due = (memberId: string): ErasedMember => ({
  memberId,
  memberNr: 7,
  exitDate: '2014-12-31',
  dueFrom: '2026-01-01',
  balances: [`${memberId}-b1`],
  exemptionOrders: [],
  nonAssessments: [],
  dividendRows: [],
  spouseOfMembers: [],
  spouseOfExemptionOrders: [],
});
const erase = (...ids: string[]): EraseMembers => ({
  type: 'EraseMembers',
  erasureId: 'e-2',
  cooperativeId: 'coop-1',
  asOf: '2026-01-05',
  retentionYears: 10,
  members: ids.map(due),
});
const erased = (erasureId: string, ...ids: string[]): MembersErased => ({
  type: 'MembersErased',
  data: {
    erasureId,
    cooperativeId: 'coop-1',
    asOf: '2026-01-05',
    rule: ERASURE_RULE,
    retentionYears: 10,
    members: ids.map(due),
  },
});

describe('the erasure log (issue 27)', () => {
  it('given no erasure yet, when members are due, then one MembersErased naming them, the rule and the period', () => {
    spec
      .given([])
      .when(erase('m-1', 'm-2'))
      .then([erased('e-2', 'm-1', 'm-2')]);
  });

  it('given a member erased before, when it is named again (a second run, a second administrator), then it is left out', () => {
    spec
      .given([erased('e-1', 'm-1')])
      .when(erase('m-1', 'm-2'))
      .then([erased('e-2', 'm-2')]);
  });

  it('given every named member erased already, then nothing is recorded', () => {
    spec
      .given([erased('e-1', 'm-1', 'm-2')])
      .when(erase('m-1', 'm-2'))
      .then([]);
  });

  it('given nobody due, then nothing is recorded', () => {
    spec.given([]).when(erase()).then([]);
  });
});
