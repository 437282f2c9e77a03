import { Inject, Injectable } from '@nestjs/common';
import {
  businessToday,
  dividendRegisterStream,
  ValidationError,
  type DividendYearClosed,
  type EventStore,
} from '@coop/contracts';
import { contextFor } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { closureRegisterDecider } from '../domain/closure-register.decider.js';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../../tasks/index.js';
import { dividendClosures } from '../queries/dividend-closures.js';
import { caughtUp, ClosureProcess, stoppedClosures } from './closure-process.js';

/**
 * The background task `dividendClosure` (no params; issue 40, decision 157): runs every closure of the cooperative
 * that a stop left closing to its end (`ClosureProcess`, oldest year first), once the read models have caught up with
 * the log, with its progress (events written of the closure's) on the task screen. `ClosureResumer` queues it at the
 * start for each cooperative with a stopped closure; a task interrupted by a restart is run again from
 * its start, which continues the closure from what the log holds (each step is written once). It writes nothing
 * through the runner: the closure's steps are its own appends, idempotent by the closure stream's revision.
 */
@TaskHandlerProvider()
@Injectable()
export class ClosureTask implements TaskHandler<'dividendClosure'> {
  readonly kind = 'dividendClosure' as const;
  readonly resumable = true;
  /** It makes no files; the closure itself is read with `dividend:read`. */
  readonly filePermissions = ['dividend:close'] as const;

  constructor(
    private readonly process: ClosureProcess,
    private readonly writer: StreamWriter,
    private readonly readModels: ReadModelProgress,
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async run(task: RunningTask): Promise<TaskOutcome> {
    await caughtUp(this.events, this.readModels);
    // Its writes carry the task's id as their correlation: a restart's next run finds the years this task closed.
    const ctx = contextFor(
      { userId: task.queuedBy, username: task.queuedBy, roles: [], cooperativeId: task.cooperativeId },
      task.taskId,
    );
    const done: number[] = [];
    let members = 0;
    // Years an earlier run of this task closed before a restart cut it short (their end written, the task's not): its
    // summary names them as an uninterrupted run's does.
    if (task.attempt > 1)
      for (const closed of await this.closedByTask(task)) {
        done.push(closed.year);
        members += closed.members;
      }
    try {
      // Every year left closing, also one a closure request locked while this task ran (it waits for this task).
      for (
        let year = await this.nextYear(task.cooperativeId, done);
        year !== undefined;
        year = await this.nextYear(task.cooperativeId, done)
      ) {
        let payouts = 0;
        await this.process.run(ctx, year, undefined, businessToday(), (written, events) => {
          // Members written of the closure's (the declaration is the stream's first event).
          payouts = events - 1;
          task.progress(Math.max(0, written - 1), payouts);
        });
        members += payouts;
        done.push(year);
      }
      return {
        outcome: 'completed',
        files: [],
        summary: { closures: done.length, years: done.join(', '), members },
        effects: [],
        notifications: [],
      };
    } catch (error) {
      // A refusal (the year closed meanwhile, a calculation error after the lock) ends the task rejected with its template.
      const first =
        error instanceof ValidationError || error instanceof ConflictingStateError ? error.errors[0] : undefined;
      if (!first) throw error;
      return {
        outcome: 'rejected',
        reason: { template: first.template, parameters: Object.values(first.parameters) },
        notifications: [],
      };
    }
  }

  /** The years whose end an earlier run of the task wrote, with their members, in the order they were closed. */
  private async closedByTask(task: RunningTask): Promise<{ year: number; members: number }[]> {
    const register = await this.events.readStream(dividendRegisterStream(task.cooperativeId));
    const closed: { year: number; members: number }[] = [];
    for (const e of register) {
      if (e.type !== 'DividendYearClosed' || e.metadata.correlationId !== task.taskId) continue;
      const { year, dividendId } = e.data as DividendYearClosed['data'];
      const closure = await dividendClosures.get(this.reads, task.cooperativeId, dividendId);
      closed.push({ year, members: closure.memberCount });
    }
    return closed;
  }

  /** The oldest year the register shows left closing with its request, not yet run by this task. */
  private async nextYear(cooperativeId: string, done: readonly number[]): Promise<number | undefined> {
    const { state } = await this.writer.load(dividendRegisterStream(cooperativeId), closureRegisterDecider);
    return stoppedClosures(state).find((year) => !done.includes(year));
  }
}
