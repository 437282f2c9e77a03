import { describe, expect, it } from '@jest/globals';
import {
  ACTIVE_TASKS_QUERY,
  awaitsAnswer,
  isActive,
  progressPercent,
  someEnded,
  summaryFacts,
  tasksQuery,
} from './model.js';

describe('tasks in the console', () => {
  it('counts queued and running tasks as working, the ended and the waiting ones not', () => {
    expect(
      ['queued', 'running', 'waiting', 'completed', 'rejected', 'failed', 'cancelled'].filter((state) =>
        isActive({ state }),
      ),
    ).toEqual(['queued', 'running']);
    expect(decodeURIComponent(ACTIVE_TASKS_QUERY)).toBe('/tasks?filter=state:queued;running&limit=20');
    expect(tasksQuery(2, 20)).toBe('/tasks?offset=20&limit=20&order_by=-queuedAt');
  });

  it('sees a task end when one that worked at the last look works no more', () => {
    expect(someEnded(undefined, [])).toBe(false);
    expect(someEnded([], [{ id: 'a' }])).toBe(false);
    expect(someEnded([{ id: 'a' }], [{ id: 'a' }, { id: 'b' }])).toBe(false);
    expect(someEnded([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }])).toBe(true);
    expect(someEnded([{ id: 'a' }], [])).toBe(true);
  });

  it('shows progress in whole percent, none while the total is unknown', () => {
    expect(progressPercent({ done: 0, total: 0 })).toBeNull();
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 3, total: 3 })).toBe(100);
    expect(progressPercent({ done: 5, total: 3 })).toBe(100);
    expect(progressPercent({ done: -1, total: 3 })).toBe(0);
  });

  it('offers the answer upload only for a KiStAM task that waits', () => {
    expect(awaitsAnswer({ kind: 'kistam', state: 'waiting' })).toBe(true);
    expect(awaitsAnswer({ kind: 'kistam', state: 'running' })).toBe(false);
    expect(awaitsAnswer({ kind: 'fsak', state: 'waiting' })).toBe(false);
  });

  it('shows the summary without ids', () => {
    expect(summaryFacts({ dividendId: 'd1', year: 2025, records: 3 })).toEqual([
      ['year', 2025],
      ['records', 3],
    ]);
    expect(summaryFacts(null)).toEqual([]);
  });
});
