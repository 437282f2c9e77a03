import { taxIdKey, type Decider, type TaxIdClaimEvent } from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';

/**
 * A tax id belongs to one person (issue 39, DOMAIN.md 3.2). Its claim stream (`taxid-<cooperativeId>-<digest>`,
 * contracts tax-id-claim-events.ts) names the member who last took it: an admission or a change that sets the tax id
 * appends a claim there in the same atomic write as the member's own events, at the revision read. Two members taking
 * one tax id at the same moment collide on that revision; the one decided again finds the other as the last claimant.
 *
 * A claim is never released: a member who gives the tax id up, leaves or is erased stays the last claimant, and whether
 * the claimant still holds the tax id is read from its own stream (`claimantHolds`).
 */
export interface TaxIdClaimState {
  /** The member who last took the tax id; null when nobody has since the claims began. */
  readonly claimant: string | null;
}

export type ClaimTaxId = { readonly type: 'ClaimTaxId'; readonly cooperativeId: string; readonly memberId: string };

/** Decides the claim alone: whether another member holds the tax id is the handler's (it reads that member's stream). */
export const taxIdClaimDecider: Decider<ClaimTaxId, TaxIdClaimEvent, TaxIdClaimState> = {
  initialState: () => ({ claimant: null }),
  evolve(_state, event) {
    return { claimant: event.data.memberId };
  },
  decide(command) {
    return [{ type: 'TaxIdClaimed', data: { cooperativeId: command.cooperativeId, memberId: command.memberId } }];
  },
};

/** The last claimant when it is another member than `memberId` (whose stream then tells whether it still holds it). */
export function otherClaimant(state: TaxIdClaimState, memberId: string): string | null {
  return state.claimant !== null && state.claimant !== memberId ? state.claimant : null;
}

/**
 * Whether the claimant, as its own stream has it, holds the tax id `key` (its digits, `taxIdKey`) against another
 * member of `cooperativeId`: its master data still carry it and it has not left (a former member may join again under
 * the tax id of the earlier membership: the same person). An erased member's tax id reads as erased: not held.
 */
export function claimantHolds(claimant: MemberState, cooperativeId: string, key: string): boolean {
  return (
    claimant.exists &&
    claimant.cooperativeId === cooperativeId &&
    claimant.exitDate === null &&
    taxIdKey(claimant.master?.manualTaxId) === key
  );
}

/** "Name, GivenName" of the claimant's master data for `taxIdTaken`, as the members read model names a member. */
export function claimantName(claimant: MemberState): string {
  const name = claimant.master?.name ?? '';
  const given = claimant.master?.givenName ?? '';
  return claimant.master?.legalForm === 1 || given === '' ? name : `${name}, ${given}`;
}
