import { afterAll, describe, expect, it } from '@jest/globals';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { toFormValidationError, validationMessage } from './validationErrors.js';

/*
 * The refusals of the money that comes in (issue 45: share payments, instalments, bank statements) name their amounts
 * as the clerk reads money, `1.500,00 €` (SPEC 9; the console's formatMoney), never a bare `1.500,00` or cents. The
 * parameters are as the API sends them (formatEuro of the contracts: `1.500,00`; test/api/share-payments.e2e.spec.ts
 * and bank-statements.e2e.spec.ts assert them).
 */
const formatEuro = (cents: number): string =>
  `${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;
const refusal = (template: Parameters<typeof validationMessage>[0]['template'], ...cents: number[]) =>
  validationMessage({
    field: 'amount',
    template,
    parameters: Object.fromEntries(cents.map((c, i) => [String(i), formatEuro(c)])),
  });

describe('refusals with an amount', () => {
  afterAll(() => i18nProvider.changeLocale('en'));

  it('in German: the amounts with the euro sign', async () => {
    await i18nProvider.changeLocale('de');
    expect(refusal('paymentAboveOutstanding', 200_000, 150_000)).toBe(
      'Die Zahlung 2.000,00 € ist höher als der offene Betrag (1.500,00 €)',
    );
    expect(refusal('earlierSharesNotPaid', 25_000)).toBe(
      'Weitere Anteile sind nicht möglich, solange frühere nicht voll eingezahlt sind (§ 15b GenG): 250,00 € offen',
    );
    expect(refusal('instalmentsSumMismatch', 140_000, 150_000)).toBe(
      'Die Raten ergeben 1.400,00 €, offen sind 1.500,00 €',
    );
    expect(refusal('firstInstalmentTooSmall', 2_500)).toBe(
      'Die erste Rate muss mindestens 25,00 € betragen (§ 7 GenG, Satzung)',
    );
    expect(refusal('amountAtMost', 100_000_000_000)).toBe('Darf höchstens 1.000.000.000,00 € betragen');
    expect(refusal('amountAtLeast', 1)).toBe('Muss mindestens 0,01 € betragen');
    expect(
      validationMessage({
        field: 'entries.0.memberId',
        template: 'bankStatementAboveOutstanding',
        parameters: { 0: '4', 1: formatEuro(40_000) },
      }),
    ).toBe('Umsatz 4: Der Betrag ist höher als die offenen Einzahlungen des Mitglieds auf Anteile (400,00 €)');
  });

  it('in English: the same money format (SPEC 9)', async () => {
    await i18nProvider.changeLocale('en');
    expect(refusal('paymentAboveOutstanding', 200_000, 150_000)).toBe(
      'The payment 2.000,00 € is more than is outstanding (1.500,00 €)',
    );
    expect(refusal('instalmentsSumMismatch', 140_000, 150_000)).toBe(
      'The instalments sum to 1.400,00 €, the unpaid part is 1.500,00 €',
    );
    expect(refusal('amountAtMost', 25_000)).toBe('Must be at most 250,00 €');
  });

  it('a register correction outside what the shares can hold: at the payment field and in the notice, in both languages', async () => {
    // `PUT /shares/{id}` refused (test/api/share-correction-bounds.e2e.spec.ts): the correction form (ShareEdit) shows
    // the API's field error under "Actual payment" and in its notice (FormErrorNotice reads root.serverError).
    const refused = [
      {
        field: 'rueckpfleinzahlung',
        template: 'paymentOutsideSharePrice' as const,
        parameters: { '0': formatEuro(100_000), '1': formatEuro(0), '2': formatEuro(50_000) },
      },
    ];
    const shown = (): Record<string, unknown> =>
      (toFormValidationError('shares', refused).body as { errors: Record<string, unknown> }).errors;
    await i18nProvider.changeLocale('de');
    const de =
      'Die Einzahlung 1.000,00 € muss zwischen 0,00 € und 500,00 € liegen: von nichts eingezahlt bis zum Nennbetrag der Anteile der Buchung (§ 7 GenG)';
    expect(shown()).toEqual({ rueckpfleinzahlung: de, root: { serverError: de } });
    await i18nProvider.changeLocale('en');
    const en =
      'The payment 1.000,00 € must lie between 0,00 € and 500,00 €: from nothing paid in up to the nominal amount of the posting’s shares (§ 7 GenG)';
    expect(shown()).toEqual({ rueckpfleinzahlung: en, root: { serverError: en } });
  });
});
