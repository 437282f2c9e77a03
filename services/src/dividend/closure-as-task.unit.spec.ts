import type { TaskDto } from '@coop/contracts';
import { ConflictingStateError } from '../platform/commands/errors.js';
import { INTERRUPTED } from '../tasks/index.js';
import { endedWithout } from './commands/closure-as-task.js';

const task = (over: Partial<TaskDto>): TaskDto =>
  ({
    id: 'task-1',
    kind: 'dividendClosure',
    state: 'running',
    params: {},
    queuedAt: '2026-12-01T10:00:00.000Z',
    queuedBy: 'admin',
    startedAt: null,
    endedAt: null,
    attempt: 1,
    done: 0,
    total: 0,
    phase: null,
    files: [],
    summary: {},
    reason: null,
    error: null,
    ...over,
  }) as TaskDto;

describe('the closure request waiting for its task', () => {
  it('goes on waiting while the task runs', () => {
    expect(() => endedWithout(task({}), 2025)).not.toThrow();
  });

  it('answers a task failed as interrupted (three restarts) with 409 closureInterrupted naming the year, not a 500', () => {
    let thrown: unknown;
    try {
      endedWithout(task({ state: 'failed', attempt: 3, error: INTERRUPTED }), 2025);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConflictingStateError);
    expect((thrown as ConflictingStateError).errors).toEqual([
      { field: 'year', template: 'closureInterrupted', parameters: { '0': '2025' } },
    ]);
  });

  it('still answers any other failure as the error it is', () => {
    expect(() => endedWithout(task({ state: 'failed', error: 'disk full' }), 2025)).toThrow(/failed: disk full/);
  });
});
