import type { MemberDto } from '@coop/contracts';
import { ERASED_MEMBER_NAME, ERASED_MEMBER_TYPE, euros, germanDate } from '../../kernel/german-format.js';
import {
  addressLine,
  drawHeader,
  drawPageNumber,
  fit,
  FOOTER_SPACE,
  openPdf,
  yieldToLoop,
  type PdfIssuer,
} from './pdf-frame.js';

/** One posting of a statement with the holding after it (shares and cents are signed: a return is negative). */
export interface StatementLine {
  readonly date: string;
  readonly type: string;
  readonly shares: number;
  readonly cents: number;
  readonly holdingShares: number;
  readonly holdingCents: number;
}

/** One closure the member was paid in (cents). */
export interface StatementDividend {
  readonly year: number;
  readonly gross: number;
  readonly taxes: number;
  readonly net: number;
}

/** A settlement paid to the member (or the heirs) by the date (issue 42, § 73 GenG; cents). */
export interface StatementSettlement {
  readonly endDate: string;
  /** The end's words ("Kündigung", "Tod", ...). */
  readonly reason: string;
  /** The holding booked out at the end. */
  readonly holding: number;
  readonly lossShare: number;
  readonly amount: number;
  readonly payoutDate: string;
  /** Paid to the heirs' account. */
  readonly heirs: boolean;
}

/** A member's statement of account as of the date. */
export interface Statement {
  readonly member: MemberDto;
  readonly lines: readonly StatementLine[];
  readonly shares: number;
  readonly cents: number;
  readonly dividends: readonly StatementDividend[];
  readonly settlements: readonly StatementSettlement[];
}

export const STATEMENT_TITLE = 'Kontoauszug Geschäftsanteile';
const MARGIN = 50;
const FONT = 9;
const ROW = 13;
const MEMBERS_PER_YIELD = 5;
// Datum, Vorgang, Anteile, Betrag EUR, Bestand Anteile, Bestand EUR.
const COLUMNS: readonly { heading: string; width: number; right: boolean }[] = [
  { heading: 'Datum', width: 60, right: false },
  { heading: 'Vorgang', width: 140, right: false },
  { heading: 'Anteile', width: 50, right: true },
  { heading: 'Betrag EUR', width: 80, right: true },
  { heading: 'Bestand Anteile', width: 85, right: true },
  { heading: 'Bestand EUR', width: 80, right: true },
];
const DIVIDEND_COLUMNS = [
  { heading: 'Geschäftsjahr', width: 80, right: false },
  { heading: 'Dividende brutto EUR', width: 110, right: true },
  { heading: 'Steuern EUR', width: 90, right: true },
  { heading: 'Auszahlung netto EUR', width: 110, right: true },
];
const SETTLEMENT_COLUMNS = [
  { heading: '', width: 330, right: false },
  { heading: '', width: 100, right: true },
];

const signed = (n: number, format: (v: number) => string): string => (n > 0 ? `+${format(n)}` : format(n));

/**
 * The statements of account as one A4 PDF: each member's statement starts on a new page and is numbered on its own
 * ("Seite n von m" of that member's statement, so each can be sent as a letter). pdfkit holds a member's pages back
 * (`bufferPages`) until their count is known, writes the numbers (`switchToPage`), and then lets them go
 * (`flushPages`): memory stays at one statement. Yields to the event loop every few members.
 */
export async function statementsPdf(
  issuer: PdfIssuer,
  date: string,
  statements: AsyncIterable<readonly Statement[]>,
  onMember?: (done: number) => void,
): Promise<Buffer> {
  const { doc, bytes } = openPdf(STATEMENT_TITLE, issuer, 'portrait', MARGIN, true);
  let done = 0;
  for await (const batch of statements) {
    for (const s of batch) {
      const first = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
      statement(doc, issuer, date, s);
      const range = doc.bufferedPageRange();
      const count = range.start + range.count - first;
      for (let i = 0; i < count; i += 1) {
        doc.switchToPage(first + i);
        drawPageNumber(doc, i + 1, count);
      }
      doc.flushPages();
      done += 1;
      if (done % MEMBERS_PER_YIELD === 0) {
        onMember?.(done);
        await yieldToLoop();
      }
    }
  }
  if (done === 0) {
    doc.addPage();
    const y = drawHeader(doc, issuer, STATEMENT_TITLE, date);
    doc
      .font('Helvetica')
      .fontSize(FONT)
      .text('Keine Mitglieder.', MARGIN, y + 10, { lineBreak: false });
    drawPageNumber(doc, 1, 1);
  }
  onMember?.(done);
  doc.end();
  return bytes;
}

