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

  async waitFor(position: bigint): Promise<void> {
    if (this.runner) return this.runner.waitFor(position, this.timeoutMs);
    const deadline = Date.now() + this.timeoutMs;
    while ((await this.readStore.checkpoint(CHECKPOINT)) < position) {
      if (Date.now() > deadline) throw new Error(`Read models did not reach position ${position}`);
      await sleep(POLL_MS);
    }
  }
}
