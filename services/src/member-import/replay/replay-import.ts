import type { ImportProblem, ImportRow, ImportSummary } from '../import-types.js';
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
  readonly summary: ImportSummary;
  /** In append order; complete even with problems (nothing is written then). */
  readonly decisions: Decision[];
}

/**
 * The import (issue 29) played through the same deciders as the console, in memory, without writing (the demo's
 * way, services/src/demo/demo-history.ts): the members admitted in order of entry with their given numbers, then
 * the postings in date order (ties: the file's order), then the exemption orders and certificates; last, the
 * holdings today checked against the members sheet. Rows the files part could not read are left to its problems.
 */
export function replayImport(rows: readonly ImportRow[], ctx: ReplayContext): ReplayOutcome {
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
  admitMembers(run, members, plan.admissions);
  replayPostings(run, plan);
  const papers = recordTaxPapers(run, orders, certificates);
  checkHoldings(run);
  return { problems: run.problems, summary: summarize(run, papers), decisions: run.decisions };
}
