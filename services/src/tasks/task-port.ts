import type {
  DomainEvent,
  FieldError,
  NotificationEntityClass,
  NotificationError,
  NotificationMessage,
  NotificationType,
  StreamAppend,
  TaskFile,
  TaskKind,
  TaskParamsOf,
  TaskPhase,
  TaskReason,
  TaskSummary,
} from '@coop/contracts';
import { DiscoveryService } from '@nestjs/core';
import type { Permission } from '../auth/policy.js';

/*
 * The port other areas use to run long work in the background (issue 24). An area implements a `TaskHandler` for its
 * kind, declares it with `@TaskHandlerProvider()` (the registry finds it when the app starts; decision 208) and queues
 * work with `TaskQueue`; the parameters of each kind are typed (`TaskParamsOf<K>`, contracts).
 * The runner (this folder) runs queued tasks in the API process on the embedded default, or in the worker
 * (`npm run start:worker`, `TASKS_RUN_IN=worker`), one task of a kind per cooperative at a time.
 *
 * Exactly-once effects: a handler writes nothing itself. It returns what its task should append (events on other
 * streams, e.g. church data on member streams) and the files it made; the runner appends them in one `appendMulti`
 * with the task's end event, at the task stream's expected revision. A task interrupted by a restart is run again
 * from its start (`resumable: true`), or marked failed (`taskInterrupted`): its effects are written once or never.
 */

/** A notification a task (or another area) raises; the notification centre stamps id, time and cooperative. */
export interface NotificationDraft {
  readonly type: NotificationType;
  readonly message: NotificationMessage;
  readonly parameters: readonly string[];
  readonly entityClass?: NotificationEntityClass | null;
  readonly entityId?: string | null;
  readonly errors?: readonly NotificationError[];
  readonly member?: string | null;
  readonly html?: string | null;
}

/** A file a handler made: its name, type and bytes; the runner stores it and records its `TaskFile`. */
export interface NewTaskFile {
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** What the runner hands a handler about the task it runs (a task of kind `K`, queued with its parameters). */
export interface RunningTask<K extends TaskKind = TaskKind> {
  readonly taskId: string;
  readonly cooperativeId: string;
  readonly kind: K;
  readonly params: TaskParamsOf<K>;
  /** The user who queued it (the actor of the effects' events). */
  readonly queuedBy: string;
  readonly attempt: number;
  /** Files the task received as input (KiStAM: the uploaded answer), oldest first. */
  readonly inputs: readonly TaskFile[];
  /** Files the task produced earlier (KiStAM: the request file of its first phase). */
  readonly files: readonly TaskFile[];
  /** Reads a file of this task (input or earlier result). */
  readFile(fileId: string): Promise<Uint8Array>;
  /** Reports progress (and the phase, where the kind has phases); the runner writes it at most about once a second. */
  progress(done: number, total: number, phase?: TaskPhase): void;
}

/** Effects on other streams, appended with the task's end: domain events per stream, stamped by the runner. */
export interface TaskEffect {
  readonly streamId: string;
  readonly expected: StreamAppend['expected'];
  readonly events: readonly DomainEvent[];
}

/** How a run ended, as the handler tells it. */
export type TaskOutcome =
  | {
      readonly outcome: 'completed';
      readonly files: readonly NewTaskFile[];
      readonly summary: TaskSummary;
      readonly effects: readonly TaskEffect[];
      readonly notifications: readonly NotificationDraft[];
    }
  /** The task's first phase is done and it waits for a file from outside (KiStAM: the BZSt answer). */
  | {
      readonly outcome: 'awaitingInput';
      readonly files: readonly NewTaskFile[];
      readonly summary: TaskSummary;
      readonly notifications: readonly NotificationDraft[];
    }
  | { readonly outcome: 'rejected'; readonly reason: TaskReason; readonly notifications: readonly NotificationDraft[] };

export interface TaskHandler<K extends TaskKind = TaskKind> {
  readonly kind: K;
  /**
   * What a caller needs, besides `tasks:read`, to download this kind's files (`GET /tasks/{id}/files/{fileId}`): the
   * permission of the work that made them (the route that starts or answers it), and `church:read` where they hold
   * church data. Every one is required; none is refused when the handler registers (docs/tasks.md, decision 135).
   */
  readonly filePermissions: readonly Permission[];
  /** True when running the task again from its start after a restart is safe (its effects are only the outcome's). */
  readonly resumable: boolean;
  /** Does the work. A thrown error fails the task (`TaskFailed` with its message) and raises `taskFailed`. */
  run(task: RunningTask<K>): Promise<TaskOutcome>;
  /**
   * Called once a completed run's end and effects are written (KiStAM: deletes the church key of each member a null
   * answer was recorded for, decision 101). Not called again after a restart, and an error is only logged: what it does
   * must be completed elsewhere as well.
   */
  afterEffects?(
    task: { readonly taskId: string; readonly cooperativeId: string },
    effects: readonly TaskEffect[],
  ): Promise<void>;
}

/** A request to queue a task: its kind and that kind's parameters (one member of the union per kind). */
export type TaskRequest = {
  readonly [K in TaskKind]: {
    readonly cooperativeId: string;
    readonly user: string;
    readonly kind: K;
    readonly params: TaskParamsOf<K>;
  };
}[TaskKind];

/** Queues tasks; refusals are `ValidationError` / `ConflictingStateError` (`taskAlreadyRunning`, 409). */
export interface TaskQueue {
  /** Queues a task of `kind` for the actor's cooperative; answers its id once the read models show it queued. */
  enqueue(request: TaskRequest): Promise<string>;
  /** Hands a waiting task its input file and queues it again. */
  provideInput(request: {
    readonly cooperativeId: string;
    readonly user: string;
    readonly taskId: string;
    readonly file: NewTaskFile;
  }): Promise<void>;
}

/** Raises notifications outside a task (e.g. a validation error found by a request). */
export interface Notifier {
  raise(
    cooperativeId: string,
    user: string,
    drafts: readonly NotificationDraft[],
    taskId?: string | null,
  ): Promise<void>;
}

/** Field errors of a task's refusal, e.g. the members a KiStAM request cannot include. */
export type TaskFieldErrors = readonly FieldError[];

/** Nest injection tokens of the port. */
export const TASK_QUEUE = Symbol('TaskQueue');
export const NOTIFIER = Symbol('Notifier');

/**
 * Declares a Nest provider as the `TaskHandler` of its kind: the tasks registry discovers every provider so declared when
 * the app (or the worker) starts and registers it (decision 208), one per kind. The handler neither injects the registry
 * nor registers itself.
 */
export const TaskHandlerProvider = DiscoveryService.createDecorator<void>();
