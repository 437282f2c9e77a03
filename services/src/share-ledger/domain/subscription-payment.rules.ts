import { fieldError, ValidationError } from '@coop/contracts';
import type { MemberPosting, MemberState } from '../../kernel/member-stream.js';
import { outstandingOf, subscriptions } from '../../kernel/owing-postings.js';
import { formatEuro } from '../../kernel/money.js';

/** What a subscription owes and one share's price of it: all the § 15b rule reads of a posting. */
export interface Owing {
  readonly date: string;
  readonly outstanding: number;
  readonly quantity: number;
  readonly amount: number;
}

const owingOf = (p: MemberPosting): Owing => ({
  date: p.date,
  outstanding: outstandingOf(p),
  quantity: p.quantity,
  amount: p.amount,
});

/** What may stay unpaid of a subscription when it is the last one taken: one share's price (none without shares). */
const lastShareOf = (o: Owing | undefined): number =>
  o === undefined || o.quantity <= 0 ? 0 : Math.min(o.outstanding, Math.ceil(o.amount / o.quantity));

/**
 * What is outstanding on `before` (subscriptions in date order) other than the last share of the latest of them
 * (§ 15b GenG, DOMAIN.md 9.1): further shares are admitted only when every share is fully paid except the last one
 * newly taken. A payment pays a subscription's shares in order, so what may stay unpaid is at most one share's price.
 */
function openBeforeLastShare(before: readonly Owing[]): number {
  return before.reduce((sum, p) => sum + p.outstanding, 0) - lastShareOf(before[before.length - 1]);
}

/** The member's subscriptions (0, 1, 4) not annulled in date order; of one day, in the order posted. */
function inDateOrder(state: MemberState): Owing[] {
  return subscriptions(state)
    .map(owingOf)
    .map((o, seq) => ({ o, seq }))
    .sort((a, b) => (a.o.date < b.o.date ? -1 : a.o.date > b.o.date ? 1 : a.seq - b.seq))
    .map(({ o }) => o);
}

/** What the member's subscriptions owe, in date order, other than the last share of the latest (§ 15b GenG). */
export function outstandingBeforeLastShare(state: MemberState): number {
  return openBeforeLastShare(inDateOrder(state));
}

/**
 * § 15b GenG in the order of the days, as a register is read (the import replays it so): the new subscription dated
 * `candidate.date` is refused while the shares taken up to that day owe more than the last one's share
 * (`earlierSharesNotPaid`); a subscription dated before shares taken later must leave each later admission lawful:
 * every share before it paid but the last one (`laterSharesNeedEarlierPaid`, the later day). A later admission that
 * was already owed more without the new subscription is not the new one's to answer for.
 */
export function requireEarlierSharesPaid(state: MemberState, candidate: Owing): void {
  const ordered = inDateOrder(state);
  const at = ordered.findIndex((o) => o.date > candidate.date);
  const split = at < 0 ? ordered.length : at;
  const open = openBeforeLastShare(ordered.slice(0, split));
  if (open > 0) throw new ValidationError([fieldError('quantity', 'earlierSharesNotPaid', formatEuro(open))]);
  // Each later admission k: what was outstanding before it, with the new subscription and without (running sums).
  const withCandidate = [...ordered.slice(0, split), candidate, ...ordered.slice(split)];
  let owedWith = open + lastShareOf(ordered[split - 1]) + candidate.outstanding;
  let owedWithout = owedWith - candidate.outstanding;
  for (let k = split + 1; k < withCandidate.length; k++) {
    const later = withCandidate[k]!;
    const openThen = owedWith - lastShareOf(withCandidate[k - 1]);
    if (openThen > 0 && openThen > owedWithout - lastShareOf(ordered[k - 2]))
      throw new ValidationError([
        fieldError('quantity', 'laterSharesNeedEarlierPaid', later.date, formatEuro(openThen)),
      ]);
    owedWith += later.outstanding;
    owedWithout += later.outstanding;
  }
}
