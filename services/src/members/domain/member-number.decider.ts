import { memberFieldError, ValidationError, type Decider, type MemberNumberEvent } from '@coop/contracts';

/**
 * Member numbers are unique within a cooperative and, unless the clerk gives one, handed out in
 * sequence. Two streams keep this true under concurrent admissions, appended together with the
 * member's own stream:
 *
 * - the sequence stream `membernr-seq-<cooperativeId>` remembers the highest number handed out or
 *   given; the next number is one above it, so it is free (every number above the highest was
 *   never claimed);
 * - the claim stream `membernr-<cooperativeId>-<nr>` remembers who holds the number; a given
 *   number is refused when it is held.
 *
 * Numbers are never released: a number stays with its member after exit and erasure, so the member
 * list and old documents stay unambiguous.
 */

// --- sequence -------------------------------------------------------------------------------

export interface MemberNumberSequenceState {
  readonly highest: number;
}

export type MemberNumberSequenceCommand =
  /** Hand out the next number (no number given). */
  | { type: 'AssignNextMemberNumber'; cooperativeId: string; memberId: string }
  /** A number the clerk gave (already claimed on its own stream): the sequence moves past it if it is higher. */
  | { type: 'RecordGivenMemberNumber'; cooperativeId: string; memberId: string; memberNr: number };

export const memberNumberSequenceDecider: Decider<
  MemberNumberSequenceCommand,
  MemberNumberEvent,
  MemberNumberSequenceState
> = {
  initialState: () => ({ highest: 0 }),
  evolve(state, event) {
    return { highest: Math.max(state.highest, event.data.memberNr) };
  },
  decide(command, state) {
    const { cooperativeId, memberId } = command;
    if (command.type === 'AssignNextMemberNumber') {
      return [{ type: 'MemberNumberClaimed', data: { cooperativeId, memberNr: state.highest + 1, memberId } }];
    }
    if (command.memberNr <= state.highest) return [];
    return [{ type: 'MemberNumberClaimed', data: { cooperativeId, memberNr: command.memberNr, memberId } }];
  },
};

/** The next number the sequence would hand out (for a handler that claims it on its own stream in the same append). */
export function nextMemberNumber(state: MemberNumberSequenceState): number {
  return state.highest + 1;
}

// --- claim per number -----------------------------------------------------------------------

export interface MemberNumberClaimState {
  readonly holder: string | null;
}

export type MemberNumberClaimCommand = {
  type: 'ClaimMemberNumber';
  cooperativeId: string;
  memberId: string;
  memberNr: number;
};

export const memberNumberClaimDecider: Decider<MemberNumberClaimCommand, MemberNumberEvent, MemberNumberClaimState> = {
  initialState: () => ({ holder: null }),
  evolve(_state, event) {
    return { holder: event.data.memberId };
  },
  decide(command, state) {
    const { cooperativeId, memberId, memberNr } = command;
    if (!isMemberNumber(memberNr)) throw new ValidationError([memberFieldError('memberNr', 'invalidNumber')]);
    if (state.holder === memberId) return [];
    if (state.holder !== null)
      throw new ValidationError([memberFieldError('memberNr', 'memberNrTaken', String(memberNr))]);
    return [{ type: 'MemberNumberClaimed', data: { cooperativeId, memberNr, memberId } }];
  },
};

function isMemberNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}
