import type { DomainEvent } from '../events.js';

/*
 * Settling with those who leave (§ 73 GenG, issue 42; DOMAIN.md 9.1, docs/settlement.md). The share ledger books the
 * holding out on the end's effective date (the end of a financial year); the settlement area pays it: the settlement
 * balance (Auseinandersetzungsguthaben) is the holding booked out less the member's share of a loss carried forward.
 */

/** Why a holding left at a financial year's end: notice (8), partial termination of single shares (2), exclusion (7), death or dissolution (6). */
export type SettlementEndReason = 'exit' | 'partial' | 'exclusion' | 'death' | 'dissolution';

/** How the general meeting set the leavers' share of a loss carried forward: a percentage of the holding, or an amount per share. */
export const LOSS_SHARE_KINDS = ['percent', 'perShare'] as const;
export type LossShareKind = (typeof LOSS_SHARE_KINDS)[number];

/** The payout period of § 73 (2) GenG when the statutes set none: six months after the membership ended. */
export const DEFAULT_SETTLEMENT_PERIOD_MONTHS = 6;
/** The statutes may set another period (§ 73 (4)); the product takes 1 to 60 months. */
export const MIN_SETTLEMENT_PERIOD_MONTHS = 1;
export const MAX_SETTLEMENT_PERIOD_MONTHS = 60;

/** On `settlement-terms-<cooperativeId>`: the cooperative's own payout period (months after the end). */
export type SettlementPeriodSet = DomainEvent<
  'SettlementPeriodSet',
  { cooperativeId: string; payoutPeriodMonths: number }
>;

/**
 * On `settlement-terms-<cooperativeId>`: the general meeting's decision (on `decisionDate`) that the members who left at
 * the end of `year` share a loss carried forward: `percent` of the holding (a decimal string, up to 4 decimals,
 * `kind: 'percent'`) or `centsPerShare` per share left (`kind: 'perShare'`). A later decision for the same year
 * replaces it; a decision of 0 withdraws it.
 */
export type SettlementLossShareSet = DomainEvent<
  'SettlementLossShareSet',
  {
    cooperativeId: string;
    year: number;
    kind: LossShareKind;
    percent: string | null;
    centsPerShare: number | null;
    decisionDate: string;
  }
>;

export type SettlementTermsEvent = SettlementPeriodSet | SettlementLossShareSet;

/** On `settlement-<memberId>`: the account of a deceased member's heirs (or community of heirs) for the settlement. Personal data. */
export type HeirsAccountRecorded = DomainEvent<
  'HeirsAccountRecorded',
  { memberId: string; accountHolder: string; iban: string; bic: string | null }
>;

/**
 * On `settlement-<memberId>`: the settlement of the end `endBalanceId` (the exit or partial-termination posting) was
 * paid on `payoutDate`: `holding` booked out (cents, positive) for `shares` shares, less `lossShare`, is `amount`,
 * transferred to `accountHolder` / `iban` (the heirs' account after a death: `heirs: true`). `recordedBy`: the user's
 * id. `imported`: taken over from a register migrated with the import (issue 42), not paid through the product.
 */
export type SettlementPaid = DomainEvent<
  'SettlementPaid',
  {
    memberId: string;
    cooperativeId: string;
    endBalanceId: string;
    year: number;
    reason: SettlementEndReason;
    endDate: string;
    shares: number;
    holding: number;
    lossShare: number;
    amount: number;
    payoutDate: string;
    accountHolder: string;
    iban: string;
    bic: string | null;
    heirs: boolean;
    recordedBy: string;
    imported?: boolean;
    /**
     * Of `holding`, what was paid in after the end's day (decision 414): refunded whole in `amount`, no part of the
     * Geschäftsguthaben the loss share is taken of. Absent: 0.
     */
    paidAfterEnd?: number;
  }
>;

/** On `settlement-<memberId>`: the recorded settlement of `endBalanceId` is reversed on `date` for `reason` (personal data); it is due again. */
export type SettlementReversed = DomainEvent<
  'SettlementReversed',
  { memberId: string; endBalanceId: string; reason: string; date: string; recordedBy: string }
>;

/**
 * On `settlement-<memberId>`: a further payout of the end `endBalanceId` whose settlement is paid, on `payoutDate`
 * (decision 370): the Geschäftsguthaben booked out rose after the payout (a payment dated before the end booked late,
 * a register corrected up), and § 73 (2) GenG pays the whole of it. `holding` and `lossShare` as they stand now,
 * `amount` only the difference to what was paid before (positive); the first payout stays as recorded.
 */
export type SettlementToppedUp = DomainEvent<
  'SettlementToppedUp',
  Omit<SettlementPaid['data'], 'reason' | 'endDate' | 'shares' | 'imported'>
>;

export type SettlementEvent = HeirsAccountRecorded | SettlementPaid | SettlementToppedUp | SettlementReversed;

/** Sealed under the member's key (`memberDataSubject`): erasing the member erases them; amounts and dates stay for the books. */
export const SETTLEMENT_PERSONAL_FIELDS = ['accountHolder', 'iban', 'bic'] as const;
export const SETTLEMENT_REVERSAL_PERSONAL_FIELDS = ['reason'] as const;

export const settlementStream = (memberId: string): string => `settlement-${memberId}`;
export const settlementTermsStream = (cooperativeId: string): string => `settlement-terms-${cooperativeId}`;
