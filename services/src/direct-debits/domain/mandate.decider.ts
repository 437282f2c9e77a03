import {
  fieldError,
  isValidIban,
  MANDATE_REFERENCE,
  NotFoundError,
  ValidationError,
  type Decider,
  type MandateKind,
  type MemberEvent,
  type SharePaymentMethod,
} from '@coop/contracts';
import { followAnnulments } from '../../kernel/geschaeftsguthaben.js';
import { insideSepa } from '../../kernel/sepa-area.js';
import { correctedSubscription } from '../../kernel/owing-postings.js';
import { followPaidInChange } from '../../kernel/transfer-shortfalls.js';
import { bookDebits, type BookDebits } from './debit-booking.js';
import { evolveShareAccount, initialMemberState, type MemberState } from '../../kernel/member-stream.js';

/*
 * A member's SEPA direct-debit mandates and payments by direct debit (issue 45, DEBIT), decided on the member stream
 * `member-<memberId>`: granting and revoking a mandate, booking a collection's debits (debit-booking.ts), recording a
 * returned debit.
 * Pure: the fold reads the member stream's events of this area and the few master-data facts it needs (cooperative,
 * IBAN, exit).
 */

export interface Mandate {
  readonly mandateId: string;
  readonly reference: string;
  readonly signedOn: string;
  readonly kind: MandateKind;
  readonly revokedOn: string | null;
}

export interface Payment {
  readonly paymentId: string;
  readonly balanceId: string;
  readonly date: string;
  readonly amount: number;
  readonly method: SharePaymentMethod;
  readonly collectionId: string | null;
  readonly returnedOn: string | null;
}

export interface DebitMemberState {
  readonly exists: boolean;
  readonly cooperativeId: string | null;
  /** The IBAN of the master data (compacted), or null; not read without personal data (`debitPaymentsDecider`). */
  readonly iban: string | null;
  readonly mandates: ReadonlyMap<string, Mandate>;
  readonly payments: ReadonlyMap<string, Payment>;
  /** The share account (no personal data): a pending end whose Geschäftsguthaben follows the debits (decision 234). */
  readonly account: MemberState;
}

export const initialDebitMemberState: DebitMemberState = {
  exists: false,
  cooperativeId: null,
  iban: null,
  mandates: new Map(),
  payments: new Map(),
  account: initialMemberState,
};

export type DebitMemberCommand =
  | {
      readonly type: 'GrantMandate';
      readonly memberId: string;
      readonly cooperativeId: string;
      readonly mandateId: string;
      readonly reference: string;
      readonly signedOn: string;
      readonly kind: MandateKind;
      readonly today: string;
    }
  | {
      readonly type: 'RevokeMandate';
      readonly memberId: string;
      readonly cooperativeId: string;
      readonly mandateId: string;
      readonly date: string;
      /** The day of the last debit collected under the mandate (its read model), or null (decision 374). */
      readonly lastCollectionDate: string | null;
    }
  | {
      readonly type: 'ReturnPayment';
      readonly memberId: string;
      readonly cooperativeId: string;
      readonly paymentId: string;
      readonly date: string;
      readonly reason: string | null;
      /** Business today: a return dated after it is refused (`dateInFuture`). */
      readonly today: string;
    }
  | BookDebits;

const compact = (iban: unknown): string | null =>
  typeof iban === 'string' && iban.trim() !== '' ? iban.replace(/\s+/g, '').toUpperCase() : null;

function evolveWith(withMasterData: boolean) {
  const evolveArea = (state: DebitMemberState, event: MemberEvent): DebitMemberState => {
    switch (event.type) {
      case 'MemberAdmitted':
        return {
          ...initialDebitMemberState,
          exists: true,
          cooperativeId: event.data.cooperativeId,
          iban: withMasterData ? compact(event.data.iban) : null,
        };
      case 'MemberDataChanged':
        return withMasterData && event.data.iban !== undefined ? { ...state, iban: compact(event.data.iban) } : state;
      case 'DirectDebitMandateGranted': {
        const { mandateId, reference, signedOn, kind } = event.data;
        return {
          ...state,
          mandates: new Map(state.mandates).set(mandateId, { mandateId, reference, signedOn, kind, revokedOn: null }),
        };
      }
      case 'DirectDebitMandateRevoked': {
        const mandate = state.mandates.get(event.data.mandateId);
        return mandate
          ? {
              ...state,
              mandates: new Map(state.mandates).set(mandate.mandateId, { ...mandate, revokedOn: event.data.date }),
            }
          : state;
      }
      case 'SharePaymentReceived': {
        const { paymentId, balanceId, date, amount, method, collectionId } = event.data;
        return {
          ...state,
          payments: new Map(state.payments).set(paymentId, {
            paymentId,
            balanceId,
            date,
            amount,
            method,
            collectionId,
            returnedOn: null,
          }),
        };
      }
      case 'SharePaymentReturned': {
        const payment = state.payments.get(event.data.paymentId);
        return payment
          ? {
              ...state,
              payments: new Map(state.payments).set(payment.paymentId, { ...payment, returnedOn: event.data.date }),
            }
          : state;
      }
      default:
        return state;
    }
  };
  return (state: DebitMemberState, event: MemberEvent): DebitMemberState => {
    const next = evolveArea(state, event);
    return {
      ...next,
      account: evolveShareAccount(event.type === 'MemberAdmitted' ? initialMemberState : state.account, event),
    };
  };
}

/** The mandate `mandateId` usable on `date`: granted, signed on or before it, not revoked by then. */
export function isMandateValidOn(mandate: Mandate, date: string): boolean {
  return mandate.signedOn <= date && (mandate.revokedOn === null || mandate.revokedOn > date);
}

