import type { ImportRow } from '../import-types.js';
import { formatEuro } from '../../kernel/money.js';
import { attempt, importProblem } from './row-problems.js';
import { numberValue, textValue, type ImportedMember, type ReplayRun } from './replay-run.js';

/** The deciders' fields as the postings sheet names them. */
export const LEDGER_FIELDS = {
  annulPeer: 'annulRef',
  transferTo: 'transferMemberNr',
  member: 'memberNr',
  rueckpfleinzahlung: 'rueckpfleinzahlung',
} as const;

/**
 * After a posting row was replayed as `balanceId` on `member`: its reference is remembered (transfers and annulations
 * point at it), its amount, when the file gives one, must be what the posting amounts to (`importAmountDiffers`; the
 * sign as the source writes it: registers show withdrawals positive or negative), and a payment that differs from
 * the amount is recorded as the share register's correction (`CorrectSharePayment`), as a clerk would.
 */
export function postingRecorded(run: ReplayRun, row: ImportRow, member: ImportedMember, balanceId: string): void {
  const ref = textValue(row, 'ref');
  if (ref !== null && run.referenced.has(ref) && !run.refs.has(ref)) run.refs.set(ref, { member, balanceId, row });
  const posted = member.state.postings.get(balanceId);
  if (posted === undefined) return;
  const amount = numberValue(row, 'amount');
  if (amount !== null && Math.abs(amount) !== Math.abs(posted.amount)) {
    run.problems.push(
      importProblem(row, 'amount', 'importAmountDiffers', formatEuro(amount), formatEuro(posted.amount)),
    );
  }
  const paid = numberValue(row, 'rueckpfleinzahlung');
  if (paid === null) return;
  const payment = posted.amount < 0 && paid > 0 ? -paid : paid;
  if (payment === posted.payment) return;
  const { cooperativeId } = run.ctx;
  const events = attempt(
    () =>
      run.decide(member, {
        type: 'CorrectSharePayment',
        memberId: member.id,
        cooperativeId,
        balanceId,
        rueckpfleinzahlung: payment,
        interestEnd: posted.interestEnd,
      }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (events) run.commit(member, events);
}
