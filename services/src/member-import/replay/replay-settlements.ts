import { settlementStream } from '@coop/contracts';
import { memberAccountOf, settlementDecider, settlementEnds } from '../../settlements/index.js';
import type { ImportRow } from '../import-types.js';
import { dateValue, numberValue, type ImportedMember, type ReplayRun } from './replay-run.js';
import { attempt, cellOf, importProblem, problemAt } from './row-problems.js';

/*
 * Settled leavers of the past (issue 42, docs/import.md "Settled leavers"): an end posting's row may give the day its
 * settlement balance was paid and the amount, so that a migrated register does not list it as due. Recorded by the
 * settlements' own decider (`RecordImportedSettlement`) after every posting was replayed, so an end annulled later in
 * the file is not settled.
 */

/** The settlement decider's fields as the postings sheet names them. */
const SETTLEMENT_FIELDS = {
  payoutDate: 'settlementPayoutDate',
  amount: 'settlementAmount',
  endBalanceId: 'settlementPayoutDate',
} as const;
/** Who recorded an imported settlement (the event's metadata names the user who wrote the import). */
export const IMPORTED_BY = 'import';

const filled = (row: ImportRow, field: string): boolean =>
  (cellOf(row, field)?.text ?? '').trim() !== '' || numberValue(row, field) !== null || dateValue(row, field) !== null;

/** Whether the row gives a settlement (either column filled). */
export function givesSettlement(row: ImportRow): boolean {
  return filled(row, 'settlementPayoutDate') || filled(row, 'settlementAmount');
}

/** A row that is no end but gives a settlement: `importSettlementNotAnEnd` on the column filled. */
export function refuseSettlementOf(run: ReplayRun, row: ImportRow): void {
  if (givesSettlement(row))
    run.problems.push(
      importProblem(
        row,
        filled(row, 'settlementPayoutDate') ? 'settlementPayoutDate' : 'settlementAmount',
        'importSettlementNotAnEnd',
      ),
    );
}

/** After the end `balanceId` was replayed from `row`: its settlement, when the row gives one, is recorded last. */
export function noteSettlement(run: ReplayRun, row: ImportRow, member: ImportedMember, balanceId: string): void {
  if (givesSettlement(row)) run.settled.push({ row, member, balanceId });
}

/** Records the settlements noted, each on the member's settlement stream, in the file's order of the ends. */
export function recordSettlements(run: ReplayRun): void {
  for (const { row, member, balanceId } of run.settled) {
    const payoutDate = dateValue(row, 'settlementPayoutDate');
    const amount = numberValue(row, 'settlementAmount');
    // An empty cell of the two is `mustNotBeEmpty`; an unreadable one the files part reported.
    if (payoutDate === null && !filled(row, 'settlementPayoutDate'))
      run.problems.push(problemAt(row, 'settlementPayoutDate', 'mustNotBeEmpty'));
    if (amount === null && !filled(row, 'settlementAmount'))
      run.problems.push(problemAt(row, 'settlementAmount', 'mustNotBeEmpty'));
    if (payoutDate === null || amount === null) continue;
    const streamId = settlementStream(member.id);
    const stream = run.settlementStreams.get(streamId) ?? { state: settlementDecider.initialState(), revision: -1 };
    const end = settlementEnds(member.state).find((e) => e.endBalanceId === balanceId) ?? null;
    const events = attempt(
      () =>
        settlementDecider.decide(
          {
            type: 'RecordImportedSettlement',
            memberId: member.id,
            cooperativeId: run.ctx.cooperativeId,
            end,
            payoutDate,
            amount,
            today: run.ctx.today,
            memberAccount: memberAccountOf(member.state),
            recordedBy: IMPORTED_BY,
          },
          stream.state,
        ),
      { fallback: row, names: SETTLEMENT_FIELDS },
      run.problems,
    );
    if (events === undefined || events.length === 0) continue;
    run.recordUncounted({ streamId, expected: stream.revision, events });
    run.settlementStreams.set(streamId, {
      state: events.reduce(settlementDecider.evolve, stream.state),
      revision: stream.revision + events.length,
    });
  }
}
