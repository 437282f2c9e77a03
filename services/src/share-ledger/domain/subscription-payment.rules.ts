import { fieldError, ValidationError } from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import { outstandingOf, subscriptions } from '../../kernel/owing-postings.js';
import { formatEuro } from '../../kernel/money.js';

/**
 * What is outstanding on the member's shares other than the last one taken (§ 15b GenG, DOMAIN.md 9.1): further shares
 * are admitted only when every share is fully paid except the last one newly taken. The subscriptions (0, 1) and the
 * shares taken by transfer (4, owing what did not come paid; decision 265) not annulled are taken in the order posted;
 * a payment pays a subscription's shares in order, so what may stay unpaid is at most one share's price of the latest.
 */
export function outstandingBeforeLastShare(state: MemberState): number {
  const owing = subscriptions(state);
  const total = owing.reduce((sum, p) => sum + outstandingOf(p), 0);
  const last = owing[owing.length - 1];
  if (!last || last.quantity <= 0) return total;
  const lastShare = Math.min(outstandingOf(last), Math.ceil(last.amount / last.quantity));
  return total - lastShare;
}

/** § 15b GenG: refuses further shares (`quantity` field) while shares other than the last one taken are not fully paid. */
export function requireEarlierSharesPaid(state: MemberState): void {
  const open = outstandingBeforeLastShare(state);
  if (open > 0) throw new ValidationError([fieldError('quantity', 'earlierSharesNotPaid', formatEuro(open))]);
}
