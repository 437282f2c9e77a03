import { describe, expect, it } from '@jest/globals';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { english, german } from './catalogues.js';
import { successNotice, type WriteAction } from './successMessages.js';

/** The notice as the clerk reads it in one language (react-admin's i18n provider is polyglot too). */
function read(
  catalogue: typeof english,
  resource: string,
  action: WriteAction,
  answer: Record<string, unknown>,
): string {
  const { key, args } = successNotice(resource, action, answer);
  const text = polyglotI18nProvider(() => catalogue, 'en', [], { allowMissing: true }).translate(key, args);
  expect(text).not.toBe(key);
  return text;
}

const de = (resource: string, action: WriteAction, answer: Record<string, unknown>) =>
  read(german, resource, action, answer);
const en = (resource: string, action: WriteAction, answer: Record<string, unknown>) =>
  read(english, resource, action, answer);

describe('success notices name what happened', () => {
  it('a new member by its number', () => {
    expect(de('members', 'created', { id: 'm', memberNr: 302, name: 'Krause', givenName: 'Daniel' })).toBe(
      'Mitglied 302 angelegt',
    );
    expect(en('members', 'created', { id: 'm', memberNr: 302 })).toBe('Member 302 created');
    expect(de('members', 'updated', { id: 'm', memberNr: 302 })).toBe('Mitglied 302 gespeichert');
  });

  it('a posting by its type and number of shares, singular and plural', () => {
    expect(de('balances', 'created', { type: 1, quantity: 3, memberNr: 7 })).toBe('3 Anteile gezeichnet');
    expect(de('balances', 'created', { type: 1, quantity: 1, memberNr: 7 })).toBe('1 Anteil gezeichnet');
    expect(en('balances', 'created', { type: 1, quantity: 3, memberNr: 7 })).toBe('3 shares subscribed');
    expect(de('balances', 'created', { type: 2, quantity: 2, memberNr: 7 })).toBe('2 Anteile gekündigt');
    expect(de('balances', 'created', { type: 3, quantity: 4, memberNr: 7, transferMemberNr: 12 })).toBe(
      '4 Anteile an Mitglied 12 übertragen',
    );
    expect(de('balances', 'created', { type: 5, quantity: -3, memberNr: 7 })).toBe('Buchung storniert');
    expect(de('balances', 'created', { type: 8, quantity: 3, memberNr: 7 })).toBe('Kündigung von Mitglied 7 erfasst');
    expect(en('balances', 'created', { type: 6, quantity: 3, memberNr: 7 })).toBe('Death of member 7 recorded');
    expect(de('balances', 'created', { type: 7, quantity: 3, memberNr: 7 })).toBe('Ausschluss von Mitglied 7 erfasst');
  });

  it('tax papers, users, approval numbers, the cooperative and the share register', () => {
    expect(de('exemptionorders', 'created', { memberNr: 9 })).toBe('Freistellungsauftrag von Mitglied 9 gespeichert');
    expect(de('exemptionorders', 'updated', { memberNr: 9 })).toBe('Freistellungsauftrag von Mitglied 9 korrigiert');
    expect(en('nonassessments', 'created', { memberNr: 9 })).toBe('Non-assessment certificate of member 9 saved');
    expect(de('users', 'created', { username: 'kasse' })).toBe('Benutzer kasse angelegt');
    expect(de('elmanumbers', 'updated', { elmaNumber: '32345678' })).toBe('ELMA-Kennnummer 32345678 gespeichert');
    expect(de('cooperatives', 'updated', { name: 'Bürgerenergie' })).toBe('Genossenschaft Bürgerenergie gespeichert');
    expect(de('shares', 'updated', { memberNr: 4 })).toBe('Eintrag im Anteilsregister von Mitglied 4 berichtigt');
  });

  it("falls back to react-admin's general notice for anything else", () => {
    expect(successNotice('somethingElse', 'created', {})).toEqual({
      key: 'ra.notification.created',
      args: { smart_count: 1 },
    });
    expect(successNotice('balances', 'created', { type: 0 }).key).toBe('ra.notification.created');
  });
});
