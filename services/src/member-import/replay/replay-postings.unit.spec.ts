/** Issue 40: no argument spreading of unbounded arrays on the import's write path (its write repeats the dry run). */
import { describe, expect, it } from '@jest/globals';
import type { ImportProblem } from '../import-types.js';
import type { PostingPlan } from './posting-plan.js';
import { replayPostings } from './replay-postings.js';
import { ReplayRun, type ReplayContext } from './replay-run.js';

describe('replayPostings', () => {
  it("takes over a plan's 200,000 problems (a postings sheet whose every row is refused) without overflowing the stack", () => {
    const problem = {
      file: 'postings.csv',
      sheet: null,
      row: 2,
      column: 'ref',
      field: 'ref',
    } as unknown as ImportProblem;
    const problems = Array.from({ length: 200_000 }, () => problem);
    const plan: PostingPlan = {
      admissions: new Map(),
      actions: [],
      pairOf: new Map(),
      annulationsOf: new Map(),
      referenced: new Set(),
      problems,
    };
    // The run reads only the member-number sequence of its context when no posting is replayed.
    const run = new ReplayRun({ sequence: { state: {}, revision: -1 } } as unknown as ReplayContext);
    for (const _ of replayPostings(run, plan));
    expect(run.problems.length).toBe(200_000);
  });
});
