import { describe, expect, it } from '@jest/globals';
import { english, german } from '../i18n/catalogues.js';
import { sepaState, type SepaCheck } from './sepaState.js';

/** A translate function over a catalogue with polyglot's `%{name}` interpolation, `_` default and en/de plural forms, as react-admin's. */
function translator(catalogue: unknown) {
  return (key: string, options: Record<string, unknown> = {}): string => {
    const found = key
      .split('.')
      .reduce<unknown>(
        (t, p) => (t && typeof t === 'object' ? (t as Record<string, unknown>)[p] : undefined),
        catalogue,
      );
    if (typeof found !== 'string') return typeof options._ === 'string' ? options._ : key;
    const forms = found.split(' |||| ');
    const text = forms.length > 1 && options.smart_count !== 1 ? forms[1]! : forms[0]!;
    return text.replace(/%\{(\w+)\}/g, (_m, name: string) => String(options[name] ?? `%{${name}}`));
  };
}

describe('the payment list button (SEPA check)', () => {
  it('is disabled with the reason when the cooperative has no BIC, in English and German', () => {
    const check = {
      isPending: false,
      data: {
        transfers: 2,
        controlSum: 123_456,
        errors: [{ field: 'bic', template: 'missingCooperativeBic', parameters: {} }],
      },
    };
    expect(sepaState(translator(english), check)).toEqual({
      blocked: true,
      text: "The payment list cannot be made: The cooperative's BIC is missing",
    });
    expect(sepaState(translator(german), check).blocked).toBe(true);
    expect(sepaState(translator(german), check).text).toMatch(/^Die Zahlungsliste kann nicht erstellt werden: .*BIC/);
  });

  it('names every reason, and a failed check as a reason', () => {
    const check = {
      isPending: false,
      data: <SepaCheck>{
        transfers: 0,
        controlSum: 0,
        errors: [
          { template: 'missingCooperativeIban' },
          { template: 'missingCooperativeBic', parameters: {} },
          { field: null, template: 'memberBankDataMissing', parameters: { '0': '3, 7' } },
        ],
      },
    };
    expect(sepaState(translator(english), check).text).toBe(
      "The payment list cannot be made: The cooperative's IBAN is missing · The cooperative's BIC is missing · No valid IBAN for members with a payout (member no. 3, 7)",
    );
    expect(
      sepaState(translator(english), { isPending: false, error: new Error('Dividend closure not found') }),
    ).toEqual({ blocked: true, text: 'The payment list cannot be made: Dividend closure not found' });
  });

  it('is enabled with the transfers and their sum when nothing stops it; disabled while checking', () => {
    expect(
      sepaState(translator(english), { isPending: false, data: { transfers: 2, controlSum: 123_456, errors: [] } }),
    ).toEqual({ blocked: false, text: 'Payment list: 2 transfers, total 1.234,56 €' });
    expect(
      sepaState(translator(german), { isPending: false, data: { transfers: 1, controlSum: 500, errors: [] } }).text,
    ).toBe('Zahlungsliste: 1 Überweisung, Summe 5,00 €');
    expect(sepaState(translator(english), { isPending: true }).blocked).toBe(true);
  });

  it("names a deceased member paid without the heirs' account beside a file that can be made (decision 316)", () => {
    const notices = [{ field: null, template: 'dividendHeirsAccountMissing', parameters: { '0': '12' } }];
    const data: SepaCheck = { transfers: 2, controlSum: 500, errors: [], notices };
    expect(sepaState(translator(english), { isPending: false, data })).toEqual({
      blocked: false,
      text: 'Payment list: 2 transfers, total 5,00 €',
      notice:
        "Deceased, the heirs' account is not recorded: the dividend goes to the member's account (member no. 12); the heirs' account is recorded under Settlements",
    });
    expect(sepaState(translator(german), { isPending: false, data }).notice).toMatch(
      /^Verstorben, das Konto der Erben ist nicht erfasst: .*\(Mitglied Nr\. 12\)/,
    );
  });
});
