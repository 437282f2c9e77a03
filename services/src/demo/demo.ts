/**
 * Demo data: a German cooperative with members and its postings from 2016 up to today, written into an empty
 * store through the real domain. Every event comes out of the deciders (member, member-number,
 * cooperative), exactly as the command handlers would produce it; the events are appended in
 * chronological order in large `appendMulti` batches (no HTTP, no per-command read-your-writes wait),
 * and the projections catch up at the end. Deterministic for a given seed and day: ids, names and
 * postings come from a seeded PRNG (only the event timestamps are the real time of the run).
 *
 * The stages, each in its own file, in the order they draw from the PRNG (the order is part of the output):
 * 1. demo-cooperative.ts: the empty cooperative, its share price and master data; demo-elma.ts its approval numbers;
 * 2. demo-people.ts: the members to be;
 * 3. demo-plan.ts: what happens to each of them on which day;
 * 4. demo-history.ts: the postings, replayed day by day through the deciders (demo-writer.ts appends);
 * 5. demo-tax-papers.ts: exemption orders and non-assessment certificates, entered today;
 *    demo-settlements.ts: the settlements with those who left, paid on their payout days, a loss share, heirs;
 *    demo-share-payments.ts: payment terms, further shares paid in part on instalment plans, their payments (issue 45);
 *    demo-reminders.ts: payment reminders (first, second) of those whose payment on shares is overdue today;
 * 6. the read models, rebuilt from the whole log (here).
 *
 * `npm run demo` (services/dist/demo/main.js) is the command line; the benchmarks and the e2e test
 * call `fillDemo` on a running app.
 */
import { ROLES } from '@coop/contracts';
import { COOPERATIVES, readCooperative } from '@coop/projections/cooperatives';
import type { RunningApp } from '../create-app.js';
import { businessToday, DEFAULT_INTEREST_BEGIN_RULE } from '@coop/contracts';
import type { ShareTerms } from '../kernel/share-terms.js';
import type { Actor } from '../platform/commands/command-context.js';
import { emptyCooperative, prepareCooperative } from './demo-cooperative.js';
import { addDemoElmaNumbers } from './demo-elma.js';
import { isoOf, yearOf } from './demo-days.js';
import { History, type ExitSummary } from './demo-history.js';
import { makePeople } from './demo-people.js';
import { Calendar, planHistory, postingScale, simsOf } from './demo-plan.js';
import { prng } from './demo-random.js';
import { sendReminders, type ReminderSummary } from './demo-reminders.js';
import { paySettlements, type SettlementSummary } from './demo-settlements.js';
import { recordSharePayments, type SharePaymentSummary } from './demo-share-payments.js';
import { enterTaxPapers, type PaperSummary } from './demo-tax-papers.js';
import { DemoWriter } from './demo-writer.js';
import { demoDirectDebits } from './demo-direct-debits.js';
import { FILE_STORE } from '../platform/file-store/open-file-store.js';
import type { FileStore } from '@coop/contracts';

export { DemoRefusedError } from './demo-cooperative.js';

