/**
 * The demo's payments on shares (issue 45; docs/share-payments.md): after the settlements, the cooperative's payment
 * terms (instalments allowed: at most 4, 3 months apart, a tenth of a share first, § 7 Nr. 1 GenG; reminders after
 * 14 days; the Bundesbank's example creditor id), and for every 15th member still a member who took no shares since
 * (at least three), further shares taken 200 days ago paid in part (a tenth), on an instalment plan proposed from the
 * terms; about two in three paid the instalments due by today, the others only the first (so some are overdue).
 * Decided by the ledger's and the share payments' own deciders, as the API's handlers decide them.
 */
import {
  businessToday,
  interestBeginFor,
  memberStream,
  paymentTermsStream,
  proposePlan,
  ValidationError,
  DEFAULT_INTEREST_BEGIN_RULE,
  type MemberEvent,
} from '@coop/contracts';
import { subscriptions } from '../kernel/owing-postings.js';
import { memberDecider } from '../members/index.js';
import type { ShareTerms } from '../kernel/share-terms.js';
import { paymentTermsDecider, sharePaymentDecider } from '../share-payments/index.js';
import { dayOf, isoOf } from './demo-days.js';
import type { Sim } from './demo-plan.js';
import { uuid, type Random } from './demo-random.js';
import type { DemoWriter } from './demo-writer.js';

/** What the share payments stage recorded. */
export interface SharePaymentSummary {
  /** Subscriptions taken paid in part (with an instalment plan), payments recorded, and subscriptions left overdue. */
  readonly partlyPaid: number;
  readonly payments: number;
  readonly overdue: number;
}

const EVERY = 15;
const DAYS_AGO = 200;
const QUANTITY = 2;

export async function recordSharePayments(
  r: Random,
  sims: readonly Sim[],
  writer: DemoWriter,
  place: { readonly cooperativeId: string; readonly terms: ShareTerms; readonly today?: string },
): Promise<SharePaymentSummary> {
  const { cooperativeId, terms } = place;
  const today = place.today ?? businessToday();
  const instalments = {
    allowed: true,
    maxCount: 4,
    rhythmMonths: 3,
    minFirstPerShare: Math.floor(terms.shareCost / 10),
  };
  const termEvents = paymentTermsDecider.decide(
    {
      type: 'SetPaymentTerms',
      cooperativeId,
      shareCost: terms.shareCost,
      terms: { instalments, reminderAfterDays: 14, creditDividendUntilPaid: true, creditorId: 'DE98ZZZ09999999999' },
    },
    paymentTermsDecider.initialState(),
  );
  await writer.write([{ streamId: paymentTermsStream(cooperativeId), expected: -1, events: termEvents }]);
  const date = isoOf(dayOf(today) - DAYS_AGO);
  const interestBegin = interestBeginFor(date, terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE);
  let partlyPaid = 0;
  let payments = 0;
  let overdue = 0;
  // Members still members before `date` who took no shares since (§ 15b by day, decision 378: shares taken after
  // `date` would find these unpaid): every 15th of them, the first included, and at least three when there are.
  const eligible = sims.filter(
    (sim) =>
      sim.state.exists &&
      !sim.leaving &&
      sim.state.exitDate === null &&
      (sim.state.entryDate ?? today) <= date &&
      !subscriptions(sim.state).some((p) => p.date > date),
  );
  const step = Math.max(1, Math.min(EVERY, Math.floor(eligible.length / 3)));
  for (let i = 0; i < eligible.length; i += step) {
    const sim = eligible[i]!;
    const events: MemberEvent[] = [];
    let state = sim.state;
    const decide = (run: () => MemberEvent[]): boolean => {
      try {
        const decided = run();
        for (const e of decided) {
          events.push(e);
          state = memberDecider.evolve(state, e);
        }
        return true;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return false;
      }
    };
    const balanceId = uuid(r);
    const amount = QUANTITY * terms.shareCost;
    const paid = instalments.minFirstPerShare * QUANTITY;
    const posted = decide(() =>
      memberDecider.decide(
        {
          type: 'PostShares',
          memberId: sim.person.memberId,
          cooperativeId,
          balanceId,
          postingType: 1,
          quantity: QUANTITY,
          terms,
          date,
          approvalDate: date,
          interestBegin,
          paid,
        },
        state,
      ),
    );
    if (!posted) continue;
    const plan = proposePlan(amount - paid, QUANTITY, isoOf(dayOf(date) + 30), instalments, 3);
    decide(() =>
      sharePaymentDecider.decide(
        {
          type: 'SetInstalmentPlan',
          memberId: sim.person.memberId,
          cooperativeId,
          balanceId,
          instalments: plan,
          terms: instalments,
        },
        state,
      ),
    );
    partlyPaid += 1;
    // Two in three pay what fell due; the others the first instalment only.
    const payer = partlyPaid % 3 !== 0;
    const due = plan.filter((p) => p.dueDate <= today);
    for (const [n, p] of due.entries()) {
      if (!payer && n > 0) break;
      const paidOn = isoOf(Math.min(dayOf(p.dueDate) + 3, dayOf(today)));
      const method = n % 2 === 0 ? 'transfer' : 'cash';
      const ok = decide(() =>
        sharePaymentDecider.decide(
          {
            type: 'RecordSharePayment',
            memberId: sim.person.memberId,
            cooperativeId,
            paymentId: uuid(r),
            balanceId,
            date: paidOn,
            amount: p.amount,
            method,
            reference: `Mitglied ${sim.state.memberNr ?? ''} Anteile`,
            today,
          },
          state,
        ),
      );
      if (ok) payments += 1;
    }
    if (!payer && due.length > 1) overdue += 1;
    await writer.write([{ streamId: memberStream(sim.person.memberId), expected: sim.revision, events }]);
    sim.state = state;
    sim.revision += events.length;
  }
  return { partlyPaid, payments, overdue };
}
