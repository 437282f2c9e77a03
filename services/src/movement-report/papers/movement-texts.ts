import {
  ADDING_KINDS,
  CHOICE_LABELS_DE,
  type LeaveReason,
  type MovementHoldingDto,
  type MovementKindDto,
  type MovementReportDto,
} from '@coop/contracts';
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

/** A kind's name, or its number when the contracts do not name it. */
export const kindLabel = (kind: number): string => KIND_LABELS[kind] ?? String(kind);

/** One direction of section 3: its heading, its kinds in the report's order, and its sum row. */
export interface KindDirection {
  /** `Zugänge` or `Abgänge`. */
  readonly heading: string;
  readonly kinds: readonly MovementKindDto[];
  /** `Summe Zugänge` or `Summe Abgänge`. */
  readonly sumLabel: string;
  readonly postings: number;
  readonly annulments: number;
  /** The direction's shares and cents: the report's `added` or `reduced` (section 2), the sum of its kinds. */
  readonly sum: MovementHoldingDto;
}

/**
 * Section 3 as the PDF and the workbook both show it: the adding kinds under "Zugänge", the reducing ones under
 * "Abgänge", each kind as a positive movement in its own direction (a negative row: annulments outweighed postings),
 * each direction with its sum.
 */
export function kindsByDirection(r: MovementReportDto): readonly KindDirection[] {
  const adds = (k: MovementKindDto): boolean => (ADDING_KINDS as readonly number[]).includes(k.kind);
  const direction = (heading: string, kinds: readonly MovementKindDto[], sum: MovementHoldingDto): KindDirection => ({
    heading,
    kinds,
    sumLabel: `Summe ${heading}`,
    postings: kinds.reduce((a, k) => a + k.postings, 0),
    annulments: kinds.reduce((a, k) => a + k.annulments, 0),
    sum,
  });
  return [
    direction('Zugänge', r.byKind.filter(adds), r.added),
    direction(
      'Abgänge',
      r.byKind.filter((k) => !adds(k)),
      r.reduced,
    ),
  ];
}

/** Section 3's column heads after the first. */
export const KIND_COLUMNS = ['Buchungen', 'Stornos', 'Anteile', 'Gezeichnet', 'Eingezahlt'] as const;

/** The note under section 3. */
export const KIND_NOTE =
  'Je Art der Saldo aus ihren Buchungen und deren Stornos im Jahr; die Summen sind die Zu- und Abgänge aus Abschnitt 2.';

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
