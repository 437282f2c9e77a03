import type { Messages } from './en';
import type { importValidationEn } from './import-problems.en';

/** The problems of the import in German (`coop.validation`). */
export const importValidationDe: Messages<typeof importValidationEn> = {
  importUnknownKind: 'Die Art des Blatts %{0} ist nicht erkannt (Mitglieder, Buchungen, Freistellungsaufträge, NV-Bescheinigungen)',
  importUnmappedRequired: 'Dem Pflichtfeld %{0} ist keine Spalte zugeordnet',
  importMemberNrTaken: 'Die Mitgliedsnummer %{0} ist in der Genossenschaft bereits vergeben',
  importMemberNrTwice: 'Die Mitgliedsnummer %{0} kommt doppelt vor (zuerst in Zeile %{1})',
  importMemberUnknown: 'Die Mitgliedsnummer %{0} ist nicht im Import',
  importHoldingDiffers: 'Die Datei nennt %{0}, die Buchungen ergeben %{1}',
  importAmountDiffers: 'Die Datei nennt den Betrag %{0}, die Buchung ergibt %{1}',
  importTransferWithoutPair: 'Die andere Hälfte dieser Übertragung fehlt',
  importAnnulledPostingUnknown: 'Die stornierte Buchung %{0} ist nicht gefunden',
  importEffectiveDateDiffers: 'Die Datei nennt das Datum %{0}, nach dem Gesetz ist es der %{1}',
  importRefTwice: 'Die Buchungsnummer %{0} kommt doppelt vor',
  importHasProblems: 'Der Import hat %{0} Probleme: nichts wurde geschrieben',
  importNotEmptyFile: 'Die Datei enthält keine Zeilen',
};
