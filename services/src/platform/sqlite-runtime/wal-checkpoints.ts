import { Worker } from 'node:worker_threads';
import { whenReady } from './worker-ready.js';
import type { CheckpointThreadData, ToCheckpointThread } from './checkpoint-protocol.js';

/** How often the checkpoint thread copies the read store's log into the database. */
export const CHECKPOINT_EVERY_MS = 50;
/**
 * The writer's own checkpoint limit while the checkpoint thread runs (pages, 4 KiB each; SQLite's default is 1,000).
 * When the writer reaches it, the thread has already copied nearly all of the log, so the writer's checkpoint is
 * short, and the log starts again from its beginning (the thread's PASSIVE checkpoints never restart it). It also
 * bounds the log (16 MiB) should the thread stop. 1,000, 4,000 and 20,000 pages gave the same postings/s within the
 * noise; the smaller log keeps the readers' look-ups in it short.
 */
export const WRITER_CHECKPOINT_PAGES = 4_000;

/**
 * A worker thread (checkpoint-thread.ts) that checkpoints a SQLite file's write-ahead log on its own connection, so
 * the connection that writes need not (docs/decisions.md 32). A thread that dies is logged and not replaced: the
 * writer's own checkpoints (WRITER_CHECKPOINT_PAGES) then keep the log bounded.
 */
export class WalCheckpoints {
  private running = true;
  private readonly exited: Promise<void>;

  private constructor(private readonly worker: Worker) {
    this.exited = new Promise((resolve) => worker.once('exit', () => ((this.running = false), resolve())));
  }

  static async start(entry: URL, file: string, everyMs = CHECKPOINT_EVERY_MS): Promise<WalCheckpoints> {
    const worker = new Worker(entry, { workerData: { file, everyMs } satisfies CheckpointThreadData });
    const checkpoints = new WalCheckpoints(worker);
    await whenReady(worker, 'The checkpoint thread');
    worker.on('error', (error) =>
      console.error('Checkpoint thread failed; the writer checkpoints its log itself from now on', error),
    );
    return checkpoints;
  }

  /** Copies the log a last time, closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    if (this.running) this.worker.postMessage({ kind: 'close' } satisfies ToCheckpointThread);
    await this.exited;
  }
}
