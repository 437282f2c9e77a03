/**
 * The demo's SEPA direct debits (issue 45, DEBIT): after the share payments' stage, a few members sign a recurring
 * mandate (those owing an instalment first); what they owed a month ago (instalments fallen due, unpaid) is collected
 * by one direct debit then (its pain.008 file in the file store, as the API makes it), and the first debit came back
 * three business days later (MD06, the debtor asked the bank for the money back), so its amount is due again. Decided
 * by the area's deciders as the API's handlers decide them (direct-debits/commands) and written in order.
 */
import {
  isValidIban,
  mandateReferenceStream,
  directDebitStream,
  memberStream,
  type DirectDebitCollectionCreated,
  type DomainEvent,
  type FileStore,
  type MemberEvent,
} from '@coop/contracts';
import type { CooperativeDocument } from '@coop/projections/cooperatives';
import {
  addDays,
  collectionFileId,
  debitFile,
  debitMemberDecider,
  debitMessageId,
  initialDebitMemberState,
  mandateReferenceDecider,
  nextTarget2Day,
  pain008Xml,
  pain008XmlViolations,
  type PlannedDebit,
} from '../direct-debits/index.js';
import { evolveMemberStream } from '../kernel/member-stream.js';
import { outstandingOf, subscriptions } from '../kernel/owing-postings.js';
import type { Sim } from './demo-plan.js';
import { uuid, type Random } from './demo-random.js';
import type { DemoWriter } from './demo-writer.js';

/** The Bundesbank's example creditor identifier: the demo cooperative's, also in its payment terms when the demo sets them. */
export const DEMO_CREDITOR_ID = 'DE98ZZZ09999999999';
/** Members who sign a mandate in the demo. */
const MANDATES = 4;

export interface DirectDebitSummary {
  readonly mandates: number;
  readonly debits: number;
  readonly returned: number;
  readonly collectionDate: string | null;
}

