import { describe, expect, it } from '@jest/globals';
import { ProgressReporter, type ProgressReport } from './task-progress.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProgressReporter', () => {
  it('writes the latest count once per interval, and a new phase even when the count stayed (issue 41)', async () => {
    const written: ProgressReport[] = [];
    const reporter = new ProgressReporter(
      async (report) => void written.push(report),
      20,
      (error) => {
        throw error;
      },
    );
    reporter.report(10, 100, 'replaying');
    reporter.report(100, 100, 'replaying');
    await tick(60);
    reporter.report(100, 100, 'catchingUp');
    await tick(60);
    reporter.report(100, 100, 'catchingUp');
    await tick(60);
    await reporter.stop();
    expect(written).toEqual([
      { done: 100, total: 100, phase: 'replaying' },
      { done: 100, total: 100, phase: 'catchingUp' },
    ]);
  });

  it('ignores counts that are not whole numbers of at least zero', async () => {
    const written: ProgressReport[] = [];
    const reporter = new ProgressReporter(
      async (report) => void written.push(report),
      20,
      () => undefined,
    );
    reporter.report(-1, 10);
    reporter.report(1.5, 10);
    await tick(60);
    await reporter.stop();
    expect(written).toEqual([]);
  });
});
