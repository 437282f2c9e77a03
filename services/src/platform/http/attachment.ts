/*
 * The names of the API's downloads (issue 43: `sepa.xml` and `taxpdf.pdf` said nothing of what they held). Each file is
 * named for its content, with the year and the cooperative where they apply (`Dividende-2025-SEPA-<cooperative>.xml`,
 * `Steuerbescheinigungen-2025-<cooperative>.pdf`), and sent as `Content-Disposition: attachment` with an ASCII name for
 * every client and the exact UTF-8 name as RFC 5987 `filename*` (RFC 6266 4.3), so umlauts survive.
 */

const UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** The ASCII fallback of a file name: umlauts written out, other accents dropped, anything else not printable ASCII, `"` and `\` as `_`. */
export function asciiFileName(name: string): string {
  return name
    .replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c] ?? '_')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** A `Content-Disposition` header for a download named `name`: the ASCII `filename` and the UTF-8 `filename*`. */
export function attachment(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** At most this many characters of a text (a cooperative's name) go into a file name. */
const MAX_PART = 60;

/**
 * A text as part of a file name: its words joined by `-`, characters no file system takes (`/ \ : * ? " < > |`, control
 * characters) left out, letters (umlauts too) kept; `fallback` when nothing is left. Linear in the text's length.
 */
export function fileNamePart(text: string, fallback: string): string {
  const part = text
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .trim()
    .split(/\s+/)
    .join('-')
    .slice(0, MAX_PART)
    .replace(/^[-.]+|[-.]+$/g, '');
  return part === '' ? fallback : part;
}

/** A download's name: the parts (content, year, cooperative, ...) joined by `-`, with its extension. */
export function downloadName(parts: readonly string[], extension: string): string {
  return `${parts.filter((p) => p !== '').join('-')}.${extension}`;
}
