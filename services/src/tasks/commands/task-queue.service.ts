import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  NotFoundError,
  taskLaneStream,
  taskStream,
  ValidationError,
  type FileStore,
  type StreamAppend,
} from '@coop/contracts';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter, type Loaded } from '../../platform/commands/stream-writer.js';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { replacedByNew, taskLaneDecider, type LaneState, type LaneTask } from '../domain/task-lane.decider.js';
import { taskDecider, type TaskStreamState } from '../domain/task.decider.js';
import type { NewTaskFile, TaskQueue, TaskRequest } from '../task-port.js';
import { notificationAppends, startedNotice } from './task-notifications.js';
import { taskContext, taskFileOf, TaskWakeUp } from './task-context.js';

/** A refusal of the domain (the lane held, a task not waiting) answered 409: it conflicts with what is recorded. */
function asConflict<T>(decide: () => T): T {
  try {
    return decide();
  } catch (error) {
    if (error instanceof ValidationError) throw new ConflictingStateError(error.errors);
    throw error;
  }
}

/**
 * `TASK_QUEUE` (issue 24): queues a task on its cooperative's lane of its kind. Queuing appends in one `appendMulti`
 * the lane taken, `TaskQueued` on the new task stream, `TaskCancelled` on the lane's last task if it waits for input
 * (replaced), and the `taskStarted` notification; it waits, as every command, until the read models show it.
 */
@Injectable()
export class TaskQueueService implements TaskQueue {
  private readonly logger = new Logger('TaskQueue');

  constructor(
    private readonly writer: StreamWriter,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly wakeUp: TaskWakeUp,
  ) {}

  async enqueue(request: TaskRequest): Promise<string> {
    const { cooperativeId, user, kind, params } = request;
    const taskId = newRecordId();
    const ctx = taskContext(cooperativeId, user, taskId);
    const lane = taskLaneStream(cooperativeId, kind);
    const replaced = await this.writer.retrying(async () => {
      const at = new Date().toISOString();
      const laneNow = await this.writer.load(lane, taskLaneDecider);
      const last = await this.lastTask(laneNow);
      const taken = asConflict(() =>
        taskLaneDecider.decide({ type: 'Take', cooperativeId, kind, taskId, last: last?.lane ?? null }, laneNow.state),
      );
      const queued = taskDecider.decide(
        { type: 'Queue', taskId, cooperativeId, kind, params, at },
        taskDecider.initialState(),
      );
      const appends: StreamAppend[] = [
        { streamId: lane, expected: laneNow.expected, events: this.writer.stamp(taken, ctx, cooperativeId) },
        { streamId: taskStream(taskId), expected: 'no_stream', events: this.writer.stamp(queued, ctx, cooperativeId) },
      ];
      const cancel = replacedByNew(last?.lane ?? null);
      if (cancel !== null && last) {
        const cancelled = taskDecider.decide({ type: 'Cancel', replacedBy: taskId, at }, last.loaded.state);
        appends.push({
          streamId: taskStream(cancel),
          expected: last.loaded.expected,
          events: this.writer.stamp(cancelled, ctx, cooperativeId),
        });
      }
      appends.push(...notificationAppends(this.writer, ctx, cooperativeId, taskId, [startedNotice(taskId, kind)], at));
      await this.writer.appendAll(appends);
      return cancel !== null && last ? last.loaded.state : null;
    });
    this.wakeUp.wake();
    // The replaced task's files go with it (its request is void); a file left by a failure here is only unreachable.
    if (replaced) await this.removeFiles([...replaced.files, ...replaced.inputs].map((f) => f.fileId));
    return taskId;
  }

  async provideInput(request: {
    readonly cooperativeId: string;
    readonly user: string;
    readonly taskId: string;
    readonly file: NewTaskFile;
  }): Promise<void> {
    const { cooperativeId, user, taskId } = request;
    const ctx = taskContext(cooperativeId, user, taskId);
    const file = taskFileOf(request.file);
    // The bytes first: the event never names a file the store does not hold.
    await this.files.put(file.fileId, request.file.bytes);
    try {
      await this.writer.retrying(async () => {
        const task = await this.writer.load(taskStream(taskId), taskDecider);
        if (task.state.state === null || task.state.cooperativeId !== cooperativeId || task.state.kind === null)
          throw new NotFoundError('Task', taskId);
        const kind = task.state.kind;
        const at = new Date().toISOString();
        const received = asConflict(() => taskDecider.decide({ type: 'ReceiveInput', file, at }, task.state));
        const lane = taskLaneStream(cooperativeId, kind);
        const laneNow = await this.writer.load(lane, taskLaneDecider);
        const last = await this.lastTask(laneNow);
        const taken = asConflict(() =>
          taskLaneDecider.decide(
            { type: 'Take', cooperativeId, kind, taskId, last: last?.lane ?? null },
            laneNow.state,
          ),
        );
        await this.writer.appendAll([
          {
            streamId: taskStream(taskId),
            expected: task.expected,
            events: this.writer.stamp(received, ctx, cooperativeId),
          },
          { streamId: lane, expected: laneNow.expected, events: this.writer.stamp(taken, ctx, cooperativeId) },
        ]);
      });
    } catch (error) {
      // Refused or failed: the stored bytes belong to nothing.
      await this.removeFiles([file.fileId]);
      throw error;
    }
    this.wakeUp.wake();
  }

  /** The lane's last task, as its own stream shows it. */
  private async lastTask(
    lane: Loaded<LaneState>,
  ): Promise<{ readonly lane: LaneTask; readonly loaded: Loaded<TaskStreamState> } | null> {
    const id = lane.state.last;
    if (id === null) return null;
    const loaded = await this.writer.load(taskStream(id), taskDecider);
    return { lane: { taskId: id, state: loaded.state.state, queuedAt: loaded.state.queuedAt }, loaded };
  }

  private async removeFiles(fileIds: readonly string[]): Promise<void> {
    for (const fileId of fileIds) {
      await this.files
        .remove(fileId)
        .catch((error: unknown) => this.logger.warn(`File ${fileId} not removed: ${String(error)}`));
    }
  }
}
