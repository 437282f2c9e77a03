import { describe, expect, it } from '@jest/globals';
import { businessToday, NotFoundError } from '@coop/contracts';
import { TaskHandlerProvider, type RunningTask } from '../tasks/index.js';
import type { ReportFile } from './domain/fsak-csv.js';
import type { FsakRecord } from './domain/fsak-records.js';
import { FsakTaskHandler } from './fsak.handler.js';
import type { FsakReports, MadeReport } from './fsak-report.js';
import type { ClosureFacts } from './queries/fsak-source.js';

/* The fsak task's outcomes, with the report's reads replaced: rejections, the completed report, a missing closure. */

const THIS_YEAR = Number(businessToday().slice(0, 4));
const closureIn = (paymentYear: number): ClosureFacts => ({
  dividendId: 'd1',
  year: paymentYear - 1,
  paymentDate: `${paymentYear}-03-01`,
  paymentYear,
});
const record: FsakRecord = {
  kind: 'fsa',
  memberId: 'm1',
  memberNr: 1,
  euros: 300,
  person: { name: 'N', givenName: 'V', birthDate: null, taxId: '86095742719' },
  address: { street: 'S', houseNumber: '1', zipCode: '12345', city: 'C', country: null, foreign: false },
  spouse: null,
};

function handlerWith(
  closure: ClosureFacts | null,
  records: readonly FsakRecord[],
  files: readonly ReportFile[] = [],
  elmaFs: string | null = '12345678',
) {
  const made: string[] = [];
  const reports = {
    closure: async (_c: string, id: string) => {
      if (closure === null) throw new NotFoundError('Dividend', id);
      return closure;
    },
    elmaFs: async () => elmaFs,
    make: async (): Promise<MadeReport> => ({
      closure: closure!,
      built: { records, impossible: [], underOneEuro: 2 },
      reportType: 'initial',
      earlier: [],
      files,
    }),
  } as unknown as FsakReports;
  const counted = reports.make.bind(reports);
  reports.make = async (...args: Parameters<FsakReports['make']>) => {
    made.push(args[0]);
    return counted(...args);
  };
  return { handler: new FsakTaskHandler(reports), made };
}

const progress: [number, number][] = [];
const task: RunningTask<'fsak'> = {
  taskId: 't1',
  cooperativeId: 'c1',
  kind: 'fsak',
  params: { dividendId: 'd1', year: 0 },
  queuedBy: 'clerk',
  attempt: 1,
  inputs: [],
  files: [],
  readFile: async () => new Uint8Array(),
  progress: (done, total) => void progress.push([done, total]),
};

describe('the fsak task handler', () => {
  it('is declared a task handler (the registry finds it) for the kind fsak, resumable', () => {
    const { handler } = handlerWith(closureIn(THIS_YEAR - 1), []);
    expect(Reflect.getMetadata(TaskHandlerProvider.KEY, FsakTaskHandler)).toBeDefined();
    expect([handler.kind, handler.resumable]).toEqual(['fsak', true]);
  });

  it.each([THIS_YEAR, THIS_YEAR + 1])(
    'rejects a closure paid in %i (the year has not ended) with its notification',
    async (year) => {
      const { handler } = handlerWith(closureIn(year), [record]);
      expect(await handler.run(task)).toEqual({
        outcome: 'rejected',
        reason: { template: 'fsakCurrentYear', parameters: [`${year}-03-01`] },
        notifications: [
          {
            type: 'generic',
            message: 'fsakRejectedCurrentYear',
            parameters: [`${year}-03-01`],
            entityClass: 'dividend',
            entityId: 'd1',
          },
        ],
      });
    },
  );

  it('rejects a year with nothing to report (a nil year)', async () => {
    const { handler } = handlerWith(closureIn(THIS_YEAR - 1), []);
    expect(await handler.run(task)).toMatchObject({
      outcome: 'rejected',
      reason: { template: 'fsakNothingToReport', parameters: [String(THIS_YEAR - 1)] },
    });
  });

  it('completes with the files as UTF-8 CSV, the summary and the fsakSent notification', async () => {
    const { handler } = handlerWith(
      closureIn(THIS_YEAR - 1),
      [record],
      [{ name: 'fsak-x-1.csv', content: 'ä;1\r\n', records: 1 }],
    );
    const outcome = await handler.run(task);
    if (outcome.outcome !== 'completed') throw new Error(outcome.outcome);
    expect(outcome.files.map((f) => [f.name, f.contentType, Buffer.from(f.bytes).toString('utf8')])).toEqual([
      ['fsak-x-1.csv', 'text/csv; charset=utf-8', 'ä;1\r\n'],
    ]);
    expect(outcome.summary).toEqual({
      dividendId: 'd1',
      year: THIS_YEAR - 1,
      reportType: 'initial',
      records: 1,
      files: 1,
      euros: 300,
      impossible: 0,
      underOneEuro: 2,
    });
    expect(outcome.effects).toEqual([]);
    expect(outcome.notifications).toEqual([
      {
        type: 'generic',
        message: 'fsakSent',
        parameters: [String(THIS_YEAR - 1), '1', '1'],
        entityClass: 'task',
        entityId: 't1',
      },
    ]);
  });

  it('rejects a report whose approval number of process fs was removed after its start, making no file', async () => {
    // The start checked it (startRefusal); the task waited in its lane meanwhile. Before: a header without the number.
    const { handler, made } = handlerWith(closureIn(THIS_YEAR - 1), [record], [], null);
    expect(await handler.run(task)).toEqual({
      outcome: 'rejected',
      reason: { template: 'missingElmaNoFs', parameters: [] },
      notifications: [],
    });
    expect(made).toEqual([]);
  });

  it('fails when the closure is gone', async () => {
    const { handler } = handlerWith(null, []);
    await expect(handler.run(task)).rejects.toThrow('The closure d1 does not exist.');
  });
});
