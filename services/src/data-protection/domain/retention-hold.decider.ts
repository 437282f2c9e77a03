import {
  fieldError,
  NotFoundError,
  ValidationError,
  type Decider,
  type MemberEvent,
  type RetentionHoldEvent,
} from '@coop/contracts';

/** Set or clear the hold flag of a member (issue 27), always with a reason. */
export interface ChangeRetentionHold {
  readonly type: 'ChangeRetentionHold';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly held: boolean;
  readonly reason: string;
}

/** What the hold needs of the member stream: the member, its cooperative, whether held. No personal data. */
export interface RetentionHoldState {
  readonly exists: boolean;
  readonly cooperativeId: string | null;
  readonly held: boolean;
}

/**
 * The hold flag on the member's stream `member-<memberId>`: a held member is never due for the clean-up. Setting a
 * hold already set, or clearing one not set, is refused (`retentionHoldAlreadySet`, `retentionHoldNotSet`): the
 * reason of each change is the record a clerk is asked for, so a change that changes nothing records none.
 */
export const retentionHoldDecider: Decider<ChangeRetentionHold, MemberEvent | RetentionHoldEvent, RetentionHoldState> =
  {
    initialState: () => ({ exists: false, cooperativeId: null, held: false }),
    evolve(state, event) {
      switch (event.type) {
        case 'MemberAdmitted':
          return { exists: true, cooperativeId: event.data.cooperativeId, held: false };
        case 'MemberRetentionHoldSet':
          return { ...state, held: true };
        case 'MemberRetentionHoldCleared':
          return { ...state, held: false };
        default:
          return state;
      }
    },
    decide(command, state) {
      if (!state.exists || state.cooperativeId !== command.cooperativeId)
        throw new NotFoundError('Member', command.memberId);
      const reason = command.reason.trim();
      if (reason === '') throw new ValidationError([fieldError('reason', 'mustNotBeEmpty')]);
      if (command.held) {
        if (state.held) throw new ValidationError([fieldError('held', 'retentionHoldAlreadySet')]);
        return [{ type: 'MemberRetentionHoldSet', data: { memberId: command.memberId, reason } }];
      }
      if (!state.held) throw new ValidationError([fieldError('held', 'retentionHoldNotSet')]);
      return [{ type: 'MemberRetentionHoldCleared', data: { memberId: command.memberId, reason } }];
    },
  };