const compact = (v: string | null | undefined): string => (v ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * The member's oldest subscription (type 0, 1, or an incoming transfer 4) with a part due by `date` and not paid, and
 * that part: without an instalment plan the whole outstanding part, with one the instalments due by then less what the
 * payments and a part passed on with transferred shares cover (as the API's collection plan draws,
 * direct-debits/domain/collection-plan.ts `dueOn`).
 */
function dueBy(sim: Sim, date: string): { balanceId: string; amount: number; date: string } | null {
  for (const p of subscriptions(sim.state)) {
    let amount = outstandingOf(p);
    if (amount <= 0) continue;
    if (p.instalments && p.instalments.length > 0) {
      const covered = Math.max(0, p.payment - p.paidWhenPosted) + p.passedOn;
      const fallen = p.instalments.reduce((sum, i) => (i.dueDate <= date ? sum + i.amount : sum), 0);
      amount = Math.min(amount, Math.max(0, fallen - covered));
    }
    if (amount > 0) return { balanceId: p.balanceId, amount, date: p.date };
  }
  return null;
}

export async function demoDirectDebits(
  r: Random,
  sims: readonly Sim[],
  writer: DemoWriter,
  place: {
    readonly cooperativeId: string;
    readonly today: string;
    readonly cooperative: CooperativeDocument;
    readonly files: FileStore | null;
  },
): Promise<DirectDebitSummary> {
  const { cooperativeId, today } = place;
  const active = sims.filter(
    (s) => s.state.exists && !s.leaving && s.state.exitDate === null && isValidIban(compact(s.state.master?.iban)),
  );
  const createdOn = addDays(today, -30);
  const collectionDate = nextTarget2Day(createdOn);
  // Members with something due by the collection date first: the collection has debits to draw.
  const owing = (s: Sim): boolean => dueBy(s, collectionDate) !== null;
  const chosen = [...active.filter(owing), ...active.filter((s) => !owing(s))].slice(0, MANDATES);
  const signedOn = addDays(today, -90);
  const mandates = new Map<Sim, { mandateId: string; reference: string; signedOn: string }>();
  for (const sim of chosen) {
    const memberId = sim.state.memberId!;
    const mandateId = uuid(r);
    const reference = `EG-M-${String(sim.state.memberNr ?? 0).padStart(6, '0')}`;
    const state = { ...initialDebitMemberState, exists: true, cooperativeId, iban: compact(sim.state.master?.iban) };
    const signed = sim.state.entryDate && sim.state.entryDate > signedOn ? sim.state.entryDate : signedOn;
    const granted = debitMemberDecider.decide(
      {
        type: 'GrantMandate',
        memberId,
        cooperativeId,
        mandateId,
        reference,
        signedOn: signed,
        kind: 'recurring',
        today,
      },
      state,
    );
    const claimed = mandateReferenceDecider.decide(
      { type: 'ClaimMandateReference', cooperativeId, reference, memberId, mandateId },
      { claimedBy: null },
    );
    await writer.write([
      { streamId: memberStream(memberId), expected: sim.revision, events: granted },
      { streamId: mandateReferenceStream(cooperativeId, reference), expected: -1, events: claimed },
    ]);
    advance(sim, granted);
    mandates.set(sim, { mandateId, reference, signedOn: signed });
  }

  // One collection a month ago of what the mandated members owed by then.
  const debits: PlannedDebit[] = [];
  for (const [sim, mandate] of mandates) {
    const due = dueBy(sim, collectionDate);
    if (!due || mandate.signedOn > collectionDate) continue;
    const master = sim.state.master!;
    debits.push({
      memberId: sim.state.memberId!,
      balanceId: due.balanceId,
      mandateId: mandate.mandateId,
      paymentId: uuid(r),
      amount: due.amount,
      sequence: 'FRST',
      memberNr: sim.state.memberNr,
      reference: mandate.reference,
      signedOn: mandate.signedOn,
      holder: master.accountHolder?.trim() || [master.givenName, master.name].filter(Boolean).join(' '),
      iban: compact(master.iban),
      bic: compact(master.bic) || null,
    });
  }
  if (debits.length === 0) return { mandates: mandates.size, debits: 0, returned: 0, collectionDate: null };

  const collectionId = uuid(r);
  const now = new Date(`${createdOn}T09:00:00Z`);
  const messageId = debitMessageId(now);
  const xml = pain008Xml(
    debitFile({
      messageId,
      now,
      collectionDate,
      cooperative: place.cooperative,
      creditorId: DEMO_CREDITOR_ID,
      debits,
      postingDates: new Map(),
    }),
  );
  const violations = pain008XmlViolations(xml);
  if (violations.length > 0)
    throw new Error(`demo pain.008 file breaks its rules: ${violations.slice(0, 3).join('; ')}`);
  const fileId = collectionFileId(collectionId);
  await place.files?.put(fileId, new TextEncoder().encode(xml));
  const created: DirectDebitCollectionCreated['data'] = {
    collectionId,
    cooperativeId,
    collectionDate,
    createdOn,
    messageId,
    fileId,
    items: debits.map(({ memberId, balanceId, mandateId, paymentId, amount, sequence }) => ({
      memberId,
      balanceId,
      mandateId,
      paymentId,
      amount,
      sequence,
    })),
    totalCents: debits.reduce((s, d) => s + d.amount, 0),
  };
  await writer.write([
    {
      streamId: directDebitStream(collectionId),
      expected: -1,
      events: [{ type: 'DirectDebitCollectionCreated', data: created }],
    },
  ]);
  for (const [sim] of mandates) {
    const memberId = sim.state.memberId!;
    const mine = created.items.filter((i) => i.memberId === memberId);
    if (mine.length === 0) continue;
    const booked = debitMemberDecider.decide(
      { type: 'BookDebits', memberId, collectionId, collectionDate, messageId, items: mine },
      // The member's share account: a debit books up to what its subscription owes (decision 270).
      { ...initialDebitMemberState, exists: true, cooperativeId, account: sim.state },
    );
    await writer.write([{ streamId: memberStream(memberId), expected: sim.revision, events: booked }]);
    advance(sim, booked);
  }

  // The first debit came back: the member asked the bank for the money (MD06); the amount is due again.
  const first = debits[0]!;
  const sim = [...mandates.keys()].find((s) => s.state.memberId === first.memberId)!;
  const returnDate = nextTarget2Day(nextTarget2Day(nextTarget2Day(collectionDate)));
  const paid = {
    ...initialDebitMemberState,
    exists: true,
    cooperativeId,
    payments: new Map([
      [
        first.paymentId,
        {
          paymentId: first.paymentId,
          balanceId: first.balanceId,
          date: collectionDate,
          amount: first.amount,
          method: 'directDebit' as const,
          collectionId,
          returnedOn: null,
        },
      ],
    ]),
  };
  const returned = debitMemberDecider.decide(
    {
      type: 'ReturnPayment',
      memberId: first.memberId,
      cooperativeId,
      paymentId: first.paymentId,
      date: returnDate <= today ? returnDate : collectionDate,
      reason: 'MD06',
      today,
    },
    paid,
  );
  await writer.write([{ streamId: memberStream(first.memberId), expected: sim.revision, events: returned }]);
  advance(sim, returned);
  return { mandates: mandates.size, debits: debits.length, returned: 1, collectionDate };
}

/** The simulated member after its new events (its stream's revision and fold). */
function advance(sim: Sim, events: readonly DomainEvent[]): void {
  sim.state = (events as readonly MemberEvent[]).reduce(evolveMemberStream, sim.state);
  sim.revision += events.length;
}
