import type { MemberDto } from '@coop/contracts';
import {
  counted,
  countryLine,
  ERASED_MEMBER_NAME,
  ERASED_MEMBER_TYPE,
  euros,
  germanCount,
  germanDate,
} from '../../kernel/german-format.js';
import {
  addressLine,
  drawAddressLines,
  drawHeader,
  drawPageNumber,
  fit,
  FOOTER_SPACE,
  openPdf,
  yieldToLoop,
  type PdfIssuer,
} from './pdf-frame.js';
import { cellLines } from './table-pdf.js';

/**
 * One line of a statement with the holding after it (shares and cents are signed: a return is negative): a posting, or
 * (`payment`) a payment on a posting after its day or a returned payment, which moves no shares (issue 45). `paid` is
 * the line's change of the Geschäftsguthaben (the register's payment), `holdingPaid` the Geschäftsguthaben after it.
 */
export interface StatementLine {
  readonly date: string;
  readonly type: string;
  readonly shares: number;
  readonly cents: number;
  readonly paid: number;
  readonly holdingShares: number;
  readonly holdingCents: number;
  readonly holdingPaid: number;
  readonly payment: boolean;
}

/** One closure the member was paid in (cents). */
export interface StatementDividend {
  readonly year: number;
  readonly gross: number;
  readonly taxes: number;
  /** The part of the net credited to the Geschäftsguthaben (issue 45, § 19 Abs. 1 GenG); absent: none. */
  readonly credited?: number;
  /** What was paid out: the net less the credit. */
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
/*
 * Issue 45: for a member with a line whose payment differs from its nominal amount, the Geschäftsguthaben beside it
 * (what was paid, § 7 GenG). Two lines of headings, and cells set smaller or on two lines rather than cut (the member
 * list's `cellLines`), so the eight columns keep within the page (decision 272).
 */
const PAID_COLUMNS: readonly { heading: string; width: number; right: boolean }[] = [
  { heading: 'Datum', width: 50, right: false },
  { heading: 'Vorgang', width: 112, right: false },
  { heading: 'Anteile', width: 36, right: true },
  { heading: 'Betrag\nEUR', width: 62, right: true },
  { heading: 'eingezahlt\nEUR', width: 60, right: true },
  { heading: 'Bestand\nAnteile', width: 45, right: true },
  { heading: 'Bestand\nEUR', width: 64, right: true },
  { heading: 'Geschäfts-\nguthaben EUR', width: 66, right: true },
];
// Gross less taxes is what was credited plus what was paid out: the row adds up (issue 45 credits the net).
const DIVIDEND_COLUMNS = [
  { heading: 'Geschäftsjahr', width: 70, right: false },
  { heading: 'Dividende brutto EUR', width: 100, right: true },
  { heading: 'Steuern EUR', width: 80, right: true },
  { heading: 'Gutschrift auf das\nGeschäftsguthaben EUR', width: 135, right: true },
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
  y = drawAddressLines(doc, addressBlock(m), MARGIN, y, doc.page.width - 2 * MARGIN, 13);
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
    const lines = cols.map((c) => c.heading.split('\n'));
    const height = lines.reduce((most, l) => Math.max(most, l.length), 0);
    for (let k = 0; k < height; k += 1) {
      row(
        doc,
        cols,
        lines.map((l) => l[k] ?? ''),
        y,
      );
      y += ROW;
    }
    y += 2;
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

  // Issue 45: a member whose lines are all paid in full reads as before; else the Geschäftsguthaben beside the nominal.
  const withPaid = s.lines.some((l) => l.paid !== l.cents);
  const columns = withPaid ? PAID_COLUMNS : COLUMNS;
  doc.font('Helvetica-Bold').fontSize(10).text('Buchungen', MARGIN, y, { lineBreak: false });
  y += 15;
  heading(columns);
  if (s.lines.length === 0) {
    doc.text('Keine Buchungen bis zu diesem Tag.', MARGIN, y, { lineBreak: false });
    y += ROW;
  }
  for (const l of s.lines) {
    next(columns);
    if (withPaid) row(doc, PAID_COLUMNS, paidCells(l), y, true);
    else
      row(
        doc,
        COLUMNS,
        [
          germanDate(l.date),
          l.type,
          signed(l.shares, germanCount),
          signed(l.cents, euros),
          germanCount(l.holdingShares),
          euros(l.holdingCents),
        ],
        y,
      );
    y += ROW;
  }
  y += 6;
  const closing = withPaid ? paidClosing(date, s) : [holdingWords(date, s, `${euros(s.cents)} EUR`)];
  for (const text of closing) {
    next(columns);
    doc.font('Helvetica-Bold').fontSize(FONT).text(text, MARGIN, y, { lineBreak: false });
    y += ROW;
  }
  y += 14;

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
    const cells = [String(d.year), euros(d.gross), euros(d.taxes), euros(d.credited ?? 0), euros(d.net)];
    row(doc, DIVIDEND_COLUMNS, cells, y);
    y += ROW;
  }
}

