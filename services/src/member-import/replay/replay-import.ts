import type { ImportProblem, ImportRow, ImportSummary } from '../import-types.js';
import { findDuplicates } from './duplicates.js';
import { planPostings } from './posting-plan.js';
import { admitMembers } from './replay-members.js';
import { replayPostings } from './replay-postings.js';
import { ReplayRun, type Decision, type ReplayContext } from './replay-run.js';
import { checkHoldings, summarize } from './replay-summary.js';
import { recordTaxPapers } from './replay-tax-papers.js';

export type { Decision, ReplayContext } from './replay-run.js';

/** What the dry run found and what the write would append. */
export interface ReplayOutcome {
  /** Every row that would be refused, with its column, value and message template; the holdings that differ. */
  readonly problems: ImportProblem[];
  /** Rows that look like a member already in the cooperative or another row (issue 39): the clerk confirms them. */
  readonly warnings: ImportProblem[];
  readonly summary: ImportSummary;
  /** In append order; complete even with problems (nothing is written then); empty when not kept (`keepDecisions: false`). */
  readonly decisions: Decision[];
}

/**
 * The import (issue 29) played through the same deciders as the console, in memory, without writing (the demo's
 * way, services/src/demo/demo-history.ts): the members admitted in order of entry with their given numbers, then
 * the postings in date order (ties: the file's order), then the exemption orders and certificates; last, the
 * holdings today checked against the members sheet. Rows the files part could not read are left to its problems.
 * All at once: a test's or a small file's replay.
 */
export function replayImport(rows: readonly ImportRow[], ctx: ReplayContext): ReplayOutcome {
  const steps = replaySteps(rows, ctx);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** How long the replay holds the thread it runs on at most before it lets the thread's other work in (ms). */
export const REPLAY_SLICE_MS = 20;

/**
 * `replayImport` in slices of about REPLAY_SLICE_MS, giving the event loop back between them: in the API process a
 * replay of 100,000 members held the thread for 10 s and more, and every request of every cooperative waited.
 */
export async function replayImportSliced(
  rows: readonly ImportRow[],
  ctx: ReplayContext,
  sliceMs: number = REPLAY_SLICE_MS,
): Promise<ReplayOutcome> {
  const steps = replaySteps(rows, ctx);
  let since = performance.now();
  for (let n = 0; ; n++) {
    const step = steps.next();
    if (step.done === true) return step.value;
    // The clock read every 64 rows: a row takes some microseconds, a slice some thousands of rows.
    if ((n & 63) === 0 && performance.now() - since >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** The replay as steps: it yields after each member, posting, paper and holding checked. */
function* replaySteps(rows: readonly ImportRow[], ctx: ReplayContext): Generator<void, ReplayOutcome> {
  const run = new ReplayRun(ctx);
  const members: ImportRow[] = [];
  const postings: ImportRow[] = [];
  const orders: ImportRow[] = [];
  const certificates: ImportRow[] = [];
  for (const row of rows) {
    if (row.kind === 'members') members.push(row);
    else if (row.kind === 'postings') postings.push(row);
    else if (row.kind === 'exemptionOrders') orders.push(row);
    else certificates.push(row);
  }
  const plan = planPostings(postings);
  run.referenced = plan.referenced;
  yield* admitMembers(run, members, plan.admissions);
  yield* replayPostings(run, plan);
  const papers = yield* recordTaxPapers(run, orders, certificates);
  yield* checkHoldings(run);
  const twice = findDuplicates(members, ctx.existing ?? []);
  run.addProblems(twice.problems);
  return {
    problems: inRowOrder(run.problems, rows),
    warnings: inRowOrder(twice.warnings, rows),
    summary: summarize(run, papers),
    decisions: run.decisions,
  };
}

/**
 * The problems as the clerk reads the files: those of no row first, then sheet by sheet in the order the rows came,
 * by row; a row's problems in the order found.
 */
function inRowOrder(problems: ImportProblem[], rows: readonly ImportRow[]): ImportProblem[] {
  const place = (p: { readonly file: string | null; readonly sheet: string | null }): string =>
    `${p.file ?? ''}\u0000${p.sheet ?? ''}`;
  const sheets = new Map<string, number>();
  for (const row of rows) if (!sheets.has(place(row))) sheets.set(place(row), sheets.size);
  const sheetOf = (p: ImportProblem): number => sheets.get(place(p)) ?? sheets.size;
  return problems
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        (a.p.row === null ? -1 : 0) - (b.p.row === null ? -1 : 0) ||
        sheetOf(a.p) - sheetOf(b.p) ||
        (a.p.row ?? 0) - (b.p.row ?? 0) ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}
