import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/*
 * The text of a PDF, for the tests and the benchmarks, read with Mozilla's pdf.js (`pdfjs-dist`, legacy build for
 * Node). pdf.js parses the page's content and its fonts (embedded subsets with their ToUnicode maps, or the standard
 * fonts) and answers each text show with its glyphs' Unicode. One string per text show (a pdfkit `text()` call, or
 * one of its wrapped lines), as the tests compare them: pdf.js's own `getTextContent` joins shows that sit next to
 * each other on a line ("Nr." and "Anrede" into "Nr. Anrede"), so the operator list is read instead.
 */

/** One entry of a text show's argument: a glyph, or a number (the kerning or spacing in the show's array). */
interface ShownGlyph {
  readonly unicode?: string;
}

const SHOWS: ReadonlySet<number> = new Set([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

function shownText(args: readonly unknown[]): string {
  const glyphs = args.find((a): a is readonly (ShownGlyph | number)[] => Array.isArray(a)) ?? [];
  let text = '';
  for (const g of glyphs) if (typeof g === 'object' && g !== null && typeof g.unicode === 'string') text += g.unicode;
  return text;
}

/** The strings of text of each page, one per text show, in drawing order; pages without text are left out. */
export async function pdfPages(pdf: Buffer): Promise<string[][]> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  });
  const doc = await task.promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      const lines: string[] = [];
      ops.fnArray.forEach((fn, i) => {
        if (SHOWS.has(fn)) lines.push(shownText(ops.argsArray[i] as unknown[]));
      });
      if (lines.length > 0) pages.push(lines);
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
