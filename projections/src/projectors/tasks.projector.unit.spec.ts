import { describe, expect, it } from '@jest/globals';
import type { ReadDocument, RecordedEvent, TaskEvent, TaskFile, WriteOp } from '@coop/contracts';
import { tasksProjector } from './tasks.projector.js';

const FILE: TaskFile = { fileId: 'f-1', name: 'request.csv', contentType: 'text/csv', size: 3, sha256: 'abc' };
const INPUT: TaskFile = { ...FILE, fileId: 'f-2', name: 'answer.csv' };
const RESULT: TaskFile = { ...FILE, fileId: 'f-3', name: 'result.txt' };

let position = 0n;
const recorded = (event: TaskEvent, user = 'clerk'): RecordedEvent =>
  ({
    ...event,
    streamId: 'task-t-1',
    revision: Number(position),
    position: ++position,
    metadata: { cooperativeId: 'c-1', user, timestamp: '', correlationId: '', causationId: '', schemaVersion: 1 },
  }) as RecordedEvent;

/** Folds the events through the projector as the runner does: each event sees the document the previous one wrote. */
function project(events: readonly TaskEvent[]): ReadDocument | undefined {
  let doc: ReadDocument | undefined;
  for (const event of events) {
    const r = recorded(event);
    expect(tasksProjector.keys(r)).toEqual([{ collection: 'tasks', id: 't-1' }]);
    const ops: readonly WriteOp[] = tasksProjector.project(r, () => doc);
    for (const op of ops) if (op.kind === 'put') doc = op.doc;
  }
  return doc;
}

const AT = '2026-11-26T10:00:00.000Z';
const queued: TaskEvent = {
  type: 'TaskQueued',
  data: { taskId: 't-1', cooperativeId: 'c-1', kind: 'kistam', params: { year: 2026 }, queuedAt: AT },
};

describe('tasks projector', () => {
  it('keeps the TaskDto fields of a task through its phases, newest file last', () => {
    const doc = project([
      queued,
      { type: 'TaskStarted', data: { taskId: 't-1', attempt: 1, startedAt: '2026-11-26T10:00:01.000Z' } },
      { type: 'TaskProgressed', data: { taskId: 't-1', done: 5, total: 10 } },
      { type: 'TaskAwaitingInput', data: { taskId: 't-1', files: [FILE], summary: { members: 10 }, at: AT } },
      { type: 'TaskInputReceived', data: { taskId: 't-1', file: INPUT, at: AT } },
      { type: 'TaskStarted', data: { taskId: 't-1', attempt: 1, startedAt: '2026-11-26T11:00:00.000Z' } },
      {
        type: 'TaskCompleted',
        data: { taskId: 't-1', files: [RESULT], summary: { read: 10 }, completedAt: '2026-11-26T11:00:05.000Z' },
      },
    ]);
    expect(doc).toMatchObject({
      id: 't-1',
      cooperativeId: 'c-1',
      kind: 'kistam',
      state: 'completed',
      params: { year: 2026 },
      queuedAt: AT,
      queuedBy: 'clerk',
      startedAt: '2026-11-26T11:00:00.000Z',
      endedAt: '2026-11-26T11:00:05.000Z',
      attempt: 1,
      files: [FILE, INPUT, RESULT],
      summary: { read: 10 },
      reason: null,
      error: null,
    });
  });

  it('keeps the phase a task reports beside its count, and forgets it when the task is queued again (issue 41)', () => {
    const started: TaskEvent = { type: 'TaskStarted', data: { taskId: 't-1', attempt: 1, startedAt: AT } };
    const replaying: TaskEvent = {
      type: 'TaskProgressed',
      data: { taskId: 't-1', done: 1000, total: 5000, phase: 'replaying' },
    };
    const switching: TaskEvent = {
      type: 'TaskProgressed',
      data: { taskId: 't-1', done: 5000, total: 5000, phase: 'switching' },
    };
    expect(project([queued, started, replaying])).toMatchObject({ done: 1000, total: 5000, phase: 'replaying' });
    expect(project([queued, started, replaying, switching])).toMatchObject({
      done: 5000,
      total: 5000,
      phase: 'switching',
    });
    const input: TaskEvent = { type: 'TaskInputReceived', data: { taskId: 't-1', file: INPUT, at: AT } };
    expect(project([queued, started, replaying, input])).toMatchObject({
      state: 'queued',
      done: 0,
      total: 0,
      phase: null,
    });
  });

  it("shows progress while running, a rejection's reason, a failure's error, a cancellation", () => {
    const running = project([
      queued,
      { type: 'TaskStarted', data: { taskId: 't-1', attempt: 2, startedAt: AT } },
      { type: 'TaskProgressed', data: { taskId: 't-1', done: 3, total: 4 } },
    ]);
    expect(running).toMatchObject({ state: 'running', attempt: 2, done: 3, total: 4, phase: null, endedAt: null });
    const started: TaskEvent = { type: 'TaskStarted', data: { taskId: 't-1', attempt: 1, startedAt: AT } };
    expect(
      project([
        queued,
        started,
        {
          type: 'TaskRejected',
          data: { taskId: 't-1', reason: { template: 'fsakCurrentYear', parameters: [] }, rejectedAt: AT },
        },
      ]),
    ).toMatchObject({
      state: 'rejected',
      reason: { template: 'fsakCurrentYear', parameters: [] },
      endedAt: AT,
    });
    expect(
      project([
        queued,
        started,
        { type: 'TaskFailed', data: { taskId: 't-1', error: 'taskInterrupted', interrupted: true, failedAt: AT } },
      ]),
    ).toMatchObject({ state: 'failed', error: 'taskInterrupted' });
    const waiting: TaskEvent = { type: 'TaskAwaitingInput', data: { taskId: 't-1', files: [], summary: {}, at: AT } };
    expect(
      project([
        queued,
        started,
        waiting,
        { type: 'TaskCancelled', data: { taskId: 't-1', replacedBy: 't-2', cancelledAt: AT } },
      ]),
    ).toMatchObject({ state: 'cancelled', endedAt: AT });
  });

  it('ignores other events and a task whose queuing it did not see', () => {
    expect(
      tasksProjector.keys(
        recorded({
          type: 'TaskLaneTaken',
          data: { cooperativeId: 'c-1', kind: 'kistam', taskId: 't-1' },
        } as unknown as TaskEvent),
      ),
    ).toEqual([]);
    expect(project([{ type: 'TaskStarted', data: { taskId: 't-1', attempt: 1, startedAt: AT } }])).toBeUndefined();
  });
});
