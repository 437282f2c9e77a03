import type { ReadDocument, ReadStore } from '@coop/contracts';
import type { LoadDocuments } from '../runner/batch-fold.js';
import type { Pending } from '../runner/pending.js';
import type { BehindWriter } from './write-behind.port.js';

/**
 * A rebuild's side of a writer behind it (write-behind.port.ts): hands it one batch at a time and answers the documents
 * of the batch not yet committed from memory. The runner folds the next events meanwhile; `write` first waits for the
 * batch before (so the writes land in order), and a failed write fails the next `write` or `settle`.
 */
export class WritesBehind {
  private inFlight:
    { readonly pending: Pending; readonly done: Promise<void>; readonly settled: { done: boolean } } | undefined;

  constructor(
    private readonly writer: BehindWriter,
    /** Called with the batch's checkpoint once it has committed (the runner's progress, its waiters). */
    private readonly committed: (position: bigint) => void,
  ) {}

  /** The position of the last event handed to the writer (-1 when none is under way). */
  get last(): bigint {
    return this.inFlight?.pending.last ?? -1n;
  }

  /** Whether a batch is under way and not yet settled. */
  get busy(): boolean {
    return this.inFlight !== undefined && !this.inFlight.settled.done;
  }

  /** Resolves when the batch under way has settled (committed or failed); at once when none is. */
  idle(): Promise<void> {
    return this.inFlight ? this.inFlight.done.then(noop, noop) : Promise.resolve();
  }

  /**
   * Reads documents for the fold: those the batch under way writes or holds as it left them (absent when it deleted
   * them), the others from the store. A batch under way may commit during the read: either answer is its state.
   */
  loader(store: ReadStore): LoadDocuments {
    return async (collection, ids) => {
      const held = this.inFlight?.pending.overlay;
      if (!held) return store.getMany(collection, ids);
      const docs: ReadDocument[] = [];
      const rest: string[] = [];
      for (const id of ids) {
        const overlaid = held.get({ collection, id });
        if (overlaid === undefined) rest.push(id);
        else if (overlaid.doc) docs.push(overlaid.doc);
      }
      return rest.length === 0 ? docs : [...docs, ...(await store.getMany(collection, rest))];
    };
  }

  /** Waits for the batch under way, then hands the writer `pending`'s writes with its last position as `checkpoint`. */
  async write(pending: Pending, checkpoint: string): Promise<void> {
    await this.settle();
    const last = pending.last;
    if (last < 0n) return;
    const settled = { done: false };
    const done = this.writer
      .applyBatch(pending.writes(), { name: checkpoint, position: last })
      .then(() => this.committed(last))
      .finally(() => (settled.done = true));
    // Awaited by the next write or settle(); until then its failure is held, not reported as unhandled.
    done.catch(noop);
    this.inFlight = { pending, done, settled };
  }

  /** Waits until the batch under way has committed; rethrows its failure. */
  async settle(): Promise<void> {
    const inFlight = this.inFlight;
    if (!inFlight) return;
    try {
      await inFlight.done;
    } finally {
      if (this.inFlight === inFlight) this.inFlight = undefined;
    }
  }
}

function noop(): void {}