export interface DemoOptions {
  /** PRNG seed (default 1). */
  readonly seed?: number;
  /** Members to admit (default 300). */
  readonly members?: number;
  /**
   * About how many postings in all (admissions included). Default: the realistic activity of a
   * small cooperative (about three per member over the years). The benchmarks ask for ten per member.
   */
  readonly postings?: number;
  /** First and last business year of the history (default 2016 to this year; the history runs at most up to today). */
  readonly fromYear?: number;
  readonly toYear?: number;
  /**
   * The day the history runs up to, as if filled on it (default: today; not after it). The history draws its days
   * from it: the tests fill on several days what the calendar would give on them (decision 378).
   */
  readonly today?: string;
  /** Stream appends per `appendMulti` call (default 4000). */
  readonly batchSize?: number;
  /** Share price in cents and minimum holding set when the cooperative has no share price yet (default 25000 and 2). */
  readonly balanceCost?: number;
  readonly minimumShares?: number;
  /** The notice period in months (§ 65 (2) GenG) set with the share price (default 24, DEMO_NOTICE_PERIOD_MONTHS). */
  readonly noticePeriodMonths?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface DemoSummary {
  readonly cooperativeId: string;
  readonly cooperativeName: string;
  readonly terms: ShareTerms;
  readonly seed: number;
  readonly members: number;
  readonly legalEntities: number;
  readonly couples: number;
  readonly foreign: number;
  readonly minors: number;
  readonly withTaxId: number;
  readonly withChurch: number;
  /** Postings by balance type (0 to 8). */
  readonly postingsByType: Readonly<Record<number, number>>;
  readonly postings: number;
  /** Exemption orders recorded (joint ones among them) and non-assessment certificates. */
  readonly exemptionOrders: number;
  readonly jointExemptionOrders: number;
  readonly nonAssessments: number;
  /** Ways out recorded, by reason; notices withdrawn before they took effect; ends recorded that take effect after today. */
  readonly exits: ExitSummary;
  /** The settlements with those who left (issue 42): paid, to heirs, with a loss share, still due. */
  readonly settlements: SettlementSummary;
  /** The payments on shares (issue 45): subscriptions paid in part on instalment plans, payments, overdue ones. */
  readonly sharePayments: SharePaymentSummary;
  /** The payment reminders (issue 45): first and second reminders sent. */
  readonly reminders: ReminderSummary;
  readonly events: number;
  readonly appendSeconds: number;
  readonly projectionSeconds: number;
  readonly seconds: number;
}

/**
 * Fills the running app's store with the demo cooperative. Refuses (DemoRefusedError) when the
 * cooperative already has members. Sets the share price and minimum holding when the cooperative
 * has no share price yet (and completes its master data where it is empty). Returns once the read
 * models include every event written.
 */
/** The day the demo is filled as of: a `YYYY-MM-DD` not after today (the product refuses postings in the future). */
function demoToday(day: string | undefined): string {
  const today = businessToday();
  if (day === undefined) return today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) throw new RangeError(`today must be a day up to ${today}`);
  return day;
}

