import {
  CHURCH_ERASURE_RULE,
  type ChurchDataErased,
  type ChurchErasedMember,
  type Decider,
  type DataProtectionEvent,
} from '@coop/contracts';

/** Erase the church data of the former members found due (decision 101) on the cooperative's data-protection stream. */
export interface EraseChurchData {
  readonly type: 'EraseChurchData';
  readonly erasureId: string;
  readonly cooperativeId: string;
  readonly asOf: string;
  readonly members: readonly ChurchErasedMember[];
}

/** Every member whose church data the cooperative erased after its exit, and every member it erased as a whole. */
export interface ChurchErasureState {
  readonly churchErased: ReadonlySet<string>;
  readonly erased: ReadonlySet<string>;
}

/**
 * The clean-up's church step on `dataprotection-<cooperativeId>` (beside `MembersErased`): one `ChurchDataErased` per
 * run naming the former members whose church key is deleted after it. A member named before, or erased as a whole, is
 * left out; a run that finds nobody left records nothing (twice, or two administrators at once: each member once).
 */
export const churchErasureDecider: Decider<EraseChurchData, DataProtectionEvent, ChurchErasureState> = {
  initialState: () => ({ churchErased: new Set(), erased: new Set() }),
  evolve(state, event) {
    const ids = event.data.members.map((m) => m.memberId);
    return event.type === 'ChurchDataErased'
      ? { ...state, churchErased: new Set([...state.churchErased, ...ids]) }
      : { ...state, erased: new Set([...state.erased, ...ids]) };
  },
  decide(command, state): ChurchDataErased[] {
    const members = command.members.filter((m) => !state.churchErased.has(m.memberId) && !state.erased.has(m.memberId));
    if (members.length === 0) return [];
    const { erasureId, cooperativeId, asOf } = command;
    return [{ type: 'ChurchDataErased', data: { erasureId, cooperativeId, asOf, rule: CHURCH_ERASURE_RULE, members } }];
  },
};
