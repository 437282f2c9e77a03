import { Inject, Injectable } from '@nestjs/common';
import { dividendRegisterStream, fieldError, type EventStore, type FieldError, type TaskDto } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { INTERRUPTED, TASK_QUEUE, TaskReads, type TaskQueue } from '../../tasks/index.js';
import { closureRegisterDecider, yearState } from '../domain/closure-register.decider.js';
import { caughtUp, closedMeanwhile, refuse } from './closure-process.js';

/** How often the request looks whether the closure's task has finished the year. */
const LOOK_AGAIN_MS = 200;

/**
 * A fresh closure runs as the task `dividendClosure` (issue 40, decision 199), so its progress (members written of the
 * closure's) is on the task screen and the dividend screen while it runs, as the other long work's is. `POST
 * /dividend/store` keeps its answer (201 with the closure, SPEC.md 7): after the lock the request queues the task (or
 * finds the cooperative's one queued or running, which takes every year left closing, this one included) and waits until
 * the register records the year closed and the read models include it. A refusal of the task (the calculation after the
 * lock found an error) is the request's refusal; a failure its error. The runner runs the task in the API or in the worker
 * (`TASKS_RUN_IN`); if the request is cut meanwhile, the task goes on to the end.
 */
@Injectable()
export class ClosureAsTask {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: TaskReads,
    private readonly progress: ReadModelProgress,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** Runs the closure of `year` (locked as `dividendId`) in the task and answers once it is closed and shown. */
  async run(ctx: CommandContext, year: number, dividendId: string): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    let taskId: string | undefined;
    for (;;) {
      const state = yearState(
        (await this.writer.load(dividendRegisterStream(cooperativeId), closureRegisterDecider)).state,
        year,
      );
      if (state?.dividendId !== dividendId) throw closedMeanwhile(year);
      if (state.closed) break;
      if (taskId === undefined) {
        taskId = await this.queued(cooperativeId, ctx.actor.username);
      } else {
        const task = await this.reads.task(cooperativeId, taskId);
        endedWithout(task, year);
        // Ended without this year (it had read the register before the lock): queue another.
        if (task.state === 'completed') taskId = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
    await caughtUp(this.events, this.progress);
    return dividendId;
  }

  /** Queues the task; undefined when one is queued or running already (it takes this year, or the next look queues). */
  private async queued(cooperativeId: string, user: string): Promise<string | undefined> {
    try {
      return await this.queue.enqueue({ cooperativeId, user, kind: 'dividendClosure', params: {} });
    } catch (error) {
      if (error instanceof ConflictingStateError) return undefined;
      throw error;
    }
  }
}

/**
 * A task that ended rejected is the closure's refusal (its template, 400 or 409). One failed as interrupted (restarted
 * TASK_ATTEMPTS_MAX times while the request waited) left the year closing: 409 `closureInterrupted` [year] tells the
 * clerk that the same request again (or the next start) finishes it. Any other failure is its error.
 */
export function endedWithout(task: TaskDto, year: number): void {
  if (task.state === 'rejected' && task.reason) {
    const parameters: Record<string, string> = {};
    task.reason.parameters.forEach((p, i) => (parameters[String(i)] = p));
    throw refuse([{ field: null, template: task.reason.template, parameters } as FieldError]);
  }
  if (task.state === 'failed' && task.error === INTERRUPTED)
    throw new ConflictingStateError([fieldError('year', 'closureInterrupted', String(year))]);
  if (task.state === 'failed') throw new Error(`The closure's task ${task.id} failed: ${task.error ?? ''}`);
}
