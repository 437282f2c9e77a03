import { inflateSync } from 'node:zlib';

/*
 * The text of a PDF written by pdfkit with the standard fonts, for the tests and the benchmark (poppler's pdftotext is
 * not installed here): every content stream is inflated, and each `TJ`/`Tj` text show's hex strings are decoded from
 * WinAnsi (Latin-1 for the letters used: ä, ö, ü, ß). One string per text show; pages split at each page's stream.
 */

const WIN_ANSI_EXTRA: Readonly<Record<number, string>> = { 0x80: '€', 0x96: '–', 0x97: '—', 0x84: '„', 0x93: '“', 0x94: '”' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_EXTRA[code] ?? String.fromCharCode(code);
  }
  return out;
}

/** The lines of text of each content stream (one per page for pdfkit's pages), in drawing order. */
export function pdfPages(pdf: Buffer): string[][] {
  const pages: string[][] = [];
  const raw = pdf.toString('latin1');
  const streamRe = /(?<!end)stream\r?\n/g;
  for (let m = streamRe.exec(raw); m !== null; m = streamRe.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    const lines: string[] = [];
    for (const show of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = show[1] !== undefined ? [...show[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [show[2]!];
      lines.push(hexes.map(decodeHex).join(''));
    }
    if (lines.length > 0) pages.push(lines);
    streamRe.lastIndex = end + 'endstream'.length;
  }
  return pages;
}
