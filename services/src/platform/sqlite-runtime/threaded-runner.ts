import { Worker } from 'node:worker_threads';
import type { EventStore, ReadStore, RecordedEvent } from '@coop/contracts';
import { ProjectionRunner, type RebuildProgress } from '@coop/projections';
import type { Areas } from '../areas.js';
import type { AppConfig } from '../config/config.js';
import type { FromProjectionThread, ProjectionThreadData, ToProjectionThread } from './thread-protocol.js';

type Request = ToProjectionThread extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

/**
 * The projection runner in a worker thread of the API process. The thread (projection-thread.ts) runs
 * the same ProjectionRunner over its own connections, so the read models are written exactly as by an
 * in-process runner (same batches, writes and checkpoint in one transaction); what changes is that
 * projecting no longer shares the API's event loop, and runs on another core while the API answers.
 *
 * Read-your-writes: `waitFor(position)` tells the thread that the log has grown and resolves when the
 * thread reports a stored checkpoint at or past `position`; the thread reports only after its
 * transaction committed, so a read the API makes then sees the write.
 */
export class ThreadedProjectionRunner extends ProjectionRunner {
  private worker: Worker | undefined;
  /** Started and not stopped: a thread that dies meanwhile is started again. */
  private running = false;
  private closing = false;
  private reported = -1n;
  /** The thread is told to read the log up to here at once (`waitFor`)... */
  private woken = -1n;
  /** ...and up to here within its gathering time (`announce`, decision 40). */
  private announced = -1n;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (m: FromProjectionThread & { kind: 'done' }) => void; reject: (e: Error) => void }
  >();
  private waiting: { position: bigint; resolve: () => void; reject: (e: Error) => void }[] = [];
  /** The thread's messages, taken in order: a switch of files is finished before the checkpoints after it wake anyone. */
  private inbox: Promise<void> = Promise.resolve();
  private switchHandler: ((file: string) => Promise<void>) | undefined;
  private progressReported: RebuildProgress | undefined;

  constructor(
    private readonly entry: URL,
    private readonly config: AppConfig,
    /** The thread imports the areas' module (`areas.module`) for the same projectors and personal-data rules. */
    private readonly areas: Areas,
    events: EventStore,
    store: ReadStore,
  ) {
    super(events, store, areas.projectors);
  }

  override get processedUpTo(): bigint {
    return this.reported;
  }

  override get rebuildProgress(): RebuildProgress | undefined {
    return this.progressReported;
  }

  /**
   * What the API thread does when a rebuild switched the read models to another file (decision 171): its readers
   * follow. The thread's checkpoints after the switch wait until it is done, so no waiter is woken onto the old file.
   */
  whenSwitched(handler: (file: string) => Promise<void>): void {
    this.switchHandler = handler;
  }

  override async start(): Promise<void> {
    await this.request({ kind: 'start' });
    this.running = true;
  }

  override async stop(): Promise<void> {
    this.running = false;
    if (this.worker) await this.request({ kind: 'stop' });
  }

  override async rebuild(): Promise<{ events: number }> {
    try {
      const done = await this.request({ kind: 'rebuild' });
      return { events: done.events ?? 0 };
    } finally {
      this.progressReported = undefined;
    }
  }

  override async apply(batch: readonly RecordedEvent[]): Promise<void> {
    await this.request({ kind: 'apply', batch });
  }

  override announce(position: bigint): void {
    if (position > this.reported && position > this.announced && position > this.woken && this.worker) {
      this.announced = position;
      this.post({ kind: 'appended', position, waiting: false });
    }
  }

  override waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    if (this.reported >= position) return Promise.resolve();
    if (position > this.woken && this.worker) {
      this.woken = position;
      this.post({ kind: 'appended', position, waiting: true });
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(new Error(`Read models did not reach position ${position}`));
      }, timeoutMs);
      const waiter = {
        position,
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (e: Error) => (clearTimeout(timer), reject(e)),
      };
      this.waiting.push(waiter);
    });
  }

  /** Ends the thread (after `stop`); it closes its connections first. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.closing = true;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    try {
      await this.request({ kind: 'close' });
    } catch (error) {
      // The thread's answer passes through the inbox (a promise chain), so its exit can be seen first: the pending
      // 'close' is then rejected as "exited (code 0)" although the thread did close (seen in a CI-like run of
      // tasks-runner). Only a thread that is still there failed to close.
      if (this.worker === worker) throw error;
    }
    await exited;
    this.closing = false;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      workerData: { config: this.config, areas: this.areas.module } satisfies ProjectionThreadData,
    });
    worker.on('message', (message: FromProjectionThread) => {
      this.inbox = this.inbox
        .then(() => this.receive(message))
        .catch((error: unknown) => console.error('Projection thread message failed', error));
    });
    worker.on('error', (error) => {
      console.error('Projection thread failed', error);
    });
    worker.on('exit', (code) => {
      this.worker = undefined;
      this.woken = -1n;
      this.announced = -1n;
      const error = new Error(`Projection thread exited (code ${code})`);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      if (this.running && !this.closing) {
        // Died while projecting (not closed): start a new thread from the stored checkpoint; waiters keep waiting.
        console.error(`${error.message}; starting it again`);
        this.request({ kind: 'start' }).catch((e: unknown) => {
          this.running = false;
          console.error('Projection thread could not be started again', e);
          for (const w of this.waiting.splice(0)) w.reject(e instanceof Error ? e : error);
        });
        return;
      }
      for (const w of this.waiting) w.reject(error);
      this.waiting = [];
    });
    this.worker = worker;
    return worker;
  }

  private post(message: ToProjectionThread): void {
    this.thread().postMessage(message);
  }

  private request(message: Request): Promise<FromProjectionThread & { kind: 'done' }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ ...message, id } as ToProjectionThread);
    });
  }

  private async receive(message: FromProjectionThread): Promise<void> {
    if (message.kind === 'processed') {
      this.progress(message.position);
      return;
    }
    if (message.kind === 'rebuilding') {
      this.progressReported = { replayed: message.replayed, of: message.of, phase: message.phase };
      return;
    }
    if (message.kind === 'switched') {
      this.progressReported = undefined;
      await this.switchHandler?.(message.file);
      return;
    }
    const request = this.pending.get(message.id);
    if (!request) return;
    this.pending.delete(message.id);
    if (message.kind === 'failed') {
      request.reject(new Error(`Projection thread: ${message.message}`));
      return;
    }
    this.progress(message.processed, true);
    request.resolve(message);
  }

  /** Records the thread's checkpoint (`reset`: also when it moved back, as a rebuild does) and wakes the waiters it covers. */
  private progress(position: bigint, reset = false): void {
    if (position <= this.reported && !reset) return;
    this.reported = position;
    const ready = this.waiting.filter((w) => w.position <= position);
    if (ready.length === 0) return;
    this.waiting = this.waiting.filter((w) => w.position > position);
    for (const w of ready) w.resolve();
  }
}
