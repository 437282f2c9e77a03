/** Issue 40: no argument spreading of unbounded arrays on the import's path (the duplicates of a large register). */
import { describe, expect, it } from '@jest/globals';
import type { ImportProblem } from '../import-types.js';
import { ReplayRun, type ReplayContext } from './replay-run.js';

describe('ReplayRun.addProblems', () => {
  it('takes over 200,000 problems (a register whose every row repeats one tax id) without overflowing the stack', () => {
    const problem = {
      file: 'members.csv',
      sheet: null,
      row: 2,
      column: 'manualTaxId',
      field: 'manualTaxId',
    } as unknown as ImportProblem;
    const run = new ReplayRun({ sequence: { state: {}, revision: -1 } } as unknown as ReplayContext);
    run.addProblems(Array.from({ length: 200_000 }, () => problem));
    expect(run.problems.length).toBe(200_000);
  });
});
