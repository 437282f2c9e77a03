import PDFDocument from 'pdfkit';
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
export function openPdf(title: string, issuer: PdfIssuer, layout: 'portrait' | 'landscape', margin: number, bufferPages: boolean): OpenPdf {
  const doc = new PDFDocument({ size: 'A4', layout, margin, autoFirstPage: false, bufferPages, info: { Title: title, Author: issuer.name } });
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
  doc.font('Helvetica-Bold').fontSize(11).text(issuer.name, left, top, { lineBreak: false });
  doc.font('Helvetica').fontSize(SMALL).text(addressLine(issuer), left, top + 14, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(title, right - doc.widthOfString(title), top, { lineBreak: false });
  const stand = `Stand: ${germanDate(date)}`;
  doc.font('Helvetica').fontSize(SMALL);
  doc.text(stand, right - doc.widthOfString(stand), top + 14, { lineBreak: false });
  doc.moveTo(left, top + 27).lineTo(right, top + 27).lineWidth(0.5).stroke();
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

/** `text` cut (with "…" replaced by "...", WinAnsi-safe) so that it fits `width` in the current font. */
export function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Lets other requests run: called between batches so that no render holds the event loop for long. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
