import type { ReadDocument } from '@coop/contracts';

/*
 * The one set of rules by which the typed readers of the owned collections (members, cooperatives, a closure's
 * members; decision 247) read a stored field: the typed document is made from a `ReadDocument` once, here, and no
 * reader of another area keeps its own accessors.
 */

/** Text as the write side keeps it (request classes trim and store a blank as null): trimmed; blank or no text: null. */
export function textField(doc: ReadDocument, field: string): string | null {
  const v = doc[field];
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A finite number, else null (money in integer cents, counts, codes). */
export function numberField(doc: ReadDocument, field: string): number | null {
  const v = doc[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A flag is set only when stored as `true`. */
export function flagField(doc: ReadDocument, field: string): boolean {
  return doc[field] === true;
}

/** A list as stored (a projector writes it whole), else empty: a document written before the list was kept. */
export function listField<T>(doc: ReadDocument, field: string): readonly T[] {
  const v = doc[field];
  return Array.isArray(v) ? (v as T[]) : [];
}
