import { afterAll, describe, expect, it } from '@jest/globals';
import { VALIDATION_MESSAGES_DE, VALIDATION_MESSAGES_EN, type ValidationTemplate } from '@coop/contracts/console';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { toFormValidationError, validationMessage } from './validationErrors.js';

/*
 * Refusals that explain themselves (issue 43): every template of the contracts' catalogues, refused once on a field the
 * form shows, once on a field it does not show and once without a field, reaches the clerk as its own text in the
 * notification (react-admin shows `root.serverError`), never as "The form is not valid" / "Das Formular ist ungültig"
 * nor as the fallback "Invalid value (template)". Parameters 0 to 3 are given so every placeholder is filled.
 */
const PARAMETERS = { '0': '7', '1': '3', '2': '2027-12-31', '3': '4' };
type Root = { serverError?: string };
const rootOf = (error: { body: unknown }) =>
  (error.body as { errors: { root?: Root; [field: string]: unknown } }).errors;

/** The catalogue's text with the parameters filled in (the date as the console shows it, dd.MM.yyyy). */
function expected(catalogue: Readonly<Record<string, string>>, template: string): string {
  return catalogue[template]!.replaceAll('%{0}', '7')
    .replaceAll('%{1}', '3')
    .replaceAll('%{2}', '31.12.2027')
    .replaceAll('%{3}', '4');
}

describe.each([
  ['en', VALIDATION_MESSAGES_EN],
  ['de', VALIDATION_MESSAGES_DE],
] as const)('every refusal template of the contracts in %s', (lang, messages) => {
  const catalogue: Readonly<Record<string, string>> = messages;
  afterAll(() => i18nProvider.changeLocale('en'));
  const templates = Object.keys(catalogue) as ValidationTemplate[];

  it('has templates to walk', () => {
    expect(templates.length).toBeGreaterThan(100);
  });

  it.each(templates)(
    '%s: shown in the notification and at the field, never as a bare "form not valid"',
    async (template) => {
      await i18nProvider.changeLocale(lang);
      const invalidForm = [
        i18nProvider.translate('coop.errors.invalidForm'),
        i18nProvider.translate('ra.message.invalid_form'),
      ];
      const unknown = i18nProvider.translate('coop.validation.unknown', { template });
      const text = validationMessage({ field: null, template, parameters: PARAMETERS });
      expect(text).not.toBe(unknown);
      if (!catalogue[template]!.includes('%{template}')) expect(text).toBe(expected(catalogue, template));

      // A field the annulment form shows (`date`) and ones it does not (`annulPeer`, which its minimum-holding refusal
      // names, and `quantity`).
      for (const field of ['date', 'annulPeer', 'quantity']) {
        const error = toFormValidationError('balances', [{ field, template, parameters: PARAMETERS }]);
        const errors = rootOf(error);
        expect(errors[field]).toBe(text);
        expect(errors.root?.serverError).toBe(text);
        expect(invalidForm).not.toContain(error.message);
      }
      const general = toFormValidationError('balances', [{ field: null, template, parameters: PARAMETERS }]);
      expect(rootOf(general).root?.serverError).toBe(text);
    },
  );
});

describe('the annulment refused for the minimum holding', () => {
  it('names the rule in German, not "Das Formular ist ungültig"', async () => {
    await i18nProvider.changeLocale('de');
    const parameters = { '0': '750,00', '1': '2', '2': '0' };
    const error = toFormValidationError('balances', [
      { field: 'annulPeer', template: 'atLeastAmountMustRemain', parameters },
    ]);
    expect(error.message).toBe(i18nProvider.translate('coop.validation.atLeastAmountMustRemain', parameters));
    expect(error.message).toContain('Nach der Buchung müssen mindestens 750,00 €');
    expect(error.message).not.toMatch(/ungültig/);
    await i18nProvider.changeLocale('en');
  });
});
