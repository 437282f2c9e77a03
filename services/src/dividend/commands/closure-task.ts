import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { businessToday, dividendRegisterStream, ValidationError, type EventStore } from '@coop/contracts';
import { contextFor } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { closureRegisterDecider } from '../domain/closure-register.decider.js';
import { TASK_HANDLERS, type RunningTask, type TaskHandler, type TaskHandlers, type TaskOutcome } from '../../tasks/index.js';
import { caughtUp, ClosureProcess, stoppedClosures } from './closure-process.js';

/**
 * The background task `dividendClosure` (no params; issue 40, decision 157): runs every closure of the cooperative
 * that a stop left closing to its end (`ClosureProcess`, oldest year first), once the read models have caught up with
 * the log, with its progress (events written of the closure's) on the task screen. `ClosureResumer` queues it at the
 * start for each cooperative with a stopped closure; a task interrupted by a restart is run again from
 * its start, which continues the closure from what the log holds (each step is written once). It writes nothing
 * through the runner: the closure's steps are its own appends, idempotent by the closure stream's revision.
 */
@Injectable()
export class ClosureTask implements TaskHandler, OnModuleInit {
  readonly kind = 'dividendClosure' as const;
  readonly resumable = true;
  /** It makes no files; the closure itself is read with `dividend:read`. */
  readonly filePermissions = ['dividend:close'] as const;

  constructor(
    @Inject(TASK_HANDLERS) private readonly handlers: TaskHandlers,
    private readonly process: ClosureProcess,
    private readonly writer: StreamWriter,
    private readonly readModels: ReadModelProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async run(task: RunningTask): Promise<TaskOutcome> {
    await caughtUp(this.events, this.readModels);
    const ctx = contextFor({ userId: task.queuedBy, username: task.queuedBy, roles: [], cooperativeId: task.cooperativeId });
    const { state } = await this.writer.load(dividendRegisterStream(task.cooperativeId), closureRegisterDecider);
    const years = stoppedClosures(state);
    let members = 0;
    try {
      for (const year of years) {
        let payouts = 0;
        await this.process.run(ctx, year, undefined, businessToday(), (written, events) => {
          payouts = events - 1;
          task.progress(written, events);
        });
        members += payouts;
      }
      return { outcome: 'completed', files: [], summary: { closures: years.length, years: years.join(', '), members }, effects: [], notifications: [] };
    } catch (error) {
      // A refusal (the year closed meanwhile, a calculation error after the lock) ends the task rejected with its template.
      const first = error instanceof ValidationError || error instanceof ConflictingStateError ? error.errors[0] : undefined;
      if (!first) throw error;
      return { outcome: 'rejected', reason: { template: first.template, parameters: Object.values(first.parameters) }, notifications: [] };
    }
  }
}
