import { describe, expect, it } from '@jest/globals';
import type { FileStore, ReadDocument } from '@coop/contracts';
import type { ReadModels } from '../platform/http/read-models.js';
import { OldTaskFiles } from './commands/old-task-files.js';

const task = (
  id: string,
  queuedAt: string,
  files: string[],
  params: Record<string, unknown> = {},
  kind = 'kistam',
): ReadDocument => ({
  id,
  cooperativeId: 'c-1',
  position: '1',
  kind,
  queuedAt,
  params,
  files: files.map((fileId) => ({ fileId, name: `${fileId}.csv`, contentType: 'text/csv', size: 1, sha256: 'x' })),
});

/** The cooperative's tasks as the read model's scan answers them, and the files removed. */
function given(tasks: ReadDocument[]): { cleaner: OldTaskFiles; removed: string[] } {
  const removed: string[] = [];
  const reads = {
    async *scan(_spec: unknown, cooperativeId: string) {
      yield tasks.filter((t) => t.cooperativeId === cooperativeId);
    },
  } as unknown as ReadModels;
  const files = { remove: async (id: string) => void removed.push(id) } as unknown as FileStore;
  return { cleaner: new OldTaskFiles(reads, files), removed };
}

describe('the task files an erasure removes (issue 27)', () => {
  it('removes the files of tasks queued before the cut-off day, keeps the newer ones', async () => {
    const { cleaner, removed } = given([
      task('t-old', '2016-11-02T08:00:00.000Z', ['kistam-2016-request', 'kistam-2016-answer']),
      task('t-new', '2017-01-01T00:00:00.000Z', ['kistam-2017-request']),
    ]);
    expect(await cleaner.removeBefore('c-1', '2017-01-01')).toBe(2);
    expect(removed).toEqual(['kistam-2016-request', 'kistam-2016-answer']);
  });

  it('removes the files of a newer task made for a closure an erased member was paid in', async () => {
    const { cleaner, removed } = given([
      task('t-certs', '2025-03-01T08:00:00.000Z', ['certificates-2014'], { dividendId: 'd-2014' }),
      task('t-other', '2025-03-01T08:00:00.000Z', ['certificates-2024'], { dividendId: 'd-2024' }),
    ]);
    expect(await cleaner.removeBefore('c-1', '2017-01-01', new Set(['d-2014']))).toBe(1);
    expect(removed).toEqual(['certificates-2014']);
  });

  it('keeps a closure’s task queued after the run: it reads the erased member blanked (a later run completing it)', async () => {
    const { cleaner, removed } = given([
      task('t-before', '2025-03-01T08:00:00.000Z', ['certificates-2014-a'], { dividendId: 'd-2014' }),
      task('t-after', '2025-12-01T10:00:01.000Z', ['certificates-2014-b'], { dividendId: 'd-2014' }),
    ]);
    expect(await cleaner.removeBefore('c-1', '2017-01-01', new Set(['d-2014']), '2025-12-01T10:00:00.000Z')).toBe(1);
    expect(removed).toEqual(['certificates-2014-a']);
  });

  it('removes the files of every member list, export and import queued before the run, whatever their age (decision 365)', async () => {
    const { cleaner, removed } = given([
      task('t-pdf', '2025-11-30T08:00:00.000Z', ['list-pdf'], {}, 'memberPdfs'),
      task('t-csv', '2025-12-01T09:59:59.000Z', ['list-csv'], { format: 'csv' }, 'memberExport'),
      task('t-dry', '2024-05-01T08:00:00.000Z', ['dry-json', 'dry-xlsx'], {}, 'memberImportDryRun'),
      task('t-import', '2024-05-01T09:00:00.000Z', ['import-xlsx'], {}, 'memberImport'),
      task('t-later', '2025-12-01T10:00:01.000Z', ['later-pdf'], {}, 'memberPdfs'),
      task('t-kistam', '2025-11-30T08:00:00.000Z', ['kistam-2025-request']),
      task('t-fsak', '2025-03-01T08:00:00.000Z', ['fsak-2024'], { dividendId: 'd-2024' }, 'fsak'),
    ]);
    expect(await cleaner.removeBefore('c-1', '2016-01-01', new Set(), '2025-12-01T10:00:00.000Z')).toBe(5);
    expect(removed).toEqual(['list-pdf', 'list-csv', 'dry-json', 'dry-xlsx', 'import-xlsx']);
  });
});
