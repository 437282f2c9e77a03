import {
  fieldError,
  ValidationError,
  type Decider,
  type LossShareKind,
  type SettlementTermsEvent,
} from '@coop/contracts';
import { standing, type LossShareRule } from './settlement-amount.js';

/**
 * The loss share of `year` that stands, or null (none decided, or withdrawn by 0 per share).
 */
export function lossShareOf(state: SettlementTermsState, year: number): LossShareRule | null {
  const rule = state.lossShares.get(year);
  return rule !== undefined && standing(rule) ? rule : null;
}

/**
 * The cooperative's settlement terms (stream `settlement-terms-<cooperativeId>`): its payout period and the general
 * meeting's loss share per year. The request classes check the values; each setting is recorded as given, but a loss
 * share decided on a day still to come (the general meeting has not met: decision 319), or on or before the end of its
 * year (the meeting decides on that year's annual accounts, which exist only after it: decision 322).
 */
export type SettlementTermsCommand =
  | { readonly type: 'SetPayoutPeriod'; readonly cooperativeId: string; readonly payoutPeriodMonths: number }
  | {
      readonly type: 'SetLossShare';
      readonly cooperativeId: string;
      readonly year: number;
      readonly kind: LossShareKind;
      readonly percent: string | null;
      readonly centsPerShare: number | null;
      readonly decisionDate: string;
      /** Business today: a decision dated after it (a meeting not yet held) is refused (`dateInFuture`). */
      readonly today: string;
    };

/** The loss shares the stream has decided, by year (a payout reads them here and checks the stream: decision 387). */
export interface SettlementTermsState {
  readonly lossShares: ReadonlyMap<number, LossShareRule>;
}

export const settlementTermsDecider: Decider<SettlementTermsCommand, SettlementTermsEvent, SettlementTermsState> = {
  initialState: () => ({ lossShares: new Map() }),
  evolve(state, event) {
    if (event.type !== 'SettlementLossShareSet') return state;
    const { year, kind, percent, centsPerShare, decisionDate } = event.data;
    const lossShares = new Map(state.lossShares);
    lossShares.set(year, { kind, percent, centsPerShare, decisionDate });
    return { lossShares };
  },
  decide(command) {
    if (command.type === 'SetPayoutPeriod') {
      return [
        {
          type: 'SettlementPeriodSet',
          data: { cooperativeId: command.cooperativeId, payoutPeriodMonths: command.payoutPeriodMonths },
        },
      ];
    }
    const { cooperativeId, year, kind, decisionDate } = command;
    if (decisionDate > command.today)
      throw new ValidationError([fieldError('decisionDate', 'dateInFuture', decisionDate)]);
    const yearEnd = `${year}-12-31`;
    if (decisionDate <= yearEnd)
      throw new ValidationError([fieldError('decisionDate', 'lossShareBeforeYearEnd', String(year), yearEnd)]);
    return [
      {
        type: 'SettlementLossShareSet',
        data: {
          cooperativeId,
          year,
          kind,
          percent: kind === 'percent' ? command.percent : null,
          centsPerShare: kind === 'perShare' ? command.centsPerShare : null,
          decisionDate,
        },
      },
    ];
  },
};
