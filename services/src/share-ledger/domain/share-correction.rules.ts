import { memberFieldError, NotFoundError, ValidationError, type MemberEvent } from '@coop/contracts';
import { requireMember, type MemberState } from '../../kernel/member-stream.js';
import { followPendingEnd } from '../../kernel/geschaeftsguthaben.js';
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
  // sends the register's values it read. What is left is the rule over the stream: not before the interest begin.
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
