import type { RemindedSubscription, ReminderLevel } from '@coop/contracts';
import { euros, germanCount, germanDate } from '../../kernel/german-format.js';
import { addressLine, drawAddressLines, fit, openPdf, type PdfIssuer } from '../../member-pdfs/index.js';

/** The cooperative as its reminder letters name it: letterhead and the account to pay to. */
export interface ReminderIssuer extends PdfIssuer {
  readonly bankname: string;
  readonly iban: string;
  readonly bic: string;
}

/** One reminder letter: whom, which level, what is due (amounts in cents). */
export interface ReminderLetter {
  readonly memberNr: number | null;
  /** The salutation line ("Sehr geehrte Frau Muster,"). */
  readonly salutation: string;
  /** The postal address lines (name, street, place, country); empty once the member's data is erased. */
  readonly recipient: readonly string[];
  readonly level: ReminderLevel;
  readonly date: string;
  readonly amount: number;
  readonly subscriptions: readonly RemindedSubscription[];
}

/** The letter's subject by level (issue 45: first, second and last reminder). */
export const REMINDER_TITLES: Readonly<Record<ReminderLevel, string>> = {
  1: 'Zahlungserinnerung',
  2: '2. Mahnung',
  3: 'Letzte Mahnung',
};

const BODY: Readonly<Record<ReminderLevel, string>> = {
  1:
    'sicher ist es Ihrer Aufmerksamkeit entgangen: Die folgenden Einzahlungen auf Ihre Geschäftsanteile sind fällig und ' +
    'noch nicht bei uns eingegangen. Bitte überweisen Sie den offenen Betrag auf das unten genannte Konto. Haben Sie ' +
    'inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  2:
    'trotz unserer Zahlungserinnerung sind die folgenden Einzahlungen auf Ihre Geschäftsanteile noch offen. Wir bitten ' +
    'Sie, den offenen Betrag umgehend auf das unten genannte Konto zu überweisen.',
  3:
    'die folgenden Einzahlungen auf Ihre Geschäftsanteile sind trotz zweier Mahnungen noch offen. Als Mitglied sind Sie ' +
    'verpflichtet, die Einzahlungen zu leisten, die die Satzung vorschreibt (§ 7 Nr. 1 GenG). Bitte überweisen Sie den ' +
    'offenen Betrag umgehend auf das unten genannte Konto; bleibt die Zahlung aus, behalten wir uns die Schritte vor, ' +
    'die die Satzung vorsieht.',
};

const MARGIN = 56;
/** Rows of the table on a page; a letter with more subscriptions continues on the next page. */
const ROWS_PER_PAGE = 24;

/** The IBAN in groups of four, as printed on paper. */
const grouped = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

/**
 * The letters of one sending in one PDF (German, A4), each letter starting on a page of its own; `between` is awaited
 * after each letter (the calling thread yields there).
 */
export async function reminderLettersPdf(
  issuer: ReminderIssuer,
  letters: readonly ReminderLetter[] | AsyncIterable<readonly ReminderLetter[]>,
  between: () => Promise<void>,
): Promise<Buffer> {
  // Each letter's pages are held back until their count is known (bufferPages), numbered, then let go (flushPages).
  const { doc, bytes } = openPdf('Zahlungserinnerungen und Mahnungen', issuer, 'portrait', MARGIN, true);
  const batches: AsyncIterable<readonly ReminderLetter[]> =
    Symbol.asyncIterator in letters
      ? letters
      : (async function* () {
          yield letters;
        })();
  let count = 0;
  for await (const batch of batches) {
    for (const letter of batch) {
      const first = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
      drawLetter(doc, issuer, letter);
      const range = doc.bufferedPageRange();
      markPages(doc, letter, first, range.start + range.count - first);
      doc.flushPages();
      count += 1;
      await between();
    }
  }
  if (count === 0) doc.addPage();
  doc.end();
  return bytes;
}

/**
 * A letter over more than one page: each page says whose letter it is and which page ("Mitgliedsnummer 7 · 2. Mahnung
 * vom 01.12.2026 · Seite 2 von 2"), at its foot. The continued page had nothing to tell it from the next member's
 * letter in the sending's printout. A one-page letter is left as it is.
 */
