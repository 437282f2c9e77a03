import {
  fieldError,
  ValidationError,
  type Decider,
  type LossShareKind,
  type SettlementTermsEvent,
} from '@coop/contracts';

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

export const settlementTermsDecider: Decider<SettlementTermsCommand, SettlementTermsEvent, null> = {
  initialState: () => null,
  evolve: (state) => state,
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
