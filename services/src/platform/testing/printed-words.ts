import { pdfDocumentClass } from '../pdf/pdf-fonts.js';
import { pdfPages } from '../pdf/pdf-text.js';

type TextMethod = (this: unknown, ...args: unknown[]) => unknown;

/**
 * The words a renderer printed that a reader of its PDF cannot find (issue 43: bold text lost letters when copied or
 * searched, "K nt auszug"). Every text given to pdfkit's `text` while `render` runs is recorded; the PDF's text is read
 * as pdf.js reads it (each glyph through the font's ToUnicode map) and each printed word is looked for in it, spaces
 * left out on both sides (pdfkit wraps a long line at spaces and hyphens). An empty answer: every word was found.
 * For tests: it replaces pdfkit's `text` while `render` runs, so renders must not run beside it.
 */
export async function wordsNotFound(render: () => Promise<Buffer>): Promise<string[]> {
  const proto = pdfDocumentClass().prototype as unknown as { text: TextMethod };
  const original = proto.text;
  const printed: string[] = [];
  proto.text = function (this: unknown, ...args: unknown[]): unknown {
    if (typeof args[0] === 'string' || typeof args[0] === 'number') printed.push(String(args[0]));
    return original.apply(this, args);
  };
  let pdf: Buffer;
  try {
    pdf = await render();
  } finally {
    proto.text = original;
  }
  const found = (await pdfPages(pdf)).flat().join('').replace(/\s+/g, '');
  const words = new Set(printed.flatMap((t) => t.split(/\s+/)).filter((w) => w !== ''));
  if (words.size === 0) return ['(nothing printed)'];
  return [...words].filter((w) => !found.includes(w));
}