function statement(doc: PDFKit.PDFDocument, issuer: PdfIssuer, date: string, s: Statement): void {
  const m = s.member;
  const bottom = (): number => doc.page.height - MARGIN - FOOTER_SPACE;
  doc.addPage();
  let y = drawHeader(doc, issuer, STATEMENT_TITLE, date) + 8;
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text(fit(doc, `${issuer.name}, ${addressLine(issuer)}`, doc.page.width - 2 * MARGIN), MARGIN, y, {
      lineBreak: false,
    });
  y += 12;
  doc.fontSize(10);
  for (const line of addressBlock(m)) {
    doc.text(fit(doc, line, doc.page.width - 2 * MARGIN), MARGIN, y, { lineBreak: false });
    y += 13;
  }
  y += 10;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Kontoauszug zum ${germanDate(date)}`, MARGIN, y, { lineBreak: false });
  y += 18;
  doc.font('Helvetica').fontSize(FONT);
  const facts = [`Mitgliedsnummer: ${m.memberNr ?? ''}`, `Eintritt: ${m.entryDate ? germanDate(m.entryDate) : ''}`];
  if (m.exitDate) facts.push(`Austritt: ${germanDate(m.exitDate)}`);
  doc.text(facts.join('     '), MARGIN, y, { lineBreak: false });
  y += 20;

  const heading = (cols: typeof COLUMNS): void => {
    doc.font('Helvetica-Bold').fontSize(FONT);
    row(
      doc,
      cols,
      cols.map((c) => c.heading),
      y,
    );
    y += ROW + 2;
    doc.font('Helvetica').fontSize(FONT);
  };
  const next = (cols: typeof COLUMNS): void => {
    if (y + ROW <= bottom()) return;
    doc.addPage();
    y = drawHeader(doc, issuer, STATEMENT_TITLE, date) + 8;
    doc
      .font('Helvetica')
      .fontSize(FONT)
      .text(`Mitgliedsnummer ${m.memberNr ?? ''} (Fortsetzung)`, MARGIN, y, { lineBreak: false });
    y += 18;
    heading(cols);
  };

  doc.font('Helvetica-Bold').fontSize(10).text('Buchungen', MARGIN, y, { lineBreak: false });
  y += 15;
  heading(COLUMNS);
  if (s.lines.length === 0) {
    doc.text('Keine Buchungen bis zu diesem Tag.', MARGIN, y, { lineBreak: false });
    y += ROW;
  }
  for (const l of s.lines) {
    next(COLUMNS);
    row(
      doc,
      COLUMNS,
      [
        germanDate(l.date),
        l.type,
        signed(l.shares, String),
        signed(l.cents, euros),
        String(l.holdingShares),
        euros(l.holdingCents),
      ],
      y,
    );
    y += ROW;
  }
  y += 6;
  next(COLUMNS);
  doc
    .font('Helvetica-Bold')
    .fontSize(FONT)
    .text(
      `Bestand am ${germanDate(date)}: ${s.shares} ${s.shares === 1 ? 'Anteil' : 'Anteile'}, ${euros(s.cents)} EUR`,
      MARGIN,
      y,
      { lineBreak: false },
    );
  y += ROW + 14;

  if (s.settlements.length > 0) {
    // Issue 42: what the member (or the heirs) got back of the holding booked out, three lines per settlement.
    if (y + 4 * ROW + 15 > bottom()) next(COLUMNS);
    doc.font('Helvetica-Bold').fontSize(10).text('Auseinandersetzung (§ 73 GenG)', MARGIN, y, { lineBreak: false });
    y += 15;
    doc.font('Helvetica').fontSize(FONT);
    for (const x of s.settlements) {
      if (y + 3 * ROW > bottom()) next(COLUMNS);
      for (const [label, cents] of settlementLines(x)) {
        row(doc, SETTLEMENT_COLUMNS, [label, `${euros(cents)} EUR`], y);
        y += ROW;
      }
      y += 4;
    }
    y += 10;
  }

  if (y + 3 * ROW > bottom()) next(COLUMNS);
  doc.font('Helvetica-Bold').fontSize(10).text('Dividenden (letzte Geschäftsjahre)', MARGIN, y, { lineBreak: false });
  y += 15;
  if (s.dividends.length === 0) {
    doc.font('Helvetica').fontSize(FONT).text('Keine Dividenden.', MARGIN, y, { lineBreak: false });
    return;
  }
  heading(DIVIDEND_COLUMNS);
  for (const d of s.dividends) {
    next(DIVIDEND_COLUMNS);
    row(doc, DIVIDEND_COLUMNS, [String(d.year), euros(d.gross), euros(d.taxes), euros(d.net)], y);
    y += ROW;
  }
}

/** A settlement's lines on the statement: the settlement credit, the loss share deducted, the payout (label, cents). */
export function settlementLines(x: StatementSettlement): [string, number][] {
  return [
    [`Auseinandersetzungsguthaben zum ${germanDate(x.endDate)} (${x.reason})`, x.holding],
    ['abzüglich Anteil am Verlustvortrag', -x.lossShare],
    [`Auszahlung am ${germanDate(x.payoutDate)}${x.heirs ? ' an die Erben' : ''}`, x.amount],
  ];
}

/** The member's postal address: name line, street, place (country when abroad). */
function addressBlock(m: MemberDto): string[] {
  const title = m.title === 'Dr' ? 'Dr.' : m.title === 'Prof' ? 'Prof.' : null;
  const name =
    m.memberType === ERASED_MEMBER_TYPE
      ? ERASED_MEMBER_NAME
      : m.legalForm === 1
        ? (m.name ?? '')
        : [m.salutation, title, m.givenName, m.name].filter((s): s is string => !!s).join(' ');
  const street = [m.street, m.streetHomeNumber].filter((s): s is string => !!s).join(' ');
  const place = [m.zipCode, m.city].filter((s): s is string => !!s).join(' ');
  return [name, street, place, m.isForeign ? (m.country ?? '') : ''].filter((s) => s !== '');
}

function row(doc: PDFKit.PDFDocument, cols: typeof COLUMNS, cells: readonly string[], y: number): void {
  let x = MARGIN;
  cols.forEach((c, i) => {
    const text = cells[i] ?? '';
    const at = c.right ? x + c.width - 4 - doc.widthOfString(text) : x;
    if (text !== '') doc.text(text, at, y, { lineBreak: false });
    x += c.width;
  });
}
