import { afterAll, describe, expect, it } from '@jest/globals';
import { i18nProvider } from '../i18n/i18nProvider.js';
import { refusalBody, refusalMessage, toFormValidationError, validationMessage } from './validationErrors.js';

describe('API validation errors in the console', () => {
  it('shows a date parameter as dd.MM.yyyy, not as the API sends it', () => {
    const text = validationMessage({
      field: 'interestEnd',
      template: 'mustBeAtLeast',
      parameters: { '0': '2016-02-01' },
    });
    expect(text).toContain('01.02.2016');
    expect(text).not.toContain('2016-02-01');
  });

  it('keeps the id of an overlapping paper for the form to mark, and does not show it', () => {
    const error = toFormValidationError('exemptionorders', [
      { field: null, template: 'conflictExemptionOrder', parameters: { '0': 'db80b509-2e77' } },
    ]);
    const root = (error.body as { errors: { root: { serverError: string; conflict: string } } }).errors.root;
    expect(root.conflict).toBe('db80b509-2e77');
    expect(root.serverError).not.toContain('db80b509-2e77');
    expect(error.message).toBe(root.serverError);
  });
});

describe("the API's refusals in the clerk's language", () => {
  const refusal = (message: string, template: string, ...params: string[]) => ({
    message,
    errors: [{ field: null, template, parameters: Object.fromEntries(params.map((p, i) => [String(i), p])) }],
  });
  afterAll(() => i18nProvider.changeLocale('en'));

  it('shows the template of a sign-in failure, a session that ended, a missing record and a conflict, not the English message', async () => {
    await i18nProvider.changeLocale('en');
    expect(refusalMessage(401, refusal('Invalid username or password', 'invalidCredentials'))).toBe(
      'Invalid username or password',
    );
    expect(refusalMessage(404, refusal('Member not found', 'memberNotFound', 'Member'))).toBe('Member not found');
    await i18nProvider.changeLocale('de');
    expect(refusalMessage(401, refusal('Invalid username or password', 'invalidCredentials'))).toBe(
      'Benutzername oder Passwort ist falsch',
    );
    expect(
      refusalMessage(
        429,
        refusal('Too many failed sign-in attempts, try again in 840 seconds', 'tooManySignInAttempts', '840'),
      ),
    ).toBe('Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in 840 Sekunden erneut.');
    expect(
      refusalMessage(401, refusal('Your session has expired or is not valid. Please sign in again.', 'sessionExpired')),
    ).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    expect(refusalMessage(403, refusal('Your roles do not allow this action.', 'notAllowed'))).toBe(
      'Ihre Rollen erlauben diese Aktion nicht.',
    );
    expect(refusalMessage(404, refusal('Member not found', 'memberNotFound', 'Member'))).toBe(
      'Mitglied nicht gefunden',
    );
    expect(refusalMessage(409, refusal('The record was changed by someone else', 'conflict'))).toContain(
      'gleichzeitig von jemand anderem geändert',
    );
    expect(
      refusalMessage(400, {
        errors: [
          { field: 'quantity', template: 'atLeastAmountMustRemain', parameters: { '0': '250,00', '1': '3', '2': '2' } },
        ],
      }),
    ).toBe(
      'Nach der Buchung müssen mindestens 250,00 € verbleiben. Anteile im Bestand: 3, davon können höchstens 2 abgehen.',
    );
  });

  it('names the status where the answer carries no template (a proxy, a gateway)', async () => {
    await i18nProvider.changeLocale('de');
    expect(refusalMessage(502, '<html>Bad Gateway</html>')).toBe('Die Anfrage ist fehlgeschlagen (HTTP 502)');
    expect(refusalMessage(404, { message: 'Not Found' })).toBe('Die Anfrage ist fehlgeschlagen (HTTP 404)');
  });

  it('keeps field errors only on a refused input, so react-admin does not take a 404 or 409 for field errors of the form', () => {
    const conflict = refusal('changed', 'conflict');
    expect(refusalBody(409, conflict)).toEqual({ message: 'changed' });
    const refused = { errors: [{ field: 'name', template: 'mustNotBeEmpty', parameters: {} }] };
    expect(refusalBody(400, refused)).toBe(refused);
  });
});
