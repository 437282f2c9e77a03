import { CHOICE_LABELS_DE, type LeaveReason, type MovementReportDto } from '@coop/contracts';
import { germanDate } from '../../kernel/german-format.js';

/*
 * The German texts of the movement report's PDF and workbook (the documents of the annual accounts are German, as the
 * other papers of the product). One place, so both files say the same.
 */

export const TITLE = 'Bestandsnachweis';

export const LEAVE_LABELS: Readonly<Record<LeaveReason, string>> = {
  notice: 'durch Kündigung (§ 65 GenG)',
  transfer: 'durch Übertragung des gesamten Geschäftsguthabens (§ 76 GenG)',
  death: 'durch Tod (§ 77 GenG)',
  exclusion: 'durch Ausschluss (§ 68 GenG)',
  dissolution: 'durch Auflösung einer juristischen Person (§ 77a GenG)',
};

/**
 * The kinds of posting by the names the console gives them (the contracts' CHOICE_LABELS, one source with the postings,
 * the member's history and the report's screen), without their codes; death covers a legal entity's dissolution too
 * (§ 77a GenG). They were names of their own ("Beitritt (Art 0)", "Kündigung, Austritt (Art 8)"): a review, stop 63.
 */
export const KIND_LABELS: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(CHOICE_LABELS_DE.balanceTypes).map(([kind, name]) => [
    Number(kind),
    kind === '6' ? `${name} / Auflösung` : name,
  ]),
);

/** The heading line: `Bestandsnachweis 2025 (§ 338 Abs. 1 HGB)`, `– vorläufig` while the year is not over. */
export const heading = (r: MovementReportDto): string =>
  `${TITLE} ${r.year} (§ 338 Abs. 1 HGB)${r.provisional ? ' – vorläufig' : ''}`;

/** The footnotes every copy carries: what the columns mean and as of when the figures hold. */
export function footnotes(r: MovementReportDto): string[] {
  const notes = [
    `Stand: ${germanDate(r.asOf)}. Die Zahlen ergeben sich aus dem Mitglieder- und Anteilsregister an diesem Tag. Für dasselbe Jahr ergeben sich später dieselben Zahlen, es sei denn, danach wurden Buchungen oder Einzahlungen mit einem Datum in diesem Jahr erfasst oder storniert oder Einzahlungen im Register berichtigt.`,
    'Gezeichnet: Geschäftsanteile zum Nennbetrag (Anteile × Anteilspreis). Eingezahlt: das Geschäftsguthaben im engeren Sinn, was bis zu dem Tag der Zeile eingezahlt war (Anfangsbestand: 31.12. des Vorjahres, Zugänge, Abgänge und Endbestand: 31.12. des Jahres); spätere Einzahlungen und Rücklastschriften zählen im Jahr ihres Datums.',
    'Stornos sind bei der Art der stornierten Buchung mit ihrem eigenen Datum gezählt, wie das Register sie zählt. Austritte wirken zu ihrem Datum (meist 31.12.): Wer zum 31.12. des Vorjahres ausgeschieden ist, zählt am 01.01. nicht mehr mit.',
  ];
  if (r.provisional)
    notes.push(
      `Das Geschäftsjahr ${r.year} ist am ${germanDate(r.asOf)} noch nicht abgelaufen: vorläufige Zahlen (zum 31.12. bereits erklärte Austritte sind enthalten).`,
    );
  if (!r.reconciles)
    notes.push(
      'Achtung: Anfangs- oder Endbestand weichen von den Beständen der Mitgliederliste zu diesen Tagen ab, oder die datierten Einzahlungen einer Buchung ergeben nicht ihre Einzahlung im Register. Bitte die Daten prüfen lassen.',
    );
  return notes;
}
