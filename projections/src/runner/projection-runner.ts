import type { EventStore, ReadDocument, ReadStore, RecordedEvent, Subscription, WriteOp } from '@coop/contracts';
import { keyOf, type DocKey, type Projector } from './projector.js';

/** Name of the runner's checkpoint in the read store. */
export const CHECKPOINT = 'read-models';
const REBUILD_BATCH = 5000;

/**
 * Feeds the global log to the projectors from the stored checkpoint. Each batch's writes and the
 * new checkpoint are stored together, so after a crash nothing is applied twice or skipped.
 * A document remembers the position that last wrote it; an event at or below it is ignored
 * (idempotent when the same event comes twice).
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private processed = -1n;
  private waiters: { position: bigint; resolve: () => void }[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projectors: readonly Projector[],
  ) {}

  get collections(): string[] {
    return this.projectors.flatMap((p) => p.collections.map((c) => c.name));
  }

  async start(): Promise<void> {
    await this.store.ensureCollections(this.projectors.flatMap((p) => p.collections));
    this.processed = await this.store.checkpoint(CHECKPOINT);
    this.subscription = this.events.subscribeAll(this.processed, (batch) => this.apply(batch));
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /** Position of the last event applied to the read models. */
  get processedUpTo(): bigint {
    return this.processed;
  }

  /** Resolves once the read models include `position`; rejects after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    if (this.processed >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Read models did not reach position ${position}`)), timeoutMs);
      this.waiters.push({ position, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** Empties every read model and replays the whole log into them. */
  async rebuild(): Promise<{ events: number }> {
    const wasRunning = this.subscription !== undefined;
    await this.stop();
    await this.store.ensureCollections(this.projectors.flatMap((p) => p.collections));
    await this.store.reset(this.collections, CHECKPOINT);
    this.processed = -1n;
    let count = 0;
    for (;;) {
      const batch = await this.events.readAll(this.processed, REBUILD_BATCH);
      if (batch.length === 0) break;
      await this.apply(batch);
      count += batch.length;
    }
    if (wasRunning) this.subscription = this.events.subscribeAll(this.processed, (b) => this.apply(b));
    return { events: count };
  }

  /** Applies one batch in order: loads the touched documents, projects, and stores writes plus checkpoint at once. */
  async apply(batch: readonly RecordedEvent[]): Promise<void> {
    const fresh = batch.filter((e) => e.position > this.processed);
    if (fresh.length === 0) return;
    const overlay = new Map<string, ReadDocument | null>();
    const ops: WriteOp[] = [];
    for (const event of fresh) {
      for (const projector of this.projectors) {
        const keys = projector.keys(event);
        if (keys.length === 0) continue;
        for (const key of keys) await this.load(key, overlay);
        const current = (key: DocKey): ReadDocument | undefined => overlay.get(keyOf(key)) ?? undefined;
        if (keys.some((k) => isAtOrAfter(current(k), event.position))) continue;
        for (const op of projector.project(event, current)) {
          ops.push(op);
          const k = keyOf({ collection: op.collection, id: op.kind === 'put' ? op.doc.id : op.id });
          overlay.set(k, op.kind === 'put' ? op.doc : null);
        }
      }
    }
    const last = fresh[fresh.length - 1]!.position;
    await this.store.applyBatch(ops, { name: CHECKPOINT, position: last });
    this.processed = last;
    const ready = this.waiters.filter((w) => w.position <= last);
    this.waiters = this.waiters.filter((w) => w.position > last);
    for (const w of ready) w.resolve();
  }

  private async load(key: DocKey, overlay: Map<string, ReadDocument | null>): Promise<void> {
    const k = keyOf(key);
    if (overlay.has(k)) return;
    overlay.set(k, (await this.store.get(key.collection, key.id)) ?? null);
  }
}

function isAtOrAfter(doc: ReadDocument | undefined, position: bigint): boolean {
  return doc !== undefined && BigInt(doc.position) >= position;
}
