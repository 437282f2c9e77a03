import { afterAll, describe, expect, it } from '@jest/globals';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { formErrorSummary } from './formErrors.js';

/*
 * A save the form's own checks stop (the member form, a transfer, a new exemption order saved empty) names the messages
 * shown at the fields in the notification, as a refusal of the server does, never react-admin's bare "The form is not
 * valid" / "Das Formular ist ungültig" (docs/console.md, issue 43; QA review: those three forms showed it).
 */
const RA = (error: unknown) => `@@react-admin@@${JSON.stringify(error)}`;
const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('formErrorSummary', () => {
  afterAll(() => i18nProvider.changeLocale('en'));

  it('names each message of the fields once, in German too', async () => {
    const errors = {
      salutation: { type: 'validate', message: RA('coop.validation.mustNotBeEmpty') },
      name: { type: 'validate', message: RA('coop.validation.mustNotBeEmpty') },
      address: { city: { type: 'validate', message: RA('coop.validation.mustNotBeEmpty') } },
      target: { type: 'validate', message: RA({ message: 'coop.validation.selectTarget', args: {} }) },
    };
    expect(formErrorSummary(errors, translate)).toBe(
      `${translate('coop.validation.mustNotBeEmpty')} · ${translate('coop.validation.selectTarget')}`,
    );
    await i18nProvider.changeLocale('de');
    const text = formErrorSummary(errors, translate);
    expect(text).toContain('Darf nicht leer sein');
    expect(text).not.toContain('ungültig');
    expect(text).not.toContain(translate('ra.message.invalid_form'));
  });

  it('shows a message of the server as it is, and nothing without errors', () => {
    const errors = {
      name: { type: 'server', message: 'Must not be empty' },
      root: { serverError: { type: 'server', message: 'Must not be empty · At least 1 share' } },
    };
    expect(formErrorSummary(errors, translate)).toBe('Must not be empty · At least 1 share');
    expect(formErrorSummary({}, translate)).toBeNull();
  });
});
