import type { TranslateFunction } from 'react-admin';
import { formatCount, formatDate, formatMoney } from '../format';
import type { HistoryPosting } from '@coop/contracts/console';
import { returnReasonText } from '../direct-debits/returnReason';
import { shareChange, type HistoryEntry } from './model';

/**
 * The shares of a posting as every screen shows them: with the sign of its amount (`shareChange`), as the share account
 * adds them up. A partial termination (2) reads "-1" beside its -250,00 € in the posting's details, the member's
 * history and the share account alike; the details and the history showed the entered 1.
 */
export function postingShares(posting: Pick<HistoryPosting, 'quantity' | 'amount'>): string {
  return formatCount(shareChange(posting));
}

/** A posting's shares and amount in the member's history: "-1 Anteil · -250,00 €". */
export function postingHolding(
  posting: Pick<HistoryPosting, 'quantity' | 'amount'>,
  translate: TranslateFunction,
): string {
  return translate('coop.members.cards.holding', {
    smart_count: Math.abs(shareChange(posting)),
    shares: postingShares(posting),
    amount: formatMoney(posting.amount),
  });
}

/**
 * What a history entry of the money that comes in was (issue 45), in one line: the payment with its amount, how and
 * when ("Zahlung 500,00 € (Überweisung) am 01.03.2026"), the returned debit with its amount, the instalment plan with
 * its number of instalments, the mandate with its reference; a posting of shares not fully paid with the
 * Geschäftsguthaben it moved (`movedLine`). Null for any other entry.
 */
export function moneyLine(entry: HistoryEntry, translate: TranslateFunction): string | null {
  const h = (key: string, options: object) => translate(`coop.members.history.${key}`, options);
  const { payment, paymentReturn, instalmentPlan, mandate, posting } = entry;
  if (posting) return movedLine(posting, translate);
  if (payment) {
    const method = translate(`coop.members.history.methods.${payment.method}`, { _: payment.method });
    return h('payment', { amount: formatMoney(payment.amount), method, date: formatDate(payment.date) });
  }
  if (paymentReturn) {
    const args = {
      amount: formatMoney(paymentReturn.amount),
      date: formatDate(paymentReturn.date),
      reason: paymentReturn.reason ? returnReasonText(paymentReturn.reason, translate) : '',
    };
    return h(paymentReturn.reason ? 'paymentReturnReason' : 'paymentReturn', args);
  }
  if (instalmentPlan) {
    const { count, total, firstDue, lastDue } = instalmentPlan;
    return h('instalmentPlan', {
      smart_count: count,
      amount: formatMoney(total),
      first: formatDate(firstDue),
      last: formatDate(lastDue),
    });
  }
  if (mandate) {
    const reference = mandate.reference ?? '–';
    if (mandate.revokedOn) return h('mandateRevoked', { reference, date: formatDate(mandate.revokedOn) });
    const kind = mandate.kind ? translate(`coop.directDebits.kinds.${mandate.kind}`, { _: mandate.kind }) : '';
    return h('mandate', { reference, signedOn: formatDate(mandate.signedOn), kind });
  }
  return null;
}

/** The kind of a posting as its Geschäftsguthaben line names it, by posting type (5: the annulation). */
const MOVED_KIND: Readonly<Record<number, string>> = {
  0: 'subscription',
  1: 'subscription',
  2: 'leaving',
  3: 'transferOut',
  4: 'transferIn',
  5: 'annulment',
  6: 'leaving',
  7: 'leaving',
  8: 'leaving',
};

/**
 * The Geschäftsguthaben a posting moved where it differs from its nominal amount (decisions 234, 265, 267), and the
 * unpaid part of the price apart: outstanding on a subscription, passed on to the receiver by a transfer (3), owed by
 * the receiver of an incoming one (4), released by a partial termination (2), owed again after an annulation. "2 Anteile
 * · -500,00 €" reads on with "Übertragenes Geschäftsguthaben: 300,00 € · nicht eingezahlter Preis an den Erwerber
 * weitergegeben: 200,00 €". Null for a posting that moved its nominal amount: it reads as before.
 */
export function movedLine(posting: HistoryPosting, translate: TranslateFunction): string | null {
  const { type, amount, paid, passedOn = 0, released = 0 } = posting;
  if (paid === undefined && passedOn === 0 && released === 0) return null;
  const kind = MOVED_KIND[type];
  if (!kind) return null;
  const moved = paid ?? amount;
  // A subscription and an incoming transfer owe what was not paid with them; what leaves names the parts of the dues.
  const unpaid = kind === 'subscription' || kind === 'transferIn' ? amount - moved : passedOn + released;
  const line = translate(`coop.members.history.moved.${kind}`, { paid: formatMoney(Math.abs(moved)) });
  if (unpaid === 0) return line;
  return `${line} · ${translate(`coop.members.history.unpaid.${kind}`, { amount: formatMoney(Math.abs(unpaid)) })}`;
}
