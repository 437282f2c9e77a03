import {
  IMPORT_KINDS,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type SheetMapping,
} from '../import-types.js';
import { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';

/*
 * Guesses (import, issue 29): what a sheet holds, and which field each column goes to. A header is compared with the
 * catalogue's German and English headers first as written (ignoring case and surrounding spaces: `Nr` and `Nr.` are
 * different fields), then normalised: case, spaces, dots, dashes and underscores ignored, umlauts as their two-letter
 * spelling (`Straße` = `Strasse`, `Geschäftsanteile` = `Geschaeftsanteile`).
 */

/** A header or name compared loosely: lower case, ä → ae, ö → oe, ü → ue, ß → ss, without spaces, dots, dashes, underscores. */
export function normaliseHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[\s._\-\u00a0]+/g, '');
}

const exact = (text: string): string => text.trim().toLowerCase();

function allHeaders(f: ImportField): readonly string[] {
  return [...f.headers.de, ...f.headers.en];
}

/** The field of a kind a header names (null: none). Exact spellings win over normalised ones, earlier fields over later. */
export function guessField(kind: ImportKind, header: string): string | null {
  const fields = IMPORT_FIELDS[kind];
  const e = exact(header);
  for (const f of fields) if (allHeaders(f).some((h) => exact(h) === e)) return f.key;
  const n = normaliseHeader(header);
  if (n === '') return null;
  for (const f of fields) if (allHeaders(f).some((h) => normaliseHeader(h) === n)) return f.key;
  // last, without a currency: `Betrag in €`, `Amount EUR`, `Guthaben (EUR)`
  const bare = normaliseHeader(withoutCurrency(header));
  if (bare === '') return null;
  for (const f of fields) if (allHeaders(f).some((h) => normaliseHeader(withoutCurrency(h)) === bare)) return f.key;
  return null;
}

/** A trailing currency without the blanks around it (withoutCurrency). */
const CURRENCY_SUFFIX = /(?:\(\s*(?:eur|€)\s*\)|(?:in\s+)?(?:eur|€))$/i;

/**
 * A header without a trailing currency (`(EUR)`, `in €`, `EUR`) and the blanks around it; unchanged without one. What
 * `header.replace(/\s*(?:…)\s*$/i, '')` gave, whose leading `\s*` took time growing with the square of a run of blanks
 * (a review, stop 63: a header of 32,765 blanks between two letters 6 s on the API's thread, 512 of them an hour).
 */
export function withoutCurrency(header: string): string {
  const trimmed = header.trimEnd();
  const suffix = CURRENCY_SUFFIX.exec(trimmed);
  return suffix ? trimmed.slice(0, suffix.index).trimEnd() : header;
}

/** A sheet or file name without a spreadsheet's extension. */
function baseName(name: string): string {
  return name.replace(/^.*[\\/]/, '').replace(/\.(csv|txt|tsv|xlsx|xlsm)$/i, '');
}

/**
 * The kind a sheet's (or CSV file's) name says: the same name as a kind's sheet, else the longest kind's name it holds
 * (`mitglieder_2024.csv`); a short name (`NV`, `FSA`) only as a word of its own (`NV 2024.csv`, not `Inventar.csv`).
 */
export function kindFromName(name: string): ImportKind | null {
  const base = baseName(name);
  const n = normaliseHeader(base);
  if (n === '') return null;
  const words = new Set(base.split(/[^\p{L}\p{N}]+/u).map(normaliseHeader));
  let best: { kind: ImportKind; length: number } | null = null;
  for (const kind of IMPORT_KINDS) {
    for (const sheetName of [...KIND_SHEETS[kind].de, ...KIND_SHEETS[kind].en]) {
      const s = normaliseHeader(sheetName);
      if (s === n) return kind;
      const holds = s.length <= 3 ? words.has(s) : n.includes(s);
      if (holds && (best === null || s.length > best.length)) best = { kind, length: s.length };
    }
  }
  return best?.kind ?? null;
}

/** The columns a kind's catalogue recognises among the headers, each field counted once. */
function fieldsFound(kind: ImportKind, headers: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const h of headers) {
    const key = guessField(kind, h);
    if (key !== null) found.add(key);
  }
  return found;
}

/**
 * The kind the headers say: the kind with the largest share of its required fields among them, then the most fields
 * recognised; null when no kind has two fields or its required ones are not all there.
 */
export function kindFromHeaders(headers: readonly string[]): ImportKind | null {
  let best: { kind: ImportKind; required: number; found: number } | null = null;
  for (const kind of IMPORT_KINDS) {
    const found = fieldsFound(kind, headers);
    const required = IMPORT_FIELDS[kind].filter((f) => f.required);
    if (found.size < 2 || !required.every((f) => found.has(f.key))) continue;
    const share = required.length;
    if (best === null || share > best.required || (share === best.required && found.size > best.found))
      best = { kind, required: share, found: found.size };
  }
  return best?.kind ?? null;
}

/** The saved sheet mapping that knows every one of these headers: the same sheet's first, else one of the same kind. */
export function savedSheetMapping(
  saved: ImportMapping | null,
  sheet: string,
  kind: ImportKind | null,
  headers: readonly string[],
): SheetMapping | null {
  if (!saved || headers.length === 0) return null;
  const knows = (m: SheetMapping): boolean => headers.every((h) => Object.prototype.hasOwnProperty.call(m.columns, h));
  return (
    saved.sheets.find((m) => m.sheet === sheet && knows(m)) ??
    saved.sheets.find((m) => kind !== null && m.kind === kind && knows(m)) ??
    null
  );
}

/** A sheet's kind: by its name, else the saved mapping's for the same sheet with the same headers, else by its headers. */
export function guessKind(sheet: string, headers: readonly string[], saved: ImportMapping | null): ImportKind | null {
  return kindFromName(sheet) ?? savedSheetMapping(saved, sheet, null, headers)?.kind ?? kindFromHeaders(headers);
}

/**
 * Each header → a field key of the kind (or null): the saved mapping's choice where it knows the header and names a
 * field of the kind, else the catalogue's guess; each field taken by one column only (the first).
 */
export function guessColumns(
  kind: ImportKind,
  sheet: string,
  headers: readonly string[],
  saved: ImportMapping | null,
): Record<string, string | null> {
  const keys = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const fromSaved = savedSheetMapping(saved, sheet, kind, headers);
  const taken = new Set<string>();
  const columns: Record<string, string | null> = {};
  for (const h of headers) {
    const savedChoice = fromSaved?.columns[h];
    let key =
      savedChoice !== undefined && (savedChoice === null || keys.has(savedChoice)) ? savedChoice : guessField(kind, h);
    if (key !== null && taken.has(key)) key = null;
    if (key !== null) taken.add(key);
    columns[h] = key;
  }
  return columns;
}
