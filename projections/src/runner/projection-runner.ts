import type { EventStore, ReadStore, RecordedEvent, Subscription } from '@coop/contracts';
import { fitting, fold } from './batch-fold.js';
import { bulkLoadOf } from '../bulk-load/bulk-load.port.js';
import { Pending } from './pending.js';
import type { Projector } from './projector.js';
import { CHECKPOINT, READ_MODEL_FORMAT, READ_MODEL_FORMAT_CHECKPOINT } from './read-model-format.js';
import { recordVersions, staleProjectors } from './read-model-versions.js';
import type { ReadStoreSides, RebuildPhase, RebuildProgress } from './read-store-sides.js';
import { turn, type RunnerOptions } from './runner-options.js';
import { CATCH_UP_BATCH, GROUP_FLUSH_DOCUMENTS, REBUILD_BATCH, REBUILD_FLUSH_DOCUMENTS } from './replay-bounds.js';
import { writtenBy } from '../parallel-replay/parallel-replay.port.js';
import { replayOnTwoCores, type ReplayHere } from '../parallel-replay/replay-on-two-cores.js';

export * from './read-store-sides.js';
export * from './read-model-format.js';
export type { RunnerOptions } from './runner-options.js';
export { versionEntry } from './read-model-versions.js';

/**
 * Feeds the global log to the projectors from the stored checkpoint. Each batch's writes and the
 * new checkpoint are stored together, so after a crash nothing is applied twice or skipped.
 * A document remembers the position that last wrote it; an event at or below it is ignored
 * (idempotent when the same event comes twice). Within a batch only a document's last write is
 * stored, which leaves the same documents as storing every write in order.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private processed = -1n;
  private waiters: { position: bigint; resolve: () => void }[] = [];
  private readonly listeners: ((position: bigint) => void)[] = [];
  /** A batch written in parts (more than the store's maxBatchDocuments) failed: the store may have lost its checkpoint. */
  private cutShort = false;
  /** The rebuild beside the current read models under way (one at a time: a second request joins it). */
  private building: Promise<{ events: number }> | undefined;
  private progressOfRebuild: RebuildProgress | undefined;
  private readonly switchListeners: ((store: ReadStore) => void)[] = [];
  /** The collections a group's replay may touch (RunnerOptions.group). */
  private readonly within: ReadonlySet<string> | undefined;

  constructor(
    private readonly events: EventStore,
    private store: ReadStore,
    private readonly projectors: readonly Projector[],
    /** Where the runner tells what takes long (a rebuild at start). */
    private readonly log: (line: string) => void = () => undefined,
    private readonly options: RunnerOptions = {},
  ) {
    this.within = options.group ? writtenBy(projectors) : undefined;
  }

  get collections(): string[] {
    return this.projectors.flatMap((p) => p.collections.map((c) => c.name));
  }

  /**
   * Subscribes from the stored checkpoint. Read models written in another format (READ_MODEL_FORMAT: of the stored
   * keys, or of the documents) would answer wrongly: they are rebuilt from the log first. So are read models that were
   * written before (their format is recorded) but have no checkpoint: a reset or a batch written in parts
   * (ReadStore.applyBatch) was cut short, and what it left is not a state the log can be continued from.
   */
  async start(): Promise<void> {
    await this.store.ensureCollections(this.projectors.flatMap((p) => p.collections));
    const format = await this.store.checkpoint(READ_MODEL_FORMAT_CHECKPOINT);
    const checkpoint = await this.store.checkpoint(CHECKPOINT);
    if (format !== BigInt(READ_MODEL_FORMAT)) {
      if (checkpoint >= 0n) {
        this.log(`Read models: written in an older format; rebuilding them from the event log...`);
        const started = Date.now();
        const { events } = await this.rebuild();
        this.log(`Read models: rebuilt from ${events} events in ${Math.round((Date.now() - started) / 100) / 10} s`);
      } else {
        await this.recordFormat();
      }
    } else if (checkpoint < 0n) {
      // Also after a start on an empty log: then nothing is replayed, and nothing said.
      const started = Date.now();
      const { events } = await this.rebuild();
      if (events > 0) {
        this.log(
          `Read models: had no checkpoint (a reset or a batch cut short); rebuilt from ${events} events in ${Math.round((Date.now() - started) / 100) / 10} s`,
        );
      }
    }
    this.processed = await this.store.checkpoint(CHECKPOINT);
    this.subscription = this.events.subscribeAll(this.processed, (batch) => this.apply(batch));
    // A projector of another version (decision 170): its collections alone are rebuilt beside the current read
    // models, which answer (and follow the log) meanwhile; without sides, in place before the start goes on.
    const stale = await staleProjectors(this.store, this.projectors);
    if (stale.length === 0) return;
    const names = stale.flatMap((p) => p.collections.map((c) => c.name)).join(', ');
    this.log(
      `Read models: ${names} written by another version of their projector; rebuilding them${this.options.sides ? ' beside the current ones' : ''}...`,
    );
    const rebuilt = this.rebuildSome(stale).then(
      ({ events }) => this.log(`Read models: ${names} rebuilt from ${events} events`),
      (error: unknown) =>
        this.log(
          `Read models: the rebuild of ${names} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    if (!this.options.sides) await rebuilt;
  }

  /** Calls `listener` with the store the runner writes to after a rebuild switched to it. */
  onSwitched(listener: (store: ReadStore) => void): void {
    this.switchListeners.push(listener);
  }

  /** How far the rebuild under way is (undefined when none runs). */
  get rebuildProgress(): RebuildProgress | undefined {
    return this.progressOfRebuild;
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /** Position of the last event applied to the read models. */
  get processedUpTo(): bigint {
    return this.processed;
  }

  /** Calls `listener` with the new checkpoint after every stored batch (a runner in another thread reports its progress so). */
  onProcessed(listener: (position: bigint) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Tells the runner that the log has grown up to `position` without waiting for it (a write answered before the read
   * models include it, decision 40). A runner in this process learns of appends from the event store itself.
   */
  announce(_position: bigint): void {}

  /** Resolves once the read models include `position`; rejects after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    if (this.processed >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Read models did not reach position ${position}`)), timeoutMs);
      this.waiters.push({ position, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /**
   * Rebuilds every read model from the whole log. With sides (decision 171): beside the current read models, which
   * answer and follow the log until the rebuilt ones have caught up and are switched to in one step. Without: empties
   * them and replays in place.
   */
  async rebuild(): Promise<{ events: number }> {
    return this.rebuildSome(this.projectors);
  }

  /** Rebuilds the collections of these projectors (all: every read model), beside the current ones where there are sides. */
  private async rebuildSome(projectors: readonly Projector[]): Promise<{ events: number }> {
    if (this.options.sides)
      return (this.building ??= this.rebuildBeside(this.options.sides, projectors).finally(
        () => (this.building = undefined),
      ));
    const wasRunning = this.subscription !== undefined;
    await this.stop();
    const head = Number(await this.events.headPosition()) + 1;
    const report = (replayed: number): void => {
      this.progressOfRebuild = { replayed, of: Math.max(replayed, head), phase: 'replaying' };
    };
    try {
      const replayed =
        projectors.length === this.projectors.length
          ? await this.replay(undefined, report)
          : await this.replaySome(projectors, report);
      if (wasRunning) this.subscription = this.events.subscribeAll(this.processed, (b) => this.apply(b));
      return replayed;
    } finally {
      this.progressOfRebuild = undefined;
    }
  }

  /** In place: empties these projectors' collections and replays the log into them up to the checkpoint. */
  private async replaySome(
    projectors: readonly Projector[],
    report: (replayed: number) => void,
  ): Promise<{ events: number }> {
    const upTo = await this.store.checkpoint(CHECKPOINT);
    const replayed = await new ProjectionRunner(this.events, this.store, projectors).replay(upTo, report);
    await this.store.applyBatch([], { name: CHECKPOINT, position: upTo });
    this.processed = upTo;
    return replayed;
  }

  /**
   * Builds the read models of `stale` beside the current ones: in a new side store (all projectors) or in a copy of
   * the current one (some: their collections emptied and replayed up to the copy's checkpoint, the others kept), then
   * follows the log with every projector; when it has caught up, pauses the live projections, takes the last events
   * and switches (ReadStoreSides.switchTo). Until then the current read models answer and follow the log; a failure
   * or a crash on the way leaves them as they are.
   */
  private async rebuildBeside(sides: ReadStoreSides, stale: readonly Projector[]): Promise<{ events: number }> {
    const all = stale.length === this.projectors.length;
    const side = await sides.open(all ? undefined : this.store);
    try {
      const head = await this.events.headPosition();
      const upTo = all ? undefined : await side.checkpoint(CHECKPOINT);
      const report = (replayed: number, phase: RebuildPhase = 'replaying'): void => {
        this.progressOfRebuild = { replayed, of: Math.max(replayed, Number(head) + 1), phase };
      };
      report(0);
      const here: ReplayHere = (projectors, until, { group }) =>
        new ProjectionRunner(this.events, side, projectors, this.log, { group }).replay(until, report);
      const { events } =
        upTo === undefined && head >= 0n
          ? await replayOnTwoCores(
              this.options.parallel,
              side,
              stale,
              head,
              here,
              (position) => side.applyBatch([], { name: CHECKPOINT, position }),
              this.log,
            )
          : await here(stale, upTo, { group: false });
      if (upTo !== undefined) await side.applyBatch([], { name: CHECKPOINT, position: upTo });
      await recordVersions(side, stale);
      this.options.stopAt?.('rebuild:replayed');
      // Follows the log while the live projections go on: the pause below is then short.
      report(events, 'catchingUp');
      const follower = new ProjectionRunner(this.events, side, this.projectors);
      await follower.catchUp();
      const wasRunning = this.subscription !== undefined;
      await this.stop();
      try {
        report(events, 'switching');
        await follower.catchUp();
        this.options.stopAt?.('rebuild:caught-up');
        this.store = await sides.switchTo(side, this.store);
      } finally {
        if (wasRunning) this.subscription = this.events.subscribeAll(this.processed, (b) => this.apply(b));
      }
      this.switched(follower.processedUpTo);
      return { events };
    } catch (error) {
      if (this.store !== side) await sides.discard(side).catch(() => undefined);
      throw error;
    } finally {
      this.progressOfRebuild = undefined;
    }
  }

  /** After the switch: the runner goes on from the side store's checkpoint; tells the listeners, wakes the waiters. */
  private switched(position: bigint): void {
    this.processed = position > this.processed ? position : this.processed;
    for (const listener of this.switchListeners) listener(this.store);
    const ready = this.waiters.filter((w) => w.position <= this.processed);
    this.waiters = this.waiters.filter((w) => w.position > this.processed);
    for (const w of ready) w.resolve();
    for (const listener of this.listeners) listener(this.processed);
  }

  /** Applies the log from the stored checkpoint until it ends (a side store following the log). */
  private async catchUp(): Promise<void> {
    this.processed = await this.store.checkpoint(CHECKPOINT);
    for (;;) {
      const batch = await this.events.readAll(this.processed, CATCH_UP_BATCH);
      if (batch.length === 0) return;
      await this.apply(batch);
      await turn();
    }
  }

  /**
   * Empties every read model of this runner's projectors and replays the log into them (rebuild() without stopping
   * the subscription): the whole log, or the events up to `upTo`. `report` hears the number of events replayed.
   */
  private async replay(upTo?: bigint, report?: (replayed: number) => void): Promise<{ events: number }> {
    await this.store.ensureCollections(this.projectors.flatMap((p) => p.collections));
    await this.store.reset(this.collections, CHECKPOINT);
    this.processed = -1n;
    // Upkeep only the reads need is set aside while the log is replayed and done once at its end (bulk-load/). A replay
    // that fails leaves it to the next ensureCollections (a start, a rebuild), as it leaves the read models to a rebuild.
    const bulk = bulkLoadOf(this.store);
    await bulk?.begin(this.collections);
    let count = 0;
    let pending = new Pending();
    const bound = this.store.maxBatchDocuments;
    for (;;) {
      const read = await this.events.readAll(this.foldedUpTo(pending), REBUILD_BATCH);
      const batch = upTo === undefined ? read : read.filter((e) => e.position <= upTo);
      if (batch.length === 0) break;
      count += batch.length;
      report?.(count);
      await turn();
      if (bound !== undefined) {
        pending = await this.foldWithin(batch, pending, bound);
        continue;
      }
      await this.fold(batch, pending);
      if (pending.overlay.size >= (this.within ? GROUP_FLUSH_DOCUMENTS : REBUILD_FLUSH_DOCUMENTS)) {
        await this.flush(pending);
        pending = new Pending();
      }
    }
    await this.flush(pending);
    await bulk?.finish(this.collections);
    await this.recordFormat();
    return { events: count };
  }

  /**
   * A helper's share of a replay on two cores (parallel-replay/, in the helper's thread): empties this runner's
   * collections and replays the log up to `upTo` into them, as the rebuilding runner replays its own share.
   */
  replayShare(upTo: bigint): Promise<{ events: number }> {
    return this.replay(upTo);
  }

  /** Notes that the read models are of the current format and their projectors' versions (emptied or rebuilt by this code). */
  private async recordFormat(): Promise<void> {
    await this.store.applyBatch([], { name: READ_MODEL_FORMAT_CHECKPOINT, position: BigInt(READ_MODEL_FORMAT) });
    await recordVersions(this.store, this.projectors);
  }

  /**
   * Applies one batch in order: loads the touched documents, projects, and stores writes plus checkpoint at once. For
   * a store with `maxBatchDocuments` the batch is stored in several such writes, each ending at an event (foldWithin).
   */
  async apply(batch: readonly RecordedEvent[]): Promise<void> {
    if (this.cutShort) {
      // The last store was a batch written in parts that failed (the subscription delivers it again): where it lost
      // the checkpoint, its first parts may be stored, and no event can be applied over them. Rebuilt first.
      this.cutShort = false;
      if ((await this.store.checkpoint(CHECKPOINT)) < 0n) {
        this.log('Read models: a batch written in parts failed half way; rebuilding them from the event log...');
        const { events } = await this.replay();
        this.log(`Read models: rebuilt from ${events} events`);
      }
    }
    const bound = this.store.maxBatchDocuments;
    let pending = new Pending();
    if (bound !== undefined) pending = await this.foldWithin(batch, pending, bound);
    else await this.fold(batch, pending);
    await this.flush(pending);
  }

  /**
   * Folds the events into `pending`, storing it (with the position of its last event as checkpoint) whenever the next
   * events would take it past `bound` documents, loaded or written: every store is a state the log can be continued
   * from, in a transaction of bounded size. An event that alone touches more goes alone. Returns the work left.
   */
  private async foldWithin(batch: readonly RecordedEvent[], pending: Pending, bound: number): Promise<Pending> {
    for (let start = 0; start < batch.length;) {
      const end = fitting(this.projectors, batch, start, pending, bound);
      if (end === start) {
        await this.flush(pending);
        pending = new Pending();
        continue;
      }
      await this.fold(batch.slice(start, end), pending);
      start = end;
    }
    return pending;
  }

  /** Projects the events not yet applied into `pending` (batch-fold.ts). */
  private fold(batch: readonly RecordedEvent[], pending: Pending): Promise<void> {
    return fold(this.projectors, this.store, batch, pending, this.foldedUpTo(pending), this.within);
  }

  /** Position of the last event stored or folded into `pending`. */
  private foldedUpTo(pending: Pending): bigint {
    return pending.last > this.processed ? pending.last : this.processed;
  }

  /** Stores the last write of every touched document together with the checkpoint, then wakes the waiters. */
  private async flush(pending: Pending): Promise<void> {
    const last = pending.last;
    if (last < 0n) return;
    const writes = pending.writes();
    const bound = this.store.maxBatchDocuments;
    try {
      await this.store.applyBatch(writes, { name: CHECKPOINT, position: last });
    } catch (error) {
      if (bound !== undefined && writes.length > bound) this.cutShort = true;
      throw error;
    }
    this.processed = last;
    const ready = this.waiters.filter((w) => w.position <= last);
    this.waiters = this.waiters.filter((w) => w.position > last);
    for (const w of ready) w.resolve();
    for (const listener of this.listeners) listener(last);
  }
}
