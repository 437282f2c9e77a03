import type { Messages } from '../i18n/messages';
import type { cooperativeEn, cooperativeResourcesEn } from './cooperative.en';

/**
 * German texts of the cooperative's card and form, with its rule for the interest begin (the keys of
 * `cooperative.en.ts`; formal "Sie"), merged into `i18n/de.ts`.
 */
export const cooperativeDe: Messages<typeof cooperativeEn> = {
  cooperative: {
    dividend: 'Dividende',
    card: 'Genossenschaft',
    edit: 'Bearbeiten',
    master: 'Stammdaten',
    contact: 'Kontakt',
    bank: 'Bankverbindung',
    shares: 'Geschäftsanteile',
    taxOfficeHint:
      'Steht mit der Steuernummer auf den Steuerbescheinigungen der Mitglieder; ohne es kann keine Bescheinigung ausgestellt werden',
    balanceCostHint: 'Preis eines Geschäftsanteils in Euro, z. B. 250,00',
    liabilityPerShareHint:
      'Die Haftsumme je Geschäftsanteil laut Satzung (§ 119 GenG) in Euro; leer, wenn sie keine vorsieht',
    noticePeriodHint: '3 bis 60 Monate',
    retentionYearsHint: '10 bis 30 Jahre',
    sessionIdleHint: '1 bis 720 Minuten',
    missingSetHere: 'Fehlt – unter „%{section}“ eintragen',
    missingAskAdmin: 'Fehlt – trägt eine Person mit der Rolle Administrator unter Genossenschaft › „%{section}“ ein',
  },
  interestBeginRules: {
    nextMonth: '1. des Folgemonats',
    sameDay: 'das Buchungsdatum selbst',
    nextQuarter: '1. des Folgequartals',
    nextYear: 'der folgende 1. Januar',
  },
  interestBeginRuleHint: 'Ein leerer Zinsbeginn folgt dieser Regel ab dem Eintritts- oder Buchungsdatum.',
};

/** German record names and field labels (`resources.cooperatives`). */
export const cooperativeResourcesDe: Messages<typeof cooperativeResourcesEn> = {
  cooperatives: {
    name: 'Genossenschaft |||| Genossenschaften',
    fields: {
      name: 'Interner Name',
      fullName: 'Vollständiger Name',
      address: 'Anschrift',
      zip: 'PLZ',
      city: 'Ort',
      email: 'E-Mail',
      contactPerson: 'Ansprechpartner',
      url: 'Website',
      taxId: 'Steuernummer',
      taxOffice: 'Finanzamt (Betriebsstättenfinanzamt)',
      bankname: 'Bank',
      iban: 'IBAN',
      bic: 'BIC',
      balanceCost: 'Preis eines Geschäftsanteils',
      minimumShares: 'Mindestanzahl Anteile je Mitglied',
      noticePeriodMonths: 'Kündigungsfrist (Monate)',
      retentionYears: 'Aufbewahrungsfrist Datenschutz (Jahre)',
      sessionIdleMinutes: 'Abmeldung nach Inaktivität (Minuten)',
      interestBeginRule: 'Zinsbeginn',
      dividendMethod: 'Dividendenbasis',
      dayCount: 'Zinstagezählung',
      dividendRounding: 'Rundung der Dividende',
      taxRounding: 'Rundung von KapESt und Kirchensteuer',
      raiseOldExemptionOrders: 'Freistellungsaufträge vor 2023 anheben',
      heirsTaxedFromDeath: 'Erben ab dem Todestag besteuern',
      allowTestTaxIds: 'Test-Steuer-IDs (beginnend mit 0) zulassen',
      liabilityPerShare: 'Haftsumme je Anteil',
    },
  },
};