function requireMember(state: DebitMemberState, cooperativeId: string, memberId: string): void {
  if (!state.exists || state.cooperativeId !== cooperativeId) throw new NotFoundError('Member', memberId);
}

function decide(command: DebitMemberCommand, state: DebitMemberState): MemberEvent[] {
  switch (command.type) {
    case 'GrantMandate': {
      requireMember(state, command.cooperativeId, command.memberId);
      const errors = [];
      if (!MANDATE_REFERENCE.test(command.reference)) errors.push(fieldError('reference', 'mandateReferenceInvalid'));
      if (command.signedOn > command.today) errors.push(fieldError('signedOn', 'mandateSignedInFuture', command.today));
      if (state.iban === null || !isValidIban(state.iban)) errors.push(fieldError(null, 'mandateNeedsIban'));
      // A core direct debit draws only an account in the SEPA scheme's area: a mandate on a Turkish IBAN is never drawn.
      else if (!insideSepa(state.iban)) errors.push(fieldError(null, 'mandateIbanOutsideSepa', state.iban.slice(0, 2)));
      if (errors.length > 0) throw new ValidationError(errors);
      const { memberId, mandateId, reference, signedOn, kind } = command;
      return [{ type: 'DirectDebitMandateGranted', data: { memberId, mandateId, reference, signedOn, kind } }];
    }
    case 'RevokeMandate': {
      requireMember(state, command.cooperativeId, command.memberId);
      const mandate = state.mandates.get(command.mandateId);
      if (!mandate) throw new NotFoundError('Mandate', command.mandateId);
      if (mandate.revokedOn !== null)
        throw new ValidationError([fieldError(null, 'mandateAlreadyRevoked', mandate.revokedOn)]);
      // A mandate cannot end before it was signed (decision 358).
      if (command.date < mandate.signedOn)
        throw new ValidationError([fieldError('date', 'mandateRevokedBeforeSigned', mandate.signedOn)]);
      // Nor before a debit collected under it: that debit would stand as taken without a mandate (decision 374).
      if (command.lastCollectionDate !== null && command.date < command.lastCollectionDate)
        throw new ValidationError([fieldError('date', 'mandateRevokedBeforeCollection', command.lastCollectionDate)]);
      return [
        {
          type: 'DirectDebitMandateRevoked',
          data: { memberId: command.memberId, mandateId: command.mandateId, date: command.date },
        },
      ];
    }
    case 'ReturnPayment': {
      requireMember(state, command.cooperativeId, command.memberId);
      const payment = state.payments.get(command.paymentId);
      if (!payment) throw new NotFoundError('Payment', command.paymentId);
      if (payment.method !== 'directDebit') throw new ValidationError([fieldError(null, 'paymentNotDirectDebit')]);
      if (payment.returnedOn !== null)
        throw new ValidationError([fieldError(null, 'paymentAlreadyReturned', payment.returnedOn)]);
      if (command.date < payment.date)
        throw new ValidationError([fieldError('date', 'returnBeforePayment', payment.date)]);
      // A return is recorded once the bank reported it: not dated after business today (decision 357).
      if (command.date > command.today) throw new ValidationError([fieldError('date', 'dateInFuture', command.date)]);
      const { memberId, paymentId, date, reason } = command;
      const returned: MemberEvent[] = [
        // The bank's fact is recorded, never refused; the register's payment never falls below nothing (decision 340).
        ...restatedBeforeReturn(state.account, payment.balanceId, payment.amount, date),
        {
          type: 'SharePaymentReturned',
          data: { memberId, balanceId: payment.balanceId, paymentId, date, amount: payment.amount, reason },
        },
      ];
      // What leaves with a pending end follows (decision 234), an annulation that gave the amount back (299), a
      // partial termination that took more than now stays paid in (305) and a transfer that moved more (327; the
      // receivers' corrections are the command handler's, `transferChain`).
      const account = state.account;
      return followPaidInChange(account, followAnnulments(account, returned));
    }
    case 'BookDebits':
      // Up to what each subscription still owes (decision 270); a debit already booked is not booked twice.
      return bookDebits(command, state.account, new Set(state.payments.keys())).events;
  }
}

/**
 * A register correction that took the payment out already (the clerk set the shares' payment below the debit) would
 * leave the payment below nothing after the return, and the shares owing more than their price (a probe: 400 € asked
 * and collected on 200 € of shares). The payment is restated to the debit first, on the return's day, so the return
 * takes it to what the correction said: nothing of the debit stayed. None for an annulled posting (decision 299).
 */
function restatedBeforeReturn(account: MemberState, balanceId: string, amount: number, date: string): MemberEvent[] {
  const shares = account.postings.get(balanceId);
  if (shares === undefined || shares.annulated || shares.payment >= amount) return [];
  const subscription = correctedSubscription(shares, account.exitDate);
  return [
    {
      type: 'SharePaymentCorrected',
      data: {
        memberId: account.memberId!,
        balanceId,
        rueckpfleinzahlung: amount,
        interestEnd: shares.interestEnd,
        effectiveDate: date,
        ...(subscription ? { subscription } : {}),
      },
    },
  ];
}

/** Mandates and returns: the member stream read with its master data (the IBAN is personal data). */
export const debitMemberDecider: Decider<DebitMemberCommand, MemberEvent, DebitMemberState> = {
  initialState: () => initialDebitMemberState,
  evolve: evolveWith(true),
  decide,
};

/** Booking a collection's debits: the member stream read without personal data (no key, no decryption per member). */
export const debitPaymentsDecider: Decider<DebitMemberCommand, MemberEvent, DebitMemberState> = {
  initialState: () => initialDebitMemberState,
  evolve: evolveWith(false),
  decide,
};
