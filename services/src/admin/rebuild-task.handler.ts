import { Inject, Injectable } from '@nestjs/common';
import { ProjectionRunner } from '@coop/projections';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../tasks/index.js';

/** How often the task reads the rebuild's progress (the task runner writes it at most once a second). */
const PROGRESS_POLL_MS = 250;

/**
 * A rebuild of every read model as a background task (kind `readModelRebuild`, issue 41, decision 201): it runs the
 * projection runner's rebuild, which builds beside the current read models on SQLite (they answer, and follow the log,
 * until the switch; decision 171), and reports its progress as events replayed of the log's length with its phase
 * (replaying, catching up, switching). It writes nothing but its outcome: run again after a restart it starts over,
 * the interrupted side store being thrown away (decision 172). Rejected where this process does not run the
 * projections (`rebuildInWorker`).
 */
@TaskHandlerProvider()
@Injectable()
export class RebuildTaskHandler implements TaskHandler<'readModelRebuild'> {
  readonly kind = 'readModelRebuild' as const;
  readonly resumable = true;
  /** It makes no files; were there any, they would be the super administrator's. */
  readonly filePermissions = ['projections:rebuild'] as const;

  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(task: RunningTask): Promise<TaskOutcome> {
    if (!this.config.runProjections)
      return { outcome: 'rejected', reason: { template: 'rebuildInWorker', parameters: [] }, notifications: [] };
    const poll = setInterval(() => {
      const progress = this.runner.rebuildProgress;
      if (progress) task.progress(progress.replayed, progress.of, progress.phase);
    }, PROGRESS_POLL_MS);
    try {
      const { events } = await this.runner.rebuild();
      return { outcome: 'completed', files: [], summary: { events }, effects: [], notifications: [] };
    } finally {
      clearInterval(poll);
    }
  }
}
