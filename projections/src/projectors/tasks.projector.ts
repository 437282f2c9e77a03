import type { ReadDocument, RecordedEvent, TaskEvent, TaskFile, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { TASKS } from './task-collections.js';

/*
 * The tasks (issue 24): one document per task (id = task id) holding the `TaskDto` fields and `cooperativeId`, from the
 * task's stream `task-<id>`. Its files are those it produced and those it received (KiStAM: the uploaded answer),
 * in the order they came, newest last. Progress is `done` of `total` (0 of 0 while unknown).
 */

const TYPES = new Set<string>([
  'TaskQueued',
  'TaskStarted',
  'TaskProgressed',
  'TaskAwaitingInput',
  'TaskInputReceived',
  'TaskCompleted',
  'TaskRejected',
  'TaskFailed',
  'TaskCancelled',
]);

const files = (doc: ReadDocument): TaskFile[] => (Array.isArray(doc.files) ? (doc.files as TaskFile[]) : []);

/** The document after one event of its task (undefined: the task's queuing was not seen, nothing to change). */
function next(event: RecordedEvent<TaskEvent>, doc: ReadDocument | undefined): ReadDocument | undefined {
  if (event.type === 'TaskQueued') {
    const { taskId, cooperativeId, kind, params, queuedAt } = event.data;
    return stamp(event, {
      id: taskId,
      cooperativeId,
      kind,
      state: 'queued',
      params,
      queuedAt,
      queuedBy: event.metadata.user,
      startedAt: null,
      endedAt: null,
      attempt: 0,
      done: 0,
      total: 0,
      phase: null,
      files: [],
      summary: {},
      reason: null,
      error: null,
    });
  }
  if (!doc) return undefined;
  const position = event.position.toString();
  switch (event.type) {
    case 'TaskStarted':
      return { ...doc, state: 'running', attempt: event.data.attempt, startedAt: event.data.startedAt, position };
    case 'TaskProgressed':
      return { ...doc, done: event.data.done, total: event.data.total, phase: event.data.phase ?? null, position };
    case 'TaskAwaitingInput':
      return {
        ...doc,
        state: 'waiting',
        files: [...files(doc), ...event.data.files],
        summary: event.data.summary,
        position,
      };
    case 'TaskInputReceived':
      // Queued again for its next phase: a new run, its progress unknown until it reports.
      return {
        ...doc,
        state: 'queued',
        files: [...files(doc), event.data.file],
        done: 0,
        total: 0,
        phase: null,
        position,
      };
    case 'TaskCompleted':
      return {
        ...doc,
        state: 'completed',
        files: [...files(doc), ...event.data.files],
        summary: event.data.summary,
        endedAt: event.data.completedAt,
        position,
      };
    case 'TaskRejected':
      return { ...doc, state: 'rejected', reason: event.data.reason, endedAt: event.data.rejectedAt, position };
    case 'TaskFailed':
      return { ...doc, state: 'failed', error: event.data.error, endedAt: event.data.failedAt, position };
    case 'TaskCancelled':
      return { ...doc, state: 'cancelled', endedAt: event.data.cancelledAt, position };
  }
}

export const tasksProjector: Projector = {
  collections: [TASKS],
  keys(event: RecordedEvent): DocKey[] {
    if (!TYPES.has(event.type)) return [];
    return [{ collection: TASKS.name, id: (event as RecordedEvent<TaskEvent>).data.taskId }];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as RecordedEvent<TaskEvent>;
    const doc = next(event, current({ collection: TASKS.name, id: event.data.taskId }));
    return doc ? [{ kind: 'put', collection: TASKS.name, doc }] : [];
  },
};
