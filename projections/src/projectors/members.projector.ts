import {
  joinedOn,
  personNameKey,
  postingEffect,
  sharesFrom,
  taxIdKey,
  type MemberEvent,
  type ReadDocument,
  type RecordedEvent,
  type WriteOp,
} from '@coop/contracts';
import { without, type DocKey, type Projector } from '../runner/projector.js';
import { projectRetentionHold, RETENTION_HOLD_EVENT_TYPES } from './member-retention.js';
import {
  CHURCH_DATA_ERASED,
  erasedMemberBlanks,
  keptErased,
  membersChurchErasure,
  membersErasure,
  MEMBERS_ERASED,
} from './erasure.js';
import { BALANCES } from './balance-document.js';
import { MEMBER_STATS, NO_EXIT, type MemberPostingEntry } from './member-collections.js';
import { MEMBERS } from './member-document.js';
import { num, withStats } from './member-stats.js';

export * from './member-collections.js';
export { statsAsOf, type DatedSums } from './member-stats.js';

const TYPES = new Set<string>([
  'MemberAdmitted',
  'ChurchDataRecorded',
  'MemberDataChanged',
  'SharesPosted',
  'PostingAnnulled',
  'MemberExited',
  'MemberExitRevoked',
  'MembershipEndNoticed',
  'MembershipEndWithdrawn',
  'SharePaymentCorrected',
  // Issue 45: a payment on a subscription and its return change the register's payment.
  'SharePaymentReceived',
  'SharePaymentReturned',
  // The data-protection hold (issue 27; member-retention.ts).
  ...RETENTION_HOLD_EVENT_TYPES,
]);

/**
 * The events whose personal fields the member document takes: on an erased member's document they leave those fields
 * blanked as the erasure left them (keptErased). The others change no personal field of the document.
 */
const PERSONAL_TYPES = new Set<string>([
  'MemberDataChanged',
  'ChurchDataRecorded',
  'MembershipEndNoticed',
  ...RETENTION_HOLD_EVENT_TYPES,
]);

/** The posting types that take effect at the end of a financial year (issue 22): their sums are kept by date too. */
const YEAR_END_TYPES = new Set<number>([2, 6, 7, 8]);

/** The notice fields of a member document, cleared when there is no pending notice. */
const NO_NOTICE = { exitNoticeDate: null, exitDispatchDate: null, exitExtraordinaryReason: null } as const;

/** A stored text field, null when absent or not text. */
const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The member list's `memberFrom`: the day of joining, declared and admitted (§ 15 GenG, `joinedOn`). */
function memberFrom(doc: Readonly<Record<string, unknown>>): string | null {
  return joinedOn(textOf(doc.entryDate), textOf(doc.approvalDate));
}

/** "Name, GivenName" for a natural person, the name alone for a legal entity or without given name. */
export function memberDisplayName(doc: ReadDocument | undefined): string {
  if (!doc) return '';
  const name = typeof doc.name === 'string' ? doc.name : '';
  const given = typeof doc.givenName === 'string' ? doc.givenName : '';
  return doc.legalForm === 1 || given === '' ? name : `${name}, ${given}`;
}

/** The keys that find the same person twice (issue 39): the compared name and the hand-entered tax id's digits. */
function personKeys(doc: Readonly<Record<string, unknown>>): { nameKey: string | null; taxIdKey: string | null } {
  return {
    nameKey: personNameKey(textOf(doc.name), textOf(doc.givenName)),
    taxIdKey: taxIdKey(textOf(doc.manualTaxId)),
  };
}

const memberKey = (id: string): DocKey => ({ collection: MEMBERS.name, id });
const statsKey = (cooperativeId: string): DocKey => ({ collection: MEMBER_STATS.name, id: cooperativeId });

/**
 * Members, postings (with their share register rows) and the per-cooperative sums, in one projector: one
 * event touches several of them (a posting changes the member's holding and adds a balance), and the
 * runner's "already applied" check then covers them together.
 */
