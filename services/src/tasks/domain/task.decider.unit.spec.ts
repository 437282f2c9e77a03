import { describe, expect, it } from '@jest/globals';
import type { TaskEvent, TaskFile } from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { taskDecider, TaskStateRefused, type TaskCommand } from './task.decider.js';

const spec = deciderSpec(taskDecider);
const ID = 't-1';
const AT = '2026-11-26T10:00:00.000Z';
const FILE: TaskFile = { fileId: 'f-1', name: 'request.csv', contentType: 'text/csv', size: 3, sha256: 'abc' };
const INPUT: TaskFile = { ...FILE, fileId: 'f-2', name: 'answer.csv' };

const queued: TaskEvent = {
  type: 'TaskQueued',
  data: { taskId: ID, cooperativeId: 'c-1', kind: 'kistam', params: { year: 2026 }, queuedAt: AT },
};
const started = (attempt: number): TaskEvent => ({ type: 'TaskStarted', data: { taskId: ID, attempt, startedAt: AT } });
const waiting: TaskEvent = {
  type: 'TaskAwaitingInput',
  data: { taskId: ID, files: [FILE], summary: { members: 2 }, at: AT },
};
const received: TaskEvent = { type: 'TaskInputReceived', data: { taskId: ID, file: INPUT, at: AT } };
const completed: TaskEvent = { type: 'TaskCompleted', data: { taskId: ID, files: [], summary: {}, completedAt: AT } };
const rejected: TaskEvent = {
  type: 'TaskRejected',
  data: { taskId: ID, reason: { template: 'fsakCurrentYear', parameters: [] }, rejectedAt: AT },
};
const failed: TaskEvent = { type: 'TaskFailed', data: { taskId: ID, error: 'boom', interrupted: false, failedAt: AT } };
const cancelled: TaskEvent = { type: 'TaskCancelled', data: { taskId: ID, replacedBy: 't-2', cancelledAt: AT } };

const commands: Record<TaskCommand['type'], TaskCommand> = {
  Queue: { type: 'Queue', taskId: ID, cooperativeId: 'c-1', kind: 'kistam', params: { year: 2026 }, at: AT },
  Start: { type: 'Start', at: AT },
  Progress: { type: 'Progress', done: 1, total: 2 },
  AwaitInput: { type: 'AwaitInput', files: [FILE], summary: { members: 2 }, at: AT },
  ReceiveInput: { type: 'ReceiveInput', file: INPUT, at: AT },
  Complete: { type: 'Complete', files: [], summary: {}, at: AT },
  Reject: { type: 'Reject', reason: { template: 'fsakCurrentYear', parameters: [] }, at: AT },
  Fail: { type: 'Fail', error: 'boom', interrupted: false, at: AT },
  Cancel: { type: 'Cancel', replacedBy: 't-2', at: AT },
};

/** Histories ending in each state. */
const STATES = {
  none: [],
  queued: [queued],
  running: [queued, started(1)],
  waiting: [queued, started(1), waiting],
  'queued again': [queued, started(1), waiting, received],
  completed: [queued, started(1), completed],
  rejected: [queued, started(1), rejected],
  failed: [queued, started(1), failed],
  cancelled: [queued, started(1), waiting, cancelled],
} satisfies Record<string, TaskEvent[]>;

/** Which command each state allows (the state machine of task.decider.ts). */
const ALLOWED: Record<keyof typeof STATES, TaskCommand['type'][]> = {
  none: ['Queue'],
  queued: ['Start', 'Fail'],
  running: ['Start', 'Progress', 'AwaitInput', 'Complete', 'Reject', 'Fail'],
  waiting: ['ReceiveInput', 'Cancel'],
  'queued again': ['Start', 'Fail'],
  completed: [],
  rejected: [],
  failed: [],
  cancelled: [],
};

describe('task decider: which event in which state', () => {
  for (const [state, history] of Object.entries(STATES) as [keyof typeof STATES, TaskEvent[]][]) {
    for (const command of Object.values(commands)) {
      const allowed = ALLOWED[state].includes(command.type);
      it(`${state}: ${command.type} is ${allowed ? 'allowed' : 'refused'}`, () => {
        if (allowed)
          expect(
            taskDecider.decide(command, history.reduce(taskDecider.evolve, taskDecider.initialState())),
          ).toHaveLength(1);
        else spec.given(history).when(command).thenThrows(TaskStateRefused);
      });
    }
  }
});

describe('task decider: the events', () => {
  it('queues with the cooperative, kind, parameters and time', () => {
    spec.given([]).when(commands.Queue).then([queued]);
  });

  it('starts a queued task as attempt 1 and resumes a running one (a restart) as the next attempt', () => {
    spec
      .given([queued])
      .when(commands.Start)
      .then([started(1)]);
    spec
      .given([queued, started(1)])
      .when(commands.Start)
      .then([started(2)]);
    spec
      .given([queued, started(1), started(2)])
      .when(commands.Start)
      .then([started(3)]);
    // After its input the next phase is a new run.
    spec
      .given(STATES['queued again'])
      .when(commands.Start)
      .then([started(1)]);
  });

  it('ends as completed, rejected, failed, waiting; a waiting task is cancelled with its replacement', () => {
    spec.given(STATES.running).when(commands.Complete).then([completed]);
    spec.given(STATES.running).when(commands.Reject).then([rejected]);
    spec.given(STATES.running).when(commands.Fail).then([failed]);
    spec.given(STATES.running).when(commands.AwaitInput).then([waiting]);
    spec.given(STATES.waiting).when(commands.ReceiveInput).then([received]);
    spec.given(STATES.waiting).when(commands.Cancel).then([cancelled]);
  });

  it('refuses an input for a task that does not wait with taskNotAwaitingInput', () => {
    spec
      .given(STATES.running)
      .when(commands.ReceiveInput)
      .thenThrows(TaskStateRefused, (e) => {
        expect(e.errors).toEqual([{ field: null, template: 'taskNotAwaitingInput', parameters: {} }]);
      });
    spec
      .given(STATES.completed)
      .when(commands.Start)
      .thenThrows(TaskStateRefused, (e) => {
        expect(e.errors).toEqual([{ field: null, template: 'conflict', parameters: {} }]);
      });
  });

  it("keeps the files produced and received, and the last run's start", () => {
    const state = [...STATES['queued again'], started(1)].reduce(taskDecider.evolve, taskDecider.initialState());
    expect(state).toMatchObject({
      state: 'running',
      files: [FILE],
      inputs: [INPUT],
      attempt: 1,
      startedAt: AT,
      kind: 'kistam',
      cooperativeId: 'c-1',
    });
  });
});
