import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  ConcurrencyError,
  taskLaneStream,
  taskStream,
  type EventStore,
  type FileStore,
  type ReadStore,
  type RecordedEvent,
  type StreamAppend,
  type TaskEvent,
  type TaskKind,
  type TaskParamsOf,
} from '@coop/contracts';
import { TASKS } from '@coop/projections/tasks';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { SavedNotYetShownError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { stopHereInTests } from '../../platform/commands/test-stop.js';
import type { AppConfig } from '../../platform/config/config.js';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../../platform/tokens.js';
import { taskLaneDecider } from '../domain/task-lane.decider.js';
import { taskDecider, type TaskStreamState } from '../domain/task.decider.js';
import { taskContext, TaskWakeUp } from '../commands/task-context.js';
import { notificationAppends } from '../commands/task-notifications.js';
import { TaskHandlerRegistry } from '../task-handler-registry.js';
import type { RunningTask, TaskHandler } from '../task-port.js';
import { endingAppends, errorMessage, type Ending } from './task-ending.js';
import { TaskFiles } from './task-files.js';
import { ProgressReporter } from './task-progress.js';

/** How often the runner looks for queued tasks in the read model (it is also woken when this process queues one). */
export const POLL_MS = 500;
/** At most one `TaskProgressed` per task in this time. */
export const PROGRESS_MS = 1000;
/** Tasks looked at per poll (oldest first). */
const POLL_BATCH = 100;
/** The error of a task interrupted by a restart that cannot be resumed (its template). */
export const INTERRUPTED = 'taskInterrupted';
/**
 * Runs of a resumable task at most: one interrupted this often is failed (INTERRUPTED), not run again. A task that
 * takes the process down (a KiStAM answer whose five million line errors filled the heap) was otherwise run again at
 * every start, and the API never answered again (a review, stop 63).
 */
export const TASK_ATTEMPTS_MAX = 3;

/** A task's stream as the runner reads it: its state, revision and the user who queued it. */
interface LoadedTask {
  readonly state: TaskStreamState;
  readonly revision: number;
  readonly queuedBy: string;
}

/**
 * The task runner (issue 24). Exactly one per installation: in the API process (`TASKS_RUN_IN=api`, the default) or in
 * the worker (`TASKS_RUN_IN=worker`, `npm run start:worker`, which calls `start()`).
 *
 * It polls the `tasks` read model for queued tasks every POLL_MS (and at once when this process queues one), claims a
 * task by appending `TaskStarted` at the revision it read (a second runner loses on the revision), runs the handler of
 * its kind, writes its progress at most once a second, stores the files it made, and appends its end in ONE
 * `appendMulti`: the end event, the lane released, the handler's effects and the notifications (task-ending.ts), all
 * stamped with the user who queued it. A task found running that started before this runner did was interrupted by a restart: resumable →
 * `TaskStarted` (attempt + 1) and run again from its start, at most TASK_ATTEMPTS_MAX runs; else `TaskFailed
 * {interrupted: true}`. Stopping the runner
 * writes nothing for the tasks it runs: they are resumed or failed when it starts again. A completed task removes the
 * files of the cooperative's earlier tasks of its kind ("until replaced", task-files.ts). Kinds without a handler here are left queued.
 */
@Injectable()
export class TaskRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TaskRunner');
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly warned = new Set<string>();
  private stopped = true;
  /** When this runner started (UTC ISO 8601): a task it does not run that started before was interrupted. */
  private startedAt = '';
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private polling = false;
  private pollAgain = false;
  private readonly taskFiles: TaskFiles;

  constructor(
    private readonly writer: StreamWriter,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly handlers: TaskHandlerRegistry,
    private readonly wakeUp: TaskWakeUp,
  ) {
    this.taskFiles = new TaskFiles(files, readStore, this.logger);
  }

  onApplicationBootstrap(): void {
    if (this.config.tasksRunIn === 'api') this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** Starts polling (the API does on bootstrap with `TASKS_RUN_IN=api`; the worker calls it with `worker`). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.startedAt = new Date().toISOString();
    this.unlisten = this.wakeUp.listen(() => void this.poll());
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  /** Stops: no task is claimed and nothing more is written; tasks under way are left running (resumed at the next start). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unlisten?.();
  }

  /** Looks for tasks to run; one look at a time, another one after it when asked meanwhile. */
  async poll(): Promise<void> {
    if (this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    try {
      do {
        this.pollAgain = false;
        await this.pollOnce();
      } while (this.pollAgain && !this.stopped);
    } catch (error) {
      this.logger.error(`Looking for tasks failed: ${errorMessage(error)}`);
    } finally {
      this.polling = false;
    }
  }

  private async pollOnce(): Promise<void> {
    const page = await this.readStore.find(TASKS.name, {
      cooperativeId: null,
      filters: [{ field: 'state', op: 'in', values: ['queued', 'running'] }],
      sort: [{ field: 'queuedAt', direction: 'asc' }],
      limit: POLL_BATCH,
    });
    for (const doc of page.items) {
      if (this.stopped) return;
      if (this.inFlight.has(doc.id)) continue;
      const kind = String(doc.kind) as TaskKind;
      if (!this.handlers.handlerOf(kind)) {
        if (!this.warned.has(kind)) this.logger.warn(`No handler of task kind ${kind} in this process: its tasks wait`);
        this.warned.add(kind);
        continue;
      }
      const run = this.runTask(doc.id)
        .catch((error: unknown) => this.logger.error(`Task ${doc.id}: ${errorMessage(error)}`))
        .finally(() => this.inFlight.delete(doc.id));
      this.inFlight.set(doc.id, run);
    }
  }

  /** Reads a task's stream (null: no such task). */
  private async load(taskId: string): Promise<LoadedTask | null> {
    const recorded = (await this.events.readStream(taskStream(taskId))) as unknown as RecordedEvent<TaskEvent>[];
    const first = recorded[0];
    if (!first) return null;
    const state = recorded.reduce(
      (s, e) => taskDecider.evolve(s, { type: e.type, data: e.data } as TaskEvent),
      taskDecider.initialState(),
    );
    return { state, revision: recorded[recorded.length - 1]!.revision, queuedBy: first.metadata.user };
  }

  /** Claims, runs and ends one task; a task another runner claimed first, or that ended meanwhile, is left alone. */
  private async runTask(taskId: string): Promise<void> {
    const task = await this.load(taskId);
    if (!task || task.state.kind === null) return;
    const handler = this.handlers.handlerOf(task.state.kind);
    if (!handler) return;
    const { state } = task;
    const ctx = taskContext(state.cooperativeId, task.queuedBy, taskId);
    // Started since this runner started, by another runner (one per installation is the rule): it is not interrupted.
    if (state.state === 'running' && state.startedAt >= this.startedAt) return;
    if (state.state === 'running' && (!handler.resumable || state.attempt >= TASK_ATTEMPTS_MAX)) {
      // Left running by a restart, and running it again could do its work twice, or it was interrupted as often as
      // a task may be: its runs may be what ends the process.
      await this.end(task, task.revision, ctx, handler, { outcome: 'failed', error: INTERRUPTED, interrupted: true });
      return;
    }
    if (state.state !== 'queued' && state.state !== 'running') return;
    const started = taskDecider.decide({ type: 'Start', at: new Date().toISOString() }, state);
    try {
      await this.append([
        {
          streamId: taskStream(taskId),
          expected: task.revision,
          events: this.writer.stamp(started, ctx, state.cooperativeId),
        },
      ]);
    } catch (error) {
      if (error instanceof ConcurrencyError) return; // another runner claimed it
      throw error;
    }
    let revision = task.revision + 1;
    const attempt = started[0]!.type === 'TaskStarted' ? started[0]!.data.attempt : 1;
    const progress = new ProgressReporter(
      async ({ done, total, phase }) => {
        if (this.stopped) return;
        const events = taskDecider.decide(
          { type: 'Progress', done, total, ...(phase ? { phase } : {}) },
          { ...state, state: 'running' },
        );
        await this.append([
          {
            streamId: taskStream(taskId),
            expected: revision,
            events: this.writer.stamp(events, ctx, state.cooperativeId),
          },
        ]);
        revision += 1;
      },
      PROGRESS_MS,
      (error) => this.logger.warn(`Progress of task ${taskId} not written: ${errorMessage(error)}`),
    );
    let ending: Ending;
    try {
      ending = await handler.run(
        this.runningTask(task, attempt, (done, total, phase) => progress.report(done, total, phase)),
      );
    } catch (error) {
      ending = { outcome: 'failed', error: errorMessage(error), interrupted: false };
    } finally {
      await progress.stop();
    }
    // Stopped meanwhile (the application closes): nothing is written; the next start resumes or fails the task.
    if (this.stopped) return;
    try {
      await this.end(task, revision, ctx, handler, ending);
    } catch (error) {
      // Ending as the handler said broke (a file not stored, say): the task fails rather than hold its lane until a restart.
      if (ending.outcome === 'failed' || (error instanceof ConcurrencyError && error.streamId === taskStream(taskId)))
        throw error;
      this.logger.error(`Task ${taskId} could not end as ${ending.outcome}: ${errorMessage(error)}`);
      await this.end(task, revision, ctx, handler, {
        outcome: 'failed',
        error: errorMessage(error),
        interrupted: false,
      });
    }
  }

  /** What the handler is told of its task. */
  private runningTask(task: LoadedTask, attempt: number, progress: RunningTask['progress']): RunningTask {
    const { state } = task;
    const own = new Set([...state.files, ...state.inputs].map((f) => f.fileId));
    return {
      taskId: state.taskId,
      cooperativeId: state.cooperativeId,
      kind: state.kind!,
      // Written by `TaskQueue.enqueue`, which takes only the parameters of the task's kind (TaskParamsOf).
      params: state.params as TaskParamsOf<TaskKind>,
      queuedBy: task.queuedBy,
      attempt,
      inputs: state.inputs,
      files: state.files,
      readFile: async (fileId) => {
        if (!own.has(fileId)) throw new Error(`File ${fileId} is not a file of task ${state.taskId}`);
        const bytes = await this.files.get(fileId);
        if (!bytes) throw new Error(`File ${fileId} of task ${state.taskId} is no longer stored`);
        return bytes;
      },
      progress,
    };
  }

  /**
   * Appends the task's end in one `appendMulti`: its end event at `revision`, the lane released, the effects and the
   * notifications; the files it made are stored first. Effects that meet a stream changed meanwhile fail the task.
   */
  private async end(
    task: LoadedTask,
    revision: number,
    ctx: CommandContext,
    handler: TaskHandler,
    ending: Ending,
  ): Promise<void> {
    const { state } = task;
    const { taskId, cooperativeId } = state;
    const kind = handler.kind;
    const at = new Date().toISOString();
    // A run before this one that a restart cut short may have stored files no task names: they go first.
    const run = { taskId, filesBefore: state.files.length, attempt: state.state === 'running' ? state.attempt + 1 : 1 };
    if (state.state === 'running') await this.taskFiles.removeLeftBy(taskId, run.filesBefore, state.attempt);
    // The files it made are stored first: a failed append removes them again.
    const stored = await this.taskFiles.store(ending, run);
    stopHereInTests('task:files-stored');
    const { command, effects, drafts } = endingAppends(ending, taskId, kind, stored, at);
    const lane = taskLaneStream(cooperativeId, kind);
    const laneNow = await this.writer.load(lane, taskLaneDecider);
    const released = taskLaneDecider.decide({ type: 'Release', cooperativeId, kind, taskId }, laneNow.state);
    const ended = taskDecider.decide(command, {
      ...state,
      state: ending.outcome === 'failed' && state.state === 'queued' ? 'queued' : 'running',
    });
    const appends: StreamAppend[] = [
      { streamId: taskStream(taskId), expected: revision, events: this.writer.stamp(ended, ctx, cooperativeId) },
      ...(released.length > 0
        ? [{ streamId: lane, expected: laneNow.expected, events: this.writer.stamp(released, ctx, cooperativeId) }]
        : []),
      ...effects.map((e) => ({
        streamId: e.streamId,
        expected: e.expected,
        events: this.writer.stamp(e.events, ctx, cooperativeId),
      })),
      ...notificationAppends(this.writer, ctx, cooperativeId, taskId, drafts, at),
    ];
    try {
      await this.append(appends);
    } catch (error) {
      await this.taskFiles.remove(stored.map((f) => f.fileId));
      if (error instanceof ConcurrencyError && error.streamId !== taskStream(taskId) && ending.outcome !== 'failed') {
        // An effect's stream changed while the task ran: nothing of it is written; the task fails and says why.
        await this.end(task, revision, ctx, handler, { outcome: 'failed', error: error.message, interrupted: false });
        return;
      }
      throw error;
    }
    if (ending.outcome === 'completed') {
      if (handler.afterEffects) {
        await handler
          .afterEffects({ taskId, cooperativeId }, effects)
          .catch((error: unknown) => this.logger.error(`Task ${taskId}, after its effects: ${errorMessage(error)}`));
      }
      await this.taskFiles.removeReplaced(cooperativeId, kind, taskId, state.queuedAt);
    }
  }

  /** Appends and waits for the read models; a write saved but not yet shown is written all the same. */
  private async append(appends: readonly StreamAppend[]): Promise<void> {
    try {
      await this.writer.appendAll(appends);
    } catch (error) {
      if (!(error instanceof SavedNotYetShownError)) throw error;
    }
  }

  /** Resolves when the tasks this runner runs now have ended (tests; a graceful stop of the worker). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight.values()]);
  }
}
