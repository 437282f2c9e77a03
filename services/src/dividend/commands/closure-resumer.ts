import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { dividendRegisterStream, type EventStore } from '@coop/contracts';
import { cooperativeDocuments } from '../../cooperatives/index.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { TASK_QUEUE, type TaskQueue } from '../../tasks/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { closureRegisterDecider } from '../domain/closure-register.decider.js';
import { caughtUp, stoppedClosures } from './closure-process.js';

/**
 * At the start (issue 40; decision 156): for every closure a stop left closing (the register records
 * `DividendYearClosing` with its request and no `DividendYearClosed`) the task `dividendClosure` is queued, which runs it
 * to its end with a progress bar (ClosureTask); one already queued or running (a task the restart interrupted, which
 * the runner resumes) is left to run. In the background: the API answers meanwhile, and the year shows "closing" until
 * the end. A lock written before issue 40 (no request recorded) waits for the closure request again. The same request
 * resumes it as well; both at once is safe (each step appends at the revision it read).
 */
@Injectable()
export class ClosureResumer implements OnApplicationBootstrap {
  private readonly logger = new Logger('ClosureResumer');

  constructor(
    private readonly reads: ReadModels,
    private readonly writer: StreamWriter,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    private readonly progress: ReadModelProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  onApplicationBootstrap(): void {
    void this.resumeAll().catch((error: unknown) =>
      this.logger.error(`Resuming closures failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Queues the resumption of every stopped closure of every cooperative; answers how many it queued. */
  async resumeAll(): Promise<number> {
    await caughtUp(this.events, this.progress);
    let queued = 0;
    // Every cooperative, page by page: one page of MAX_LIMIT left the stopped closures of the rest unresumed.
    for await (const page of cooperativeDocuments.pagesAcrossCooperatives(this.reads))
      for (const cooperative of page) {
        const { state } = await this.writer.load(dividendRegisterStream(cooperative.id), closureRegisterDecider);
        if (stoppedClosures(state).length === 0) continue;
        try {
          await this.queue.enqueue({
            cooperativeId: cooperative.id,
            user: 'system',
            kind: 'dividendClosure',
            params: {},
          });
          this.logger.log(`Resuming the stopped closures of cooperative ${cooperative.id} in the task dividendClosure`);
          queued++;
        } catch (error) {
          // Queued or running already (a task the restart interrupted is resumed by the runner itself).
          if (!(error instanceof ConflictingStateError)) throw error;
        }
      }
    return queued;
  }
}
