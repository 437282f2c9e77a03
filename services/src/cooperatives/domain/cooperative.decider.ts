import {
  DEFAULT_NOTICE_PERIOD_MONTHS,
  fieldError,
  NotFoundError,
  ValidationError,
  type CooperativeEvent,
  type CooperativeFields,
  type Decider,
} from '@coop/contracts';

export interface CooperativeState {
  readonly exists: boolean;
  readonly fields: Partial<CooperativeFields>;
}

/**
 * The fields arrive read and checked by the API's request classes (CooperativeFields, FirstCooperative; the command
 * handlers read them, commands/cooperative-input.ts, whoever sends them: decision 242). The decider decides what needs
 * the stream: whether the cooperative exists, and which fields changed.
 */
export type CooperativeCommand =
  /** `bootstrap`: the first start registers the cooperative by name only; the clerk completes it later. */
  | { type: 'RegisterCooperative'; cooperativeId: string; fields: Partial<CooperativeFields>; bootstrap: boolean }
  | { type: 'UpdateCooperative'; cooperativeId: string; fields: CooperativeFields };

export const cooperativeDecider: Decider<CooperativeCommand, CooperativeEvent, CooperativeState> = {
  initialState: () => ({ exists: false, fields: {} }),
  evolve(state, event) {
    if (event.type === 'CooperativeRegistered') {
      const { cooperativeId: _id, ...fields } = event.data;
      return {
        exists: true,
        fields: { minimumShares: 1, noticePeriodMonths: DEFAULT_NOTICE_PERIOD_MONTHS, ...fields },
      };
    }
    return { ...state, fields: { ...state.fields, ...event.data.changes } };
  },
  decide(command, state) {
    if (command.type === 'RegisterCooperative') {
      if (state.exists) throw new ValidationError([fieldError(null, 'invalidChoice', command.cooperativeId)]);
      const fields = command.fields;
      return [
        {
          type: 'CooperativeRegistered',
          data: { ...fields, name: fields.name ?? '', cooperativeId: command.cooperativeId },
        },
      ];
    }
    if (!state.exists) throw new NotFoundError('Cooperative', command.cooperativeId);
    const fields = command.fields;
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      const held = state.fields[k as keyof CooperativeFields];
      // A cooperative recorded before the liability setting (issue 45) has none: null is no change.
      if (k === 'liabilityPerShare' && v === null && held === undefined) continue;
      if (held !== v) changes[k] = v;
    }
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'CooperativeUpdated', data: { cooperativeId: command.cooperativeId, changes } }];
  },
};
