import type { TranslateFunction } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import type { HistoryEntry } from './model';

/**
 * What a history entry of the money that comes in was (issue 45), in one line: the payment with its amount, how and
 * when ("Zahlung 500,00 € (Überweisung) am 01.03.2026"), the returned debit with its amount, the instalment plan with
 * its number of instalments, the mandate with its reference. Null for any other entry.
 */
export function moneyLine(entry: HistoryEntry, translate: TranslateFunction): string | null {
  const h = (key: string, options: object) => translate(`coop.members.history.${key}`, options);
  const { payment, paymentReturn, instalmentPlan, mandate } = entry;
  if (payment) {
    const method = translate(`coop.members.history.methods.${payment.method}`, { _: payment.method });
    return h('payment', { amount: formatMoney(payment.amount), method, date: formatDate(payment.date) });
  }
  if (paymentReturn) {
    const args = {
      amount: formatMoney(paymentReturn.amount),
      date: formatDate(paymentReturn.date),
      reason: paymentReturn.reason ?? '',
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
