import { Pending } from '../runner/pending.js';
import type { BehindWriter } from './write-behind.port.js';
import { WritesBehind } from './writes-behind.js';

/**
 * The live projections' writer behind while they follow a backlog (decision 281). The batches the log hands the runner
 * are folded into one piece of work while the writer writes the piece before; when the writer is free, what was
 * folded meanwhile goes as one transaction. Writing is the slower side here (every index kept), so the pieces grow
 * to what the writer can take, and a document touched by several batches is written once.
 *
 * Opened at the first large batch; ended (after its last piece committed) when a small batch comes (the runner writes
 * it itself, as a posting's), when the runner stops, or after a second without batches. A failure is kept and thrown
 * by the next take() or end(): what was not committed is then applied again from the last checkpoint by the runner.
 */
export class BacklogWriter {
  private live: { readonly writer: BehindWriter; readonly behind: WritesBehind } | undefined;
  /** Folded and not yet handed to the writer. */
  private next: Pending | undefined;
  private folding = false;
  /** The hand-overs, one after another (each waits for the writer's batch before). */
  private handing: Promise<void> = Promise.resolve();
  private failure: { readonly error: unknown } | undefined;
  private closing: Promise<void> = Promise.resolve();
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly open: () => Promise<BehindWriter | undefined>,
    private readonly committed: (position: bigint) => void,
    private readonly checkpoint: string,
    /** A piece folded while the writer is busy is handed over at this many documents even so (bounds memory). */
    private readonly maxHeldDocuments = BACKLOG_MAX_HELD_DOCUMENTS,
    private readonly idleMs = BACKLOG_WRITER_IDLE_MS,
  ) {}

  /** The position of the last event folded or handed to the writer and not yet committed (-1: none). */
  get last(): bigint {
    const handed = this.live?.behind.last ?? -1n;
    const folded = this.next?.last ?? -1n;
    return folded > handed ? folded : handed;
  }

  /**
   * Folds a batch (`fold`, over the piece being folded and the writer's batch under way) and hands the piece to the
   * writer when it is free. False when the store has no writer behind (nothing was folded).
   */
  async take(fold: (pending: Pending, behind: WritesBehind) => Promise<void>): Promise<boolean> {
    this.stopIdle();
    await this.closing;
    this.throwFailure();
    const behind = await this.behind();
    if (!behind) return false;
    this.folding = true;
    try {
      await fold((this.next ??= new Pending()), behind);
    } finally {
      this.folding = false;
    }
    if (!behind.busy || this.next.overlay.size >= this.maxHeldDocuments) await this.handOver(behind);
    else void behind.idle().then(() => this.handOverWhenIdle(behind));
    // A failure of the last piece is kept for the next batch, which then applies it again.
    this.idle = setTimeout(() => void this.end().catch((error: unknown) => (this.failure ??= { error })), this.idleMs);
    this.idle.unref?.();
    return true;
  }

  /** Hands over what was folded, waits until it committed and ends the writer; rethrows a failure. */
  end(): Promise<void> {
    this.stopIdle();
    const live = this.live;
    this.live = undefined;
    this.closing = this.closing.then(async () => {
      try {
        this.throwFailure();
        if (live) {
          await this.handOver(live.behind);
          await live.behind.settle();
        }
      } catch (error) {
        this.failure = undefined;
        this.next = undefined;
        this.handing = Promise.resolve();
        throw error;
      } finally {
        await live?.writer.close();
      }
    });
    const closing = this.closing;
    // A later take() or end() goes on after a failure, which this call reports.
    this.closing = closing.catch(() => undefined);
    return closing;
  }

  private async behind(): Promise<WritesBehind | undefined> {
    if (!this.live) {
      const writer = await this.open();
      if (!writer) return undefined;
      this.live = { writer, behind: new WritesBehind(writer, this.committed) };
    }
    return this.live.behind;
  }

  /**
   * Hands the folded piece to the writer after the hand-overs before it (each write waits for the batch under way);
   * resolves when every hand-over so far is made, rejects when one failed.
   */
  private handOver(behind: WritesBehind): Promise<void> {
    const next = this.next;
    this.next = undefined;
    if (next) this.handing = this.handing.then(() => behind.write(next, this.checkpoint));
    this.handing.catch(() => undefined);
    return this.handing;
  }

  /** The writer is free: hands over what was folded meanwhile, unless a fold is under way (it hands over itself). */
  private handOverWhenIdle(behind: WritesBehind): void {
    if (this.folding || this.live?.behind !== behind || behind.busy) return;
    this.handOver(behind).catch((error: unknown) => (this.failure ??= { error }));
  }

  private throwFailure(): void {
    const failure = this.failure;
    if (!failure) return;
    this.failure = undefined;
    this.next = undefined;
    this.handing = Promise.resolve();
    throw failure.error;
  }

  private stopIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
  }
}

/** How long a backlog writer waits for the next large batch before it ends. */
export const BACKLOG_WRITER_IDLE_MS = 1000;
/** Documents a piece folded while the writer is busy may hold before it waits for the writer (about as a rebuild's). */
export const BACKLOG_MAX_HELD_DOCUMENTS = 100_000;
