import { ERASURE_RULE, type Decider, type ErasedMember, type MembersErased } from '@coop/contracts';

/** Erase the members found due (issue 27) on the cooperative's data-protection stream. */
export interface EraseMembers {
  readonly type: 'EraseMembers';
  readonly erasureId: string;
  readonly cooperativeId: string;
  readonly asOf: string;
  readonly retentionYears: number;
  readonly members: readonly ErasedMember[];
}

/** Every member the cooperative ever erased. */
export interface ErasureState {
  readonly erased: ReadonlySet<string>;
}

/**
 * The cooperative's erasure log `dataprotection-<cooperativeId>`: one `MembersErased` per run naming the members it
 * erased. A member already erased is left out, and a run that finds nobody left records nothing: the same command
 * twice, or two administrators at once (the loser decides again on the winner's event), erase each member once.
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
    const members = command.members.filter((m) => !state.erased.has(m.memberId));
    if (members.length === 0) return [];
    const { erasureId, cooperativeId, asOf, retentionYears } = command;
    return [
      { type: 'MembersErased', data: { erasureId, cooperativeId, asOf, rule: ERASURE_RULE, retentionYears, members } },
    ];
  },
};
