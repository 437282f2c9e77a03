import { Injectable } from '@nestjs/common';
import {
  memberStream,
  type Decider,
  type MemberEvent,
  type SharePaymentReceived,
  type StreamAppend,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { OwedDues } from '../queries/owed-dues.js';
import { followPendingEnd } from '../../kernel/geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import { memberCredits, type BookedCredit } from '../domain/dividend-credit.js';
import type { Closure } from '../domain/closure-events.decider.js';
import type { MemberResult } from '../domain/engine/index.js';

/*
 * The dividend credited to the Geschäftsguthaben in the year's closure (issue 45; § 19 Abs. 1 GenG, DOMAIN.md 1.6;
 * docs/dividend-credit.md). A closure run reads once which members owe something on their subscriptions (`OwedDues`:
 * the payment terms' setting and the projection `share_dues`, caught up at the run's start). Each step of the closure
 * (ClosureProcess) asks here, for the members of its chunk, what of their net is credited: read from each owing member's
 * stream (its postings' amount and payment as of now), split by the pure rule (domain/dividend-credit.ts), and booked
 * on that stream as `SharePaymentReceived` (method `dividendCredit`) in the same append as the step's payouts, at the
 * member stream's revision read: the payout and its credit are written together or not at all, and a payment recorded
 * meanwhile makes the step decide again.
 */

/** The member stream as the share account folds it (no personal data read). */
const SHARE_ACCOUNT: Decider<never, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveShareAccount,
  decide: () => [],
};

/** What a closure run reads once: the members owing something on their subscriptions, none when the cooperative does not credit. */
export interface CreditScope {
  readonly owing: ReadonlySet<string>;
}

/** A step's credits: per member id its credits, and the member streams' appends booking them. */
export interface ChunkCredits {
  readonly credits: ReadonlyMap<string, readonly BookedCredit[]>;
  readonly appends: readonly StreamAppend[];
}

const NO_CREDITS: ChunkCredits = { credits: new Map(), appends: [] };

@Injectable()
export class ClosureCredits {
  constructor(
    private readonly writer: StreamWriter,
    private readonly dues: OwedDues,
  ) {}

  /**
   * With the payment terms' `creditDividendUntilPaid` (default true, § 19 (1) GenG): the members with a subscription
   * outstanding (only their streams are read by the steps); without it nobody.
   */
  async scope(cooperativeId: string): Promise<CreditScope> {
    return { owing: new Set((await this.dues.owed(cooperativeId)).keys()) };
  }

  /**
   * The credits of the payees of one step (those with a net above zero who owe something) and the events booking them,
   * stamped for the step's append; the step's payouts carry them (`closureEventsDecider`).
   */
  async forStep(
    scope: CreditScope,
    ctx: CommandContext,
    closure: Closure,
    payees: readonly MemberResult[],
  ): Promise<ChunkCredits> {
    if (scope.owing.size === 0) return NO_CREDITS;
    const { dividendId } = closure;
    const { year, paymentDate } = closure.results.params;
    const credits = new Map<string, readonly BookedCredit[]>();
    const appends: StreamAppend[] = [];
    for (const p of payees) {
      if (p.net <= 0 || !scope.owing.has(p.memberId)) continue;
      const stream = memberStream(p.memberId);
      const loaded = await this.writer.loadWithoutPersonalData(stream, SHARE_ACCOUNT);
      const account = {
        postings: loaded.state.postings.values(),
        paymentIds: loaded.state.sharePayments.keys(),
        endsOn: loaded.state.exitDate,
      };
      const booked = memberCredits(dividendId, p.memberId, paymentDate, p.net, account, true);
      if (booked.length === 0) continue;
      credits.set(p.memberId, booked);
      const events: SharePaymentReceived[] = booked.map((c) => ({
        type: 'SharePaymentReceived',
        data: {
          memberId: p.memberId,
          balanceId: c.balanceId,
          paymentId: c.paymentId,
          date: paymentDate,
          amount: c.amount,
          method: 'dividendCredit',
          reference: String(year),
          collectionId: null,
          statementId: null,
        },
      }));
      // A leaver's credit raises the Geschäftsguthaben that leaves with the end (decision 234).
      appends.push({
        streamId: stream,
        expected: loaded.expected,
        events: this.writer.stamp(followPendingEnd(loaded.state, events), ctx, ctx.actor.cooperativeId),
      });
    }
    return { credits, appends };
  }
}
