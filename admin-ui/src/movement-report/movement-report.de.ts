import type { movementReportEn } from './movement-report.en';

/** Deutsche Texte des Bestandsnachweises (§ 338 HGB, Issue 45); mit dem Bildschirm geladen (`texts.ts`), nicht in `de.ts`. */
export const movementReportDe: typeof movementReportEn = {
  title: 'Bestandsnachweis %{year}',
  intro:
    'Mitglieder, Geschäftsanteile und Geschäftsguthaben des Geschäftsjahres für den Anhang des Jahresabschlusses (§ 338 Abs. 1 HGB): zu Beginn und am Ende, mit Zu- und Abgängen.',
  year: 'Geschäftsjahr',
  provisional:
    'Das Geschäftsjahr ist noch nicht abgelaufen: vorläufige Zahlen (zum 31.12. bereits erklärte Austritte sind enthalten).',
  asOf: 'Stand: %{date}. Für dasselbe Jahr ergeben sich später dieselben Zahlen, es sei denn, danach werden Buchungen oder Einzahlungen mit einem Datum in diesem Jahr erfasst oder storniert oder Einzahlungen im Register berichtigt.',
  notReconciled:
    'Anfangs- oder Endbestand weichen von den Beständen der Mitgliederliste zu diesen Tagen ab, oder die datierten Einzahlungen einer Buchung ergeben nicht ihre Einzahlung im Register. Bitte die Daten prüfen lassen.',
  pdf: 'PDF herunterladen',
  xlsx: 'XLSX herunterladen',
  downloadFailed: 'Die Datei konnte nicht geladen werden: %{message}',
  beforeFirstYear: 'Für %{year} gibt es keinen Bestandsnachweis: Das Anteilsregister beginnt %{first}.',
  afterLastYear: 'Für %{year} gibt es noch keinen Bestandsnachweis: Das letzte Geschäftsjahr ist %{last}.',
  members: 'Mitglieder',
  item: 'Posten',
  count: 'Anzahl',
  start: 'Stand am %{date}',
  joined: 'Zugänge (Beitritte)',
  left: 'Abgänge',
  end: 'Stand am %{date}',
  endWithoutShares: 'davon ohne Geschäftsanteil',
  reasons: {
    notice: 'durch Kündigung (§ 65 GenG)',
    transfer: 'durch Übertragung des gesamten Geschäftsguthabens (§ 76 GenG)',
    death: 'durch Tod (§ 77 GenG)',
    exclusion: 'durch Ausschluss (§ 68 GenG)',
    dissolution: 'durch Auflösung einer juristischen Person (§ 77a GenG)',
  },
  holdings: 'Geschäftsanteile und Geschäftsguthaben',
  lines: { added: 'Zugänge', reduced: 'Abgänge' },
  shares: 'Anteile',
  subscribed: 'Gezeichnet',
  paid: 'Eingezahlt',
  columnsHint:
    'Gezeichnet: die Geschäftsanteile zum Nennbetrag (Anteile × Anteilspreis). Eingezahlt: was bis zum Tag der Zeile eingezahlt war (Anfangsbestand: 31.12. des Vorjahres; Zugänge, Abgänge und Endbestand: 31.12. des Jahres), das Geschäftsguthaben im engeren Sinn; spätere Einzahlungen und Rücklastschriften zählen im Jahr ihres Datums.',
  byKind: 'Bewegungen nach Buchungsart',
  kind: 'Art',
  postings: 'Buchungen',
  annulments: 'Stornos',
  annulmentsHint:
    'Ein Storno zählt bei der Art der stornierten Buchung, mit seinem eigenen Datum, wie das Register ihn zählt.',
  liability: 'Haftsummen',
  perShare: 'Haftsumme je Anteil: %{amount}',
  noLiability: 'Die Satzung sieht keine Haftsumme je Anteil vor (die Einstellung der Genossenschaft ist leer).',
  amount: 'Betrag',
};