export const membersProjector: Projector = {
  collections: [MEMBERS, BALANCES, MEMBER_STATS],
  // 2: each version of a posting's register row names the day its change of the payment counts from (`effectiveDate`,
  // issue 45's movement report, decision 232); stored documents are rebuilt to hold it.
  // 3: a member's `memberFrom` (the day of joining, declared and admitted) and each posting's `sharesFrom` (the day its
  // shares count from: a subscription on its admission, § 15b GenG; decision 314 and its amendment).
  version: 3,
  keys(recorded: RecordedEvent): DocKey[] {
    if (recorded.type === MEMBERS_ERASED) return membersErasure.keys(recorded);
    if (recorded.type === CHURCH_DATA_ERASED) return membersChurchErasure.keys(recorded);
    if (!TYPES.has(recorded.type)) return [];
    const event = recorded as RecordedEvent<MemberEvent>;
    const coop = recorded.metadata.cooperativeId;
    if ((RETENTION_HOLD_EVENT_TYPES as readonly string[]).includes(recorded.type))
      return [memberKey((recorded.data as { memberId: string }).memberId)];
    switch (event.type) {
      case 'MemberAdmitted':
        return [memberKey(event.data.memberId), statsKey(event.data.cooperativeId)];
      case 'MemberDataChanged':
      case 'MemberExited':
      case 'MemberExitRevoked':
      case 'MembershipEndNoticed':
      case 'MembershipEndWithdrawn':
      case 'ChurchDataRecorded':
        return [memberKey(event.data.memberId)];
      case 'SharesPosted': {
        const d = event.data;
        const other = d.transferTo ?? d.transferFrom;
        return [
          memberKey(d.memberId),
          { collection: BALANCES.name, id: d.balanceId },
          statsKey(coop),
          ...(other ? [memberKey(other)] : []),
        ];
      }
      case 'PostingAnnulled': {
        const d = event.data;
        return [
          memberKey(d.memberId),
          { collection: BALANCES.name, id: d.balanceId },
          { collection: BALANCES.name, id: d.annulPeer },
          statsKey(coop),
        ];
      }
      case 'SharePaymentCorrected':
      case 'SharePaymentReceived':
      case 'SharePaymentReturned':
        return [{ collection: BALANCES.name, id: event.data.balanceId }];
      // Issue 45: instalments, mandates and reminders are the share_dues projector's (share-dues.projector.ts).
      case 'InstalmentPlanSet':
      case 'DirectDebitMandateGranted':
      case 'DirectDebitMandateRevoked':
      case 'PaymentReminderSent':
        return [];
    }
  },
  project(recorded, current): WriteOp[] {
    if (recorded.type === MEMBERS_ERASED) return membersErasure.project(recorded, current);
    if (recorded.type === CHURCH_DATA_ERASED) return membersChurchErasure.project(recorded, current);
    const ops = memberEvents.project(recorded, current);
    return PERSONAL_TYPES.has(recorded.type) ? keptErased(ops, current, MEMBERS.name, erasedMemberBlanks) : ops;
  },
};

