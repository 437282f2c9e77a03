import type { CollectionSpec, Filter, ReadDocument, ReadQuery, Scalar } from '@coop/contracts';
import { isAscii } from './compare-key.js';

/** German letters written as two in the normal form (DIN 5007-2): "Müller" and "Mueller" read alike. */
const FOLDED: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The normal form of search text, the same for documents and queries on every engine: lower-cased, trimmed, and
 * ä, ö, ü, ß written ae, oe, ue, ss. A store's search texts are in this form: when it changes, READ_MODEL_FORMAT
 * changes too, so that a rebuild writes them anew.
 */
export function normaliseSearch(text: string): string {
  // ASCII text is in normal form already and has none of the four letters.
  if (isAscii(text)) return text.toLowerCase().trim();
  // German lower-cases as Unicode's default does (CLDR tailors lower case only for Lithuanian, Turkish and Azeri;
  // toLocaleLowerCase('de-DE') gave the same for every code point, alone and in context, on Node 20), and the
  // locale-aware call took about 50 times as long (issue 41: most of a rebuild's search texts).
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => FOLDED[c]!)
    .trim();
}

/** The text a document is searched in: its declared search fields in normal form, joined by a separator. */
export function searchText(spec: CollectionSpec, doc: ReadDocument): string {
  // One pass without the three arrays of a map, filter and map (once per document written, issue 41).
  let text: string | undefined;
  for (const f of spec.search) {
    const v = doc[f];
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const normal = normaliseSearch(String(v));
    text = text === undefined ? normal : `${text}\u0001${normal}`;
  }
  return text ?? '';
}

/** Two letters and two digits, then letters and digits: the start of an IBAN, typed with spaces or without. */
const IBAN_START = /^[a-z]{2}\d{2}[a-z0-9]*$/;

/**
 * The words a search asks for, in normal form: a document matches when its search text contains every one of
 * them, in any order ("Daniel Krause", "Krause, Daniel", "kraus, dan"). Words are separated by spaces and commas;
 * a search that reads as an IBAN with spaces ("DE89 3704 0044") is one word without them. A word contained in
 * another asks nothing more and is left out. No words: no search.
 */
export function searchWords(search: string | undefined): string[] {
  const text = normaliseSearch(search ?? '');
  const compact = text.replace(/\s+/g, '');
  if (/\s/.test(text) && compact.length > 4 && IBAN_START.test(compact)) return [compact];
  const words = [...new Set(text.split(/[\s,]+/).filter((w) => w !== ''))];
  return words.filter((w, i) => !words.some((other, j) => j !== i && other.length > w.length && other.includes(w)));
}

/** Escapes LIKE wildcards so user text is matched literally (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A filter inside the read stores: the port's filters, and "not equal" (which the number-first search needs). */
export type StoreFilter = Filter | { readonly field: string; readonly op: 'ne'; readonly value: Scalar };

/** A query inside the read stores: the port's query with StoreFilters. */
export type StoreQuery = Omit<ReadQuery, 'filters'> & { readonly filters?: readonly StoreFilter[] };

/**
 * A search that is one whole number in a collection with a `searchNumber` field (the member number): the documents
 * whose field equals it come first, then the other matches, each part in the query's order. Answered as two queries:
 * `exact` (the number's documents, the page's part of them) and `rest` (the others, for what the page has left).
 */
export interface NumberFirst {
  readonly exact: StoreQuery;
  /** The other matches' query, given the number's documents counted (`exactTotal`) and on the page (`exactOnPage`). */
  rest(exactTotal: number, exactOnPage: number): StoreQuery;
}

/** How a query is answered number first (see NumberFirst); undefined when it is not such a search. */
export function numberFirst(spec: CollectionSpec, query: StoreQuery): NumberFirst | undefined {
  const field = spec.searchNumber;
  const words = searchWords(query.search);
  if (!field || words.length !== 1 || !/^\d{1,15}$/.test(words[0]!)) return undefined;
  const value = Number(words[0]);
  const filters = query.filters ?? [];
  const offset = query.offset ?? 0;
  const limit = query.limit ?? -1;
  return {
    exact: { ...query, filters: [...filters, { field, op: 'eq', value }] },
    rest: (exactTotal, exactOnPage) => ({
      ...query,
      filters: [...filters, { field, op: 'ne', value }],
      offset: Math.max(0, offset - exactTotal),
      limit: limit < 0 ? -1 : limit - exactOnPage,
    }),
  };
}
