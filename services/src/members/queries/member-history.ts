import type {
  Instalment,
  MemberEvent,
  MemberHistoryEntry,
  MemberMasterData,
  PassedOnDue,
  RecordedEvent,
  RetentionHoldEvent,
} from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../../kernel/member-stream.js';

/*
 * The audit history of a member (`GET /members/{id}/history`, docs/api.md): its stream's events in order, folded with
 * the decider's `evolve`, each answered with what it changed and the holding after it. The closures it was paid in are
 * merged in by `MemberDividendReads.history`.
 */

/** The history entries of a member's recorded stream, oldest first. */
export function historyEntries(recorded: readonly RecordedEvent<MemberEvent>[]): MemberHistoryEntry[] {
  let state: MemberState = initialMemberState;
  const out: MemberHistoryEntry[] = [];
  // The mandates' references by id: a revocation names its mandate by id only.
  const mandates = new Map<string, string>();
  for (const e of recorded) {
    const before = state;
    state = evolveMemberStream(state, { type: e.type, data: e.data } as MemberEvent);
    if (e.type === 'DirectDebitMandateGranted') mandates.set(e.data.mandateId, e.data.reference);
    out.push({
      position: e.position.toString(),
      revision: e.revision,
      type: e.type,
      timestamp: e.metadata.timestamp,
      user: e.metadata.user,
      ...historyDetail(e, before, mandates),
      shareAmountAfter: state.shares,
      shareTotalAfter: state.cents,
    });
  }
  return out;
}

/**
 * The Geschäftsguthaben a posting moved where it differs from its nominal amount, and the unpaid part of its price it
 * passed on (3) or released (2), or that its annulation makes owed again (issue 45, decisions 234, 265, 267): only the
 * fields the event carries, so a posting paid in full reads as before.
 */
function movedMoney(d: { paid?: number; passedOn?: readonly PassedOnDue[]; released?: readonly PassedOnDue[] }): {
  paid?: number;
  passedOn?: number;
  released?: number;
} {
  const sum = (parts: readonly PassedOnDue[]) => parts.reduce((total, part) => total + part.amount, 0);
  return {
    ...(d.paid !== undefined ? { paid: d.paid } : {}),
    ...(d.passedOn?.length ? { passedOn: sum(d.passedOn) } : {}),
    ...(d.released?.length ? { released: sum(d.released) } : {}),
  };
}

/** What one event of the member's stream changed, for the audit history. */
function historyDetail(
  e: RecordedEvent<MemberEvent>,
  before: MemberState,
  mandates: ReadonlyMap<string, string>,
): Partial<MemberHistoryEntry> {
  // The data-protection hold (issue 27) on the member's stream: held or not, and why.
  const hold = e as unknown as RecordedEvent<RetentionHoldEvent>;
  if (hold.type === 'MemberRetentionHoldSet' || hold.type === 'MemberRetentionHoldCleared') {
    return { hold: { held: hold.type === 'MemberRetentionHoldSet', reason: hold.data.reason ?? null } };
  }
  switch (e.type) {
    case 'MemberAdmitted': {
      const { memberId: _m, cooperativeId: _c, memberNr, ...fields } = e.data;
      const changes = Object.entries(fields)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([field, to]) => ({ field, from: null, to }));
      return { memberNr, changes };
    }
    case 'MemberDataChanged': {
      const { memberId: _m, ...fields } = e.data;
      const previous: Partial<MemberMasterData> = before.master ?? {};
      const changes = Object.entries(fields).map(([field, to]) => ({
        field,
        from: previous[field as keyof MemberMasterData] ?? null,
        to: to ?? null,
      }));
      return { changes };
    }
    case 'SharesPosted': {
      const d = e.data;
      return {
        posting: {
          balanceId: d.balanceId,
          type: d.type,
          quantity: d.quantity,
          amount: d.amount,
          date: d.date,
          approvalDate: d.approvalDate,
          interestBegin: d.interestBegin,
          transferTo: d.transferTo ?? null,
          transferFrom: d.transferFrom ?? null,
          transferPeer: d.transferPeer ?? null,
          annulPeer: null,
          ...movedMoney(d),
        },
      };
    }
    case 'PostingAnnulled': {
      const d = e.data;
      return {
        posting: {
          balanceId: d.balanceId,
          type: 5,
          quantity: d.quantity,
          amount: d.amount,
          date: d.date,
          approvalDate: d.approvalDate,
          interestBegin: d.interestBegin,
          transferTo: null,
          transferFrom: null,
          transferPeer: d.transferPeer ?? null,
          annulPeer: d.annulPeer,
          ...movedMoney(d),
        },
      };
    }
    case 'MemberExited':
      return { exit: { exitDate: e.data.exitDate, reason: e.data.reason, balanceId: e.data.balanceId } };
    case 'MemberExitRevoked':
      return { exit: null };
    case 'ChurchDataRecorded': {
      const previous: Partial<MemberMasterData> = before.master ?? {};
      return {
        changes: [
          { field: 'churchId', from: previous.churchId ?? null, to: e.data.churchId },
          { field: 'churchTaxRate', from: previous.churchTaxRate ?? null, to: e.data.churchTaxRate },
        ],
      };
    }
    case 'MembershipEndNoticed': {
      const { memberId: _m, ...notice } = e.data;
      return { notice };
    }
    case 'MembershipEndWithdrawn':
      return { notice: { balanceId: e.data.balanceId, withdrawnOn: e.data.date } };
    case 'SharePaymentCorrected':
      return {
        correction: {
          balanceId: e.data.balanceId,
          rueckpfleinzahlung: e.data.rueckpfleinzahlung,
          interestEnd: e.data.interestEnd,
        },
      };
    // Issue 45: the money that comes in, each entry with what it was (share-payment-events.ts).
    case 'InstalmentPlanSet':
      return { instalmentPlan: planOf(e.data.balanceId, e.data.instalments) };
    case 'SharePaymentReceived': {
      const { paymentId, balanceId, date, amount, method } = e.data;
      return { payment: { paymentId, balanceId, date, amount, method } };
    }
    case 'SharePaymentReturned': {
      const { paymentId, balanceId, date, amount, reason } = e.data;
      return { paymentReturn: { paymentId, balanceId, date, amount, reason } };
    }
    case 'DirectDebitMandateGranted': {
      const { mandateId, reference, signedOn, kind } = e.data;
      return { mandate: { mandateId, reference, signedOn, kind } };
    }
    case 'DirectDebitMandateRevoked':
      return {
        mandate: {
          mandateId: e.data.mandateId,
          reference: mandates.get(e.data.mandateId) ?? null,
          revokedOn: e.data.date,
        },
      };
    case 'PaymentReminderSent':
      return { reminder: { level: e.data.level, date: e.data.date, amount: e.data.amount, dueSince: e.data.dueSince } };
  }
}

/** An instalment plan as the history names it: how many instalments, their sum, the first and the last due date. */
function planOf(
  balanceId: string,
  instalments: readonly Instalment[],
): NonNullable<MemberHistoryEntry['instalmentPlan']> {
  const dues = instalments.map((i) => i.dueDate).sort();
  return {
    balanceId,
    count: instalments.length,
    total: instalments.reduce((sum, i) => sum + i.amount, 0),
    firstDue: dues[0] ?? '',
    lastDue: dues[dues.length - 1] ?? '',
  };
}
