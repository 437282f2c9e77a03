import PDFDocument from 'pdfkit';
import { breakLongWords, pdfDocument, WORD_AT_MOST } from './pdf-fonts.js';
import { pdfPages } from './pdf-text.js';

/*
 * The fonts of every PDF: Arimo embedded under the renderers' names 'Helvetica' and 'Helvetica-Bold', so that names
 * with letters outside WinAnsi print as they are, with Helvetica's metrics so that the layouts do not move.
 */

const NAME = 'Yılmaz, Łukasz Čapek-Şahin';
const MORE = 'Dvořák Gőz Ağaoğlu Ølstrøm Παπαδόπουλος Иванова …';

function written(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

describe('pdf fonts', () => {
  it('prints names with Latin Extended, Greek and Cyrillic letters as they are, in the regular and the bold face', async () => {
    const doc = pdfDocument({ size: 'A4', margin: 56 });
    const bytes = written(doc);
    doc.text(NAME);
    doc.font('Helvetica-Bold').text(MORE);
    doc.font('Helvetica').text('Straße 1, Köln');
    doc.end();
    const pdf = await bytes;
    expect(await pdfPages(pdf)).toEqual([[NAME, MORE, 'Straße 1, Köln']]);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Arimo-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Arimo-Bold/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
  });

  it('maps every glyph to its letter in later documents too, after a document printed composed letters first (issue 43)', async () => {
    // The subsetter made the parts of `ö`, `Ü`, `é` (`o`, `U`, `e`) without their letters in the shared font; every
    // later document then printed those letters without a text mapping: "K nt auszug", "V rname".
    const composed = 'Körperschaft Ärger Übung Café ñ Ÿ';
    const first = pdfDocument({ size: 'A4' });
    const firstBytes = written(first);
    first.font('Helvetica-Bold').text(composed);
    first.font('Helvetica').text(composed);
    first.end();
    expect(await pdfPages(await firstBytes)).toEqual([[composed, composed]]);
    const plain = 'Kontoauszug Vorname Geburtsdatum AOUEaeouny';
    const later = pdfDocument({ size: 'A4' });
    const laterBytes = written(later);
    later.font('Helvetica-Bold').text(plain);
    later.font('Helvetica').text(plain);
    later.end();
    expect(await pdfPages(await laterBytes)).toEqual([[plain, plain]]);
  });

  it('measures text and advances lines as the standard Helvetica does, so the layouts stay (within 1 %)', () => {
    const arimo = pdfDocument({ size: 'A4' });
    const helvetica = new PDFDocument({ size: 'A4' });
    for (const face of ['Helvetica', 'Helvetica-Bold']) {
      for (const text of [
        'Mitgliedsnummer: 1234     Eintritt: 15.01.2020',
        'Höhe der Kapitalerträge (Dividende, § 20 Abs. 1 Nr. 1 EStG)',
        '1.234.567,89 EUR',
      ]) {
        const ours = arimo.font(face).fontSize(10).widthOfString(text);
        const standard = helvetica.font(face).fontSize(10).widthOfString(text);
        expect(Math.abs(ours - standard) / standard).toBeLessThan(0.01);
      }
    }
    // The advance from one line to the next (moveDown, wrapped text); Arimo's ascent is higher (0.905 em against
    // 0.718), so its glyphs sit about 0.19 em lower below a given y, its line gap smaller by as much.
    const advance = arimo.font('Helvetica').fontSize(10).currentLineHeight(true);
    const standardAdvance = helvetica.font('Helvetica').fontSize(10).currentLineHeight(true);
    expect(Math.abs(advance - standardAdvance) / standardAdvance).toBeLessThan(0.01);
  });
});

// Issue 38: pdfkit's line wrapper measures the rest of a word wider than the line again for every line it breaks off,
// so a 10,000-letter name took 27.6 s on the rendering thread (a tax certificate's address). Wrapped text is broken up.
describe('long words in wrapped text', () => {
  it('lays out a 10,000-letter word with work linear in its length, all of its letters kept', async () => {
    const doc = pdfDocument({ size: 'A4' });
    const width = doc.widthOfString.bind(doc);
    let measured = 0;
    doc.widthOfString = ((text: string, options?: PDFKit.Mixins.TextOptions) => {
      measured += text.length;
      return width(text, options);
    }) as typeof doc.widthOfString;
    const bytes = written(doc);
    doc.font('Helvetica').fontSize(11).text('A'.repeat(10_000), 50, 110);
    doc.end();
    expect(measured).toBeLessThan(10 * 10_000);
    const lines = (await pdfPages(await bytes))
      .flat()
      .join('')
      .replace(/[\u200b\s]/g, '');
    expect(lines).toBe('A'.repeat(10_000));
  });

  it('breaks only words longer than the limit, by code points, and leaves one-line texts alone', () => {
    expect(breakLongWords('Anna Müller')).toBe('Anna Müller');
    const long = 'x'.repeat(WORD_AT_MOST * 2 + 1);
    expect(breakLongWords(long)).toBe(`${'x'.repeat(WORD_AT_MOST)}\u200b${'x'.repeat(WORD_AT_MOST)}\u200bx`);
    expect(breakLongWords('𝔘'.repeat(WORD_AT_MOST + 1))).toBe(`${'𝔘'.repeat(WORD_AT_MOST)}\u200b𝔘`);
    expect(breakLongWords('x'.repeat(WORD_AT_MOST))).toBe('x'.repeat(WORD_AT_MOST));
  });
});
