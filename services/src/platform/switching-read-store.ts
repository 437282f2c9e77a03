import type {
  CollectionSpec,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  ViewPage,
  ViewRequest,
  WriteOp,
} from '@coop/contracts';
import { SqliteReadStoreFiles } from '@coop/projections';

/** How often a process without the projections looks whether a rebuild elsewhere switched the read-model file. */
export const FOLLOW_POINTER_MS = 1000;
/** How long the old file's store stays open after a switch for the calls under way on it (a long scan included). */
export const SWITCH_GRACE_MS = 60_000;

/**
 * The API's SQLite read store, which follows a rebuild's switch to another file (decision 171): every call goes to
 * the store of the current file; switchTo() opens the new file's store (with its read threads), puts it in place in one
 * step, then closes the old one once the calls already under way on it have answered. A query therefore answers
 * wholly from the old read models or wholly from the new ones, never from a half-built one.
 */
export class SwitchingReadStore implements ReadStore {
  private switching: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly retired = new Set<ReadStore>();

  constructor(
    private current: ReadStore,
    private file: string,
    /** Opens the store of a file; or switches the current one in place and names what it no longer uses (`retired`). */
    private readonly open: (
      file: string,
    ) => Promise<ReadStore | { readonly store: ReadStore; readonly retired: ReadStore }>,
    /**
     * Called with the file switched away from once its store is closed: it holds the read models of before (blanked
     * personal data among them, in its pages) and is removed (decision 397).
     */
    private readonly retire: (file: string) => void = () => undefined,
    private readonly graceMs = SWITCH_GRACE_MS,
  ) {}

  /** The file the store reads now. */
  get currentFile(): string {
    return this.file;
  }

  /** Switches to `file` (nothing when it reads it already); the switches are taken one after another. */
  switchTo(file: string): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (file === this.file) return;
      const opened = await this.open(file);
      const { store: next, retired: old } = 'retired' in opened ? opened : { store: opened, retired: this.current };
      const oldFile = this.file;
      this.current = next;
      this.file = file;
      // The old file's store answers what it was asked before; it is closed after a grace period for those calls.
      this.retired.add(old);
      setTimeout(() => {
        this.retired.delete(old);
        void old
          .close()
          .catch(() => undefined)
          .then(() => this.retire(oldFile));
      }, this.graceMs).unref();
    });
    return this.switching;
  }

  /**
   * For a process whose projections run elsewhere (RUN_PROJECTIONS=false, or the rebuild command): looks at the
   * pointer file every FOLLOW_POINTER_MS and switches when a rebuild there switched the read models.
   */
  follow(dataDir: string): void {
    this.timer = setInterval(() => {
      let file: string;
      try {
        file = SqliteReadStoreFiles.current(dataDir);
      } catch (error) {
        console.error('Read models: the pointer file cannot be read', error);
        return;
      }
      if (file !== this.file)
        this.switchTo(file).catch((error: unknown) => console.error('Read models: could not switch to', file, error));
    }, FOLLOW_POINTER_MS);
    this.timer.unref();
  }

  get maxBatchDocuments(): number | undefined {
    return this.current.maxBatchDocuments;
  }

  ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    return this.current.ensureCollections(specs);
  }

  get(collection: string, id: string): Promise<ReadDocument | undefined> {
    return this.current.get(collection, id);
  }

  getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]> {
    return this.current.getMany(collection, ids);
  }

  find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    return this.current.find(collection, query);
  }

  findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    return this.current.findView(collection, query, view);
  }

  scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    return this.current.scan(collection, cooperativeId, batchSize);
  }

  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): Promise<void> {
    return this.current.applyBatch(ops, checkpoint);
  }

  checkpoint(name: string): Promise<bigint> {
    return this.current.checkpoint(name);
  }

  reset(collections: readonly string[], checkpointName: string): Promise<void> {
    return this.current.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.switching.catch(() => undefined);
    for (const old of this.retired) await old.close().catch(() => undefined);
    this.retired.clear();
    await this.current.close();
  }
}
