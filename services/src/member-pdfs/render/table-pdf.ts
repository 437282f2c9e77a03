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
    drawRow(doc, t, t.columns.map((c) => c.heading), y);
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
    doc.font('Helvetica-Bold').fontSize(t.fontSize).text(line, t.margin, y + 2, { lineBreak: false });
    y += t.rowHeight;
    onPage += 1;
  }
  if (page === 0) {
    startPage();
    doc.font('Helvetica').fontSize(t.fontSize).text('Keine Mitglieder.', t.margin, y + 2, { lineBreak: false });
  }
  onRows?.(written);
  doc.end();
  return { pdf: await bytes, rows: written };
}

function drawRow(doc: PDFKit.PDFDocument, t: TableLayout, cells: readonly string[], y: number): void {
  let x = t.margin;
  t.columns.forEach((c, i) => {
    const text = fit(doc, cells[i] ?? '', c.width - GAP);
    const at = c.align === 'right' ? x + c.width - GAP - doc.widthOfString(text) : x;
    if (text !== '') doc.text(text, at, y, { lineBreak: false });
    x += c.width;
  });
}
