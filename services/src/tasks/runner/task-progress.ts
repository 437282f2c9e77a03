import type { TaskPhase } from '@coop/contracts';

/** A count of units done of a total, and the phase where the task's kind has phases. */
export interface ProgressReport {
  readonly done: number;
  readonly total: number;
  readonly phase?: TaskPhase;
}

/**
 * A running task's progress, written at most once per `intervalMs` (issue 24: `TaskProgressed` about once a second):
 * `report` only notes the latest count; a timer writes it when it changed, and `stop` once more. Writes happen one at a
 * time, in order.
 */
export class ProgressReporter {
  private latest: ProgressReport | null = null;
  private written: ProgressReport | null = null;
  private pending: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (report: ProgressReport) => Promise<void>,
    intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  report(done: number, total: number, phase?: TaskPhase): void {
    if (!Number.isSafeInteger(done) || !Number.isSafeInteger(total) || done < 0 || total < 0) return;
    this.latest = phase === undefined ? { done, total } : { done, total, phase };
  }

  private flush(): void {
    const latest = this.latest;
    const written = this.written;
    if (
      latest === null ||
      (written !== null &&
        written.done === latest.done &&
        written.total === latest.total &&
        written.phase === latest.phase)
    )
      return;
    this.written = latest;
    this.pending = this.pending.then(() => this.write(latest)).catch(this.onError);
  }

  /**
   * Stops writing after one last write of the latest count when it changed (a task's end shows where it got, e.g. all
   * of a closure's members, not the count of the last tick: issue 40); resolves once that write has ended.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.flush();
    await this.pending;
  }
}