/** The writes of a member event (not an erasure), before an erased member's are blanked again (keptErased). */
const memberEvents = {
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const event = recorded as RecordedEvent<MemberEvent>;
    const position = recorded.position.toString();
    const coop = recorded.metadata.cooperativeId;
    const put = (collection: string, doc: ReadDocument): WriteOp => ({ kind: 'put', collection, doc });
    if ((RETENTION_HOLD_EVENT_TYPES as readonly string[]).includes(recorded.type))
      return projectRetentionHold(recorded, current);
    switch (event.type) {
      case 'MemberAdmitted': {
        const { memberId, cooperativeId, position: memberPosition } = event.data;
        const rest = without(event.data, 'memberId', 'cooperativeId', 'position');
        const { nameKey, taxIdKey } = personKeys(rest);
        // The document's own fields added to `rest`, its own copy of the event's (no spread: decision 288).
        const doc = Object.assign(rest, {
          nameKey,
          taxIdKey,
          memberPosition,
          id: memberId,
          cooperativeId,
          memberFrom: memberFrom(rest),
          exitDate: null,
          exitReason: null,
          exitBalanceId: null,
          memberUntil: NO_EXIT,
          shareAmount: 0,
          shareTotalEUR: 0,
          postings: [],
          position,
        });
        const stats = current(statsKey(cooperativeId));
        return [put(MEMBERS.name, doc), put(MEMBER_STATS.name, withStats(stats, cooperativeId, position, 0, 0, 1))];
      }
      case 'MemberDataChanged': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        const memberPosition = event.data.position;
        const changes = without(event.data, 'memberId', 'position');
        const changed = { ...member, ...changes };
        return [
          put(MEMBERS.name, {
            ...changed,
            ...personKeys(changed),
            memberFrom: memberFrom(changed),
            ...(memberPosition !== undefined ? { memberPosition } : {}),
            position,
          }),
        ];
      }
      case 'MemberExited': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        const { exitDate, reason, balanceId } = event.data;
        return [
          put(MEMBERS.name, {
            ...member,
            exitDate,
            exitReason: reason,
            exitBalanceId: balanceId,
            memberUntil: exitDate,
            position,
          }),
        ];
      }
      case 'MemberExitRevoked': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        return [
          put(MEMBERS.name, {
            ...member,
            exitDate: null,
            exitReason: null,
            exitBalanceId: null,
            memberUntil: NO_EXIT,
            ...NO_NOTICE,
            position,
          }),
        ];
      }
      case 'MembershipEndNoticed': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        const { noticeDate, dispatchDate, extraordinaryReason } = event.data;
        return [
          put(MEMBERS.name, {
            ...member,
            exitNoticeDate: noticeDate,
            exitDispatchDate: dispatchDate,
            exitExtraordinaryReason: extraordinaryReason,
            position,
          }),
        ];
      }
      case 'MembershipEndWithdrawn': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        return [put(MEMBERS.name, { ...member, ...NO_NOTICE, position })];
      }
      case 'ChurchDataRecorded': {
        // A KiStAM answer or a paper answer replaces the church attributes; a null answer deletes them (DOMAIN.md 3.3),
        // the old `kiSt` / `kiStSatz` with them: religion data all (§ 51a Abs. 2c EStG; their key goes too, decision 101).
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        const { churchId, churchTaxRate } = event.data;
        const old = churchId === null && churchTaxRate === null ? { kiSt: null, kiStSatz: null } : {};
        return [put(MEMBERS.name, { ...member, churchId, churchTaxRate, ...old, position })];
      }
      case 'SharesPosted':
      case 'PostingAnnulled': {
        const d = event.data;
        const member = current(memberKey(d.memberId));
        if (!member) return [];
        const { shares, cents } = postingEffect(event);
        const posted = event.type === 'SharesPosted' ? event.data : undefined;
        const annulled = event.type === 'PostingAnnulled' ? event.data : undefined;
        const original = annulled && current({ collection: BALANCES.name, id: annulled.annulPeer });
        // The day the shares count from: a subscription on its admission, an annulation with what it annuls (§ 15b GenG).
        const from = sharesFrom(
          { type: posted ? posted.type : 5, date: d.date, approvalDate: d.approvalDate },
          original ? textOf(original.sharesFrom) : null,
        );
        const ops: WriteOp[] = [];
        const entry: MemberPostingEntry =
          from === d.date
            ? { b: d.balanceId, d: d.date, s: shares, a: cents }
            : { b: d.balanceId, d: d.date, s: shares, a: cents, e: from };
        const postings = [...((member.postings as MemberPostingEntry[] | undefined) ?? []), entry];
        ops.push(
          put(MEMBERS.name, {
            ...member,
            shareAmount: num(member.shareAmount) + shares,
            shareTotalEUR: num(member.shareTotalEUR) + cents,
            postings,
            position,
          }),
        );
        const memberNr = typeof member.memberNr === 'number' ? member.memberNr : null;
        const cdcUser = recorded.metadata.user;
        const cdcTimestamp = recorded.metadata.timestamp;
        // The register's payment: what was paid with a subscription paid in part when posted, what leaves with an end of
        // a holding paid in part (issue 45, decision 234), what an annulment reverses where it is not the amount.
        const paid = d.paid ?? cents;
        const other = posted && (posted.transferTo ?? posted.transferFrom);
        // The other member's number for a transfer; an annulment keeps the original's.
        const peerNr = posted ? (other ? current(memberKey(other))?.memberNr : null) : original?.transferMemberNr;
        const shareCost = posted ? posted.shareCost : original?.shareCost;
        // One literal with every field, no spread: a field added after a spread takes V8's slow path (decision 288).
        const row: ReadDocument = {
          id: d.balanceId,
          cooperativeId: coop,
          member: d.memberId,
          memberName: memberDisplayName(member),
          memberNr,
          quantity: d.quantity,
          amount: d.amount,
          date: d.date,
          approvalDate: d.approvalDate,
          sharesFrom: from,
          interestBegin: d.interestBegin,
          transferPeer: d.transferPeer ?? null,
          annulated: false,
          // The share register's row (SHARE_REGISTER).
          shareAmount: shares,
          rueckpfleinzahlung: paid,
          interestEnd: null,
          cdcUser,
          cdcAction: 'insert',
          cdcTimestamp,
          // Each version's change of the payment counts from its `effectiveDate` (the movement report's paid column,
          // decision 232): the posting's own date for the payment it was posted with.
          versions: [
            {
              cdcUser,
              cdcAction: 'insert',
              cdcTimestamp,
              rueckpfleinzahlung: paid,
              interestEnd: null,
              effectiveDate: d.date,
            },
          ],
          type: posted ? posted.type : 5,
          shareCost: typeof shareCost === 'number' ? shareCost : null,
          transferTo: posted?.transferTo ?? null,
          transferFrom: posted?.transferFrom ?? null,
          transferMemberNr: typeof peerNr === 'number' ? peerNr : null,
          annulPeer: annulled ? annulled.annulPeer : null,
          position,
        };
        ops.push(put(BALANCES.name, row));
        if (original) ops.push(put(BALANCES.name, { ...original, annulated: true, position }));
        const yearEnd = YEAR_END_TYPES.has(event.type === 'SharesPosted' ? event.data.type : event.data.originalType);
        const dated = yearEnd ? { on: d.date, recordedOn: event.metadata.timestamp.slice(0, 10) } : null;
        ops.push(put(MEMBER_STATS.name, withStats(current(statsKey(coop)), coop, position, cents, shares, 0, dated)));
        return ops;
      }
      case 'SharePaymentCorrected': {
        const balance = current({ collection: BALANCES.name, id: event.data.balanceId });
        if (!balance) return [];
        const { rueckpfleinzahlung, interestEnd } = event.data;
        const cdc = { cdcUser: recorded.metadata.user, cdcAction: 'update', cdcTimestamp: recorded.metadata.timestamp };
        // A register correction restates the posting's payment: its change counts from the posting's date (decision
        // 232), or from the later day it names (an end following a debit returned after it took effect, decision 298).
        const effectiveDate = event.data.effectiveDate ?? (typeof balance.date === 'string' ? balance.date : null);
        const versions = [
          ...((balance.versions as unknown[] | undefined) ?? []),
          { ...cdc, rueckpfleinzahlung, interestEnd, effectiveDate },
        ];
        return [put(BALANCES.name, { ...balance, rueckpfleinzahlung, interestEnd, ...cdc, versions, position })];
      }
      case 'SharePaymentReceived':
      case 'SharePaymentReturned': {
        // Issue 45: a payment raises the register's payment (rueckpfleinzahlung), its return lowers it; a version each.
        const balance = current({ collection: BALANCES.name, id: event.data.balanceId });
        if (!balance) return [];
        const change = event.type === 'SharePaymentReceived' ? event.data.amount : -event.data.amount;
        const rueckpfleinzahlung = num(balance.rueckpfleinzahlung) + change;
        const interestEnd = balance.interestEnd ?? null;
        const cdc = { cdcUser: recorded.metadata.user, cdcAction: 'update', cdcTimestamp: recorded.metadata.timestamp };
        // The change counts from the day the money came in, or went back (decision 232).
        const versions = [
          ...((balance.versions as unknown[] | undefined) ?? []),
          { ...cdc, rueckpfleinzahlung, interestEnd, effectiveDate: event.data.date },
        ];
        return [put(BALANCES.name, { ...balance, rueckpfleinzahlung, ...cdc, versions, position })];
      }
      // Issue 45: instalments, mandates and reminders are the share_dues projector's (share-dues.projector.ts).
      case 'InstalmentPlanSet':
      case 'DirectDebitMandateGranted':
      case 'DirectDebitMandateRevoked':
      case 'PaymentReminderSent':
        return [];
    }
  },
};