function markPages(doc: PDFKit.PDFDocument, l: ReminderLetter, first: number, pages: number): void {
  if (pages < 2) return;
  for (let i = 0; i < pages; i += 1) {
    doc.switchToPage(first + i);
    const mark = `Mitgliedsnummer ${l.memberNr ?? ''} · ${REMINDER_TITLES[l.level]} vom ${germanDate(l.date)} · Seite ${i + 1} von ${pages}`;
    doc.font('Helvetica').fontSize(8);
    // In the bottom margin, below anything the letter writes (ensureRoom keeps the text above it).
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(mark, doc.page.width - MARGIN - doc.widthOfString(mark), doc.page.height - MARGIN + 20, {
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

function drawLetter(doc: PDFKit.PDFDocument, issuer: ReminderIssuer, l: ReminderLetter): void {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const right = doc.page.width - MARGIN;
  let y = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(fit(doc, issuer.name, width - 170), MARGIN, y, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(fit(doc, addressLine(issuer), width - 170), MARGIN, y + 16, { lineBreak: false });
  const meta = [`Datum: ${germanDate(l.date)}`, `Mitgliedsnummer: ${l.memberNr ?? ''}`];
  doc.fontSize(9);
  for (const [i, line] of meta.entries())
    doc.text(line, right - doc.widthOfString(line), y + i * 13, { lineBreak: false });
  y = 130;
  doc.fontSize(6.5).text(fit(doc, `${issuer.name}, ${addressLine(issuer)}`, 250), MARGIN, y, { lineBreak: false });
  y += 14;
  doc.fontSize(10);
  y = drawAddressLines(doc, l.recipient, MARGIN, y, 250, 13);
  y = Math.max(y, 230) + 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${REMINDER_TITLES[l.level]}: Einzahlung auf Ihre Geschäftsanteile`, MARGIN, y, { lineBreak: false });
  y += 28;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(fit(doc, l.salutation, width), MARGIN, y, { lineBreak: false });
  y += 20;
  doc.text(BODY[l.level], MARGIN, y, { width });
  y = doc.y + 14;
  y = drawTable(doc, l, y, width);
  y += 14;
  doc.font('Helvetica').fontSize(10);
  const account: [string, string][] = [
    ['Empfänger', issuer.name],
    ['Bank', issuer.bankname],
    ['IBAN', grouped(issuer.iban)],
    ['BIC', issuer.bic],
    ['Verwendungszweck', `Mitgliedsnummer ${l.memberNr ?? ''}`],
  ];
  y = ensureRoom(doc, y, account.length * 14 + 70);
  for (const [label, value] of account) {
    doc.text(label, MARGIN, y, { lineBreak: false });
    doc.text(fit(doc, value, width - 130), MARGIN + 130, y, { lineBreak: false });
    y += 14;
  }
  y += 18;
  doc.text('Mit freundlichen Grüßen', MARGIN, y, { lineBreak: false });
  doc.text(fit(doc, issuer.name, width), MARGIN, y + 14, { lineBreak: false });
  doc
    .fontSize(7.5)
    .text('Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.', MARGIN, y + 40, {
      lineBreak: false,
    });
}

/** A new page (the letter continued) when fewer than `room` points are left on this one; answers the y to write at. */
function ensureRoom(doc: PDFKit.PDFDocument, y: number, room: number): number {
  if (y + room <= doc.page.height - MARGIN) return y;
  doc.addPage();
  return MARGIN;
}

/** The table of the reminded subscriptions and their total; answers the y below it. */
function drawTable(doc: PDFKit.PDFDocument, l: ReminderLetter, top: number, width: number): number {
  const cols = [MARGIN, MARGIN + 130, MARGIN + 230, MARGIN + width];
  const header = (y: number): number => {
    doc.font('Helvetica-Bold').fontSize(9.5);
    doc.text('Zeichnung vom', cols[0]!, y, { lineBreak: false });
    doc.text('Anteile', cols[1]!, y, { lineBreak: false });
    doc.text('fällig seit', cols[2]!, y, { lineBreak: false });
    const h = 'offener Betrag';
    doc.text(h, cols[3]! - doc.widthOfString(h), y, { lineBreak: false });
    doc
      .moveTo(MARGIN, y + 13)
      .lineTo(MARGIN + width, y + 13)
      .lineWidth(0.5)
      .stroke();
    return y + 18;
  };
  let y = header(top);
  for (const [i, s] of l.subscriptions.entries()) {
    if (i > 0 && i % ROWS_PER_PAGE === 0) {
      doc.addPage();
      y = header(MARGIN);
    }
    doc.font('Helvetica').fontSize(9.5);
    doc.text(germanDate(s.date), cols[0]!, y, { lineBreak: false });
    doc.text(germanCount(s.quantity), cols[1]!, y, { lineBreak: false });
    doc.text(germanDate(s.dueSince), cols[2]!, y, { lineBreak: false });
    const amount = `${euros(s.amount)} EUR`;
    doc.text(amount, cols[3]! - doc.widthOfString(amount), y, { lineBreak: false });
    y += 14;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .stroke();
  y += 5;
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text('Offener Betrag insgesamt', cols[0]!, y, { lineBreak: false });
  const total = `${euros(l.amount)} EUR`;
  doc.text(total, cols[3]! - doc.widthOfString(total), y, { lineBreak: false });
  return y + 16;
}
