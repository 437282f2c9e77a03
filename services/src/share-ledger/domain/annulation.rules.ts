import { fieldError, memberFieldError, ValidationError, type MemberEvent, type PostingType } from '@coop/contracts';
import { negated, paidField } from '../../kernel/geschaeftsguthaben.js';
import { requireMember, type MemberPosting, type MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import { endedDuesField } from '../../kernel/owing-postings.js';
import { standingPayout } from '../../kernel/recorded-settlements.js';
import { lowestSharesFrom } from './holding.js';
import type { AnnulPosting, AnnulTransferCounterpart } from './ledger.commands.js';
import { minimumRemainsError, requireNewBalance, requireNotExited, withEntry } from './posting-rules.js';

/**
 * The counterpart a transfer half's annulation must annul too: for an outgoing transfer (3) the
 * incoming half on the receiving member, for an incoming one (4) the outgoing half on the giving
 * member. Null for every other posting (and for an unknown balance id).
 */
export function transferCounterpartToAnnul(
  state: MemberState,
  balanceId: string,
): { memberId: string; balanceId: string } | null {
  const p = state.postings.get(balanceId);
  if (!p || p.transferPeer === null) return null;
  if (p.type === 3 && p.transferTo !== null) return { memberId: p.transferTo, balanceId: p.transferPeer };
  if (p.type === 4 && p.transferFrom !== null) return { memberId: p.transferFrom, balanceId: p.transferPeer };
  return null;
}

/**
 * Annulation (type 5). Types 0 and 5 and annulled postings cannot be annulled. An exited member
 * accepts no posting, with one exception: the annulation of the exit posting itself (6, 7, 8). That
 * re-opens the membership (`MemberExitRevoked`, the exit date is cleared) and gives the holding back.
 * We allow it rather than refuse it because an exit recorded on the wrong member or by mistake must
 * be correctable, and a reversing posting keeps the history intact (nothing is overwritten).
 */
export function annul(command: AnnulPosting, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const { annulPeer } = command;
  const original = state.postings.get(annulPeer);
  if (!original) throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', annulPeer)]);
  if (original.type === 0 || original.type === 5 || original.annulated)
    throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  // An end whose settlement was paid out: annulled, the holding paid out would be the member's again and be settled
  // twice (§ 73 GenG); its payout is reversed first, on the record (decision 335).
  const payout = command.settlements === undefined ? null : standingPayout(command.settlements, annulPeer);
  if (payout !== null) throw new ValidationError([fieldError('annulPeer', 'endSettled', payout.payoutDate)]);
  const revokesExit = original.balanceId === state.exitBalanceId;
  if (!revokesExit) requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const counterpart = transferCounterpartToAnnul(state, annulPeer);
  if (counterpart && !command.peerBalanceId) {
    throw new Error(
      `Annulling transfer half ${annulPeer} needs peerBalanceId for the annulation of ${counterpart.balanceId} on member ${counterpart.memberId}`,
    );
  }
  // A notice withdrawn before it takes effect: the exit (or partial termination) is annulled on its own date, so no
  // day between shows the shares twice; the withdrawal itself is recorded on its day.
  const on = command.date || command.today;
  const noticed = revokesExit ? state.exitNoticeDate !== null : original.type === 2 && original.noticeDate !== null;
  const withdrawsNotice = noticed && on < original.date;
  const annulment = withdrawsNotice ? { ...command, date: original.date } : command;
  const events: MemberEvent[] = [reversal(annulment, state, original, counterpart ? command.peerBalanceId : undefined)];
  if (withdrawsNotice && revokesExit) {
    events.unshift({
      type: 'MembershipEndWithdrawn',
      data: { memberId: command.memberId, balanceId: original.balanceId, annulment: command.balanceId, date: on },
    });
  }
  if (revokesExit)
    events.push({
      type: 'MemberExitRevoked',
      data: {
        memberId: command.memberId,
        balanceId: original.balanceId,
        annulment: command.balanceId,
        // The dues its end named are owed again (decision 269).
        ...endedDuesField(state),
      },
    });
  return events;
}

/** The other half of a transfer annulation, on the member of the annulled transfer's counterpart. */
export function annulCounterpart(command: AnnulTransferCounterpart, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const original = state.postings.get(command.annulPeer);
  if (!original || (original.type !== 3 && original.type !== 4) || original.transferPeer !== command.counterpartOf) {
    throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', command.annulPeer)]);
  }
  if (original.annulated) throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  return [reversal(command, state, original, command.peerBalanceId)];
}

/** What of the payments received on `original` (not returned) its register payment still holds. */
function receivedStanding(state: MemberState, original: MemberPosting): number {
  let received = 0;
  for (const p of state.sharePayments.values())
    if (p.balanceId === original.balanceId && !p.returned) received += p.amount;
  return Math.max(0, Math.min(received, original.payment));
}

/**
 * The type-5 posting reversing `original` at the annulation's own date (default today), not before
 * the original's date. The holding must not go negative on any day from then on, and a reduction
 * must leave the minimum. The dates arrive read by the request class (PostingRequest: trimmed, each a real date when
 * given; decision 242), from the API, the demo and the import alike; what is decided here needs the account.
 */
function reversal(
  command: (AnnulPosting | AnnulTransferCounterpart) & { balanceId: string },
  state: MemberState,
  original: MemberPosting,
  transferPeer: string | undefined,
): MemberEvent {
  const date = command.date || command.today;
  const approvalDate = command.approvalDate || null;
  const interestBegin = command.interestBegin || null;
  if (date < original.date) throw new ValidationError([memberFieldError('date', 'mustBeAtLeast', original.date)]);
  // Money received on the shares after they were posted (a transfer, cash, a debit not returned): annulled with them it
  // would leave the Geschäftsguthaben without a record of where it went (decision 339). The register's payment is
  // corrected first, as the refund is made.
  const received = receivedStanding(state, original);
  if (received > 0)
    throw new ValidationError([memberFieldError('annulPeer', 'paymentsReceivedOnPosting', formatEuro(received))]);
  const quantity = -original.shares;
  const amount = -original.amount;
  const lowest = lowestSharesFrom(withEntry(state, date, quantity, amount), date);
  if (lowest < 0) throw new ValidationError([memberFieldError('annulPeer', 'holdingWouldBeNegative')]);
  // Taking shares back (annulling a subscription or an incoming transfer) is a reduction like a
  // withdrawal: the member, who stays, keeps the minimum.
  if (quantity < 0 && lowest < command.terms.minimumShares) {
    throw new ValidationError([minimumRemainsError('annulPeer', [...state.postings.values()], date, command.terms)]);
  }
  return {
    type: 'PostingAnnulled',
    data: {
      memberId: command.memberId,
      balanceId: command.balanceId,
      annulPeer: original.balanceId,
      originalType: original.type as PostingType,
      quantity,
      amount,
      date,
      approvalDate,
      interestBegin,
      ...(transferPeer !== undefined ? { transferPeer } : {}),
      // The register's payment of the original goes back with it (a subscription paid in part; decision 234).
      ...paidField(negated(original.payment), amount),
      // An outgoing transfer's unpaid parts passed on are the giver's dues again (decision 265).
      ...(original.passedOnParts === undefined ? {} : { passedOn: original.passedOnParts.map((p) => ({ ...p })) }),
      // A partial termination's released parts are owed again: its shares stay (decision 267).
      ...(original.releasedParts === undefined ? {} : { released: original.releasedParts.map((p) => ({ ...p })) }),
    },
  };
}
