import { drawHeader, drawPageNumber, fit, FOOTER_SPACE, openPdf, yieldToLoop, type PdfIssuer } from './pdf-frame.js';

/** A column of a list: its heading, width (points) and alignment. */
export interface Column {
  readonly heading: string;
  readonly width: number;
  readonly align?: 'left' | 'right';
}

/** What a list PDF shows: its title, page layout, columns and font size. */
export interface TableLayout {
  readonly title: string;
  readonly layout: 'portrait' | 'landscape';
  readonly margin: number;
  readonly fontSize: number;
  readonly rowHeight: number;
  readonly columns: readonly Column[];
}

const ROWS_PER_YIELD = 200;
const GAP = 3;

/** How many rows fit a page of the layout (header, column headings and footer taken off). */
export function rowsPerPage(t: TableLayout): number {
  const height = t.layout === 'landscape' ? 595.28 : 841.89;
  const top = t.margin + 34 + t.rowHeight + 4;
  const bottom = height - t.margin - FOOTER_SPACE;
  return Math.floor((bottom - top) / t.rowHeight);
}

/** The pages a list of `rows` rows (and `extra` closing lines) takes: at least one. */
export function pagesFor(t: TableLayout, rows: number, extra: number): number {
  return Math.max(1, Math.ceil((rows + extra) / rowsPerPage(t)));
}

/**
 * A list as one PDF: a fixed number of rows per page, so the page count is known from `total` before the first page
 * and "Seite n von m" is written as each page starts (no page is held back, the file is written as it goes). `rows`
 * comes in batches; the loop yields every few hundred rows. `closing` lines follow the last row (a sum). Answers the
 * bytes and the rows written: a caller whose count changed meanwhile renders again.
 */
export async function tablePdf(
  issuer: PdfIssuer,
  date: string,
  t: TableLayout,
  total: number,
  rows: AsyncIterable<readonly (readonly string[])[]>,
  closing: () => readonly string[],
  onRows?: (done: number) => void,
): Promise<{ pdf: Buffer; rows: number }> {
  const { doc, bytes } = openPdf(t.title, issuer, t.layout, t.margin, false);
  const perPage = rowsPerPage(t);
  const closingCount = closing().length;
  const pages = pagesFor(t, total, closingCount);
  let page = 0;
  let onPage = perPage;
  let y = 0;
  const startPage = (): void => {
    doc.addPage();
    page += 1;
    onPage = 0;
    y = drawHeader(doc, issuer, t.title, date);
    drawPageNumber(doc, page, Math.max(pages, page));
    doc.font('Helvetica-Bold').fontSize(t.fontSize);
    drawRow(
      doc,
      t,
      t.columns.map((c) => c.heading),
      y,
    );
    y += t.rowHeight + 4;
    doc.font('Helvetica').fontSize(t.fontSize);
  };
  let written = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      if (onPage >= perPage) startPage();
      drawRow(doc, t, row, y);
      y += t.rowHeight;
      onPage += 1;
      written += 1;
      if (written % ROWS_PER_YIELD === 0) {
        onRows?.(written);
        await yieldToLoop();
      }
    }
  }
  const lines = closing();
  for (const line of lines) {
    if (onPage >= perPage) startPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(t.fontSize)
      .text(line, t.margin, y + 2, { lineBreak: false });
    y += t.rowHeight;
    onPage += 1;
  }
  if (page === 0) {
    startPage();
    doc
      .font('Helvetica')
      .fontSize(t.fontSize)
      .text('Keine Mitglieder.', t.margin, y + 2, { lineBreak: false });
  }
  onRows?.(written);
  doc.end();
  return { pdf: await bytes, rows: written };
}

/** The smallest a cell's text is set before it goes on a second line: this share of the list's font size. */
const SMALLEST = 0.8;
/** The size of a cell's two lines, as a share of the list's font size: two of them fill the row. */
const TWO_LINES = 0.72;
/** Characters of one line of a cell measured at most: beyond what two lines can hold, so the work stays bounded. */
const MEASURED = 400;

/**
 * A cell's text without cutting what a clerk must read (issue 43: "Geburtsda…", "Gemeindewerke Wass…"): at the list's
 * size when it fits, else set smaller (down to SMALLEST), else on two lines at TWO_LINES of the size, broken between
 * words. Only what does not fit even then is cut, with "…", at the end of the second line. Each word is measured once:
 * linear in the text's length.
 */
export function cellLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  fontSize: number,
): { size: number; lines: string[] } {
  const whole = doc.fontSize(fontSize).widthOfString(text);
  if (whole <= width) return { size: fontSize, lines: [text] };
  if (whole * SMALLEST <= width) return { size: (fontSize * width) / whole, lines: [text] };
  const size = fontSize * TWO_LINES;
  doc.fontSize(size);
  // Broken after a space or a hyphen ("Oberbürgermeister-Dr.-Müller-Straße"); each piece measured once.
  const pieces = text.slice(0, 2 * MEASURED).split(/(?<=[ -])/);
  let first = '';
  let used = 0;
  let i = 0;
  for (; i < pieces.length; i++) {
    const w = doc.widthOfString(pieces[i]!.trimEnd());
    if (used + w > width && first !== '') break;
    first += pieces[i]!;
    used += doc.widthOfString(pieces[i]!);
  }
  const lines = [fit(doc, first.trimEnd().slice(0, MEASURED), width)];
  const rest = pieces.slice(i).join('').trim();
  if (rest !== '') lines.push(fit(doc, rest.slice(0, MEASURED), width));
  return { size, lines };
}

function drawRow(doc: PDFKit.PDFDocument, t: TableLayout, cells: readonly string[], y: number): void {
  let x = t.margin;
  t.columns.forEach((c, i) => {
    const text = cells[i] ?? '';
    if (text !== '') {
      const { size, lines } = cellLines(doc, text, c.width - GAP, t.fontSize);
      doc.fontSize(size);
      const lineHeight = lines.length > 1 ? t.rowHeight / 2 : 0;
      const top = lines.length > 1 ? y - 1 : y + (t.fontSize - size) / 2;
      lines.forEach((line, n) => {
        const at = c.align === 'right' ? x + c.width - GAP - doc.widthOfString(line) : x;
        doc.text(line, at, top + n * lineHeight, { lineBreak: false });
      });
    }
    x += c.width;
  });
  doc.fontSize(t.fontSize);
}
