import {
  fieldError,
  ValidationError,
  type Decider,
  type TaskEvent,
  type TaskFile,
  type TaskKind,
  type TaskPhase,
  type TaskParams,
  type TaskReason,
  type TaskState,
  type TaskSummary,
} from '@coop/contracts';

/*
 * A task's stream (`task-<taskId>`): which event is allowed in which state (issue 24). Pure: no framework, no I/O.
 *
 *   (none) ─Queue→ queued ─Start→ running ─Complete→ completed
 *                    ▲               │ ├─Reject→ rejected
 *                    │               │ ├─Fail→ failed          (queued ─Fail→ failed too: no handler for the kind)
 *                    │               │ └─AwaitInput→ waiting ─Cancel→ cancelled (replaced by a newer task)
 *                    └──ReceiveInput─┼──────────────────┘
 *                                    └─Start (a restart resumed it: attempt + 1)
 */

export type TaskCommand =
  | {
      readonly type: 'Queue';
      readonly taskId: string;
      readonly cooperativeId: string;
      readonly kind: TaskKind;
      readonly params: TaskParams;
      readonly at: string;
    }
  | { readonly type: 'Start'; readonly at: string }
  | { readonly type: 'Progress'; readonly done: number; readonly total: number; readonly phase?: TaskPhase }
  | {
      readonly type: 'AwaitInput';
      readonly files: readonly TaskFile[];
      readonly summary: TaskSummary;
      readonly at: string;
    }
  | { readonly type: 'ReceiveInput'; readonly file: TaskFile; readonly at: string }
  | {
      readonly type: 'Complete';
      readonly files: readonly TaskFile[];
      readonly summary: TaskSummary;
      readonly at: string;
    }
  | { readonly type: 'Reject'; readonly reason: TaskReason; readonly at: string }
  | { readonly type: 'Fail'; readonly error: string; readonly interrupted: boolean; readonly at: string }
  | { readonly type: 'Cancel'; readonly replacedBy: string | null; readonly at: string };

export interface TaskStreamState {
  /** null: no such task. */
  readonly state: TaskState | null;
  readonly taskId: string;
  readonly cooperativeId: string;
  readonly kind: TaskKind | null;
  readonly params: TaskParams;
  readonly queuedAt: string;
  readonly attempt: number;
  /** When its last run started (UTC ISO 8601; empty before the first). */
  readonly startedAt: string;
  /** Files the task produced (each phase's), oldest first. */
  readonly files: readonly TaskFile[];
  /** Files it received as input, oldest first. */
  readonly inputs: readonly TaskFile[];
}

const INITIAL: TaskStreamState = {
  state: null,
  taskId: '',
  cooperativeId: '',
  kind: null,
  params: {},
  queuedAt: '',
  attempt: 0,
  startedAt: '',
  files: [],
  inputs: [],
};

/** The states a command may meet. */
const ALLOWED: Readonly<Record<TaskCommand['type'], readonly (TaskState | null)[]>> = {
  Queue: [null],
  Start: ['queued', 'running'],
  Progress: ['running'],
  AwaitInput: ['running'],
  ReceiveInput: ['waiting'],
  Complete: ['running'],
  Reject: ['running'],
  Fail: ['queued', 'running'],
  Cancel: ['waiting'],
};

/** A command the task's state does not allow: `taskNotAwaitingInput` for an input, else `conflict` (a runner moved it). */
export class TaskStateRefused extends ValidationError {
  constructor(
    readonly command: TaskCommand['type'],
    readonly state: TaskState | null,
  ) {
    super([command === 'ReceiveInput' ? fieldError(null, 'taskNotAwaitingInput') : fieldError(null, 'conflict')]);
    this.name = 'TaskStateRefused';
  }
}

/** The task's events folded into its state. */
export function evolveTask(state: TaskStreamState, event: TaskEvent): TaskStreamState {
  switch (event.type) {
    case 'TaskQueued': {
      const { taskId, cooperativeId, kind, params, queuedAt } = event.data;
      return { ...state, state: 'queued', taskId, cooperativeId, kind, params, queuedAt };
    }
    case 'TaskStarted':
      return { ...state, state: 'running', attempt: event.data.attempt, startedAt: event.data.startedAt };
    case 'TaskProgressed':
      return state;
    case 'TaskAwaitingInput':
      return { ...state, state: 'waiting', files: [...state.files, ...event.data.files] };
    case 'TaskInputReceived':
      return { ...state, state: 'queued', inputs: [...state.inputs, event.data.file] };
    case 'TaskCompleted':
      return { ...state, state: 'completed', files: [...state.files, ...event.data.files] };
    case 'TaskRejected':
      return { ...state, state: 'rejected' };
    case 'TaskFailed':
      return { ...state, state: 'failed' };
    case 'TaskCancelled':
      return { ...state, state: 'cancelled' };
  }
}

export const taskDecider: Decider<TaskCommand, TaskEvent, TaskStreamState> = {
  initialState: () => INITIAL,
  evolve: evolveTask,
  decide(command, state) {
    if (!ALLOWED[command.type].includes(state.state)) throw new TaskStateRefused(command.type, state.state);
    const taskId = state.taskId;
    switch (command.type) {
      case 'Queue': {
        const { taskId: id, cooperativeId, kind, params, at } = command;
        return [{ type: 'TaskQueued', data: { taskId: id, cooperativeId, kind, params: { ...params }, queuedAt: at } }];
      }
      case 'Start':
        // From queued a run begins (attempt 1); from running a restart resumes it (one more attempt).
        return [
          {
            type: 'TaskStarted',
            data: { taskId, attempt: state.state === 'running' ? state.attempt + 1 : 1, startedAt: command.at },
          },
        ];
      case 'Progress':
        return [
          {
            type: 'TaskProgressed',
            data: {
              taskId,
              done: command.done,
              total: command.total,
              ...(command.phase ? { phase: command.phase } : {}),
            },
          },
        ];
      case 'AwaitInput':
        return [
          {
            type: 'TaskAwaitingInput',
            data: { taskId, files: [...command.files], summary: { ...command.summary }, at: command.at },
          },
        ];
      case 'ReceiveInput':
        return [{ type: 'TaskInputReceived', data: { taskId, file: command.file, at: command.at } }];
      case 'Complete':
        return [
          {
            type: 'TaskCompleted',
            data: { taskId, files: [...command.files], summary: { ...command.summary }, completedAt: command.at },
          },
        ];
      case 'Reject':
        return [{ type: 'TaskRejected', data: { taskId, reason: command.reason, rejectedAt: command.at } }];
      case 'Fail':
        return [
          {
            type: 'TaskFailed',
            data: { taskId, error: command.error, interrupted: command.interrupted, failedAt: command.at },
          },
        ];
      case 'Cancel':
        return [{ type: 'TaskCancelled', data: { taskId, replacedBy: command.replacedBy, cancelledAt: command.at } }];
    }
  },
};
