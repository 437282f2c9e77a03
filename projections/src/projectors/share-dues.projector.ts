import {
  OWED_WITHOUT_END,
  reminderLevelOf,
  spansPaid,
  spansReminded,
  spansReturned,
  SUBSCRIPTION_TYPES,
  type Instalment,
  type ReminderSpans,
  type MembersErased,
  type MemberEvent,
  type ReadDocument,
  type RecordedEvent,
  type SharePaymentMemberEvent,
  type WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { keptErased, MEMBERS_ERASED } from './erasure.js';
import { SHARE_DUE_MEMBERS, SHARE_DUES, SHARE_DUES_SETTLED } from './share-dues-collections.js';
import { dueOf } from './share-dues-schedule.js';

export * from './share-dues-schedule.js';

/*
 * The dues on subscribed shares (issue 45; share-payment-events.ts `ShareDueView`): one document per subscription (a
 * type 0 or 1 posting, or an incoming transfer 4, which owes what did not come paid with its shares; decision 265) not
 * annulled, id = its balance id, in SHARE_DUES while something is outstanding and in SHARE_DUES_SETTLED once it is paid
 * in full (decision 266); one paid in full when posted and untouched since is stored nowhere: its posting is its due
 * (`postedDue`, decision 268). An outgoing transfer (3) that passed unpaid parts on (`passedOn`) and a partial termination
 * (2) that released them (`released`, decision 267) lower the member's dues they name, their annulation gives them
 * back. What was paid follows the member stream's evolve (kernel/member-stream.ts): `SharesPosted.paid` (absent: the
 * amount), raised by each `SharePaymentReceived`, lowered by each `SharePaymentReturned`, set by a register correction
 * (`SharePaymentCorrected`). The member's number and name are kept per member (SHARE_DUE_MEMBERS) and copied onto the
 * dues when posted, as the postings do. A whole end's `MemberExited` names the member's dues (`dues`): each is owed until
 * its effective date (`owedUntil`, else OWED_WITHOUT_END), which `MemberExitRevoked` sets back (decision 269).
 */

const SUBSCRIPTIONS = new Set<number>(SUBSCRIPTION_TYPES);

/** "Name, GivenName" for a natural person, the name alone for a legal entity or without given name (as the members' list). */
function displayName(names: {
  readonly name: unknown;
  readonly givenName: unknown;
  readonly legalForm: unknown;
}): string {
  const name = typeof names.name === 'string' ? names.name : '';
  const given = typeof names.givenName === 'string' ? names.givenName : '';
  return names.legalForm === 1 || given === '' ? name : `${name}, ${given}`;
}
const outstandingKey = (balanceId: string): DocKey => ({ collection: SHARE_DUES.name, id: balanceId });
const settledKey = (balanceId: string): DocKey => ({ collection: SHARE_DUES_SETTLED.name, id: balanceId });
/** A due is in one of two collections: the runner is asked for both. */
const dueKeys = (balanceId: string): DocKey[] => [outstandingKey(balanceId), settledKey(balanceId)];
const memberKey = (memberId: string): DocKey => ({ collection: SHARE_DUE_MEMBERS.name, id: memberId });

type Handled = MemberEvent | SharePaymentMemberEvent | MembersErased;

const HANDLED = new Set<string>([
  'MemberAdmitted',
  'MemberDataChanged',
  'SharesPosted',
  'PostingAnnulled',
  'SharePaymentCorrected',
  'InstalmentPlanSet',
  'SharePaymentReceived',
  'SharePaymentReturned',
  'PaymentReminderSent',
  'MemberExited',
  'MemberExitRevoked',
  MEMBERS_ERASED,
]);

function keysOf(event: Handled): DocKey[] {
  switch (event.type) {
    case 'MemberAdmitted':
    case 'MemberDataChanged':
      return [memberKey(event.data.memberId)];
    case 'SharesPosted':
      if (event.data.passedOn !== undefined) return event.data.passedOn.flatMap((p) => dueKeys(p.balanceId));
      if (event.data.released !== undefined) return event.data.released.flatMap((p) => dueKeys(p.balanceId));
      return SUBSCRIPTIONS.has(event.data.type) ? [memberKey(event.data.memberId)] : [];
    case 'PostingAnnulled':
      if (event.data.passedOn !== undefined) return event.data.passedOn.flatMap((p) => dueKeys(p.balanceId));
      if (event.data.released !== undefined) return event.data.released.flatMap((p) => dueKeys(p.balanceId));
      return SUBSCRIPTIONS.has(event.data.originalType) ? dueKeys(event.data.annulPeer) : [];
    case 'SharePaymentCorrected':
      return [
        ...dueKeys(event.data.balanceId),
        memberKey(event.data.memberId),
        ...(event.data.released ?? []).flatMap((p) => dueKeys(p.balanceId)),
        ...(event.data.passedOn ?? []).flatMap((p) => dueKeys(p.balanceId)),
      ];
    case 'InstalmentPlanSet':
    case 'SharePaymentReceived':
    case 'SharePaymentReturned':
      return dueKeys(event.data.balanceId);
    case 'PaymentReminderSent':
      return event.data.balanceIds.flatMap(dueKeys);
    case 'MemberExited':
    case 'MemberExitRevoked':
      return (event.data.dues ?? []).flatMap(dueKeys);
    case 'MembersErased':
      return event.data.members.flatMap((m) => [memberKey(m.memberId), ...m.balances.flatMap(dueKeys)]);
    default:
      return [];
  }
}

/** The due with `paid` and `instalments` changed, its outstanding part, due date and instalments' coverage recomputed. */
function withPaid(
  due: ReadDocument,
  paid: number,
  instalments: readonly Instalment[] | null,
  position: string,
  extra: Record<string, unknown> = {},
): ReadDocument {
  const amount = typeof due.amount === 'number' ? due.amount : 0;
  const paidWhenPosted = typeof due.paidWhenPosted === 'number' ? due.paidWhenPosted : amount;
  const { outstanding, dueSince, schedule } = dueOf({
    date: String(due.date),
    amount,
    paid,
    paidWhenPosted,
    // What left with shares transferred or terminated: one part of the price no longer owed here (decisions 265, 267).
    passedOn: passedOnOf(due) + releasedOf(due),
    plan: instalments,
  });
  return { ...due, paid, plan: instalments, instalments: schedule, outstanding, dueSince, ...extra, position };
}

/** Where a due is kept: SHARE_DUES while at least one cent is outstanding, else SHARE_DUES_SETTLED. */
const homeOf = (due: ReadDocument): string =>
  typeof due.outstanding === 'number' && due.outstanding >= 1 ? SHARE_DUES.name : SHARE_DUES_SETTLED.name;

/** A subscription's due as stored, and the collection it is in; undefined: none (not a subscription, or annulled). */
function storedDue(current: (key: DocKey) => ReadDocument | undefined, balanceId: string): StoredDue | undefined {
  for (const key of dueKeys(balanceId)) {
    const doc = current(key);
    if (doc) return { doc, collection: key.collection };
  }
  return undefined;
}
interface StoredDue {
  readonly doc: ReadDocument;
  readonly collection: string;
}

/** The due written where it now belongs, and taken out of the collection it leaves. */
function placed(before: StoredDue | undefined, due: ReadDocument): WriteOp[] {
  const home = homeOf(due);
  const ops: WriteOp[] = [{ kind: 'put', collection: home, doc: due }];
  if (before && before.collection !== home) ops.push({ kind: 'delete', collection: before.collection, id: due.id });
  return ops;
}

const planOf = (due: ReadDocument): readonly Instalment[] | null =>
  Array.isArray(due.plan) ? (due.plan as Instalment[]) : null;
const paidOf = (due: ReadDocument): number => (typeof due.paid === 'number' ? due.paid : 0);
const passedOnOf = (due: ReadDocument): number => (typeof due.passedOn === 'number' ? due.passedOn : 0);
const releasedOf = (due: ReadDocument): number => (typeof due.released === 'number' ? due.released : 0);
/** The reminders between the due's payments (contracts reminder-spans.ts; a due written before version 8: its level). */
function spansOf(due: ReadDocument): ReminderSpans {
  if (Array.isArray(due.reminderSpans)) return due.reminderSpans as ReminderSpans;
  const level = typeof due.reminderLevel === 'number' ? due.reminderLevel : 0;
  return level > 0 ? [{ paymentId: null, level }] : [];
}
/** The due's reminder fields after `spans`: the level the reminders' decider names too. */
const reminded = (spans: ReminderSpans) => ({ reminderSpans: spans, reminderLevel: reminderLevelOf(spans) });

/**
 * The member's dues after a transfer passed unpaid parts on or a partial termination released them (`sign` 1), or their
 * annulation gave them back (-1): each named due's `passedOn` (decisions 265) or `released` (267) moves by its part.
 */
function passOn(
  parts: readonly { readonly balanceId: string; readonly amount: number }[],
  sign: 1 | -1,
  field: 'passedOn' | 'released',
  current: (key: DocKey) => ReadDocument | undefined,
  position: string,
): WriteOp[] {
  return parts.flatMap((part) => {
    const stored = storedDue(current, part.balanceId);
    if (!stored) return [];
    const due = stored.doc;
    const before = field === 'passedOn' ? passedOnOf(due) : releasedOf(due);
    const passed = { [field]: before + sign * part.amount };
    return placed(stored, withPaid({ ...due, ...passed }, paidOf(due), planOf(due), position));
  });
}

/** A subscription as posted: what its due is made of (the register's posting, or a correction's `subscription`). */
export interface PostedSubscription {
  readonly id: string;
  readonly cooperativeId: string;
  readonly member: string;
  readonly memberNr: number | null;
  readonly memberName: string;
  readonly type: number;
  readonly date: string;
  readonly quantity: number;
  readonly amount: number;
  /** What was paid with it (`SharesPosted.paid`, absent: the amount). */
  readonly paidWhenPosted: number;
  /** The effective date of the member's whole end when one is recorded (decision 269); absent: OWED_WITHOUT_END. */
  readonly owedUntil?: string;
  readonly position: string;
}

/**
 * The due of a subscription as posted, nothing paid since: the one rule for the projector, which stores it only when
 * something is outstanding, and for the readers, which derive the due of a subscription paid in full when posted from
 * its posting in the register (decision 268).
 */
export function postedDue(s: PostedSubscription): ReadDocument {
  const due: ReadDocument = {
    id: s.id,
    cooperativeId: s.cooperativeId,
    member: s.member,
    memberNr: s.memberNr,
    memberName: s.memberName,
    type: s.type,
    date: s.date,
    quantity: s.quantity,
    amount: s.amount,
    paidWhenPosted: s.paidWhenPosted,
    passedOn: 0,
    released: 0,
    reminderLevel: 0,
    owedUntil: s.owedUntil ?? OWED_WITHOUT_END,
    position: s.position,
  };
  return withPaid(due, s.paidWhenPosted, null, s.position);
}

/** The member's number and name kept here (SHARE_DUE_MEMBERS), as the dues are posted with. */
function memberOf(member: ReadDocument | undefined): { memberNr: number | null; memberName: string } {
  return {
    memberNr: typeof member?.memberNr === 'number' ? member.memberNr : null,
    memberName: typeof member?.memberName === 'string' ? member.memberName : '',
  };
}

/** The names the clean-up blanks on a member's document here (issue 27), and again after it (keptErased). */
const NAMES_ERASED = { name: null, givenName: null, memberName: '' };

export const shareDuesProjector: Projector = {
  collections: [SHARE_DUES, SHARE_DUES_SETTLED, SHARE_DUE_MEMBERS],
  // 2: incoming transfers (4) are dues, outgoing ones pass unpaid parts on (decision 265); 3: the dues paid in full
  // moved to SHARE_DUES_SETTLED (decision 266); 4: `owedUntil`, a whole end's effective date (decision 269); 5: a
  // subscription paid in full when posted is not stored (decision 268); 6: a partial termination's correction releases
  // more of the dues (`SharePaymentCorrected.released`, decision 305); 7: a transfer's correction passes more of them on
  // (`SharePaymentCorrected.passedOn`, decision 327); 8: a returned payment gives back the reminder level it had before
  // that payment (`reminderSpans`, decision 359). 9: an erased member's document is marked `erased`, and a change of
  // master data after its erasure leaves the names blanked.
  version: 9,
  keys(recorded: RecordedEvent): DocKey[] {
    return HANDLED.has(recorded.type) ? keysOf(recorded as unknown as Handled) : [];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as unknown as Handled & RecordedEvent;
    const position = recorded.position.toString();
    const put = (collection: string, doc: ReadDocument): WriteOp => ({ kind: 'put', collection, doc });
    switch (event.type) {
      case 'MemberAdmitted': {
        const { memberId, cooperativeId, memberNr } = event.data;
        const { name, givenName, legalForm } = event.data;
        const memberName = displayName({ name, givenName, legalForm });
        return [
          put(
            SHARE_DUE_MEMBERS.name,
            stamp(recorded, { id: memberId, cooperativeId, memberNr, name, givenName, legalForm, memberName }),
          ),
        ];
      }
      case 'MemberDataChanged': {
        const member = current(memberKey(event.data.memberId));
        const d = event.data;
        if (!member || (d.name === undefined && d.givenName === undefined && d.legalForm === undefined)) return [];
        // The name as the members' list shows it, from the member document kept here (name, given name, legal form).
        const names = {
          name: d.name ?? member.name,
          givenName: d.givenName ?? member.givenName,
          legalForm: d.legalForm ?? member.legalForm,
        };
        const changed = put(SHARE_DUE_MEMBERS.name, { ...member, ...names, memberName: displayName(names), position });
        return keptErased([changed], current, SHARE_DUE_MEMBERS.name, () => NAMES_ERASED);
      }
      case 'SharesPosted': {
        const d = event.data;
        if (d.passedOn !== undefined) return passOn(d.passedOn, 1, 'passedOn', current, position);
        if (d.released !== undefined) return passOn(d.released, 1, 'released', current, position);
        if (!SUBSCRIPTIONS.has(d.type)) return [];
        const due = postedDue({
          id: d.balanceId,
          cooperativeId: recorded.metadata.cooperativeId,
          member: d.memberId,
          ...memberOf(current(memberKey(d.memberId))),
          type: d.type,
          date: d.date,
          quantity: d.quantity,
          amount: d.amount,
          paidWhenPosted: d.paid ?? d.amount,
          position,
        });
        // A new subscription is in neither collection. Paid in full, it is stored nowhere: its posting in the register
        // is its due (decision 268), and the readers derive it from there; else it is written to the outstanding dues.
        return homeOf(due) === SHARE_DUES.name ? placed(undefined, due) : [];
      }
      case 'PostingAnnulled': {
        if (event.data.passedOn !== undefined) return passOn(event.data.passedOn, -1, 'passedOn', current, position);
        if (event.data.released !== undefined) return passOn(event.data.released, -1, 'released', current, position);
        // An annulled subscription owes nothing.
        const stored = storedDue(current, event.data.annulPeer);
        return stored ? [{ kind: 'delete', collection: stored.collection, id: event.data.annulPeer }] : [];
      }
      case 'SharePaymentCorrected': {
        const d = event.data;
        // A partial termination's correction releasing more of its shares' unpaid price (decision 305): the dues named.
        if (d.released !== undefined) return passOn(d.released, 1, 'released', current, position);
        // A transfer's correction passing more of its shares' unpaid price on to the receiver (decision 327).
        if (d.passedOn !== undefined) return passOn(d.passedOn, 1, 'passedOn', current, position);
        const stored = storedDue(current, d.balanceId);
        if (stored) return placed(stored, withPaid(stored.doc, d.rueckpfleinzahlung, planOf(stored.doc), position));
        // A subscription paid in full when posted and not stored (decision 268): its due from the correction's copy of
        // the posting, written where the corrected payment puts it. Not a subscription, or a log before 268: nothing.
        if (!d.subscription) return [];
        const posted = postedDue({
          id: d.balanceId,
          cooperativeId: recorded.metadata.cooperativeId,
          member: d.memberId,
          ...memberOf(current(memberKey(d.memberId))),
          ...d.subscription,
          position,
        });
        return placed(undefined, withPaid(posted, d.rueckpfleinzahlung, null, position));
      }
      case 'InstalmentPlanSet': {
        const stored = storedDue(current, event.data.balanceId);
        if (!stored) return [];
        return placed(stored, withPaid(stored.doc, paidOf(stored.doc), event.data.instalments, position));
      }
      case 'SharePaymentReceived': {
        // A payment raises what was paid and resets the reminders (a new reminder starts again at the first).
        const stored = storedDue(current, event.data.balanceId);
        if (!stored) return [];
        const paid = paidOf(stored.doc) + event.data.amount;
        const spans = reminded(spansPaid(spansOf(stored.doc), event.data.paymentId));
        return placed(stored, withPaid(stored.doc, paid, planOf(stored.doc), position, spans));
      }
      case 'SharePaymentReturned': {
        // The amount is due again, at the reminder level it had before the payment (decision 359).
        const stored = storedDue(current, event.data.balanceId);
        if (!stored) return [];
        const paid = paidOf(stored.doc) - event.data.amount;
        const spans = reminded(spansReturned(spansOf(stored.doc), event.data.paymentId));
        return placed(stored, withPaid(stored.doc, paid, planOf(stored.doc), position, spans));
      }
      case 'PaymentReminderSent': {
        const level = event.data.level;
        return event.data.balanceIds.flatMap((id) => {
          const stored = storedDue(current, id);
          if (!stored) return [];
          const spans = reminded(spansReminded(spansOf(stored.doc), level));
          return [put(stored.collection, { ...stored.doc, ...spans, position })];
        });
      }
      case 'MemberExited':
      case 'MemberExitRevoked': {
        // A whole end: the dues it names are owed until its effective date, nothing of them from it; its revocation
        // (a withdrawn notice, an annulled exit) makes them owed again (decision 269). What is outstanding stays as it is.
        const owedUntil = event.type === 'MemberExited' ? event.data.exitDate : OWED_WITHOUT_END;
        return (event.data.dues ?? []).flatMap((id) => {
          const stored = storedDue(current, id);
          return stored ? [put(stored.collection, { ...stored.doc, owedUntil, position })] : [];
        });
      }
      case 'MembersErased': {
        // The data-protection clean-up (issue 27): the erased members' names go, the amounts stay.
        const ops: WriteOp[] = [];
        for (const m of event.data.members) {
          const member = current(memberKey(m.memberId));
          if (member) ops.push(put(SHARE_DUE_MEMBERS.name, { ...member, ...NAMES_ERASED, erased: true, position }));
          for (const b of m.balances) {
            const stored = storedDue(current, b);
            if (stored) ops.push(put(stored.collection, { ...stored.doc, memberName: '', position }));
          }
        }
        return ops;
      }
      default:
        return [];
    }
  },
};
