import type {
  CollectionSpec,
  MembersErased,
  MemberEvent,
  ReadDocument,
  RecordedEvent,
  SettlementEvent,
  SettlementTermsEvent,
  WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { keptErased, MEMBERS_ERASED } from './erasure.js';
import { SETTLEMENTS } from './settlement-document.js';

/* The settlements' collection with its typed document is in settlement-document.ts, reachable only from
 * `@coop/projections/settlements` (rule `read-model-through-its-owner`). */

/**
 * One document per member (id = memberId): the cooperative, number and legal form the ends need, and whether the heirs'
 * account is entered, with that account (`heirsAccountHolder`, `heirsIban`, `heirsBic`: personal data, blanked by the
 * clean-up), to which the dividend of a deceased member is paid too (decision 316).
 */
export const SETTLEMENT_MEMBERS: CollectionSpec = {
  name: 'settlement_members',
  fields: { heirsAccount: 'boolean' },
  search: [],
};

/** One document per cooperative (id = cooperativeId): its payout period and the loss shares decided per year. */
export const SETTLEMENT_TERMS: CollectionSpec = {
  name: 'settlement_terms',
  fields: {},
  search: [],
};

const END_TYPES = new Set<number>([2, 6, 7, 8]);
const rowId = (memberId: string, balanceId: string): string => `${memberId}.${balanceId}`;
const memberKey = (memberId: string): DocKey => ({ collection: SETTLEMENT_MEMBERS.name, id: memberId });
const rowKey = (memberId: string, balanceId: string): DocKey => ({
  collection: SETTLEMENTS.name,
  id: rowId(memberId, balanceId),
});

type Handled = MemberEvent | SettlementEvent | SettlementTermsEvent | MembersErased;

function keysOf(event: Handled): DocKey[] {
  switch (event.type) {
    case 'MemberAdmitted':
    case 'MemberDataChanged':
    case 'HeirsAccountRecorded':
      return [memberKey(event.data.memberId)];
    case 'SharesPosted':
      return END_TYPES.has(event.data.type)
        ? [memberKey(event.data.memberId), rowKey(event.data.memberId, event.data.balanceId)]
        : [];
    case 'PostingAnnulled':
      return [rowKey(event.data.memberId, event.data.annulPeer)];
    case 'SharePaymentCorrected':
      return [rowKey(event.data.memberId, event.data.balanceId)];
    case 'SettlementPaid':
    case 'SettlementToppedUp':
    case 'SettlementReversed':
      return [rowKey(event.data.memberId, event.data.endBalanceId)];
    case 'SettlementPeriodSet':
    case 'SettlementLossShareSet':
      return [{ collection: SETTLEMENT_TERMS.name, id: event.data.cooperativeId }];
    case 'MembersErased':
      // The ends are the member's postings: the erasure names them all.
      return event.data.members.flatMap((m) => [
        memberKey(m.memberId),
        ...m.balances.map((b) => rowKey(m.memberId, b)),
      ]);
    default:
      return [];
  }
}

const HANDLED = new Set<string>([
  'MemberAdmitted',
  'MemberDataChanged',
  'HeirsAccountRecorded',
  'SharesPosted',
  'PostingAnnulled',
  'SharePaymentCorrected',
  'SettlementPaid',
  'SettlementToppedUp',
  'SettlementReversed',
  'SettlementPeriodSet',
  'SettlementLossShareSet',
  MEMBERS_ERASED,
]);

/** The payee of a recorded payout (personal data: blanked by the clean-up, issue 27). */
const ACCOUNT_CLEARED = { accountHolder: null, iban: null, bic: null };
/** The heirs' account of a member (personal data: blanked by the clean-up, whether it is entered stays). */
const HEIRS_CLEARED = { heirsAccountHolder: null, heirsIban: null, heirsBic: null };
const PAYOUT_CLEARED = {
  lossShare: null,
  amount: null,
  payoutDate: null,
  heirs: null,
  paidBy: null,
  imported: null,
  ...ACCOUNT_CLEARED,
  // The top-ups (decision 370): what they paid, each with its day, and the holding the latest payout settled.
  toppedUp: null,
  topUps: null,
  payoutHolding: null,
  paidHolding: null,
  holdingRaised: false,
};

/** An erased member's row: the payee of its payout and of each top-up blanked (at the erasure, and after it). */
function erasedRow(row: ReadDocument): Record<string, unknown> {
  const topUps = ((row.topUps as Record<string, unknown>[] | undefined) ?? []).map((u) => ({
    ...u,
    ...ACCOUNT_CLEARED,
  }));
  return { ...ACCOUNT_CLEARED, ...(row.topUps ? { topUps } : {}) };
}

/**
 * After the erasure: the events carrying an erased member's personal data (the heirs' account, a payout's payee) leave
 * it blanked on the documents the erasure marked `erased`, so the live documents equal a rebuild's (keptErased).
 */
function keptErasedPayee(
  ops: WriteOp[],
  recorded: RecordedEvent,
  current: (key: DocKey) => ReadDocument | undefined,
): WriteOp[] {
  switch (recorded.type) {
    case 'HeirsAccountRecorded':
      return keptErased(ops, current, SETTLEMENT_MEMBERS.name, () => HEIRS_CLEARED);
    case 'SettlementPaid':
    case 'SettlementToppedUp':
      return keptErased(ops, current, SETTLEMENTS.name, erasedRow);
    default:
      return ops;
  }
}

export const settlementsProjector: Projector = {
  collections: [SETTLEMENTS, SETTLEMENT_MEMBERS, SETTLEMENT_TERMS],
  // 2: a settlement's holding is the Geschäftsguthaben that left, register corrections of the end included (decision 234).
  // 3: the heirs' account itself, for the dividend's payment file (decision 316).
  // 4: the top-ups of a paid settlement and `holdingRaised`, a holding risen after its payout (decision 370).
  // 5: an erased member's documents are marked `erased`; its heirs' account and payees stay blanked after the erasure.
  // 6: `paidAfterEnd`, the part of a whole end's holding paid after its day, refunded apart, and `payoutLate`, what the
  // first payout refunded so (decision 414).
  version: 6,
  keys(recorded: RecordedEvent): DocKey[] {
    return HANDLED.has(recorded.type) ? keysOf(recorded as unknown as Handled) : [];
  },
  project(recorded, current): WriteOp[] {
    return keptErasedPayee(settlementEvents.project(recorded, current), recorded, current);
  },
};

/** The writes of an event, before an erased member's personal data is blanked again (keptErasedPayee). */
const settlementEvents = {
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const event = recorded as unknown as Handled & RecordedEvent;
    const put = (collection: string, doc: ReadDocument): WriteOp => ({
      kind: 'put',
      collection,
      doc: { ...doc, position: recorded.position.toString() },
    });
    switch (event.type) {
      case 'MemberAdmitted': {
        const { memberId, cooperativeId, memberNr, legalForm } = event.data;
        return [
          put(
            SETTLEMENT_MEMBERS.name,
            stamp(recorded, { id: memberId, cooperativeId, memberNr, legalForm, heirsAccount: false }),
          ),
        ];
      }
      case 'MemberDataChanged': {
        const member = current(memberKey(event.data.memberId));
        if (!member || event.data.legalForm === undefined) return [];
        return [put(SETTLEMENT_MEMBERS.name, { ...member, legalForm: event.data.legalForm })];
      }
      case 'HeirsAccountRecorded': {
        const member = current(memberKey(event.data.memberId));
        if (!member) return [];
        const { accountHolder, iban, bic } = event.data;
        return [
          put(SETTLEMENT_MEMBERS.name, {
            ...member,
            heirsAccount: true,
            heirsAccountHolder: accountHolder,
            heirsIban: iban,
            heirsBic: bic,
          }),
        ];
      }
      case 'SharesPosted': {
        const d = event.data;
        const member = current(memberKey(d.memberId));
        if (!member) return [];
        const reason =
          d.type === 2
            ? 'partial'
            : d.type === 7
              ? 'exclusion'
              : d.type === 8
                ? 'exit'
                : member.legalForm === 1
                  ? 'dissolution'
                  : 'death';
        return [
          put(
            SETTLEMENTS.name,
            stamp(recorded, {
              id: rowId(d.memberId, d.balanceId),
              cooperativeId: member.cooperativeId,
              memberId: d.memberId,
              memberNr: member.memberNr,
              endBalanceId: d.balanceId,
              year: Number(d.date.slice(0, 4)),
              endDate: d.date,
              reason,
              shares: d.quantity,
              // The Geschäftsguthaben that left: the register's payment, not the nominal amount (decision 234).
              holding: -(d.paid ?? d.amount),
              paidAfterEnd: 0,
              status: 'due',
              ...PAYOUT_CLEARED,
            }),
          ),
        ];
      }
      case 'PostingAnnulled': {
        const row = current(rowKey(event.data.memberId, event.data.annulPeer));
        if (!row) return [];
        // An end annulled before its payout is no end; one already paid stays listed, marked, for the correction.
        return row.status === 'due'
          ? [{ kind: 'delete', collection: SETTLEMENTS.name, id: row.id }]
          : [put(SETTLEMENTS.name, { ...row, annulled: true })];
      }
      case 'SharePaymentCorrected': {
        // The end's register payment corrected, or following a payment while the end was pending (decision 234): the
        // holding follows, as the settlement's decider reads it from the member stream.
        const row = current(rowKey(event.data.memberId, event.data.balanceId));
        if (!row) return [];
        const holding = -event.data.rueckpfleinzahlung;
        // Paid, and risen above what its payouts settled: a top-up may be owed (decision 370).
        const holdingRaised = row.status === 'paid' && holding > Number(row.paidHolding ?? holding);
        // Of it, what came in after the end's day (decision 414): as the correction says, else as before.
        const late = event.data.paidAfterEnd ?? Number(row.paidAfterEnd ?? 0);
        const paidAfterEnd = Math.min(Math.max(late, 0), Math.max(holding, 0));
        return [put(SETTLEMENTS.name, { ...row, holding, paidAfterEnd, holdingRaised })];
      }
      case 'SettlementPaid': {
        const d = event.data;
        const row = current(rowKey(d.memberId, d.endBalanceId));
        const base = row ?? {
          id: rowId(d.memberId, d.endBalanceId),
          cooperativeId: d.cooperativeId,
          memberId: d.memberId,
          memberNr: null,
          endBalanceId: d.endBalanceId,
          position: '',
        };
        return [
          put(SETTLEMENTS.name, {
            ...base,
            year: d.year,
            endDate: d.endDate,
            reason: d.reason,
            shares: d.shares,
            holding: d.holding,
            paidAfterEnd: d.paidAfterEnd ?? 0,
            status: 'paid',
            lossShare: d.lossShare,
            amount: d.amount,
            payoutDate: d.payoutDate,
            heirs: d.heirs,
            accountHolder: d.accountHolder,
            iban: d.iban,
            bic: d.bic,
            paidBy: recorded.metadata.user,
            imported: d.imported === true,
            toppedUp: 0,
            topUps: [],
            payoutHolding: d.holding,
            payoutLate: d.paidAfterEnd ?? 0,
            paidHolding: d.holding,
            holdingRaised: false,
          }),
        ];
      }
      case 'SettlementToppedUp': {
        // A further payout (decision 370): the first payout's fields stay as recorded, the top-up is listed beside it.
        const d = event.data;
        const row = current(rowKey(d.memberId, d.endBalanceId));
        if (!row || row.status !== 'paid') return [];
        const { payoutDate, amount, holding, lossShare, accountHolder, iban, bic, heirs } = d;
        const topUp = {
          payoutDate,
          amount,
          holding,
          lossShare,
          accountHolder,
          iban,
          bic,
          heirs,
          ...(d.paidAfterEnd === undefined ? {} : { paidAfterEnd: d.paidAfterEnd }),
        };
        return [
          put(SETTLEMENTS.name, {
            ...row,
            toppedUp: Number(row.toppedUp ?? 0) + amount,
            topUps: [...((row.topUps as unknown[] | undefined) ?? []), { ...topUp, paidBy: recorded.metadata.user }],
            paidHolding: holding,
            holdingRaised: Number(row.holding) > holding,
          }),
        ];
      }
      case 'SettlementReversed': {
        const row = current(rowKey(event.data.memberId, event.data.endBalanceId));
        if (!row) return [];
        return [
          put(SETTLEMENTS.name, {
            ...row,
            status: 'due',
            ...PAYOUT_CLEARED,
            reversals: Number(row.reversals ?? 0) + 1,
          }),
        ];
      }
      case 'SettlementPeriodSet':
      case 'SettlementLossShareSet': {
        const id = event.data.cooperativeId;
        const terms = current({ collection: SETTLEMENT_TERMS.name, id }) ?? {
          id,
          cooperativeId: id,
          position: '',
          payoutPeriodMonths: null,
          lossShares: {},
        };
        if (event.type === 'SettlementPeriodSet')
          return [put(SETTLEMENT_TERMS.name, { ...terms, payoutPeriodMonths: event.data.payoutPeriodMonths })];
        const { year, kind, percent, centsPerShare, decisionDate } = event.data;
        const lossShares = {
          ...(terms.lossShares as Record<string, unknown>),
          [String(year)]: { kind, percent, centsPerShare, decisionDate },
        };
        return [put(SETTLEMENT_TERMS.name, { ...terms, lossShares })];
      }
      case 'MembersErased': {
        const ops: WriteOp[] = [];
        for (const m of event.data.members) {
          const member = current(memberKey(m.memberId));
          if (member) ops.push(put(SETTLEMENT_MEMBERS.name, { ...member, ...HEIRS_CLEARED, erased: true }));
          for (const b of m.balances) {
            const row = current(rowKey(m.memberId, b));
            if (row) ops.push(put(SETTLEMENTS.name, { ...row, ...erasedRow(row), erased: true }));
          }
        }
        return ops;
      }
      default:
        return [];
    }
  },
};
