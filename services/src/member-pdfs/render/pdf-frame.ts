import { pdfDocument } from '../../platform/pdf/pdf-fonts.js';
import { germanDate } from '../../kernel/german-format.js';

/** The cooperative a PDF names in its header (from the cooperative's read model). */
export interface PdfIssuer {
  readonly name: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
}

/** A document being written and the promise of its bytes. */
export interface OpenPdf {
  readonly doc: PDFKit.PDFDocument;
  readonly bytes: Promise<Buffer>;
}

/** Helvetica at this size, the page furniture's font. */
export const SMALL = 8;
export const FOOTER_SPACE = 30;

/** Opens an A4 document (portrait or landscape) whose bytes are gathered as pdfkit writes them. */
export function openPdf(
  title: string,
  issuer: PdfIssuer,
  layout: 'portrait' | 'landscape',
  margin: number,
  bufferPages: boolean,
): OpenPdf {
  const doc = pdfDocument({
    size: 'A4',
    layout,
    margin,
    autoFirstPage: false,
    bufferPages,
    info: { Title: title, Author: issuer.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * The header every page carries: the cooperative's name and address at the left, the title and "Stand: <date>" at
 * the right. Answers the y below it.
 */
export function drawHeader(doc: PDFKit.PDFDocument, issuer: PdfIssuer, title: string, date: string): number {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const right = doc.page.width - doc.page.margins.right;
  // The cooperative's name and address take what the title leaves; cut to fit (issue 38: a name of any length).
  const beside = right - left - doc.font('Helvetica-Bold').fontSize(11).widthOfString(title) - 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(fit(doc, issuer.name, beside), left, top, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(SMALL)
    .text(fit(doc, addressLine(issuer), beside), left, top + 14, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(title, right - doc.widthOfString(title), top, { lineBreak: false });
  const stand = `Stand: ${germanDate(date)}`;
  doc.font('Helvetica').fontSize(SMALL);
  doc.text(stand, right - doc.widthOfString(stand), top + 14, { lineBreak: false });
  doc
    .moveTo(left, top + 27)
    .lineTo(right, top + 27)
    .lineWidth(0.5)
    .stroke();
  return top + 34;
}

/** "Seite n von m" at the bottom right of the current page. */
export function drawPageNumber(doc: PDFKit.PDFDocument, n: number, m: number): void {
  const text = `Seite ${n} von ${m}`;
  doc.font('Helvetica').fontSize(SMALL);
  const x = doc.page.width - doc.page.margins.right - doc.widthOfString(text);
  doc.text(text, x, doc.page.height - doc.page.margins.bottom - SMALL - 2, { lineBreak: false });
}

/** The cooperative's address in one line: `street, zip city`. */
export function addressLine(issuer: PdfIssuer): string {
  const place = [issuer.zip, issuer.city].filter((s) => s !== '').join(' ');
  return [issuer.address, place].filter((s) => s !== '').join(', ');
}

/**
 * The most characters of one text `fit` measures: far more than any cell or line of an A4 page shows in any glyph of the
 * font but the zero-width ones. pdfkit's font caches the layout of every string it measures, so measuring every prefix
 * of a 10,000-letter name took minutes and gigabytes (issue 38); now a text costs at most about 10 measurements of at
 * most this many characters, whatever its length.
 */
export const FIT_AT_MOST = 300;

/** `text` cut (ending in "…") so that it fits `width` in the current font; at most FIT_AT_MOST characters are measured. */
export function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (text.length <= FIT_AT_MOST && doc.widthOfString(text) <= width) return text;
  // Whole characters (a surrogate pair is one): the cut never leaves half of one.
  const chars = Array.from(text.slice(0, FIT_AT_MOST)).filter((c) => !/^[\uD800-\uDFFF]$/.test(c));
  // The longest prefix that fits with the ellipsis: the width grows with the prefix, so a binary search finds it.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${chars.slice(0, mid).join('')}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('')}…`;
}

/**
 * `text` in lines no wider than `width` in the current font, broken after a blank or a hyphen (a word wider than the
 * line where it must): nothing is cut. A postal address is read by the post office, so a long name, street or town
 * goes on over lines of its own instead of ending in "…" (a 70-character surname was dropped from the address).
 */
export function wrapLine(doc: PDFKit.PDFDocument, whole: string, width: number): string[] {
  // An address line is a few fields of at most 70 characters each (TEXT_MAX); more than FIT_AT_MOST is not measured.
  const text = Array.from(whole).slice(0, FIT_AT_MOST).join('');
  if (doc.widthOfString(text) <= width) return [text];
  const lines: string[] = [];
  let current = '';
  for (const token of text.split(/(?<=[ -])/)) {
    if (doc.widthOfString(current + token) <= width) {
      current += token;
      continue;
    }
    if (current.trim() !== '') lines.push(current.trimEnd());
    current = '';
    // A word wider than the line on its own: broken by characters (whole ones: a surrogate pair stays together).
    for (const char of Array.from(token)) {
      if (current !== '' && doc.widthOfString(current + char) > width) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current.trim() !== '') lines.push(current.trimEnd());
  return lines;
}

/** A letter's address lines at `x`, from `y`, each wrapped to `width` (`wrapLine`); answers the y below the last. */
export function drawAddressLines(
  doc: PDFKit.PDFDocument,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
  lineHeight: number,
): number {
  let next = y;
  for (const line of lines)
    for (const part of wrapLine(doc, line, width)) {
      doc.text(part, x, next, { lineBreak: false });
      next += lineHeight;
    }
  return next;
}

/** Lets other requests run: called between batches so that no render holds the event loop for long. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
