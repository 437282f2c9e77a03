import type { Document, IndexSpecification } from 'mongodb';
import type { CollectionSpec, ReadDocument } from '@coop/contracts';
import { compareKey } from './compare-key.js';
import { searchText } from './search-text.js';

/** Sub-document holding the comparison key of every declared (non-array) field. */
export const KEYS = '_k';
export const SEARCH = '_search';
/** What a read leaves out of a stored document. */
export const HIDDEN = { _id: 0, [SEARCH]: 0, [KEYS]: 0 } as const;

export type Key = string | number | null;

/** A read-model document as the MongoDB read store keeps it. */
export interface StoredDoc extends Document {
  _id: string;
  cooperativeId: string;
  [SEARCH]: string;
  [KEYS]: Record<string, Key>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name ${name}`);
}

export function isArray(spec: CollectionSpec, field: string): boolean {
  return spec.arrays?.includes(field) ?? false;
}

/** Where a declared field's value is queried: its comparison key, or an array field itself (multikey). */
export function pathOf(spec: CollectionSpec, field: string): string {
  if (field === 'id') return '_id';
  return isArray(spec, field) ? field : `${KEYS}.${field}`;
}

/**
 * A collection's indexes: `{ cooperativeId, _id }` (scans, the kept counts), `{ cooperativeId, <field>, _id }` per
 * declared field, `{ cooperativeId, _search }` for a collection with search fields, and one per cross-tenant look-up
 * (`spec.crossTenant`), its fields without the cooperative first: MongoDB cannot skip the leading field of an index.
 */
export function indexesOf(spec: CollectionSpec): IndexSpecification[] {
  const indexes: IndexSpecification[] = [{ cooperativeId: 1, _id: 1 }];
  for (const f of Object.keys(spec.fields)) indexes.push({ cooperativeId: 1, [pathOf(spec, f)]: 1, _id: 1 });
  if (spec.search.length > 0) indexes.push({ cooperativeId: 1, [SEARCH]: 1 });
  for (const fields of spec.crossTenant ?? []) {
    for (const f of fields)
      if (!(f in spec.fields)) throw new Error(`Cross-tenant field ${f} is not declared on ${spec.name}`);
    indexes.push({ ...Object.fromEntries(fields.map((f) => [pathOf(spec, f), 1])), _id: 1 });
  }
  return indexes;
}

export function toStored(spec: CollectionSpec, doc: ReadDocument): StoredDoc {
  // A JSON round trip stores exactly what the SQLite adapter stores (no undefined, dates as strings).
  const plain = JSON.parse(JSON.stringify(doc)) as ReadDocument;
  const keys: Record<string, Key> = {};
  for (const f of Object.keys(spec.fields)) {
    if (!isArray(spec, f)) keys[f] = compareKey(spec.fields[f]!, plain[f]);
  }
  return {
    ...plain,
    _id: plain.id,
    cooperativeId: plain.cooperativeId,
    [SEARCH]: searchText(spec, plain),
    [KEYS]: keys,
  };
}
