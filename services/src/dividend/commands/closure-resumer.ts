import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { businessToday, dividendRegisterStream, ROLES, type EventStore } from '@coop/contracts';
import { COOPERATIVES } from '@coop/projections';
import { contextFor } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { MAX_LIMIT } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { closureRegisterDecider } from '../domain/closure-register.decider.js';
import { ClosureProcess } from './closure-process.js';

/** Pause between waits for the read models to reach the log's head at the start. */
const CATCH_UP_PAUSE_MS = 1000;

/**
 * At the start (issue 40; decision 156): every closure a stop left closing (the register records `DividendYearClosing`
 * with its request and no `DividendYearClosed`) is run to its end by `ClosureProcess`, once the read models have caught
 * up with the log (the calculation reads them). In the background: the API answers meanwhile, and the year shows
 * "closing" until the end. A lock written before issue 40 (no request recorded) waits for the closure request again.
 * The same request resumes it as well; both at once is safe (each step appends at the revision it read).
 */
@Injectable()
export class ClosureResumer implements OnApplicationBootstrap {
  private readonly logger = new Logger('ClosureResumer');

  constructor(
    private readonly reads: ReadModels,
    private readonly writer: StreamWriter,
    private readonly process: ClosureProcess,
    private readonly progress: ReadModelProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  onApplicationBootstrap(): void {
    void this.resumeAll().catch((error: unknown) => this.logger.error(`Resuming closures failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Resumes every stopped closure of every cooperative; answers how many it finished. */
  async resumeAll(): Promise<number> {
    await this.caughtUp();
    const cooperatives = await this.reads.listAcrossCooperatives(COOPERATIVES, { limit: MAX_LIMIT }, []);
    let finished = 0;
    for (const cooperative of cooperatives.items) {
      const { state } = await this.writer.load(dividendRegisterStream(cooperative.id), closureRegisterDecider);
      for (const [year, closure] of Object.entries(state.years)) {
        if (closure.closed || closure.params === undefined) continue;
        const system = contextFor({ userId: 'system', username: 'system', roles: [...ROLES], cooperativeId: cooperative.id });
        this.logger.log(`Resuming the closure of ${year} (${closure.dividendId})`);
        await this.process.run(system, Number(year), undefined, businessToday());
        finished++;
      }
    }
    return finished;
  }

  /** Waits until the read models include every event the log held at the start. */
  private async caughtUp(): Promise<void> {
    const head = await this.events.headPosition();
    for (;;) {
      try {
        return await this.progress.waitFor(head);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_PAUSE_MS));
      }
    }
  }
}
