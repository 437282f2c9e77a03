import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readMemberStats, statsAsOf } from './member-stats.js';
import { readTask } from './task-document.js';

/*
 * The typed readers of the last collections the main index exported (issue 44, decision 263): the tasks, read by the
 * areas that queue a task, and the member statistics, read by the dashboard, each through its owning area.
 */
const base: ReadDocument = { id: 't-1', cooperativeId: 'c-1', position: '7' };

describe('readTask', () => {
  it('reads a task as the projector writes it, field for field', () => {
    const file = { fileId: 'f-1', name: 'a.csv', contentType: 'text/csv', size: 3, sha256: 'ab' };
    const stored = {
      ...base,
      kind: 'fsak',
      state: 'completed',
      params: { dividendId: 'd-1', year: 2025 },
      queuedAt: '2026-01-02T10:00:00.000Z',
      queuedBy: 'clerk',
      startedAt: '2026-01-02T10:00:01.000Z',
      endedAt: '2026-01-02T10:00:02.000Z',
      attempt: 1,
      done: 4,
      total: 4,
      phase: null,
      files: [file],
      summary: { records: 4 },
      reason: null,
      error: null,
    };
    expect(readTask(stored)).toEqual(stored);
  });

  it('reads a task stored before issue 41 with no phase, and absent or blank fields by the one rule', () => {
    const task = readTask({ ...base, kind: 'kistam', state: 'failed', error: '  ', reason: { parameters: [] } });
    expect(task).toMatchObject({ phase: null, params: {}, summary: {}, files: [], attempt: 0, done: 0, total: 0 });
    expect(task.error).toBeNull();
    expect(task.reason).toBeNull();
    expect(task.startedAt).toBeNull();
  });
});

describe('readMemberStats', () => {
  it('reads absent sums as 0, and the sums as of a date are those of the stored document', () => {
    const stored: ReadDocument = {
      ...base,
      balanceSum: 125_000,
      shareSum: 5,
      yearEndSums: { '2027-12-31': { a: -25_000, s: -1 } },
    };
    const stats = readMemberStats(stored);
    expect(stats).toMatchObject({ balanceSum: 125_000, shareSum: 5, memberTotal: 0 });
    for (const date of ['2027-12-30', '2027-12-31']) expect(statsAsOf(stats, date)).toEqual(statsAsOf(stored, date));
    expect(statsAsOf(stats, '2027-12-30')).toEqual({ cents: 150_000, shares: 6 });
    expect(statsAsOf(stats, '2027-12-31')).toEqual({ cents: 125_000, shares: 5 });
    expect(readMemberStats(base)).toMatchObject({ balanceSum: 0, shareSum: 0, yearEndSums: {} });
  });
});
