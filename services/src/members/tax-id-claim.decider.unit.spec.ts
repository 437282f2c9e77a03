import { describe, expect, it } from '@jest/globals';
import type { MemberMasterData, TaxIdClaimEvent } from '@coop/contracts';
import { initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import {
  claimantHolds,
  claimantName,
  otherClaimant,
  taxIdClaimDecider,
  type TaxIdClaimState,
} from './domain/tax-id-claim.decider.js';

const COOP = 'coop-1';
const TAX = '86095742719';
const claimed = (memberId: string): TaxIdClaimEvent => ({
  type: 'TaxIdClaimed',
  data: { cooperativeId: COOP, memberId },
});
const stateAfter = (events: readonly TaxIdClaimEvent[]): TaxIdClaimState =>
  events.reduce((s, e) => taxIdClaimDecider.evolve(s, e), taxIdClaimDecider.initialState());

/** A member's stream state as far as the claim reads it. */
const member = (over: Partial<MemberState> = {}, master: Partial<MemberMasterData> = {}): MemberState => ({
  ...initialMemberState,
  exists: true,
  memberId: 'm-1',
  cooperativeId: COOP,
  memberNr: 7,
  master: {
    name: 'Steuer',
    givenName: 'Erste',
    legalForm: 0,
    manualTaxId: '860 957 427 19',
    ...master,
  } as MemberMasterData,
  ...over,
});

describe('the claim of a tax id', () => {
  const spec = deciderSpec(taxIdClaimDecider);

  it('is appended for the member taking it, on a new stream or after others', () => {
    spec
      .given([])
      .when({ type: 'ClaimTaxId', cooperativeId: COOP, memberId: 'm-2' })
      .then([claimed('m-2')]);
    spec
      .given([claimed('m-1')])
      .when({ type: 'ClaimTaxId', cooperativeId: COOP, memberId: 'm-2' })
      .then([claimed('m-2')]);
  });

  it('names the last claimant when it is another member', () => {
    expect(otherClaimant(stateAfter([]), 'm-2')).toBeNull();
    expect(otherClaimant(stateAfter([claimed('m-1')]), 'm-2')).toBe('m-1');
    expect(otherClaimant(stateAfter([claimed('m-1'), claimed('m-2')]), 'm-2')).toBeNull();
    expect(otherClaimant(stateAfter([claimed('m-2'), claimed('m-1')]), 'm-2')).toBe('m-1');
  });

  it('is held by a claimant whose own stream still carries the tax id (its digits) and who has not left', () => {
    expect(claimantHolds(member(), COOP, TAX)).toBe(true);
    expect(claimantHolds(member({}, { manualTaxId: null }), COOP, TAX)).toBe(false);
    expect(claimantHolds(member({}, { manualTaxId: '47036892816' }), COOP, TAX)).toBe(false);
    // A former member may join again under it: the same person.
    expect(claimantHolds(member({ exitDate: '2025-12-31' }), COOP, TAX)).toBe(false);
    expect(claimantHolds(member({ cooperativeId: 'coop-2' }), COOP, TAX)).toBe(false);
    expect(claimantHolds({ ...initialMemberState }, COOP, TAX)).toBe(false);
  });

  it('reads as not held once the claimant is erased (its tax id erased with its master data)', () => {
    const erased = member({ exitDate: null });
    const { manualTaxId: _gone, ...rest } = erased.master!;
    expect(claimantHolds({ ...erased, master: rest as MemberMasterData }, COOP, TAX)).toBe(false);
  });

  it('names the claimant as the members read model does', () => {
    expect(claimantName(member())).toBe('Steuer, Erste');
    expect(claimantName(member({}, { legalForm: 1, name: 'Sonnen eG', givenName: 'x' }))).toBe('Sonnen eG');
    expect(claimantName(member({}, { givenName: null }))).toBe('Steuer');
  });
});
