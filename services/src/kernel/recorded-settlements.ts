import type { Decider, SettlementEvent } from '@coop/contracts';

/**
 * The settlements recorded on a member's settlement stream (`settlement-<memberId>`, issue 42), by the end they settle
 * (the posting that booked the holding out): the latest payout, what it and its top-ups paid, and whether it was reversed. One fold for the
 * settlements' decider and for the share ledger, whose annulment of an end settled and paid is refused (decision 335).
 */
export interface RecordedSettlement {
  /** The first payout's day. */
  readonly payoutDate: string;
  /** Paid in all: the first payout and its top-ups (decision 370). */
  readonly amount: number;
  /** The day of the latest payout (the first, or its latest top-up). */
  readonly lastPayoutDate: string;
  /** Taken over with a register's import: paid outside the product, never topped up. */
  readonly imported: boolean;
  readonly reversed: boolean;
}

export type RecordedSettlements = ReadonlyMap<string, RecordedSettlement>;

/** The recorded settlements after `event`; the same map for an event that records none. */
export function withSettlementEvent(settlements: RecordedSettlements, event: SettlementEvent): RecordedSettlements {
  switch (event.type) {
    case 'SettlementPaid': {
      const { endBalanceId, payoutDate, amount } = event.data;
      const imported = event.data.imported === true;
      return new Map(settlements).set(endBalanceId, {
        payoutDate,
        amount,
        lastPayoutDate: payoutDate,
        imported,
        reversed: false,
      });
    }
    case 'SettlementToppedUp': {
      const before = settlements.get(event.data.endBalanceId);
      if (!before || before.reversed) return settlements;
      const { amount, payoutDate } = event.data;
      return new Map(settlements).set(event.data.endBalanceId, {
        ...before,
        amount: before.amount + amount,
        lastPayoutDate: payoutDate,
      });
    }
    case 'SettlementReversed': {
      const before = settlements.get(event.data.endBalanceId);
      if (!before) return settlements;
      return new Map(settlements).set(event.data.endBalanceId, { ...before, reversed: true });
    }
    default:
      return settlements;
  }
}

/** The payout recorded for the end `endBalanceId` and not reversed; null when none stands. */
export function standingPayout(settlements: RecordedSettlements, endBalanceId: string): RecordedSettlement | null {
  const recorded = settlements.get(endBalanceId);
  return recorded === undefined || recorded.reversed ? null : recorded;
}

/** A member's settlement stream read for its recorded settlements alone (it decides nothing). */
export const recordedSettlementsReader: Decider<never, SettlementEvent, RecordedSettlements> = {
  initialState: () => new Map(),
  evolve: withSettlementEvent,
  decide: () => [],
};
