import {
  fieldError,
  isBlank,
  isIsoDate,
  isValidBic,
  isValidIban,
  ValidationError,
  type Decider,
  type SettlementEvent,
  type SettlementPaid,
  type SettlementToppedUp,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import {
  standingPayout,
  withSettlementEvent,
  type RecordedSettlement,
  type RecordedSettlements,
} from '../../kernel/recorded-settlements.js';
import { formatEuro } from '../../kernel/money.js';
import { holdingParts, settlementAmount, type LossShareRule, type SettlementEnd } from './settlement-amount.js';

/**
 * The settlements of one member (stream `settlement-<memberId>`, issue 42): the heirs' account after a death, and per
 * end (the posting that booked the holding out) at most one recorded payout at a time, topped up when the holding rose
 * after it (decision 370); a correction reverses it with its top-ups.
 */

export interface BankAccount {
  readonly accountHolder: string;
  readonly iban: string;
  readonly bic: string | null;
}

/** The member's own account from its master data (the holder, else its name); null without an IBAN. */
export function memberAccountOf(state: MemberState): BankAccount | null {
  const m = state.master;
  if (m === null || !m.iban) return null;
  const holder = m.accountHolder ?? [m.givenName, m.name].filter((p) => p !== null && p !== '').join(' ');
  return { accountHolder: holder, iban: m.iban, bic: m.bic === '' ? null : m.bic };
}

export interface SettlementState {
  readonly heirs: BankAccount | null;
  /** By end (`endBalanceId`): the latest recorded payout. */
  readonly settlements: RecordedSettlements;
}

export interface RecordHeirsAccount {
  readonly type: 'RecordHeirsAccount';
  readonly memberId: string;
  /** The membership ended (or ends) by death: read from the member's account by the handler. */
  readonly deceased: boolean;
  readonly account: BankAccount;
}

export interface PaySettlement {
  readonly type: 'PaySettlement';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** The end as the member's account shows it; null when the member has no such end. */
  readonly end: SettlementEnd | null;
  readonly lossShare: LossShareRule | null;
  readonly payoutDate: string;
  /**
   * Business today: an end whose day is still to come is refused (`settlementEndNotReached`). Until then the member
   * holds the shares and what it pays in leaves with the end, so the amount is not known (§ 73 (1), (2) GenG).
   */
  readonly today: string;
  /** The member's own account from the master data (a death pays to the heirs' account instead). */
  readonly memberAccount: BankAccount | null;
  readonly recordedBy: string;
}

export interface ReverseSettlement {
  readonly type: 'ReverseSettlement';
  readonly memberId: string;
  readonly endBalanceId: string;
  readonly reason: string;
  readonly date: string;
  readonly recordedBy: string;
}

/**
 * A settlement paid before the product, taken over with the import of a register (issue 42): the payout day and the
 * amount as the old register gives them; the loss share is what the amount falls short of the holding. The account is
 * recorded when the register knows it (the member's, or the heirs' after a death), else left empty: it was paid
 * outside the product and no SEPA file is written for it.
 */
export interface RecordImportedSettlement {
  readonly type: 'RecordImportedSettlement';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly end: SettlementEnd | null;
  readonly payoutDate: string;
  readonly amount: number;
  /** Business today: a payout day after it is refused (`dateInFuture`). */
  readonly today: string;
  readonly memberAccount: BankAccount | null;
  readonly recordedBy: string;
}

export type SettlementCommand = RecordHeirsAccount | PaySettlement | ReverseSettlement | RecordImportedSettlement;

export const initialSettlementState: SettlementState = { heirs: null, settlements: new Map() };

function evolve(state: SettlementState, event: SettlementEvent): SettlementState {
  switch (event.type) {
    case 'HeirsAccountRecorded': {
      const { accountHolder, iban, bic } = event.data;
      return { ...state, heirs: { accountHolder, iban, bic } };
    }
    case 'SettlementPaid':
    case 'SettlementToppedUp':
    case 'SettlementReversed':
      return { ...state, settlements: withSettlementEvent(state.settlements, event) };
  }
}

const compact = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

function accountErrors(account: BankAccount | null): boolean {
  return (
    account === null ||
    isBlank(account.accountHolder) ||
    !isValidIban(compact(account.iban)) ||
    (account.bic !== null && !isBlank(account.bic) && !isValidBic(account.bic.trim()))
  );
}

function recordHeirs(command: RecordHeirsAccount): SettlementEvent[] {
  if (!command.deceased) throw new ValidationError([fieldError('iban', 'heirsOnlyAfterDeath')]);
  const { accountHolder, iban, bic } = command.account;
  const errors = [];
  if (isBlank(accountHolder)) errors.push(fieldError('accountHolder', 'mustNotBeEmpty'));
  if (!isValidIban(compact(iban))) errors.push(fieldError('iban', 'invalidIban'));
  if (bic !== null && !isBlank(bic) && !isValidBic(bic.trim())) errors.push(fieldError('bic', 'invalidBic'));
  if (errors.length > 0) throw new ValidationError(errors);
  const cleanBic = bic === null || isBlank(bic) ? null : bic.trim().toUpperCase();
  return [
    {
      type: 'HeirsAccountRecorded',
      data: { memberId: command.memberId, accountHolder: accountHolder.trim(), iban: compact(iban), bic: cleanBic },
    },
  ];
}

function pay(command: PaySettlement, state: SettlementState): SettlementEvent[] {
  const { end } = command;
  if (end === null) throw new ValidationError([fieldError('endBalanceId', 'settlementEndUnknown')]);
  const before = standingPayout(state.settlements, end.endBalanceId);
  if (before !== null) return topUp(command, end, before, state);
  if (end.endDate > command.today)
    throw new ValidationError([fieldError('endBalanceId', 'settlementEndNotReached', end.endDate)]);
  if (!isIsoDate(command.payoutDate))
    throw new ValidationError([fieldError('payoutDate', 'invalidDate', command.payoutDate)]);
  if (command.payoutDate <= end.endDate)
    throw new ValidationError([fieldError('payoutDate', 'settlementBeforeEnd', end.endDate)]);
  // A payout is recorded when it is made, as the import records one (decision 369): a day still to come is refused.
  if (command.payoutDate > command.today)
    throw new ValidationError([fieldError('payoutDate', 'dateInFuture', command.payoutDate)]);
  const { heirs, ...account } = payee(command, end, state);
  const { lossShare, amount } = settlementAmount(end, command.lossShare);
  const paid: SettlementPaid = {
    type: 'SettlementPaid',
    data: {
      memberId: command.memberId,
      cooperativeId: command.cooperativeId,
      ...endFields(end),
      lossShare,
      amount,
      payoutDate: command.payoutDate,
      ...account,
      heirs,
      recordedBy: command.recordedBy,
    },
  };
  return [paid];
}

/** The account a payout goes to (the heirs' after a death), cleaned; refused when it is missing or invalid. */
function payee(
  command: PaySettlement,
  end: SettlementEnd,
  state: SettlementState,
): { accountHolder: string; iban: string; bic: string | null; heirs: boolean } {
  const heirs = end.reason === 'death';
  const account = heirs ? state.heirs : command.memberAccount;
  if (heirs && account === null) throw new ValidationError([fieldError('iban', 'heirsAccountMissing')]);
  if (account === null || accountErrors(account))
    throw new ValidationError([fieldError('iban', 'settlementAccountMissing')]);
  const bic = account.bic === null || isBlank(account.bic) ? null : account.bic.trim().toUpperCase();
  return { accountHolder: account.accountHolder.trim(), iban: compact(account.iban), bic, heirs };
}

/**
 * A paid end whose settlement rose after its payout (a payment dated before the end booked late, the register corrected
 * up; § 73 (2) GenG pays the whole Geschäftsguthaben): a further payout of the difference alone, dated on or after the
 * latest payout (decision 370). Nothing more owed, or a settlement taken over with an import: already paid.
 */
function topUp(
  command: PaySettlement,
  end: SettlementEnd,
  before: RecordedSettlement,
  state: SettlementState,
): SettlementEvent[] {
  const { lossShare, amount } = settlementAmount(end, command.lossShare);
  const owed = amount - before.amount;
  if (before.imported || owed <= 0)
    throw new ValidationError([fieldError('endBalanceId', 'settlementAlreadyPaid', before.payoutDate)]);
  if (!isIsoDate(command.payoutDate))
    throw new ValidationError([fieldError('payoutDate', 'invalidDate', command.payoutDate)]);
  if (command.payoutDate < before.lastPayoutDate)
    throw new ValidationError([fieldError('payoutDate', 'settlementTopUpBeforePayout', before.lastPayoutDate)]);
  // Recorded when it is made, as a payout (decision 369).
  if (command.payoutDate > command.today)
    throw new ValidationError([fieldError('payoutDate', 'dateInFuture', command.payoutDate)]);
  const { heirs, ...account } = payee(command, end, state);
  const toppedUp: SettlementToppedUp = {
    type: 'SettlementToppedUp',
    data: {
      memberId: command.memberId,
      cooperativeId: command.cooperativeId,
      endBalanceId: end.endBalanceId,
      year: end.year,
      holding: end.holding,
      lossShare,
      amount: owed,
      ...lateField(end),
      payoutDate: command.payoutDate,
      ...account,
      heirs,
      recordedBy: command.recordedBy,
    },
  };
  return [toppedUp];
}

const NO_ACCOUNT: BankAccount = { accountHolder: '', iban: '', bic: null };

function recordImported(command: RecordImportedSettlement, state: SettlementState): SettlementEvent[] {
  const { end, payoutDate, amount } = command;
  if (end === null) throw new ValidationError([fieldError('endBalanceId', 'settlementEndUnknown')]);
  const before = standingPayout(state.settlements, end.endBalanceId);
  if (before !== null)
    throw new ValidationError([fieldError('endBalanceId', 'settlementAlreadyPaid', before.payoutDate)]);
  const errors = [];
  if (!isIsoDate(payoutDate)) errors.push(fieldError('payoutDate', 'invalidDate', payoutDate));
  else if (payoutDate <= end.endDate) errors.push(fieldError('payoutDate', 'settlementBeforeEnd', end.endDate));
  else if (payoutDate > command.today) errors.push(fieldError('payoutDate', 'dateInFuture', payoutDate));
  if (!Number.isSafeInteger(amount) || amount < 0) errors.push(fieldError('amount', 'mustBeAtLeast', '0'));
  else if (amount > end.holding)
    errors.push(fieldError('amount', 'settlementAboveHolding', formatEuro(amount), formatEuro(end.holding)));
  if (errors.length > 0) throw new ValidationError(errors);
  const heirs = end.reason === 'death';
  const known = heirs ? state.heirs : command.memberAccount;
  const account = known === null || accountErrors(known) ? NO_ACCOUNT : known;
  return [
    {
      type: 'SettlementPaid',
      data: {
        memberId: command.memberId,
        cooperativeId: command.cooperativeId,
        ...endFields(end),
        lossShare: end.holding - amount,
        amount,
        payoutDate,
        accountHolder: account.accountHolder.trim(),
        iban: compact(account.iban),
        bic: account.bic === null || isBlank(account.bic) ? null : account.bic.trim().toUpperCase(),
        heirs,
        recordedBy: command.recordedBy,
        imported: true,
      },
    },
  ];
}

function reverse(command: ReverseSettlement, state: SettlementState): SettlementEvent[] {
  const before = standingPayout(state.settlements, command.endBalanceId);
  if (before === null) throw new ValidationError([fieldError('endBalanceId', 'settlementNotPaid')]);
  if (isBlank(command.reason)) throw new ValidationError([fieldError('reason', 'mustNotBeEmpty')]);
  if (!isIsoDate(command.date)) throw new ValidationError([fieldError('date', 'invalidDate', command.date)]);
  const { memberId, endBalanceId, date, recordedBy } = command;
  return [
    { type: 'SettlementReversed', data: { memberId, endBalanceId, reason: command.reason.trim(), date, recordedBy } },
  ];
}

/** What a payout records of the end it settles (the payout and the imported settlement alike). */
function endFields(
  end: SettlementEnd,
): Pick<SettlementEnd, 'endBalanceId' | 'year' | 'reason' | 'endDate' | 'shares' | 'holding' | 'paidAfterEnd'> {
  return {
    endBalanceId: end.endBalanceId,
    year: end.year,
    reason: end.reason,
    endDate: end.endDate,
    shares: end.shares,
    holding: end.holding,
    ...lateField(end),
  };
}

/** `{ paidAfterEnd }` when part of the holding was paid after the end's day (decision 414), else nothing. */
function lateField(end: SettlementEnd): { paidAfterEnd?: number } {
  const { late } = holdingParts(end);
  return late > 0 ? { paidAfterEnd: late } : {};
}

export const settlementDecider: Decider<SettlementCommand, SettlementEvent, SettlementState> = {
  initialState: () => initialSettlementState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'RecordHeirsAccount':
        return recordHeirs(command);
      case 'PaySettlement':
        return pay(command, state);
      case 'ReverseSettlement':
        return reverse(command, state);
      case 'RecordImportedSettlement':
        return recordImported(command, state);
    }
  },
};
