import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadStore } from '@coop/contracts';
import { CHECKPOINT, type ProjectionRunner } from '@coop/projections';

const POLL_MS = 20;

/**
 * Read-your-writes: resolves once the read models include a log position. With the runner in this
 * process it is told directly; with a separate projection worker it polls the stored checkpoint.
 * Rejects after `timeoutMs` (READ_YOUR_WRITES_WAIT_MS).
 */
export class ReadModelProgress {
  constructor(
    private readonly runner: ProjectionRunner | undefined,
    private readonly readStore: ReadStore,
    private readonly timeoutMs: number,
  ) {}

  /**
   * The projections run in this process (a thread of it, or its event loop): it alone knows how far they are, so a
   * write may be answered before they include it and the client's next request waits instead (ClientWrites).
   */
  get inProcess(): boolean {
    return this.runner !== undefined;
  }

  /** Whether the read models include `position` as far as this process knows (false without an in-process runner). */
  includes(position: bigint): boolean {
    return this.runner !== undefined && this.runner.processedUpTo >= position;
  }

  /** Tells an in-process runner that the log has grown, without waiting. */
  announce(position: bigint): void {
    this.runner?.announce(position);
  }

  async waitFor(position: bigint): Promise<void> {
    if (this.runner) return this.runner.waitFor(position, this.timeoutMs);
    const deadline = Date.now() + this.timeoutMs;
    while ((await this.readStore.checkpoint(CHECKPOINT)) < position) {
      if (Date.now() > deadline) throw new Error(`Read models did not reach position ${position}`);
      await sleep(POLL_MS);
    }
  }
}
