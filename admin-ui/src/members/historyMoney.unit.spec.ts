import { afterAll, describe, expect, it } from '@jest/globals';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { moneyLine } from './historyMoney.js';
import type { HistoryEntry } from './model.js';

/*
 * The member history's entries of the money that comes in (issue 45) say what they were: they read "Zahlung auf Anteile
 * eingegangen" and the like with no amount, no plan, no reference.
 */
const base: HistoryEntry = {
  position: '1',
  revision: 1,
  type: 'SharePaymentReceived',
  timestamp: '2026-03-01T10:00:00Z',
  user: 'admin',
  shareAmountAfter: 3,
  shareTotalAfter: 75_000,
};
const entries: Record<string, HistoryEntry> = {
  payment: {
    ...base,
    payment: { paymentId: 'p1', balanceId: 'b1', date: '2026-03-01', amount: 50_000, method: 'transfer' },
  },
  debit: {
    ...base,
    payment: { paymentId: 'p2', balanceId: 'b1', date: '2026-03-02', amount: 25_000, method: 'directDebit' },
  },
  returned: {
    ...base,
    type: 'SharePaymentReturned',
    paymentReturn: { paymentId: 'p2', balanceId: 'b1', date: '2026-03-09', amount: 25_000, reason: 'MD06' },
  },
  returnedNoReason: {
    ...base,
    type: 'SharePaymentReturned',
    paymentReturn: { paymentId: 'p2', balanceId: 'b1', date: '2026-03-09', amount: 25_000, reason: null },
  },
  plan: {
    ...base,
    type: 'InstalmentPlanSet',
    instalmentPlan: { balanceId: 'b1', count: 3, total: 150_000, firstDue: '2026-03-01', lastDue: '2026-05-01' },
  },
  planOfOne: {
    ...base,
    type: 'InstalmentPlanSet',
    instalmentPlan: { balanceId: 'b1', count: 1, total: 150_000, firstDue: '2026-03-01', lastDue: '2026-03-01' },
  },
  mandate: {
    ...base,
    type: 'DirectDebitMandateGranted',
    mandate: { mandateId: 'm1', reference: 'BACH-0001', signedOn: '2024-05-02', kind: 'recurring' },
  },
  revoked: {
    ...base,
    type: 'DirectDebitMandateRevoked',
    mandate: { mandateId: 'm1', reference: 'BACH-0001', revokedOn: '2026-03-10' },
  },
};
const lines = () =>
  Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, moneyLine(e, i18nProvider.translate)]));

describe('the history line of a payment, a return, a plan, a mandate', () => {
  afterAll(() => i18nProvider.changeLocale('en'));

  it('in German', async () => {
    await i18nProvider.changeLocale('de');
    expect(lines()).toEqual({
      payment: 'Zahlung 500,00 € (Überweisung) am 01.03.2026',
      debit: 'Zahlung 250,00 € (Lastschrift) am 02.03.2026',
      returned: 'Rücklastschrift über 250,00 € am 09.03.2026 (Grund MD06)',
      returnedNoReason: 'Rücklastschrift über 250,00 € am 09.03.2026',
      plan: '3 Raten über zusammen 1.500,00 €, fällig vom 01.03.2026 bis 01.05.2026',
      planOfOne: '1 Rate über 1.500,00 €, fällig am 01.03.2026',
      mandate: 'Mandat BACH-0001 vom 02.05.2024 (Wiederkehrend)',
      revoked: 'Mandat BACH-0001 widerrufen zum 10.03.2026',
    });
  });

  it('in English', async () => {
    await i18nProvider.changeLocale('en');
    expect(lines()).toEqual({
      payment: 'Payment of 500,00 € (Bank transfer) on 01.03.2026',
      debit: 'Payment of 250,00 € (Direct debit) on 02.03.2026',
      returned: 'Returned debit of 250,00 € on 09.03.2026 (reason MD06)',
      returnedNoReason: 'Returned debit of 250,00 € on 09.03.2026',
      plan: '3 instalments of 1.500,00 € together, due from 01.03.2026 to 01.05.2026',
      planOfOne: '1 instalment of 1.500,00 €, due on 01.03.2026',
      mandate: 'Mandate BACH-0001 signed on 02.05.2024 (Recurring)',
      revoked: 'Mandate BACH-0001 revoked as of 10.03.2026',
    });
  });

  it('names nothing for other entries', () => {
    expect(moneyLine({ ...base, type: 'MemberDataChanged' }, i18nProvider.translate)).toBeNull();
  });
});
