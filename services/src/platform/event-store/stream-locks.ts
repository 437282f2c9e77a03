/**
 * Locks on stream names within one process (decision 142). KurrentDB 25.1 cannot check a stream's revision in the same
 * atomic write as an append to other streams (an append request needs at least one record; `appendRecords` with a
 * stream state check comes with 26.1). A posting checks the dividend register beside its append; the KurrentDB adapter
 * therefore reads the register's revision and appends while holding the register *shared*, and every append of events
 * holds its streams *exclusively*: a closure appending to the register in this process waits for the postings in
 * flight, and a posting that starts meanwhile waits for the closure and then sees its revision (and is refused as a
 * conflict, to be decided again).
 *
 * An exclusive request waits for the shared holders and bars new ones, so a stream of postings cannot starve a closure.
 * Streams are taken in one order (sorted by name), so two writes can never wait for each other.
 */
export class StreamLocks {
  private readonly streams = new Map<string, Lock>();

  /** Runs `work` holding `shared` streams shared and `exclusive` ones exclusively (a name in both: exclusively). */
  async around<T>(shared: readonly string[], exclusive: readonly string[], work: () => Promise<T>): Promise<T> {
    const wanted = new Map<string, boolean>();
    for (const streamId of shared) wanted.set(streamId, false);
    for (const streamId of exclusive) wanted.set(streamId, true);
    const order = [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const taken: Array<readonly [string, boolean]> = [];
    try {
      for (const [streamId, alone] of order) {
        // A free stream is taken at once (no turn of the event loop): writes take their streams in the order they came.
        const wait = this.take(streamId, alone);
        if (wait) await wait;
        taken.push([streamId, alone]);
      }
      return await work();
    } finally {
      for (const [streamId, alone] of taken.reverse()) this.release(streamId, alone);
    }
  }

  /** How many streams are held or waited for (0 when idle: nothing is kept for a stream no one holds). */
  get size(): number {
    return this.streams.size;
  }

  /** Takes the stream now when it is free (undefined), else a promise that resolves once it is taken. */
  private take(streamId: string, alone: boolean): Promise<void> | undefined {
    let lock = this.streams.get(streamId);
    if (!lock)
      this.streams.set(streamId, (lock = { shared: 0, exclusive: false, exclusiveWaiting: 0, takers: 0, waiting: [] }));
    const free = (l: Lock): boolean =>
      alone ? !l.exclusive && l.shared === 0 : !l.exclusive && l.exclusiveWaiting === 0;
    const hold = (l: Lock): void => {
      if (alone) l.exclusive = true;
      else l.shared += 1;
    };
    if (free(lock)) {
      hold(lock);
      return undefined;
    }
    const waiting = lock;
    if (alone) waiting.exclusiveWaiting += 1;
    waiting.takers += 1;
    return (async () => {
      // Woken at every release; an exclusive request counts among `exclusiveWaiting`, which only shared ones look at.
      while (!free(waiting)) {
        await new Promise<void>((resolve) => waiting.waiting.push(resolve));
      }
      waiting.takers -= 1;
      if (alone) waiting.exclusiveWaiting -= 1;
      hold(waiting);
    })();
  }

  private release(streamId: string, alone: boolean): void {
    const lock = this.streams.get(streamId);
    if (!lock) return;
    if (alone) lock.exclusive = false;
    else lock.shared -= 1;
    // Kept while anyone holds it or is taking it (woken takers included, until they have run).
    if (!lock.exclusive && lock.shared === 0 && lock.takers === 0) this.streams.delete(streamId);
    for (const wake of lock.waiting.splice(0)) wake();
  }
}

interface Lock {
  shared: number;
  exclusive: boolean;
  /** Exclusive requests waiting: new shared requests wait behind them. */
  exclusiveWaiting: number;
  /** Requests between asking and holding, woken ones included. */
  takers: number;
  waiting: Array<() => void>;
}
