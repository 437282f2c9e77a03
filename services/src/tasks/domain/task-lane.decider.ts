import {
  fieldError,
  ValidationError,
  type Decider,
  type TaskKind,
  type TaskLaneEvent,
  type TaskState,
} from '@coop/contracts';

/*
 * A cooperative's lane of one kind of task (`tasklane-<cooperativeId>-<kind>`, issue 24): at most one task of a kind
 * runs per cooperative. A task takes the lane when queued (and again when its input arrives) and releases it when it
 * ends or waits for input: a waiting task does not hold the lane. Queuing a new task while the lane's last task waits
 * cancels that one (its request is replaced). Pure: no framework, no I/O.
 */

export interface LaneState {
  /** The task holding the lane (queued or running), or null. */
  readonly holder: string | null;
  /** The last task that took the lane (holding it or not). */
  readonly last: string | null;
}

/** What the handler knows of the lane's last task (read on its own stream). */
export interface LaneTask {
  readonly taskId: string;
  readonly state: TaskState | null;
  readonly queuedAt: string;
}

export type LaneCommand =
  /** A new task queues; `last`: the lane's last task as its stream shows it (null: none). */
  | {
      readonly type: 'Take';
      readonly cooperativeId: string;
      readonly kind: TaskKind;
      readonly taskId: string;
      readonly last: LaneTask | null;
    }
  | { readonly type: 'Release'; readonly cooperativeId: string; readonly kind: TaskKind; readonly taskId: string };

/** The lane is held: "A task of type {0} is already running for this cooperative (started {1})" (answered 409). */
export class LaneHeld extends ValidationError {
  constructor(kind: TaskKind, queuedAt: string) {
    super([fieldError(null, 'taskAlreadyRunning', kind, queuedAt)]);
    this.name = 'LaneHeld';
  }
}

export const taskLaneDecider: Decider<LaneCommand, TaskLaneEvent, LaneState> = {
  initialState: () => ({ holder: null, last: null }),
  evolve(state, event) {
    return event.type === 'TaskLaneTaken'
      ? { holder: event.data.taskId, last: event.data.taskId }
      : { ...state, holder: state.holder === event.data.taskId ? null : state.holder };
  },
  decide(command, state) {
    const { cooperativeId, kind, taskId } = command;
    switch (command.type) {
      case 'Take':
        if (state.holder !== null && state.holder !== taskId)
          throw new LaneHeld(kind, command.last?.taskId === state.holder ? command.last.queuedAt : '');
        if (state.holder === taskId) return [];
        return [{ type: 'TaskLaneTaken', data: { cooperativeId, kind, taskId } }];
      case 'Release':
        return state.holder === taskId ? [{ type: 'TaskLaneReleased', data: { cooperativeId, kind, taskId } }] : [];
    }
  },
};

/** The lane's last task is replaced by a new one of its kind: it waits for input (cancel it) or has ended (leave it). */
export function replacedByNew(last: LaneTask | null): string | null {
  return last !== null && last.state === 'waiting' ? last.taskId : null;
}
