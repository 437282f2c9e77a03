import { describe, it } from '@jest/globals';
import { ERASURE_RULE, type ErasedMember, type MembersErased } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { erasureDecider, type EraseMembers, type MemberStanding } from './domain/erasure.decider.js';

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
/** Each member's own stream at the write: not held, the exit found due (decision 355). */
const standing = (ids: readonly string[], changes: Record<string, Partial<MemberStanding>> = {}) =>
  new Map(ids.map((id) => [id, { held: false, exitDate: '2014-12-31', ...changes[id] }]));
const erase = (...ids: string[]): EraseMembers => ({
  type: 'EraseMembers',
  erasureId: 'e-2',
  cooperativeId: 'coop-1',
  asOf: '2026-01-05',
  retentionYears: 10,
  members: ids.map(due),
  standing: standing(ids),
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

  it('given a member held since the read models were read, or its exit revoked or moved, then it is left out (its stream decides)', () => {
    const ids = ['m-1', 'm-2', 'm-3', 'm-4', 'm-5'];
    spec
      .given([])
      .when({
        ...erase(...ids),
        standing: standing(ids, {
          'm-2': { held: true },
          'm-3': { exitDate: null },
          'm-4': { exitDate: '2030-12-31' },
        }),
      })
      .then([erased('e-2', 'm-1', 'm-5')]);
    // Its stream not read: not erased.
    spec
      .given([])
      .when({ ...erase('m-1', 'm-2'), standing: standing(['m-2']) })
      .then([erased('e-2', 'm-2')]);
  });
});
