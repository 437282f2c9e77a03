import { describe, expect, it } from '@jest/globals';
import { endingAppends } from './task-ending.js';

/*
 * The notification of a rejected task (decision 302): `taskRejected` [kind, the reason's template, its parameters], so
 * the console fills the reason's text (the import's problem count) as the task's `reason` would; a handler's own
 * headline (FSAK's `fsakRejectedCurrentYear`) stays as it is.
 */
describe("a rejected task's notification", () => {
  it("carries the reason's parameters after its template", () => {
    const { command, drafts } = endingAppends(
      { outcome: 'rejected', reason: { template: 'importHasProblems', parameters: ['12'] }, notifications: [] },
      't-1',
      'memberImport',
      [],
      '2026-12-01T10:00:00.000Z',
    );
    expect(command).toMatchObject({ type: 'Reject', reason: { template: 'importHasProblems', parameters: ['12'] } });
    expect(drafts).toEqual([
      {
        type: 'generic',
        message: 'taskRejected',
        parameters: ['memberImport', 'importHasProblems', '12'],
        entityClass: 'task',
        entityId: 't-1',
      },
    ]);
  });

  it("leaves a handler's own headline as it is", () => {
    const own = {
      type: 'generic' as const,
      message: 'fsakRejectedCurrentYear' as const,
      parameters: ['2026-05-01'],
      entityClass: 'dividend' as const,
      entityId: 'd-1',
    };
    const { drafts } = endingAppends(
      {
        outcome: 'rejected',
        reason: { template: 'fsakCurrentYear', parameters: ['2026-05-01'] },
        notifications: [own],
      },
      't-2',
      'fsak',
      [],
      '2026-12-01T10:00:00.000Z',
    );
    expect(drafts).toEqual([own]);
  });
});
