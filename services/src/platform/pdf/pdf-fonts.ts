import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/*
 * The fonts every PDF of the product is written in. pdfkit's standard fonts (Helvetica, WinAnsi encoding) cannot print
 * letters outside Latin-1 such as ı, ş, ğ, ł, č, ř, ő: a member named "Yılmaz" came out as garbage. Arimo (Google's
 * Liberation-Sans-compatible font, npm `@expo-google-fonts/arimo`, MIT and OFL-1.1) covers Latin Extended, Greek and
 * Cyrillic and has Helvetica's metrics, so the layouts do not move. It is embedded (subset) under the names the
 * renderers use, 'Helvetica' and 'Helvetica-Bold'.
 */

const require = createRequire(import.meta.url);

/**
 * pdfkit and the two faces, read and parsed (fontkit, the parser pdfkit itself uses) once per process and shared by
 * every document: pdfkit given the bytes would parse them again for each document, and the lazily read tables (cmap,
 * kerning, glyph outlines) cost a one-page certificate some 30 ms each time; given the parsed font it only subsets it.
 * Loaded at the first document, not when the module is imported (decision 324): every start of the API, of the worker
 * and of each API test file loaded them (some 0.5 to 1 s on this machine) though most starts print no PDF. `require`
 * (their CommonJS builds) keeps `pdfDocument` synchronous for its renderers.
 */
interface PdfKit {
  readonly PDFDocument: typeof import('pdfkit');
  readonly regular: Font;
  readonly bold: Font;
}
let loaded: PdfKit | undefined;
function pdfKit(): PdfKit {
  if (!loaded) {
    const { create } = require('fontkit') as typeof import('fontkit');
    const parsed = (file: string): Font => {
      const font = create(readFileSync(require.resolve(file)));
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
      // The first layout reads the lazily parsed tables (some 40 ms a face): done once here, not in each render.
      font.layout('Aä');
      withCodePoints(font);
      return font;
    };
    loaded = {
      PDFDocument: require('pdfkit') as typeof import('pdfkit'),
      regular: parsed('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
      bold: parsed('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
    };
  }
  return loaded;
}

/** pdfkit's document class as the product's documents are made of it (the tests look at its `text`). */
export const pdfDocumentClass = (): typeof import('pdfkit') => pdfKit().PDFDocument;

/**
 * Makes fontkit's glyph of every character the font maps, with the character it stands for, before any document uses
 * the font. fontkit keeps one glyph object per glyph id for the font's lifetime, with the characters of the call that
 * made it first; the subsetter makes the parts of a composed letter (the `o` of `ö`) with no character at all. Shared by
 * every document, that glyph then went without a character into each later document's text mapping (ToUnicode): after
 * a certificate's bold "Körperschaft", every bold `o` printed was lost to copying and searching ("K nt auszug",
 * "V rname"; issue 43). Made here from the font's own character map, each glyph carries its character from the start.
 */
function withCodePoints(font: Font): void {
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
}

/** pdfkit opens a font given as an object with `layout` (a fontkit font) as it is; its typings name only paths and bytes. */
const asSource = (font: Font): PDFKit.Mixins.PDFFontSource => font as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * Registers Arimo on `doc` as 'Helvetica' and 'Helvetica-Bold' and makes the regular face the current font. Only
 * works on a document that has not opened the standard Helvetica yet: pdfkit caches a font by the name it was first
 * opened under, and a cached name wins over a registration made later. Hence `pdfDocument` below.
 */
export function useUnicodeFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  const { regular, bold } = pdfKit();
  doc.registerFont('Helvetica', asSource(regular));
  doc.registerFont('Helvetica-Bold', asSource(bold));
  return doc.font('Helvetica');
}

/**
 * A new pdfkit document whose 'Helvetica' and 'Helvetica-Bold' are Arimo. pdfkit opens its default font in the
 * constructor (the standard Helvetica, cached under 'Helvetica'); `font: ''` leaves that out, so the registration wins.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const { PDFDocument } = pdfKit();
  return breakingLongWords(useUnicodeFonts(new PDFDocument({ ...options, font: '' })));
}

/** The longest run of characters without a break opportunity that a wrapped text hands pdfkit (issue 38). */
export const WORD_AT_MOST = 60;

/**
 * `text` with a zero-width space (U+200B: a break opportunity, a glyph of no width in Arimo) after every WORD_AT_MOST
 * characters of a longer word. pdfkit's line wrapper breaks a word wider than the line by measuring the whole rest of
 * it again for every line, and its font caches the layout of every string measured: a 10,000-letter name took 27.6 s
 * (2,000 letters 2.1 s) on the thread that renders; broken up, 0.3 s. Counts code points, never halves a pair.
 */
export function breakLongWords(text: string, every: number = WORD_AT_MOST): string {
  if (text.length <= every) return text;
  return text.replace(new RegExp(`[^\\s\u200b]{${every}}(?=[^\\s\u200b])`, 'gu'), '$&\u200b');
}

/**
 * Every wrapped text of the document (`lineBreak` not false) goes to pdfkit with its long words broken up
 * (`breakLongWords`); a text on one line (`lineBreak: false`, the tables, which cut to fit) goes as it is.
 */
function breakingLongWords(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const wrapped = (value: unknown, ...rest: unknown[]): PDFKit.PDFDocument => {
    const options = rest.find((a): a is PDFKit.Mixins.TextOptions => typeof a === 'object' && a !== null);
    const wraps = options?.lineBreak !== false;
    return text(wraps && typeof value === 'string' ? breakLongWords(value) : value, ...rest);
  };
  doc.text = wrapped as unknown as typeof doc.text;
  return doc;
}
