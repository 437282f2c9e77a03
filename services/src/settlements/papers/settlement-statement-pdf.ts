import { euros, germanCount, germanDate } from '../../kernel/german-format.js';
import {
  addressLine,
  drawAddressLines,
  drawHeader,
  drawPageNumber,
  fit,
  openPdf,
  type PdfIssuer,
} from '../../member-pdfs/index.js';

/** One recorded settlement as its statement shows it (amounts in cents). */
export interface SettlementStatement {
  readonly memberNr: number | null;
  /** The member's name and address lines as the member list holds them (empty once erased). */
  readonly recipient: readonly string[];
  readonly reason: string;
  readonly year: number;
  readonly endDate: string;
  readonly shares: number;
  /** What the end booked out, `paidAfterEnd` included. */
  readonly holding: number;
  /** Of `holding`, paid in after the end's day (decision 414): no Geschäftsguthaben then, refunded whole on its own line. */
  readonly paidAfterEnd?: number;
  readonly lossShare: number;
  readonly amount: number;
  readonly payoutDate: string;
  readonly accountHolder: string;
  readonly iban: string;
  readonly heirs: boolean;
  /** The further payouts after the first (decision 370): `amount` is then the whole paid, each top-up on its line. */
  readonly topUps?: readonly { readonly payoutDate: string; readonly amount: number }[];
}

export const SETTLEMENT_STATEMENT_TITLE = 'Abrechnung Auseinandersetzungsguthaben';
const MARGIN = 50;

const REASONS: Readonly<Record<string, string>> = {
  exit: 'Kündigung der Mitgliedschaft (§ 65 GenG)',
  partial: 'Kündigung einzelner Geschäftsanteile (§ 67b GenG)',
  exclusion: 'Ausschluss (§ 68 GenG)',
  death: 'Tod des Mitglieds (§ 77 GenG)',
  dissolution: 'Auflösung der juristischen Person (§ 77a GenG)',
};

/** The IBAN in groups of four, as printed on paper. */
const grouped = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

/**
 * The settlement statement of one recorded payout (§ 73 GenG, issue 42), German, one A4 page: the end and its reason,
 * the holding booked out, the share of a loss carried forward, the settlement balance, the payout day and the account
 * (the heirs' after a death, named as such).
 */
export async function settlementStatementPdf(issuer: PdfIssuer, s: SettlementStatement): Promise<Buffer> {
  const { doc, bytes } = openPdf(SETTLEMENT_STATEMENT_TITLE, issuer, 'portrait', MARGIN, false);
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  let y = drawHeader(doc, issuer, SETTLEMENT_STATEMENT_TITLE, s.payoutDate) + 8;
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text(fit(doc, `${issuer.name}, ${addressLine(issuer)}`, width), MARGIN, y, { lineBreak: false });
  y += 12;
  doc.fontSize(10);
  y = drawAddressLines(doc, s.recipient, MARGIN, y, width, 13);
  y += 14;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Auseinandersetzungsguthaben zum ${germanDate(s.endDate)}`, MARGIN, y, { lineBreak: false });
  y += 22;
  // A partial termination (§ 67b GenG) ends shares, not the membership: the letter must not tell the member it ended.
  const partial = s.reason === 'partial';
  const topUps = s.topUps ?? [];
  const toppedUp = topUps.reduce((sum, u) => sum + u.amount, 0);
  // Money paid in after the end's day is no Geschäftsguthaben of that day (§ 73 (2) GenG): it is refunded whole, on a
  // line of its own, and the settlement balance is the Geschäftsguthaben less the loss share (decision 414).
  const late = Math.min(Math.max(s.paidAfterEnd ?? 0, 0), Math.max(s.holding, 0));
  const rows: [string, string][] = [
    ['Mitgliedsnummer', String(s.memberNr ?? '')],
    [partial ? 'Grund der Auseinandersetzung' : 'Grund des Ausscheidens', REASONS[s.reason] ?? s.reason],
    [partial ? 'Kündigung wirksam zum' : 'Ende der Mitgliedschaft', germanDate(s.endDate)],
    ['Geschäftsjahr', String(s.year)],
    ['Ausgeschiedene Geschäftsanteile', germanCount(s.shares)],
    ['Ausgebuchtes Geschäftsguthaben', `${euros(s.holding - late)} EUR`],
    ['Anteil am Verlustvortrag', `${euros(s.lossShare)} EUR`],
    ['Auseinandersetzungsguthaben', `${euros(s.amount - late)} EUR`],
    ...(late > 0
      ? ([
          ['Nach dem Ende eingezahlt (Erstattung)', `${euros(late)} EUR`],
          ['Auszahlungsbetrag', `${euros(s.amount)} EUR`],
        ] as [string, string][])
      : []),
    ['Auszahlung am', germanDate(s.payoutDate) + (topUps.length > 0 ? `: ${euros(s.amount - toppedUp)} EUR` : '')],
    ...topUps.map((u): [string, string] => ['Nachzahlung am', `${germanDate(u.payoutDate)}: ${euros(u.amount)} EUR`]),
    [s.heirs ? 'Zahlung an die Erben' : 'Kontoinhaber', s.accountHolder],
    ['IBAN', grouped(s.iban)],
  ];
  for (const [label, value] of rows) {
    const bold = label === (late > 0 ? 'Auszahlungsbetrag' : 'Auseinandersetzungsguthaben');
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN, y, { lineBreak: false });
    doc.text(fit(doc, value, width - 200), MARGIN + 200, y, { lineBreak: false });
    y += 16;
  }
  y += 12;
  doc.font('Helvetica').fontSize(8.5);
  const notes = partial
    ? [
        'Das Auseinandersetzungsguthaben ist das mit den gekündigten Geschäftsanteilen ausgebuchte Geschäftsguthaben,',
        'vermindert um den Anteil am Verlustvortrag, den die Generalversammlung beschlossen hat (§ 67b Abs. 2, § 73 Abs. 2',
        'GenG). Ihre Mitgliedschaft besteht mit den übrigen Geschäftsanteilen fort. Die Dividende des letzten Geschäftsjahres',
        'wird mit dem Jahresabschluss gesondert ausgezahlt.',
      ]
    : [
        'Das Auseinandersetzungsguthaben ist das bei Ende der Mitgliedschaft ausgebuchte Geschäftsguthaben, vermindert um den',
        'Anteil am Verlustvortrag, den die Generalversammlung beschlossen hat (§ 73 Abs. 2 GenG). Die Dividende des letzten',
        'Geschäftsjahres wird mit dem Jahresabschluss gesondert ausgezahlt.',
      ];
  for (const line of notes) {
    doc.text(line, MARGIN, y, { lineBreak: false });
    y += 11;
  }
  drawPageNumber(doc, 1, 1);
  doc.end();
  return bytes;
}
