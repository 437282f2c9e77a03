import { Worker } from 'node:worker_threads';
import type { CollectionSpec, ReadStore, WriteOp } from '@coop/contracts';
import { SqliteReadStore, type BehindWriter, type WriteBehind } from '@coop/projections';
import { whenReady } from './worker-ready.js';
import type { FromWriteBehindThread, ToWriteBehindThread, WriteBehindThreadData } from './write-behind-protocol.js';

/**
 * A rebuild's writes to a SQLite read store in a thread of their own (write-behind-thread.ts, decision 281): the
 * projection thread folds the next events on one core while this thread writes the last batch on the other. One
 * thread per rebuild, ended with it; a store that is not SQLite is written by the runner itself.
 */
export class ThreadedWriteBehind implements WriteBehind {
  constructor(private readonly entry: URL) {}

  async open(store: ReadStore, collections: readonly CollectionSpec[]): Promise<BehindWriter | undefined> {
    if (!(store instanceof SqliteReadStore)) return undefined;
    const data: WriteBehindThreadData = { setup: store.writerSetup, collections };
    const worker = new Worker(this.entry, { workerData: data });
    await whenReady(worker, 'The write-behind thread');
    store.writerElsewhere();
    return new ThreadWriter(worker, () => store.writerBack(collections.map((c) => c.name)));
  }
}

/** The thread's batches, one at a time: each answered `written` or `failed`; a thread that stops fails its batch. */
class ThreadWriter implements BehindWriter {
  private waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private stopped: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(
    private readonly worker: Worker,
    /** After the thread has ended: the store's own connection learns what it wrote. */
    private readonly afterClose: () => void,
  ) {
    worker.on('message', (message: FromWriteBehindThread) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (message.kind === 'written') waiting?.resolve();
      else if (message.kind === 'failed') waiting?.reject(new Error(`Read models not written: ${message.message}`));
    });
    worker.on('error', (error) => this.stop(error));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.stop(new Error(`The write-behind thread stopped (exit code ${code})`));
        resolve();
      }),
    );
  }

  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.waiting) return Promise.reject(new Error('A write-behind batch is already under way'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage({ kind: 'write', ops, checkpoint } satisfies ToWriteBehindThread);
    });
  }

  async close(): Promise<void> {
    if (!this.stopped) this.worker.postMessage({ kind: 'close' } satisfies ToWriteBehindThread);
    await this.exited;
    this.afterClose();
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
