import type { exportsEn } from './exports.en';

/** German texts of the members card's exports and PDFs (issue 26), merged into `de.ts` as `coop.exports`; formal ("Sie"). */
export const exportsDe: Record<keyof typeof exportsEn, string> = {
  title: 'Exporte und Listen',
  hint: 'Stand heute; der Pfeil neben jeder Schaltfläche bietet weitere Stichtage.',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  ods: 'OpenDocument (ODS)',
  memberList: 'Mitgliederliste',
  memberListActive: 'Mitgliederliste, nur aktive',
  memberBalances: 'Mitglieder mit Anteilen',
  statements: 'Anteilskontoauszüge',
  otherDates: '%{name}: weitere Stichtage',
  lastYearEnd: 'Letzter Tag des Vorjahres (%{date})',
  yearBeforeEnd: 'Letzter Tag des vorletzten Jahres (%{date})',
  otherDate: 'Anderer Stichtag …',
  calendarTitle: '%{name} zum Stichtag',
  chosenDate: 'Stichtag %{date}',
  download: 'Herunterladen',
  busy: '%{name} wird vorbereitet …',
  saved: '%{file} wurde heruntergeladen.',
  background:
    '%{name} wird im Hintergrund erstellt; Sie können die Datei hier oder unter Aufgaben herunterladen, sobald sie fertig ist.',
  toTasks: 'Zu den Aufgaben',
  failed: '%{name} konnte nicht heruntergeladen werden: %{message}',
  memberStatement: 'Anteilskontoauszug',
  memberStatementHint: 'Anteilskontoauszug zum heutigen Tag herunterladen',
};
