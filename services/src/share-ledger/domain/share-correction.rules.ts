import { memberFieldError, NotFoundError, ValidationError, type MemberEvent } from '@coop/contracts';
import { requireMember, type MemberPosting, type MemberState } from '../../kernel/member-stream.js';
import { followPendingEnd, negated } from '../../kernel/geschaeftsguthaben.js';
import { followPendingTerminations } from '../../kernel/pending-terminations.js';
import { formatEuro } from '../../kernel/money.js';
import { correctedSubscription } from '../../kernel/owing-postings.js';
import { followPaidInChange } from '../../kernel/transfer-shortfalls.js';
import type { CorrectSharePayment } from './ledger.commands.js';

/** A share register correction: the payment actually made and the interest end of one posting (never the posting itself). */
export function correctSharePayment(command: CorrectSharePayment, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const posting = state.postings.get(command.balanceId);
  if (!posting) throw new NotFoundError('Share', command.balanceId);
  // The shape (an integer payment, a business date or none) is the request class's (`ShareCorrection`); the import
  // sends the register's values it read. What is left are the rules over the stream: a payment the posting's shares can
  // hold, an interest end not before the interest begin.
  const { rueckpfleinzahlung: payment, interestEnd, expectedRueckpfleinzahlung: expected } = command;
  // The correction sets the payment outright: made on a payment that has changed since it was read, it would wipe out
  // what was booked meanwhile (decision 296).
  if (expected !== undefined && expected !== null && expected !== posting.payment)
    throw new ValidationError([
      memberFieldError(
        'rueckpfleinzahlung',
        'shareChangedMeanwhile',
        formatEuro(expected),
        formatEuro(posting.payment),
      ),
    ]);
  // A transfer's half moves what the giver paid in, both halves together (decision 327): a clerk annuls and posts it
  // again; the import states both halves as its register holds them.
  if (command.followTransfers === true && payment !== posting.payment && posting.transferPeer !== null)
    throw new ValidationError([memberFieldError('rueckpfleinzahlung', 'transferPaymentFollows')]);
  // A payment the register already holds stands (a correction of the interest end alone is not refused for it).
  const [least, most] = paymentRange(posting);
  if (payment !== posting.payment && (payment < least || payment > most))
    throw new ValidationError([
      memberFieldError(
        'rueckpfleinzahlung',
        'paymentOutsideSharePrice',
        formatEuro(payment),
        formatEuro(least),
        formatEuro(most),
      ),
    ]);
  if (interestEnd !== null && posting.interestBegin !== null && interestEnd < posting.interestBegin) {
    throw new ValidationError([memberFieldError('interestEnd', 'mustBeAtLeast', posting.interestBegin)]);
  }
  if (payment === posting.payment && interestEnd === posting.interestEnd) return [];
  const subscription = correctedSubscription(posting, state.exitDate);
  // What was paid in changed: a partial termination keeps no more than is paid in, and a whole end pending takes out
  // the Geschäftsguthaben as corrected (§ 73 (2) GenG; decision 305).
  const correction: MemberEvent[] = [
    {
      type: 'SharePaymentCorrected',
      data: {
        memberId: command.memberId,
        balanceId: command.balanceId,
        rueckpfleinzahlung: payment,
        interestEnd,
        ...(subscription ? { subscription } : {}),
      },
    },
  ];
  // A clerk's correction down also corrects the outgoing transfers that moved more than is now paid in (decision 327).
  if (command.followTransfers === true) return followPaidInChange(state, correction);
  return followPendingEnd(state, followPendingTerminations(state, correction));
}

/**
 * What can be paid in on a posting (DOMAIN.md 1.1): the Geschäftsguthaben is what was actually paid, never below
 * nothing, and the Geschäftsanteil the most a share takes (§ 7 Nr. 1 GenG): from nothing to the nominal amount of its
 * shares, less the unpaid price that left with shares transferred or terminated (`passedOn` on a subscription, the parts
 * on the transfer or termination itself; owed by the receiver or by nobody: decisions 265, 267, 327), as a payment by
 * hand is refused above what is outstanding. A posting that takes shares
 * out (an end, an outgoing transfer, the annulation of a subscription) carries its payment with its amount's sign: from
 * its amount to nothing.
 */
function paymentRange(posting: MemberPosting): readonly [least: number, most: number] {
  // What a transfer passed on or a termination released of its shares' price, kept on the leaving posting itself.
  const parts = [...(posting.passedOnParts ?? []), ...(posting.releasedParts ?? [])].reduce((n, p) => n + p.amount, 0);
  const most = Math.max(0, Math.abs(posting.amount) - posting.passedOn - parts);
  return posting.amount < 0 ? [negated(most), 0] : [0, most];
}
