import type { MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import type { ImportSummary } from '../import-types.js';
import { numberValue, type ReplayRun } from './replay-run.js';
import { importProblem } from './row-problems.js';

/** The holding of a member's account as of `day`: shares and cents of every posting dated on or before it. */
export function holdingAsOf(state: MemberState, day: string): { shares: number; cents: number } {
  let shares = 0;
  let cents = 0;
  for (const p of state.postings.values()) {
    if (p.date > day) continue;
    shares += p.shares;
    cents += p.amount;
  }
  return { shares, cents };
}

/**
 * The register equals the source to the cent: where the members sheet gives a member's shares (`shareAmount`) or
 * capital and the postings sheet holds the member's history, the holding the replay reaches today must be it
 * (`importHoldingDiffers`: the file's value, the replay's).
 */
export function* checkHoldings(run: ReplayRun): Generator<void, void> {
  for (const member of run.members.values()) {
    yield;
    if (member.postingRows === 0) continue;
    const shares = numberValue(member.row, 'shareAmount');
    const capital = numberValue(member.row, 'capital');
    if (shares === null && capital === null) continue;
    const held = holdingAsOf(member.state, run.ctx.today);
    if (shares !== null && shares !== held.shares)
      run.problems.push(
        importProblem(member.row, 'shareAmount', 'importHoldingDiffers', String(shares), String(held.shares)),
      );
    if (capital !== null && capital !== held.cents)
      run.problems.push(
        importProblem(member.row, 'capital', 'importHoldingDiffers', formatEuro(capital), formatEuro(held.cents)),
      );
  }
}

/** What the replay decided: members, postings by type (as the events post them), papers, today's holdings, events. */
export function summarize(run: ReplayRun, papers: { exemptionOrders: number; nonAssessments: number }): ImportSummary {
  // counted as the decisions were made (ReplayRun.record): the same for a dry run, which keeps none, and a write
  const postingsByType = { ...run.tally.postingsByType };
  const events = run.tally.events;
  let activeMembers = 0;
  let shares = 0;
  let capitalCents = 0;
  for (const member of run.members.values()) {
    const held = holdingAsOf(member.state, run.ctx.today);
    if (held.shares > 0) activeMembers += 1;
    shares += held.shares;
    capitalCents += held.cents;
  }
  return {
    members: run.members.size,
    postingsByType,
    exemptionOrders: papers.exemptionOrders,
    nonAssessments: papers.nonAssessments,
    asOf: run.ctx.today,
    activeMembers,
    shares,
    capitalCents,
    events,
  };
}
