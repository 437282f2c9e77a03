/**
 * The demo's settlements with those who leave (issue 42, § 73 GenG): after the share history, the clerk's payouts of
 * the years gone by, decided by the settlements' own deciders as the API's handlers decide them
 * (settlements/commands/settlement.commands.ts) and written in order.
 *
 * - Each end that booked a holding out (notice, partial termination, exclusion, death, dissolution) is paid on
 *   20 June of the year after, once the general meeting approved the balance sheet, within the six months of § 73 (2);
 *   an end whose payout day has not come yet (last year's before 20 June, this year's, the pending ones) stays due.
 * - A death pays the heirs: their account ("Erbengemeinschaft <name>", a German IBAN) is entered first.
 * - One year's leavers share a loss carried forward: the general meeting of the year after decided 7.5 % of the
 *   holding (a bad wind year three years ago; no dividend of the demo is closed, DOMAIN.md 1.1 § 19 (2)).
 */
import { settlementStream, settlementTermsStream, ValidationError, type DomainEvent } from '@coop/contracts';
import {
  memberAccountOf,
  settlementDecider,
  settlementEnds,
  settlementTermsDecider,
  type LossShareRule,
} from '../settlements/index.js';
import { germanBank } from './demo-person-details.js';
import type { Sim } from './demo-plan.js';
import type { Random } from './demo-random.js';
import type { DemoWriter } from './demo-writer.js';

/** What the settlements stage recorded. */
export interface SettlementSummary {
  /** Ends paid, of them to heirs, and with a loss share. */
  readonly paid: number;
  readonly heirs: number;
  readonly withLossShare: number;
  /** The year whose leavers share a loss, with the decision (null: no such year in the history). */
  readonly lossShareYear: number | null;
  /** Ends left due (their payout day has not come) and payouts a rule refused. */
  readonly due: number;
  readonly refused: number;
}

/** The demo's loss share: 7.5 % of the holding, decided by the general meeting of the year after. */
const LOSS_PERCENT = '7.5';

/** The day the ends of `year` are paid: 20 June of the year after (the general meeting approved the balance sheet). */
export const demoPayoutDay = (year: number): string => `${year + 1}-06-20`;

/**
 * The settlements stage, after the tax papers: the loss share decided, then per member (in the order of the members to
 * be) the heirs' account and the payouts whose day has come, one append per member. `recordedBy`: the demo's user.
 */
export async function paySettlements(
  r: Random,
  sims: readonly Sim[],
  writer: DemoWriter,
  place: {
    readonly cooperativeId: string;
    readonly fromYear: number;
    readonly today: string;
    readonly recordedBy: string;
  },
): Promise<SettlementSummary> {
  const { cooperativeId, fromYear, today, recordedBy } = place;
  // Three years ago, when the cooperative existed then and the general meeting of the year after has met.
  const candidate = Number(today.slice(0, 4)) - 3;
  const lossShareYear = candidate > fromYear && `${candidate + 1}-06-12` <= today ? candidate : null;
  let lossShare: LossShareRule | null = null;
  if (lossShareYear !== null) {
    lossShare = {
      kind: 'percent',
      percent: LOSS_PERCENT,
      centsPerShare: null,
      decisionDate: `${lossShareYear + 1}-06-12`,
    };
    const events = settlementTermsDecider.decide(
      { type: 'SetLossShare', cooperativeId, year: lossShareYear, ...lossShare, today },
      settlementTermsDecider.initialState(),
    );
    await writer.write([{ streamId: settlementTermsStream(cooperativeId), expected: -1, events }]);
  }
  let paid = 0;
  let heirs = 0;
  let withLossShare = 0;
  let due = 0;
  let refused = 0;
  for (const sim of sims) {
    if (!sim.state.exists) continue;
    const ends = settlementEnds(sim.state);
    if (ends.length === 0) continue;
    let state = settlementDecider.initialState();
    const events: DomainEvent[] = [];
    const decide = (command: Parameters<typeof settlementDecider.decide>[0]): boolean => {
      try {
        const decided = settlementDecider.decide(command, state);
        for (const e of decided) events.push(e);
        state = decided.reduce(settlementDecider.evolve, state);
        return true;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        refused += 1;
        return false;
      }
    };
    for (const end of ends) {
      const payoutDate = demoPayoutDay(end.year);
      if (end.endDate > today || payoutDate > today) {
        if (end.endDate <= today) due += 1;
        continue;
      }
      if (end.reason === 'death' && state.heirs === null) {
        const bank = germanBank(r);
        decide({
          type: 'RecordHeirsAccount',
          memberId: end.memberId,
          deceased: true,
          account: {
            accountHolder: `Erbengemeinschaft ${sim.state.master?.name ?? ''}`.trim(),
            iban: bank.iban,
            bic: bank.bic,
          },
        });
      }
      const rule = end.year === lossShareYear ? lossShare : null;
      const ok = decide({
        type: 'PaySettlement',
        memberId: end.memberId,
        cooperativeId,
        end,
        lossShare: rule,
        payoutDate,
        today,
        memberAccount: memberAccountOf(sim.state),
        recordedBy,
      });
      if (!ok) continue;
      paid += 1;
      if (end.reason === 'death') heirs += 1;
      if (rule !== null) withLossShare += 1;
    }
    if (events.length > 0)
      await writer.write([{ streamId: settlementStream(sim.person.memberId), expected: -1, events }]);
  }
  return { paid, heirs, withLossShare, lossShareYear, due, refused };
}