export async function fillDemo(running: RunningApp, options: DemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? 1;
  const memberCount = options.members ?? 300;
  if (!Number.isSafeInteger(memberCount) || memberCount < 1)
    throw new RangeError('members must be a whole number of at least 1');
  const today = demoToday(options.today);
  const fromYear = options.fromYear ?? 2016;
  const toYear = options.toYear ?? Number(today.slice(0, 4));

  // 1. The cooperative.
  const cooperativeId = await emptyCooperative(running);
  const actor: Actor = { userId: 'demo', username: 'demo', roles: [...ROLES], cooperativeId };
  const { terms, name: cooperativeName } = await prepareCooperative(running, actor, options);
  await addDemoElmaNumbers(running, actor);
  log(
    `cooperative ${cooperativeName} (${cooperativeId}): share price ${terms.shareCost / 100} EUR, minimum ${terms.minimumShares} shares, notice period ${terms.noticePeriodMonths} months`,
  );

  // 2. and 3. The members to be and their plan, the posting rates scaled so that the total comes near `postings`.
  const r = prng(seed);
  const calendar = new Calendar(fromYear, toYear, today);
  const people = makePeople(
    r,
    memberCount,
    fromYear,
    calendar.lastDay,
    today,
    terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE,
  );
  const scale = postingScale(people, calendar.lastDay, options.postings);
  const sims = simsOf(people);
  planHistory(r, sims, calendar, scale, toYear);

  // 4. and 5. The postings and the tax papers. The projections pause while the log is written; afterwards
  // the read models are built again from the whole log (ProjectionRunner.rebuild, as `npm run
  // projections:rebuild` does), which folds many events per write instead of following thousands of
  // appends batch by batch (about three times faster).
  const writer = new DemoWriter(running.storage.events, r, actor, options.batchSize ?? 4000);
  const history = new History(r, writer, calendar, sims, cooperativeId, terms, today);
  const runner = running.storage.runner;
  await runner.stop();
  const tAppend = performance.now();
  let papers: PaperSummary;
  let settlements: SettlementSummary;
  let sharePayments: SharePaymentSummary;
  let reminders: ReminderSummary;
  try {
    await calendar.replay(
      (day, intent) => history.run(day, intent),
      (day) => {
        if (isoOf(day).endsWith('-12-31')) log(`  ${yearOf(day)}: ${writer.written} events so far`);
      },
    );
    // The demo always shows an end still to come: a notice of exit given today when the history left none pending.
    if (!sims.some((s) => s.state.exitDate !== null && s.state.exitDate > today)) {
      const stayer = sims.find((s) => s.state.exists && !s.leaving && s.state.exitDate === null);
      if (stayer !== undefined) await history.run(calendar.lastDay, { kind: 'end', sim: stayer, type: 8 });
    }
    papers = await enterTaxPapers(r, sims, writer, cooperativeId, today);
    settlements = await paySettlements(r, sims, writer, { cooperativeId, fromYear, today, recordedBy: actor.userId });
    sharePayments = await recordSharePayments(r, sims, writer, { cooperativeId, terms, today });
    // Its further shares paid in part are postings of type 1 like the history's.
    history.byType[1]! += sharePayments.partlyPaid;
    reminders = await sendReminders(r, sims, writer, { cooperativeId, today });
    const debits = await demoDirectDebits(r, sims, writer, {
      cooperativeId,
      today,
      cooperative: readCooperative(
        (await running.storage.readStore.get(COOPERATIVES.name, cooperativeId)) ?? {
          id: cooperativeId,
          cooperativeId,
          position: '0',
        },
      ),
      files: running.app.get<symbol, FileStore>(FILE_STORE, { strict: false }),
    });
    log(
      `direct debits: ${debits.mandates} mandates, ${debits.debits} debits collected on ${debits.collectionDate ?? '-'}, ${debits.returned} returned`,
    );
    await writer.flush();
  } catch (error) {
    await runner.start();
    throw error;
  }
  const appendSeconds = (performance.now() - tAppend) / 1000;
  log(
    `appended ${writer.written} events in ${appendSeconds.toFixed(1)} s (${history.refused} actions refused by the domain rules and skipped); building the read models`,
  );

  // 6. The read models.
  const tProject = performance.now();
  await runner.rebuild();
  await runner.start();
  if (writer.head >= 0n) await runner.waitFor(writer.head, 60_000);
  const projectionSeconds = (performance.now() - tProject) / 1000;

  const byType = history.byType;
  const postings = Object.values(byType).reduce((a, b) => a + b, 0);
  return {
    cooperativeId,
    cooperativeName,
    terms,
    seed,
    members: people.length,
    legalEntities: people.filter((p) => p.kind === 'legal').length,
    couples: people.filter((p) => p.spouseIndex !== null).length,
    foreign: people.filter((p) => p.kind === 'foreign').length,
    minors: people.filter((p) => p.kind === 'minor').length,
    withTaxId: people.filter((p) => p.master.manualTaxId).length,
    withChurch: people.filter((p) => p.master.churchId).length,
    postingsByType: byType,
    postings,
    exemptionOrders: papers.exemptionOrders,
    jointExemptionOrders: papers.jointOrders,
    nonAssessments: papers.nonAssessments,
    settlements,
    sharePayments,
    reminders,
    exits: {
      ...history.exits,
      pending: sims.filter((s) => s.state.exitDate !== null && s.state.exitDate > today).length,
    },
    events: writer.written,
    appendSeconds: round1(appendSeconds),
    projectionSeconds: round1(projectionSeconds),
    seconds: round1((performance.now() - started) / 1000),
  };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
