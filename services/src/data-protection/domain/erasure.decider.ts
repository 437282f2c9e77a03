import {
  ERASURE_RULE,
  type Decider,
  type ErasedMember,
  type MemberEvent,
  type MembersErased,
  type RetentionHoldEvent,
} from '@coop/contracts';

/** What the erasure needs of a member's own stream at the moment it is written (no personal data). */
export interface MemberStanding {
  /** Flagged as held (open audit, dispute, assessment or insolvency claim). */
  readonly held: boolean;
  /** The day the membership ends, null while it lasts (an exit revoked: null again). */
  readonly exitDate: string | null;
}

/** Erase the members found due (issue 27) on the cooperative's data-protection stream. */
export interface EraseMembers {
  readonly type: 'EraseMembers';
  readonly erasureId: string;
  readonly cooperativeId: string;
  readonly asOf: string;
  readonly retentionYears: number;
  readonly members: readonly ErasedMember[];
  /**
   * Each member's stream as read for this write (decision 355), by member id; the write checks their revisions, so a
   * hold or an exit revoked since makes it decide again. A member without its standing is not erased.
   */
  readonly standing: ReadonlyMap<string, MemberStanding>;
}

/** Every member the cooperative ever erased. */
export interface ErasureState {
  readonly erased: ReadonlySet<string>;
}

/**
 * The cooperative's erasure log `dataprotection-<cooperativeId>`: one `MembersErased` per run naming the members it
 * erased. A member already erased is left out, and a run that finds nobody left records nothing: the same command
 * twice, or two administrators at once (the loser decides again on the winner's event), erase each member once.
 * A member whose own stream now says otherwise than the read models did is left out too (decision 355): held since, or
 * its exit revoked or moved (the exit date is no longer the one found due, or lies after the run's day).
 */
export const erasureDecider: Decider<EraseMembers, MembersErased, ErasureState> = {
  initialState: () => ({ erased: new Set() }),
  evolve(state, event) {
    // The stream also holds the church step's `ChurchDataErased` (church-erasure.decider.ts): not an erasure of the member.
    if (event.type !== 'MembersErased') return state;
    const erased = new Set(state.erased);
    for (const m of event.data.members) erased.add(m.memberId);
    return { erased };
  },
  decide(command, state) {
    const members = command.members.filter(
      (m) => !state.erased.has(m.memberId) && stillDue(command.standing.get(m.memberId), m, command.asOf),
    );
    if (members.length === 0) return [];
    const { erasureId, cooperativeId, asOf, retentionYears } = command;
    return [
      { type: 'MembersErased', data: { erasureId, cooperativeId, asOf, rule: ERASURE_RULE, retentionYears, members } },
    ];
  },
};

/** The member's stream still shows the end found due, and no hold. */
function stillDue(standing: MemberStanding | undefined, member: ErasedMember, asOf: string): boolean {
  if (standing === undefined || standing.held) return false;
  return standing.exitDate !== null && standing.exitDate === member.exitDate && standing.exitDate <= asOf;
}

/**
 * Reads a member's stream into its standing for the erasure (the hold and the exit), ignoring every personal field: read
 * with `loadWithoutPersonalData`. It decides nothing.
 */
export const memberStandingReader: Decider<never, MemberEvent | RetentionHoldEvent, MemberStanding> = {
  initialState: () => ({ held: false, exitDate: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'MemberRetentionHoldSet':
        return { ...state, held: true };
      case 'MemberRetentionHoldCleared':
        return { ...state, held: false };
      case 'MemberExited':
        return { ...state, exitDate: event.data.exitDate };
      case 'MemberExitRevoked':
        return { ...state, exitDate: null };
      default:
        return state;
    }
  },
  decide: () => [],
};
