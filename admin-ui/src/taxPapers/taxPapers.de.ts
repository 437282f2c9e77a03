import { CHOICE_LABELS_DE } from '@coop/contracts/console';
import type { Messages } from '../i18n/messages';
import type { taxPapersEn, taxPapersResourcesEn } from './taxPapers.en';

/**
 * German texts of the tax papers: exemption orders and non-assessment certificates (the keys of `taxPapers.en.ts`;
 * formal "Sie"), merged into `i18n/de.ts`.
 */
export const taxPapersDe: Messages<typeof taxPapersEn> = {
  taxPapers: {
    exemptionOrders: 'Freistellungsaufträge',
    nonAssessments: 'NV-Bescheinigungen',
    addExemptionOrder: 'Freistellungsauftrag erfassen',
    addNonAssessment: 'NV-Bescheinigung erfassen',
    chooseMember: 'Für welches Mitglied?',
    chooseMemberHint: 'Geben Sie einen Namen oder eine Mitgliedsnummer ein und fahren Sie dann mit dem Formular fort.',
    continue: 'Weiter',
    filterMember: 'Mitglied',
    filterState: 'Status',
    allStates: 'Alle',
    edit: 'Bearbeiten',
    view: 'Ansehen',
    toMember: 'Mitgliederübersicht',
    untilRevoked: 'bis auf Widerruf',
    fromJanuary: 'Gültig ab 1. Januar des Jahres',
    toDecember: 'Gültig bis 31. Dezember des Jahres',
    toDecemberOrRevoked: 'Bis 31. Dezember des Jahres oder bis auf Widerruf',
    maxYears: 'Höchstens 3 Jahre',
    periodOpen: 'seit %{from}',
    allowanceHint: 'Sparer-Pauschbetrag: %{single} einzeln, %{joint} gemeinsam (%{year})',
    allowanceLimit: 'Dieser Auftrag darf höchstens %{amount} freistellen (Pauschbetrag %{year}).',
    amountHint: 'In Euro, z. B. 1.000,00',
    jointHint: 'Gemeinsamer Auftrag von zusammen veranlagten Ehegatten oder Lebenspartnern',
    spouseFromMember: 'Vorbelegt mit dem beim Mitglied erfassten Ehegatten',
    otherOrders: 'Freistellungsaufträge des Mitglieds',
    otherCertificates: 'NV-Bescheinigungen des Mitglieds',
    noOthers: 'Keine.',
    conflictWith: 'Überschneidung',
    current: 'dieser',
    correctionHint:
      'Eine Korrektur wird als neuer Eintrag im Verlauf festgehalten; jede frühere Fassung bleibt sichtbar.',
    history: 'Verlauf',
    noHistory: 'Noch keine Änderungen erfasst.',
    historyKinds: {
      recorded: 'Erfasst',
      corrected: 'Korrigiert',
    },
    states: { active: 'Aktiv', inactive: 'Inaktiv' },
    single: 'Einzeln',
    joint: 'Gemeinsam',
    jointWith: 'Gemeinsam mit %{name}',
    jointCovers: 'Gilt auch für den in den Stammdaten erfassten Ehegatten: %{name}',
    jointNoSpouse:
      'In den Stammdaten ist kein Ehegatte oder Lebenspartner erfasst. Ein gemeinsamer Auftrag setzt ihn voraus: Bitte erfassen Sie zuerst den Ehegatten (Familienstand verheiratet oder verpartnert).',
    memberTaxIdMissing: 'Die Steuer-ID des Mitglieds fehlt: Der Dividendenabschluss wird diesen Auftrag ablehnen.',
    spouseTaxIdMissing:
      'Die Steuer-ID des Ehegatten fehlt: Der Dividendenabschluss wird diesen gemeinsamen Auftrag ablehnen.',
    taxIdMissingShort: 'Steuer-ID fehlt',
    taxIdsMissing:
      'Freistellungsaufträge ohne die Steuer-ID des Mitglieds oder des Ehegatten: Der Dividendenabschluss wird sie ablehnen. Bitte tragen Sie die fehlende Steuer-ID in den Stammdaten ein.',
    noExemptionOrderLegalEntity: 'Juristische Personen können keinen Freistellungsauftrag erteilen.',
    noExemptionOrderNonResident: 'Mitglieder mit Wohnsitz im Ausland können keinen Freistellungsauftrag erteilen.',
    nvNonResident:
      'Das Mitglied wohnt im Ausland: Erfasst werden kann nur „Keine Bescheinigung“ oder „Unbekannt“; eine Bescheinigung mit Steuerbefreiung setzt einen Wohnsitz in Deutschland voraus.',
    exemptionTypes: CHOICE_LABELS_DE.exemptionTypes,
    nvTypes: CHOICE_LABELS_DE.nvTypes,
    nvTypesShort: CHOICE_LABELS_DE.nvTypesShort,
    original: { present: 'Original liegt vor', missing: 'Original fehlt' },
    originalColumn: 'Original',
    numberColumn: 'Nummer',
    validColumn: 'Gültig',
    originalHint: 'Einschalten, wenn die Originalbescheinigung vorliegt',
    orderNumberHint: 'Steuer- und Listennummer der Bescheinigung',
  },
};

/** German record names and field labels (`resources.exemptionorders`, `resources.nonassessments`). */
export const taxPapersResourcesDe: Messages<typeof taxPapersResourcesEn> = {
  exemptionorders: {
    name: 'Freistellungsauftrag |||| Freistellungsaufträge',
    fields: {
      member: 'Mitglied',
      memberName: 'Mitglied',
      memberNr: 'Mitgliedsnr.',
      type: 'Art',
      joint: 'Gemeinsamer Auftrag (Ehegatten)',
      fsatyp: 'Einzeln / gemeinsam',
      spouse: 'Ehegatte (Mitglied)',
      amount: 'Betrag',
      date: 'Datum des Auftrags',
      startDate: 'Gültig ab',
      endDate: 'Gültig bis',
      state: 'Status',
    },
  },
  nonassessments: {
    name: 'NV-Bescheinigung |||| NV-Bescheinigungen',
    fields: {
      member: 'Mitglied',
      memberName: 'Mitglied',
      memberNr: 'Mitgliedsnr.',
      type: 'Art',
      orderNumber: 'Bescheinigungsnummer',
      date: 'Ausstellungsdatum',
      taxAuthorities: 'Finanzamt',
      startDate: 'Gültig ab',
      endDate: 'Gültig bis',
      original: 'Original liegt vor',
      state: 'Status',
    },
  },
};
