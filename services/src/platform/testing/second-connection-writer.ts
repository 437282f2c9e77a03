import { setTimeout as sleep } from 'node:timers/promises';
import type { CollectionSpec, ReadStore } from '@coop/contracts';
import { SqliteReadStore, type BehindWriter, type WriteBehind } from '@coop/projections';

/**
 * A WriteBehind for the tests of the runner (decision 281): a second connection to the same SQLite file, in this
 * thread, that writes each batch after a pause, so that the runner folds its next batches before the last one has
 * committed, as with the write-behind thread. It can fail a chosen batch (a disk that fills) to show what the runner
 * does then. The thread itself (ThreadedWriteBehind) has its own suite.
 */
export class SecondConnectionWriter implements WriteBehind {
  /** The number of writes in each batch written, in order. */
  readonly batches: number[] = [];
  opened = 0;
  closed = 0;
  /** While set, the next write waits until it resolves. */
  hold: Promise<void> | undefined;

  constructor(private readonly options: { readonly delayMs?: number; readonly failBatch?: number } = {}) {}

  async open(store: ReadStore, collections: readonly CollectionSpec[]): Promise<BehindWriter | undefined> {
    if (!(store instanceof SqliteReadStore)) return undefined;
    const second = new SqliteReadStore(store.writerSetup.file, store.writerSetup.options);
    second.useCollectionsToWrite(collections);
    store.writerElsewhere();
    this.opened += 1;
    return {
      applyBatch: async (ops, checkpoint) => {
        const n = this.batches.push(ops.length);
        await sleep(this.options.delayMs ?? 5);
        await this.hold;
        if (n === this.options.failBatch) throw new Error('disk full (test)');
        await second.applyBatch(ops, checkpoint);
      },
      close: async () => {
        await second.close();
        store.writerBack(collections.map((c) => c.name));
        this.closed += 1;
      },
    };
  }
}
