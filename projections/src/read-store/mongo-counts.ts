import type { ClientSession, Collection, Db } from 'mongodb';

/** Counts of filtered queries kept until something they depend on changes (the least recently used go first). */
const MAX_KEPT_COUNTS = 2000;
/** A count computed faster than this (ms, a round trip included) is not kept: it costs next to nothing again. */
const CHEAP_COUNT_MS = 2;

/** The version of one aspect of a collection, `_id` = `<collection>/<aspect>`. */
interface ChangeVersion {
  _id: string;
  v: number;
}

/**
 * The MongoDB read store's kept counts of filtered and searched queries (as the SQLite store's, decision 36): every
 * part of a batch moves, in its transaction, the version (`change_versions`) of each aspect of a collection it changed
 * (`rows`: a document added, removed or moved to another cooperative; `search`; each declared field); a count is kept
 * in this process with the versions of the aspects it depends on (`rows`, `search` for a search, its filters' fields)
 * and answered again while they stay. Versions are read from the server, so a batch of another process (the worker)
 * invalidates this process's counts as well.
 */
export class KeptCounts {
  private readonly counts = new Map<string, { versions: string; total: number }>();

  constructor(
    private readonly db: Db,
    /** A count computed faster than this (ms) is not kept (tests: 0 keeps every count). */
    private readonly cheapCountMs: number = CHEAP_COUNT_MS,
  ) {}

  /** The count `key` of a collection, depending on `aspects`: kept, or computed by `count` (and kept unless cheap). */
  async count(
    collection: string,
    key: string,
    aspects: readonly string[],
    count: () => Promise<number>,
  ): Promise<number> {
    const versions = await this.versionsOf(collection, aspects);
    const id = `${collection}\u0000${key}`;
    const hit = this.counts.get(id);
    this.counts.delete(id);
    if (hit && hit.versions === versions) {
      this.counts.set(id, hit);
      return hit.total;
    }
    // The versions are read before the count: a batch committed meanwhile moves them, and the kept count goes.
    const started = performance.now();
    const total = await count();
    if (performance.now() - started < this.cheapCountMs) return total;
    if (this.counts.size >= MAX_KEPT_COUNTS) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(id, { versions, total });
    return total;
  }

  /** Moves the versions of the aspects each collection changed (inside the transaction of the part that changed them). */
  async changed(aspects: ReadonlyMap<string, ReadonlySet<string>>, session?: ClientSession): Promise<void> {
    const bumps = [...aspects].flatMap(([collection, set]) =>
      [...set].map((aspect) => ({
        updateOne: { filter: { _id: `${collection}/${aspect}` }, update: { $inc: { v: 1 } }, upsert: true },
      })),
    );
    if (bumps.length > 0) await this.versions().bulkWrite(bumps, { session, ordered: true });
  }

  /** The versions of some aspects of a collection as one comparable text (an aspect never changed is 0). */
  private async versionsOf(collection: string, aspects: readonly string[]): Promise<string> {
    const sorted = [...new Set(aspects)].sort();
    const docs = await this.versions()
      .find({ _id: { $in: sorted.map((a) => `${collection}/${a}`) } })
      .toArray();
    const version = new Map(docs.map((d) => [d._id, d.v]));
    return sorted.map((a) => `${a}:${version.get(`${collection}/${a}`) ?? 0}`).join(',');
  }

  private versions(): Collection<ChangeVersion> {
    return this.db.collection<ChangeVersion>('change_versions');
  }
}
