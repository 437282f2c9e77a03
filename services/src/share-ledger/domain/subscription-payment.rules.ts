import { fieldError, ValidationError } from '@coop/contracts';
import type { MemberPosting, MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';

/**
 * What is outstanding on the member's shares other than the last one taken (§ 15b GenG, DOMAIN.md 9.1): further shares
 * are admitted only when every share is fully paid except the last one newly taken. The subscriptions (0, 1) not
 * annulled are taken in the order posted; a payment pays a subscription's shares in order, so what may stay unpaid is
 * at most one share's price of the latest subscription.
 */
export function outstandingBeforeLastShare(state: MemberState): number {
  const subscriptions: MemberPosting[] = [];
  for (const p of state.postings.values()) if ((p.type === 0 || p.type === 1) && !p.annulated) subscriptions.push(p);
  const outstanding = (p: MemberPosting): number => Math.max(0, p.amount - p.payment);
  const total = subscriptions.reduce((sum, p) => sum + outstanding(p), 0);
  const last = subscriptions[subscriptions.length - 1];
  if (!last || last.quantity <= 0) return total;
  const lastShare = Math.min(outstanding(last), Math.ceil(last.amount / last.quantity));
  return total - lastShare;
}

/** § 15b GenG: refuses further shares (`quantity` field) while shares other than the last one taken are not fully paid. */
export function requireEarlierSharesPaid(state: MemberState): void {
  const open = outstandingBeforeLastShare(state);
  if (open > 0) throw new ValidationError([fieldError('quantity', 'earlierSharesNotPaid', formatEuro(open))]);
}
