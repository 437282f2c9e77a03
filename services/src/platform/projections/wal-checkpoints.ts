import { Worker } from 'node:worker_threads';
import type { CheckpointThreadData, FromCheckpointThread } from './checkpoint-protocol.js';

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
  private constructor(
    private readonly worker: Worker,
    private readonly exited: Promise<void>,
    private readonly isRunning: () => boolean,
  ) {}

  static async start(entry: URL, file: string, everyMs = CHECKPOINT_EVERY_MS): Promise<WalCheckpoints> {
    const data: CheckpointThreadData = { file, everyMs };
    const worker = new Worker(entry, { workerData: data });
    let running = true;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => ((running = false), resolve())));
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number): void => reject(new Error(`Checkpoint thread exited before it was ready (code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: FromCheckpointThread) => {
        if (message.kind !== 'ready') return;
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve();
      });
    });
    worker.on('error', (error) => console.error('Checkpoint thread failed; the writer checkpoints its log itself from now on', error));
    return new WalCheckpoints(worker, exited, () => running);
  }

  /** Copies the log a last time, closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    if (this.isRunning()) this.worker.postMessage({ kind: 'close' });
    await this.exited;
  }
}
