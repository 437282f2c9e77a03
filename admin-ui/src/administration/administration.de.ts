import type { Messages } from '../i18n/messages';
import type { administrationEn } from './administration.en';

/**
 * German texts of the administration page and its data-protection clean-up (the keys of `administration.en.ts`; formal
 * "Sie"), merged into `i18n/de.ts`.
 */
export const administrationDe: Messages<typeof administrationEn> = {
  administration: {
    elmaNumbers: 'ELMA-Kennnummern',
    noElmaNumbers: 'Noch keine ELMA-Kennnummern.',
  },
  dataProtection: {
    title: 'Datenschutz',
    hint: 'Ehemalige Mitglieder, deren Aufbewahrungsfrist abgelaufen ist (mindestens %{years} volle Jahre, die Aufbewahrungsfrist der Genossenschaft, nach Ende des Jahres der letzten Buchung, Dividende oder Steuerunterlage, Auseinandersetzungsguthaben ausgezahlt, nicht ausgenommen), werden um ihre personenbezogenen Daten bereinigt. Mitgliedsnummer, Daten und Beträge bleiben erhalten.',
    search: 'Suchen',
    found: '%{smart_count} Mitglied gefunden |||| %{smart_count} Mitglieder gefunden',
    delete: 'Personenbezogene Daten löschen',
    confirmTitle: 'Personenbezogene Daten löschen?',
    confirmText:
      'Die personenbezogenen Daten von %{smart_count} Mitglied werden endgültig gelöscht: Namen, Anschrift, Geburtsdatum, Bank- und Steuerdaten, Kirchen- und Ehegattendaten. Mitgliedsnummer, Daten und Beträge bleiben erhalten. Dies kann nicht rückgängig gemacht werden. |||| Die personenbezogenen Daten von %{smart_count} Mitgliedern werden endgültig gelöscht: Namen, Anschrift, Geburtsdatum, Bank- und Steuerdaten, Kirchen- und Ehegattendaten. Mitgliedsnummern, Daten und Beträge bleiben erhalten. Dies kann nicht rückgängig gemacht werden.',
    confirmDelete: '%{smart_count} Mitglied löschen |||| %{smart_count} Mitglieder löschen',
    erased:
      'Personenbezogene Daten von %{smart_count} Mitglied gelöscht |||| Personenbezogene Daten von %{smart_count} Mitgliedern gelöscht',
  },
};
