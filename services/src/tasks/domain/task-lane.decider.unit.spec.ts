import { describe, expect, it } from '@jest/globals';
import type { TaskLaneEvent } from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { LaneHeld, replacedByNew, taskLaneDecider, type LaneCommand, type LaneTask } from './task-lane.decider.js';

const spec = deciderSpec(taskLaneDecider);
const COOP = 'c-1';
const AT = '2026-11-26T09:00:00.000Z';
const take = (taskId: string, last: LaneTask | null = null): LaneCommand => ({
  type: 'Take',
  cooperativeId: COOP,
  kind: 'kistam',
  taskId,
  last,
});
const release = (taskId: string): LaneCommand => ({ type: 'Release', cooperativeId: COOP, kind: 'kistam', taskId });
const taken = (taskId: string): TaskLaneEvent => ({
  type: 'TaskLaneTaken',
  data: { cooperativeId: COOP, kind: 'kistam', taskId },
});
const released = (taskId: string): TaskLaneEvent => ({
  type: 'TaskLaneReleased',
  data: { cooperativeId: COOP, kind: 'kistam', taskId },
});

describe('task lane: one task of a kind per cooperative', () => {
  it('is taken by the first task and by the next once the last is released', () => {
    spec
      .given([])
      .when(take('t-1'))
      .then([taken('t-1')]);
    spec
      .given([taken('t-1'), released('t-1')])
      .when(take('t-2', { taskId: 't-1', state: 'completed', queuedAt: AT }))
      .then([taken('t-2')]);
  });

  it('refuses a new task while held: taskAlreadyRunning [kind, when the holder was queued]', () => {
    spec
      .given([taken('t-1')])
      .when(take('t-2', { taskId: 't-1', state: 'running', queuedAt: AT }))
      .thenThrows(LaneHeld, (e) =>
        expect(e.errors).toEqual([{ field: null, template: 'taskAlreadyRunning', parameters: { 0: 'kistam', 1: AT } }]),
      );
    spec
      .given([taken('t-1'), released('t-1'), taken('t-1')])
      .when(take('t-2', { taskId: 't-1', state: 'queued', queuedAt: AT }))
      .thenThrows(LaneHeld);
  });

  it('is not held by a waiting task (released when it began to wait); its input takes it again', () => {
    spec
      .given([taken('t-1'), released('t-1')])
      .when(take('t-1', { taskId: 't-1', state: 'waiting', queuedAt: AT }))
      .then([taken('t-1')]);
  });

  it('releases only for its holder, once', () => {
    spec
      .given([taken('t-1')])
      .when(release('t-1'))
      .then([released('t-1')]);
    spec
      .given([taken('t-1'), released('t-1')])
      .when(release('t-1'))
      .then([]);
    spec
      .given([taken('t-2')])
      .when(release('t-1'))
      .then([]);
  });

  it("a new task replaces the lane's last task only while that one waits for input", () => {
    expect(replacedByNew({ taskId: 't-1', state: 'waiting', queuedAt: AT })).toBe('t-1');
    for (const state of ['completed', 'rejected', 'failed', 'cancelled'] as const)
      expect(replacedByNew({ taskId: 't-1', state, queuedAt: AT })).toBeNull();
    expect(replacedByNew(null)).toBeNull();
  });
});
