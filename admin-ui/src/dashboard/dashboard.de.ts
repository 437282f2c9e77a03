import type { Messages } from '../i18n/messages';
import type { dashboardEn } from './dashboard.en';

/**
 * German texts of the dashboard and its set-up checklist (the keys of `dashboard.en.ts`; formal "Sie"), merged into
 * `i18n/de.ts`.
 */
export const dashboardDe: Messages<typeof dashboardEn> = {
  setup: {
    title: 'Zuerst die Genossenschaft einrichten',
    intro: 'Diese Angaben fehlen noch; Buchungen, Dividende und Steuerpapiere brauchen sie:',
    steps: {
      balanceCost: 'Preis eines Geschäftsanteils',
      minimumShares: 'Mindestanzahl Anteile je Mitglied',
      bankAccount: 'Bankverbindung (Bank, IBAN, BIC)',
      taxId: 'Steuernummer',
      taxOffice: 'Finanzamt',
      elmaNumberFs: 'ELMA-Kennnummer für die Freistellungsauftragsdaten (Verfahren fs)',
      elmaNumberKm: 'ELMA-Kennnummer für die Kirchensteuerabfrage (Verfahren km)',
    },
  },
  dashboard: {
    calculateDividend: 'Dividende berechnen',
    annualClosures: 'Jahresabschlüsse',
    settlements: 'Auseinandersetzung',
    movementReport: 'Bestandsnachweis',
    shareDues: 'Offene Einzahlungen',
    paymentReminders: 'Mahnungen',
    directDebits: 'Lastschriften',
    welcome: 'Willkommen, %{name}',
    members: 'Mitglieder',
    memberCount: 'Mitglieder',
    memberExitCount: 'Ausgeschiedene Mitglieder',
    shareCount: 'Geschäftsanteile',
    capital: 'Anteile zum Nennbetrag',
    toMembers: 'Mitgliederliste',
    noSharePrice: 'kein Anteilspreis hinterlegt',
  },
};