/** The closing line's holding: the date, the shares and their amount as given. */
function holdingWords(date: string, s: Statement, amount: string): string {
  return `Bestand am ${germanDate(date)}: ${counted(s.shares, 'Anteil', 'Anteile')}, ${amount}`;
}

/** A line's cells with the Geschäftsguthaben: a payment line moves no shares and no nominal amount. */
export function paidCells(l: StatementLine): string[] {
  return [
    germanDate(l.date),
    l.type,
    l.payment ? '' : signed(l.shares, germanCount),
    l.payment ? '' : signed(l.cents, euros),
    signed(l.paid, euros),
    germanCount(l.holdingShares),
    euros(l.holdingCents),
    euros(l.holdingPaid),
  ];
}

/**
 * The closing lines with the Geschäftsguthaben (issue 45): the holding's nominal amount, then what was paid in by the
 * date (the last line's running Geschäftsguthaben) and what is still to be paid in (the nominal amount less it), or
 * what was paid above the nominal amount.
 */
export function paidClosing(date: string, s: Statement): string[] {
  const paid = s.lines.at(-1)?.holdingPaid ?? 0;
  const open = s.cents - paid;
  const rest = open >= 0 ? `noch einzuzahlen ${euros(open)} EUR` : `über den Nennbetrag eingezahlt ${euros(-open)} EUR`;
  return [
    holdingWords(date, s, `Nennbetrag ${euros(s.cents)} EUR`),
    `Geschäftsguthaben (eingezahlt) ${euros(paid)} EUR, ${rest}`,
  ];
}

/** A settlement's lines on the statement: the settlement credit, the loss share deducted, the payout (label, cents). */
export function settlementLines(x: StatementSettlement): [string, number][] {
  return [
    [`Auseinandersetzungsguthaben zum ${germanDate(x.endDate)} (${x.reason})`, x.holding],
    ['abzüglich Anteil am Verlustvortrag', -x.lossShare],
    [`Auszahlung am ${germanDate(x.payoutDate)}${x.heirs ? ' an die Erben' : ''}`, x.amount],
  ];
}

/** The member's postal address: name line, a minor's representative, street, place (the country in capitals abroad). */
function addressBlock(m: MemberDto): string[] {
  const title = m.title === 'Dr' ? 'Dr.' : m.title === 'Prof' ? 'Prof.' : null;
  const name =
    m.memberType === ERASED_MEMBER_TYPE
      ? ERASED_MEMBER_NAME
      : m.legalForm === 1
        ? (m.name ?? '')
        : [m.salutation, title, m.givenName, m.name].filter((s): s is string => !!s).join(' ');
  // A minor's statement goes to the legal representative, named as the reminder letters name them.
  const representative = m.legalRepresentation ? `vertreten durch ${m.legalRepresentation}` : '';
  const street = [m.street, m.streetHomeNumber].filter((s): s is string => !!s).join(' ');
  const place = [m.zipCode, m.city].filter((s): s is string => !!s).join(' ');
  return [name, representative, street, place, m.isForeign ? countryLine(m.country) : ''].filter((s) => s !== '');
}

/**
 * A row of cells. `fitted`: a cell wider than its column is set smaller or on two lines (`cellLines`, as the member
 * list's), never cut or run into the next column.
 */
function row(doc: PDFKit.PDFDocument, cols: typeof COLUMNS, cells: readonly string[], y: number, fitted = false): void {
  let x = MARGIN;
  cols.forEach((c, i) => {
    const text = cells[i] ?? '';
    if (text === '') {
      x += c.width;
      return;
    }
    const { size, lines } = fitted ? cellLines(doc, text, c.width - 4, FONT) : { size: FONT, lines: [text] };
    doc.fontSize(size);
    const top = lines.length > 1 ? y - 1 : y + (FONT - size) / 2;
    lines.forEach((line, n) => {
      const at = c.right ? x + c.width - 4 - doc.widthOfString(line) : x;
      doc.text(line, at, top + (n * ROW) / 2, { lineBreak: false });
    });
    doc.fontSize(FONT);
    x += c.width;
  });
}
