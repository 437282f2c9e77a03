import type { Messages } from '../i18n/messages';
import type { sharesEn, sharesResourcesEn } from './shares.en';

/** German texts of the share register (the keys of `shares.en.ts`; formal "Sie"), merged into `i18n/de.ts`. */
export const sharesDe: Messages<typeof sharesEn> = {
  shares: {
    list: 'Anteilsregister',
    paymentHint:
      'Nur die Einzahlung kann berichtigt werden; die Berichtigung wird erfasst, der Verlauf bleibt erhalten. Eine berichtigte Einzahlung zählt ab dem Datum der Buchung (Bestandsnachweis), eine Einzahlung auf Anteile ab dem Tag der Zahlung.',
    cdc: 'Änderungsverfolgung',
    lastChange: 'Letzte Änderung',
    actions: { insert: 'Gebucht', update: 'Berichtigt' },
    filterMember: 'Mitglied',
    columns: { admissionDate: 'Zulassung', interestBegin: 'Zinsbeginn', interestEnd: 'Zinsende' },
  },
};

/** German record names and field labels (`resources.shares`). */
export const sharesResourcesDe: Messages<typeof sharesResourcesEn> = {
  shares: {
    name: 'Eintrag im Anteilsregister |||| Anteilsregister',
    fields: {
      memberNr: 'Mitgliedsnr.',
      memberName: 'Mitglied',
      process: 'Vorgang',
      shareAmount: 'Anteile',
      rueckpfleinzahlung: 'Tatsächliche Einzahlung',
      admissionDate: 'Zulassungsdatum',
      date: 'Datum',
      interestBegin: 'Verzinsungsbeginn',
      interestEnd: 'Verzinsungsende',
      cdcUser: 'Geändert von',
      cdcAction: 'Aktion',
      cdcTimestamp: 'Geändert am',
      effectiveDate: 'Zählt ab',
    },
  },
};
