import { afterAll, describe, expect, it } from '@jest/globals';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { moneyLine, postingHolding, postingShares } from './historyMoney.js';
import { shareChange, type HistoryEntry } from './model.js';

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
      returned: 'Rücklastschrift über 250,00 € am 09.03.2026 (Grund MD06 – Rückgabe auf Verlangen des Zahlers)',
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
      returned: 'Returned debit of 250,00 € on 09.03.2026 (reason MD06 – refund requested by the debtor)',
      returnedNoReason: 'Returned debit of 250,00 € on 09.03.2026',
      plan: '3 instalments of 1.500,00 € together, due from 01.03.2026 to 01.05.2026',
      planOfOne: '1 instalment of 1.500,00 €, due on 01.03.2026',
      mandate: 'Mandate BACH-0001 signed on 02.05.2024 (Recurring)',
      revoked: 'Mandate BACH-0001 revoked as of 10.03.2026',
    });
  });

  it('names a return code it does not know as the bank sent it', async () => {
    await i18nProvider.changeLocale('de');
    const unknown = { ...entries.returned!, paymentReturn: { ...entries.returned!.paymentReturn!, reason: 'XY99' } };
    expect(moneyLine(unknown, i18nProvider.translate)).toBe('Rücklastschrift über 250,00 € am 09.03.2026 (Grund XY99)');
  });

  it('names nothing for other entries', () => {
    expect(moneyLine({ ...base, type: 'MemberDataChanged' }, i18nProvider.translate)).toBeNull();
  });
});

/*
 * A posting of shares not fully paid names the Geschäftsguthaben it moved and the unpaid part of their price apart
 * (decisions 234, 265, 267): the history showed "2 Anteile · -500,00 €" only, where 300 € moved and 200 € were passed
 * on or released. A posting paid in full reads as before, with no line.
 */
const posting = (type: number, amount: number, money: Partial<HistoryEntry['posting']> = {}): HistoryEntry => ({
  ...base,
  type: type === 5 ? 'PostingAnnulled' : 'SharesPosted',
  posting: {
    balanceId: 'b2',
    type,
    quantity: 2,
    amount,
    date: '2026-03-01',
    approvalDate: '2026-03-01',
    interestBegin: '2026-04-01',
    transferTo: null,
    transferFrom: null,
    transferPeer: null,
    annulPeer: null,
    ...money,
  },
});
const postings: Record<string, HistoryEntry> = {
  paidInFull: posting(3, -50_000),
  subscribed: posting(0, 75_000, { paid: 30_000 }),
  transferOut: posting(3, -50_000, { paid: -30_000, passedOn: 20_000 }),
  transferIn: posting(4, 50_000, { paid: 30_000 }),
  termination: posting(2, -50_000, { paid: -30_000, released: 20_000 }),
  end: posting(8, -75_000, { paid: -30_000 }),
  annulled: posting(5, 50_000, { paid: 30_000, passedOn: 20_000 }),
};
const postingLines = () =>
  Object.fromEntries(Object.entries(postings).map(([k, e]) => [k, moneyLine(e, i18nProvider.translate)]));

describe('the history line of a posting of shares not fully paid', () => {
  afterAll(() => i18nProvider.changeLocale('en'));

  it('in German', async () => {
    await i18nProvider.changeLocale('de');
    expect(postingLines()).toEqual({
      paidInFull: null,
      subscribed: 'Mit der Zeichnung eingezahlt: 300,00 € · offen: 450,00 €',
      transferOut:
        'Übertragenes Geschäftsguthaben: 300,00 € · nicht eingezahlter Preis an den Erwerber weitergegeben: 200,00 €',
      transferIn:
        'Übernommenes Geschäftsguthaben: 300,00 € · nicht eingezahlter Preis, den das Mitglied schuldet: 200,00 €',
      termination:
        'Ausscheidendes Geschäftsguthaben: 300,00 € · nicht eingezahlter Preis freigegeben, nicht mehr geschuldet: 200,00 €',
      end: 'Ausscheidendes Geschäftsguthaben: 300,00 €',
      annulled: 'Zurückgebuchtes Geschäftsguthaben: 300,00 € · nicht eingezahlter Preis wieder geschuldet: 200,00 €',
    });
  });

  it('in English', async () => {
    await i18nProvider.changeLocale('en');
    expect(postingLines()).toEqual({
      paidInFull: null,
      subscribed: 'Paid with the subscription: 300,00 € · outstanding: 450,00 €',
      transferOut: 'Geschäftsguthaben transferred: 300,00 € · unpaid price passed on to the receiver: 200,00 €',
      transferIn: 'Geschäftsguthaben received: 300,00 € · unpaid price the member owes: 200,00 €',
      termination: 'Geschäftsguthaben leaving: 300,00 € · unpaid price released, no longer owed: 200,00 €',
      end: 'Geschäftsguthaben leaving: 300,00 €',
      annulled: 'Geschäftsguthaben reversed: 300,00 € · unpaid price owed again: 200,00 €',
    });
  });
});

/*
 * A posting's shares carry the sign of its amount on every screen (QA review): a partial termination read "1 Anteil ·
 * -250,00 €" in the member's history and "Anteile 1" in the posting's details, while the share account counted -1.
 */
describe("a posting's shares with the sign of its amount, as the share account counts them", () => {
  afterAll(() => i18nProvider.changeLocale('en'));
  const cases: Record<string, { quantity: number; amount: number }> = {
    partialTermination: { quantity: 1, amount: -25_000 },
    transferOut: { quantity: 2, amount: -50_000 },
    subscription: { quantity: 2, amount: 50_000 },
    annulledSubscription: { quantity: -2, amount: -50_000 },
    annulledTermination: { quantity: 1, amount: 25_000 },
  };
  const shown = (f: (p: { quantity: number; amount: number }) => string) =>
    Object.fromEntries(Object.entries(cases).map(([k, p]) => [k, f(p)]));

  it("in the posting's details", () => {
    expect(shown(postingShares)).toEqual({
      partialTermination: '-1',
      transferOut: '-2',
      subscription: '2',
      annulledSubscription: '-2',
      annulledTermination: '1',
    });
    for (const p of Object.values(cases)) expect(postingShares(p)).toBe(String(shareChange(p)));
  });

  it('in the history, in German and English', async () => {
    await i18nProvider.changeLocale('de');
    expect(shown((p) => postingHolding(p, i18nProvider.translate))).toEqual({
      partialTermination: '-1 Anteil · -250,00 €',
      transferOut: '-2 Anteile · -500,00 €',
      subscription: '2 Anteile · 500,00 €',
      annulledSubscription: '-2 Anteile · -500,00 €',
      annulledTermination: '1 Anteil · 250,00 €',
    });
    await i18nProvider.changeLocale('en');
    expect(postingHolding(cases.partialTermination!, i18nProvider.translate)).toBe('-1 share · -250,00 €');
  });
});
