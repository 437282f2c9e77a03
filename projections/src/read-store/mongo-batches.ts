import type { WriteOp } from '@coop/contracts';

/**
 * The most documents the MongoDB read store writes in one transaction. A transaction must commit within
 * `transactionLifetimeLimitSeconds` (60 s by default) and is aborted when its uncommitted writes outgrow 5 % of the
 * WiredTiger cache; 5,000 member documents with their 17 index entries each stay far below both on a small server.
 */
export const TRANSACTION_DOCUMENTS = 5_000;

/** A batch cut into consecutive parts of at most `size` operations (one part for an empty batch). */
export function partsOf(ops: readonly WriteOp[], size: number): WriteOp[][] {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`A part must hold at least one operation, not ${size}`);
  const parts: WriteOp[][] = [];
  for (let i = 0; i < ops.length; i += size) parts.push(ops.slice(i, i + size));
  return parts.length > 0 ? parts : [[]];
}

/** The id of a cooperative's document count of a collection (collection names hold no `/`). */
export const countId = (collection: string, cooperativeId: string): string => `${collection}/${cooperativeId}`;

/** The document an operation writes or deletes. */
const idOf = (op: WriteOp): string => (op.kind === 'put' ? op.doc.id : op.id);

/** The ids each collection's operations name, per collection (what countDeltas needs to know beforehand). */
export function idsByCollection(ops: readonly WriteOp[]): Map<string, string[]> {
  const ids = new Map<string, Set<string>>();
  for (const op of ops) {
    let set = ids.get(op.collection);
    if (!set) ids.set(op.collection, (set = new Set()));
    set.add(idOf(op));
  }
  return new Map([...ids].map(([collection, set]) => [collection, [...set]]));
}

/**
 * How the operations, applied in order, change each cooperative's number of documents per collection, by countId:
 * `before` holds the cooperative of every named document that exists beforehand (by collection, then id). A put of
 * a new document counts one more, a put that moves a document to another cooperative one less there and one more
 * here, a delete of an existing document one less; a put over a document of the same cooperative changes nothing.
 * Changes that cancel out are left out.
 */
export function countDeltas(
  ops: readonly WriteOp[],
  before: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Map<string, number> {
  const now = new Map<string, Map<string, string | null>>();
  const deltas = new Map<string, number>();
  const add = (collection: string, cooperativeId: string, delta: number): void => {
    const key = countId(collection, cooperativeId);
    deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  for (const op of ops) {
    let docs = now.get(op.collection);
    if (!docs) now.set(op.collection, (docs = new Map()));
    const id = idOf(op);
    const was = docs.has(id) ? docs.get(id)! : (before.get(op.collection)?.get(id) ?? null);
    const becomes = op.kind === 'put' ? op.doc.cooperativeId : null;
    if (was === becomes) continue;
    if (was !== null) add(op.collection, was, -1);
    if (becomes !== null) add(op.collection, becomes, 1);
    docs.set(id, becomes);
  }
  for (const [key, delta] of deltas) if (delta === 0) deltas.delete(key);
  return deltas;
}

/** What of a stored document its counts depend on: its cooperative, search text, fields' keys and array fields. */
export interface CountedState {
  readonly cooperativeId: string;
  readonly search: string;
  readonly keys: Readonly<Record<string, unknown>>;
  readonly arrays: Readonly<Record<string, unknown>>;
}

/**
 * The aspects of a collection (as the SQLite store's change versions) that a document's change from `before` to
 * `after` (null: absent) changes: `rows` when it is added, removed or moved to another cooperative (every count depends
 * on it); else `search` when its search text changes, and each declared field whose key, or array field whose values,
 * change.
 */
export function changedAspects(before: CountedState | null, after: CountedState | null): string[] {
  if (before === null && after === null) return [];
  if (before === null || after === null || before.cooperativeId !== after.cooperativeId) return ['rows'];
  const aspects: string[] = [];
  if (before.search !== after.search) aspects.push('search');
  for (const part of ['keys', 'arrays'] as const) {
    for (const field of new Set([...Object.keys(before[part]), ...Object.keys(after[part])])) {
      if (JSON.stringify(before[part][field] ?? null) !== JSON.stringify(after[part][field] ?? null))
        aspects.push(field);
    }
  }
  return aspects;
}

/**
 * The aspects each collection's operations change, applied in order (`before`: the state of every named document
 * that exists beforehand, by collection, then id; `stateOf`: the state a put leaves), per collection.
 */
export function batchAspects(
  ops: readonly WriteOp[],
  before: ReadonlyMap<string, ReadonlyMap<string, CountedState>>,
  stateOf: (op: Extract<WriteOp, { kind: 'put' }>) => CountedState,
): Map<string, Set<string>> {
  const now = new Map<string, Map<string, CountedState | null>>();
  const aspects = new Map<string, Set<string>>();
  for (const op of ops) {
    let docs = now.get(op.collection);
    if (!docs) now.set(op.collection, (docs = new Map()));
    const id = idOf(op);
    const was = docs.has(id) ? docs.get(id)! : (before.get(op.collection)?.get(id) ?? null);
    const becomes = op.kind === 'put' ? stateOf(op) : null;
    docs.set(id, becomes);
    const changed = changedAspects(was, becomes);
    if (changed.length === 0) continue;
    let set = aspects.get(op.collection);
    if (!set) aspects.set(op.collection, (set = new Set()));
    for (const aspect of changed) set.add(aspect);
  }
  return aspects;
}
