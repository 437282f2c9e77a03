import type { AnyBulkWriteOperation, ClientSession, Collection, Db, MongoClient } from 'mongodb';
import type { CollectionSpec, WriteOp } from '@coop/contracts';
import { batchAspects, countDeltas, countId, idsByCollection, partsOf, type CountedState } from './mongo-batches.js';
import type { KeptCounts } from './mongo-counts.js';
import { KEYS, SEARCH, toStored, type StoredDoc } from './mongo-documents.js';

interface Checkpoint {
  _id: string;
  position: string;
}

/** A cooperative's number of documents in a collection, `_id` = countId(collection, cooperativeId). */
interface DocCount {
  _id: string;
  collection: string;
  cooperativeId: string;
  docs: number;
}

/** MongoDB's code for a namespace that does not exist (a collection dropped twice). */
const NAMESPACE_NOT_FOUND = 26;

/**
 * The MongoDB read store's writes: batches in bounded transactions with their checkpoint and the kept document counts
 * (`doc_counts`), the checkpoints, and the reset of a rebuild outside any transaction.
 */
export class MongoWrites {
  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** The spec of a known collection (throws for an unknown one). */
    private readonly spec: (collection: string) => CollectionSpec,
    /** Makes a collection and its indexes (after a drop). */
    private readonly ensure: (spec: CollectionSpec) => Promise<void>,
    /** The kept counts of filtered queries, whose versions each change moves. */
    private readonly kept: KeptCounts,
  ) {}

  /**
   * Writes a batch and its checkpoint: in one transaction when it holds at most `partSize` documents; else the
   * checkpoint is removed first (a small write of its own), the parts are written one transaction each, and the
   * checkpoint comes back with the last part: a crash half way leaves no checkpoint, which the projection runner
   * answers with a rebuild (ReadStore.applyBatch). Each part keeps the document counts in step.
   */
  async applyBatch(
    ops: readonly WriteOp[],
    checkpoint: { readonly name: string; readonly position: bigint },
    partSize: number,
  ): Promise<void> {
    // An unknown collection is refused before anything is written.
    for (const op of ops) this.spec(op.collection);
    const parts = partsOf(ops, partSize);
    if (parts.length > 1) await this.checkpoints().deleteOne({ _id: checkpoint.name });
    for (const [i, part] of parts.entries()) {
      await this.transaction(async (session) => {
        await this.writePart(part, session);
        if (i < parts.length - 1) return;
        await this.checkpoints().updateOne(
          { _id: checkpoint.name },
          { $set: { position: checkpoint.position.toString() } },
          { upsert: true, session },
        );
      });
    }
  }

  async checkpoint(name: string): Promise<bigint> {
    const doc = await this.checkpoints().findOne({ _id: name });
    return doc ? BigInt(doc.position) : -1n;
  }

  /**
   * Empties the collections for a rebuild, without a transaction (deleting a million documents in one would outlast
   * its 60 s and the cache): the checkpoint goes first, then each collection is dropped with its counts and made anew
   * with its indexes. A crash half way leaves no checkpoint: the next start rebuilds.
   */
  async reset(collections: readonly string[], checkpointName: string): Promise<void> {
    const specs = collections.map((c) => this.spec(c));
    await this.checkpoints().deleteOne({ _id: checkpointName });
    for (const spec of specs) {
      try {
        await this.collection(spec.name).drop();
      } catch (error) {
        if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === NAMESPACE_NOT_FOUND))
          throw error;
      }
      await this.counts().deleteMany({ collection: spec.name });
      await this.ensure(spec);
      // After the drop: a count kept in any process before it, or while it ran, no longer holds.
      await this.kept.changed(new Map([[spec.name, new Set(['rows'])]]));
    }
  }

  /** Counts a collection's documents per cooperative anew (at every start: an older version kept no counts). */
  async recount(collection: string): Promise<void> {
    await this.transaction(async (session) => {
      const groups = await this.collection(collection)
        .aggregate<{ _id: string; docs: number }>([{ $group: { _id: '$cooperativeId', docs: { $sum: 1 } } }], {
          session,
        })
        .toArray();
      await this.counts().deleteMany({ collection }, { session });
      await this.kept.changed(new Map([[collection, new Set(['rows'])]]), session);
      if (groups.length === 0) return;
      const counts = groups.map((g) => ({
        _id: countId(collection, g._id),
        collection,
        cooperativeId: g._id,
        docs: g.docs,
      }));
      await this.counts().insertMany(counts, { session });
    });
  }

  /** The number of documents a cooperative has in a collection (null: of every cooperative). */
  async docCount(collection: string, cooperativeId: string | null): Promise<number> {
    if (cooperativeId !== null)
      return (await this.counts().findOne({ _id: countId(collection, cooperativeId) }))?.docs ?? 0;
    const counts = await this.counts()
      .find({ collection }, { projection: { docs: 1 } })
      .toArray();
    return counts.reduce((sum, c) => sum + c.docs, 0);
  }

  async transaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    await this.client.withSession(async (session) => {
      await session.withTransaction(() => work(session), {
        readPreference: 'primary',
        readConcern: { level: 'snapshot' },
        writeConcern: { w: 'majority' },
      });
    });
  }

  /**
   * One part of a batch inside its transaction: the documents it names as they are (what their counts depend on; one
   * `$in` query per collection), its operations in order (consecutive operations on one collection in one ordered bulk
   * write), the changes of the document counts they make, and the versions of the aspects they change.
   */
  private async writePart(ops: readonly WriteOp[], session: ClientSession): Promise<void> {
    const before = new Map<string, Map<string, CountedState>>();
    for (const [name, ids] of idsByCollection(ops)) {
      const spec = this.spec(name);
      const projection = {
        cooperativeId: 1,
        [SEARCH]: 1,
        [KEYS]: 1,
        ...Object.fromEntries((spec.arrays ?? []).map((f) => [f, 1])),
      };
      const docs = await this.collection(name)
        .find({ _id: { $in: ids } }, { projection, session })
        .toArray();
      before.set(name, new Map(docs.map((d) => [d._id, countedState(spec, d)])));
    }
    const stored = new Map<WriteOp, StoredDoc>();
    for (let i = 0; i < ops.length;) {
      const name = ops[i]!.collection;
      const spec = this.spec(name);
      const writes: AnyBulkWriteOperation<StoredDoc>[] = [];
      for (; i < ops.length && ops[i]!.collection === name; i++) {
        const op = ops[i]!;
        if (op.kind === 'delete') {
          writes.push({ deleteOne: { filter: { _id: op.id } } });
          continue;
        }
        const replacement = toStored(spec, op.doc);
        stored.set(op, replacement);
        writes.push({ replaceOne: { filter: { _id: op.doc.id }, replacement, upsert: true } });
      }
      await this.collection(name).bulkWrite(writes, { session, ordered: true });
    }
    const cooperatives = new Map(
      [...before].map(([name, docs]) => [name, new Map([...docs].map(([id, d]) => [id, d.cooperativeId]))]),
    );
    const counts: AnyBulkWriteOperation<DocCount>[] = [];
    for (const [id, delta] of countDeltas(ops, cooperatives)) {
      const slash = id.indexOf('/');
      const update = {
        $inc: { docs: delta },
        $setOnInsert: { collection: id.slice(0, slash), cooperativeId: id.slice(slash + 1) },
      };
      counts.push({ updateOne: { filter: { _id: id }, update, upsert: true } });
    }
    if (counts.length > 0) await this.counts().bulkWrite(counts, { session, ordered: true });
    await this.kept.changed(
      batchAspects(ops, before, (op) => countedState(this.spec(op.collection), stored.get(op)!)),
      session,
    );
  }

  private collection(name: string): Collection<StoredDoc> {
    return this.db.collection<StoredDoc>(`rm_${name}`);
  }

  private checkpoints(): Collection<Checkpoint> {
    return this.db.collection<Checkpoint>('checkpoints');
  }

  private counts(): Collection<DocCount> {
    return this.db.collection<DocCount>('doc_counts');
  }
}

/** What of a stored document (or its projection) the counts depend on (CountedState). */
function countedState(spec: CollectionSpec, doc: Partial<StoredDoc>): CountedState {
  const arrays: Record<string, unknown> = {};
  for (const f of spec.arrays ?? []) arrays[f] = doc[f] ?? null;
  return { cooperativeId: String(doc.cooperativeId), search: doc[SEARCH] ?? '', keys: doc[KEYS] ?? {}, arrays };
}
