import type { CollectionSpec, ReadDocument } from '@coop/contracts';

/** Lower-cases and trims search input the same way for documents and queries, on every engine. */
export function normaliseSearch(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('de-DE').trim();
}

/** The text a document is searched in: its declared search fields, lower-cased, joined by a separator. */
export function searchText(spec: CollectionSpec, doc: ReadDocument): string {
  return spec.search
    .map((f) => doc[f])
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => normaliseSearch(String(v)))
    .join('\u0001');
}

/** Escapes LIKE wildcards so user text is matched literally (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
