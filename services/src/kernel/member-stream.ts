import {
  NotFoundError,
  postingEffect,
  type BalanceType,
  type ExitReason,
  type Instalment,
  type MemberEvent,
  type MemberMasterData,
  type PassedOnDue,
  type SharePaymentMethod,
  sharesFrom,
} from '@coop/contracts';

/**
 * The member stream (`member-<id>`) as both areas living on it fold it: member master data (members) and the share
 * account (share ledger). One state and one `evolve` for the one stream, so the two deciders can never read its
 * history differently; each area decides its own commands on it.
 */

/** One entry of a share account as far as the holding is concerned: its date and signed effect. */
export interface HoldingEntry {
  /** Business date `YYYY-MM-DD`; an annulation counts at its own date, not the original's. */
  readonly date: string;
  /**
   * The day the shares count from where that is later than `date`: a subscription (0, 1) on its admission, § 15, § 15b
   * GenG, and its annulation with it (`sharesFrom`, decision 330); absent, `date`.
   */
  readonly heldFrom?: string;
  /** Signed change in shares. */
  readonly shares: number;
  /** Signed change in euro cents. */
  readonly amount: number;
}

/** One posting on the member's share account, as far as the decisions need it. */
export interface MemberPosting extends HoldingEntry {
  readonly heldFrom: string;
  readonly balanceId: string;
  readonly type: BalanceType;
  /** As recorded: the entered number of shares for 0-4 and 6-8; the signed effect for 5. */
  readonly quantity: number;
  readonly annulated: boolean;
  /** For an annulation (5): the posting it reverses. */
  readonly annulPeer: string | null;
  /** For a transfer half (3, 4) or the annulation of one: the other half's balance id on the other member. */
  readonly transferPeer: string | null;
  /** For an outgoing transfer (3): the receiving member. */
  readonly transferTo: string | null;
  /** For an incoming transfer (4): the giving member. */
  readonly transferFrom: string | null;
  /** Share register: interest begin as posted, the payment actually made (cents) and the interest end, as last corrected. */
  readonly interestBegin: string | null;
  readonly payment: number;
  readonly interestEnd: string | null;
  /** A partial termination (2) recorded with its notice date (dated on its effective date); else null. */
  readonly noticeDate: string | null;
  /**
   * A subscription (0, 1; issue 45): the cents paid when it was posted (`SharesPosted.paid`, absent = the amount) and
   * its instalment plan (`InstalmentPlanSet`, the latest; null: the unpaid part is due on the posting's date).
   */
  readonly paidWhenPosted: number;
  readonly instalments: readonly Instalment[] | null;
  /**
   * A subscription (0, 1, 4) some of whose unpaid shares left: the unpaid part of their price that left with them, by
   * an outgoing transfer (`SharesPosted.passedOn`; the receiver owes it now, decision 265) or a partial termination
   * (`SharesPosted.released`; nobody owes it, decision 267), less what their annulations gave back. 0 for every other
   * posting.
   */
  readonly passedOn: number;
  /** An outgoing transfer (3) that passed unpaid parts on: its `SharesPosted.passedOn`, which its annulation gives back. */
  readonly passedOnParts?: readonly PassedOnDue[];
  /** A partial termination (2) that released unpaid parts: its `SharesPosted.released`, given back by its annulation. */
  readonly releasedParts?: readonly PassedOnDue[];
}

/** One payment received on a subscription (issue 45, `SharePaymentReceived`), and whether it came back (`SharePaymentReturned`). */
export interface ReceivedSharePayment {
  readonly paymentId: string;
  readonly balanceId: string;
  readonly date: string;
  readonly amount: number;
  readonly method: SharePaymentMethod;
  readonly returned: boolean;
}

export interface MemberState {
  readonly exists: boolean;
  readonly memberId: string | null;
  readonly cooperativeId: string | null;
  readonly memberNr: number | null;
  readonly master: MemberMasterData | null;
  /** The holding after every posting, whatever its date. */
  readonly shares: number;
  readonly cents: number;
  /** By balance id, in the order posted. */
  readonly postings: ReadonlyMap<string, MemberPosting>;
  /**
   * Set by an exit posting (6, 7, 8); from then on the member accepts no posting. Since issue 22 the exit posting is
   * dated on the effective date (the end of a financial year), which may lie in the future: the exit is then pending.
   */
  readonly exitDate: string | null;
  readonly exitReason: ExitReason | null;
  readonly exitBalanceId: string | null;
  /** The date the pending exit was noticed (notice, decision, death), from `MembershipEndNoticed`; null for an exit recorded before. */
  readonly exitNoticeDate: string | null;
  /** Entry date and legal form (not personal data, kept in the share account's fold for the exit rules). */
  readonly entryDate: string | null;
  /** The board's admission (§ 15 GenG): with the entry date, the day the membership began (`joinedOn`). */
  readonly approvalDate: string | null;
  readonly legalForm: number | null;
  /** The payments received on the member's subscriptions by payment id (issue 45), in the order received. */
  readonly sharePayments: ReadonlyMap<string, ReceivedSharePayment>;
}

export const initialMemberState: MemberState = {
  exists: false,
  memberId: null,
  cooperativeId: null,
  memberNr: null,
  master: null,
  shares: 0,
  cents: 0,
  postings: new Map(),
  exitDate: null,
  exitReason: null,
  exitBalanceId: null,
  exitNoticeDate: null,
  entryDate: null,
  approvalDate: null,
  legalForm: null,
  sharePayments: new Map(),
};

/**
 * The postings with one added or replaced, as a new map (states are never changed). A Map is copied in one native
 * step; spreading an object keyed by posting ids (a dictionary-mode object) cost a member's fold about 0.15 ms.
 */
function withPosting(
  postings: ReadonlyMap<string, MemberPosting>,
  balanceId: string,
  posting: MemberPosting,
): ReadonlyMap<string, MemberPosting> {
  return new Map(postings).set(balanceId, posting);
}

/**
 * The postings after an outgoing transfer passed unpaid parts of the subscriptions on or a partial termination released
 * them (`sign` 1), or their annulation gave them back (-1; decisions 265, 267). Without parts, the same map.
 */
function withPassedOn(
  postings: ReadonlyMap<string, MemberPosting>,
  parts: readonly { readonly balanceId: string; readonly amount: number }[] | undefined,
  sign: 1 | -1,
): ReadonlyMap<string, MemberPosting> {
  if (parts === undefined || parts.length === 0) return postings;
  const next = new Map(postings);
  for (const part of parts) {
    const posting = next.get(part.balanceId);
    if (posting) next.set(part.balanceId, { ...posting, passedOn: posting.passedOn + sign * part.amount });
  }
  return next;
}

/** The member stream's whole state after `event`: master data, the share account and the exit. */
export function evolveMemberStream(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberAdmitted': {
      const { memberId, cooperativeId, memberNr, ...master } = event.data;
      return {
        ...initialMemberState,
        exists: true,
        memberId,
        cooperativeId,
        memberNr,
        master,
        entryDate: master.entryDate,
        approvalDate: master.approvalDate,
        legalForm: master.legalForm,
      };
    }
    case 'MemberDataChanged': {
      const { memberId: _id, ...changes } = event.data;
      return { ...withMembershipFacts(state, event.data), master: { ...state.master!, ...changes } };
    }
    case 'ChurchDataRecorded':
      // The church attributes as answered (KiStAM or paper); a null answer deletes them (DOMAIN.md 3.3).
      return {
        ...state,
        master: { ...state.master!, churchId: event.data.churchId, churchTaxRate: event.data.churchTaxRate },
      };
    case 'SharesPosted': {
      const d = event.data;
      const { shares } = postingEffect(event);
      const posting: MemberPosting = {
        balanceId: d.balanceId,
        type: d.type,
        date: d.date,
        heldFrom: sharesFrom(d),
        quantity: d.quantity,
        shares,
        amount: d.amount,
        annulated: false,
        annulPeer: null,
        transferPeer: d.transferPeer ?? null,
        transferTo: d.transferTo ?? null,
        transferFrom: d.transferFrom ?? null,
        interestBegin: d.interestBegin,
        // A subscription paid in part when posted, an end of a holding paid in part (issue 45): `paid`; every other
        // posting, and one before issue 45, in full.
        payment: d.paid ?? d.amount,
        interestEnd: null,
        noticeDate: d.noticeDate ?? null,
        paidWhenPosted: d.paid ?? d.amount,
        instalments: null,
        passedOn: 0,
        ...(d.passedOn === undefined ? {} : { passedOnParts: d.passedOn }),
        ...(d.released === undefined ? {} : { releasedParts: d.released }),
      };
      const postings = withPassedOn(withPosting(state.postings, d.balanceId, posting), d.passedOn, 1);
      return {
        ...state,
        shares: state.shares + shares,
        cents: state.cents + d.amount,
        postings: withPassedOn(postings, d.released, 1),
      };
    }
    case 'PostingAnnulled': {
      const d = event.data;
      const original = state.postings.get(d.annulPeer);
      const posting: MemberPosting = {
        balanceId: d.balanceId,
        type: 5,
        date: d.date,
        heldFrom: sharesFrom({ type: 5, date: d.date, approvalDate: null }, original?.heldFrom ?? null),
        quantity: d.quantity,
        shares: d.quantity,
        amount: d.amount,
        annulated: false,
        annulPeer: d.annulPeer,
        transferPeer: d.transferPeer ?? null,
        transferTo: null,
        transferFrom: null,
        interestBegin: d.interestBegin,
        // The register's payment it reverses (issue 45, decision 234): absent, its amount.
        payment: d.paid ?? d.amount,
        interestEnd: null,
        noticeDate: null,
        paidWhenPosted: d.paid ?? d.amount,
        instalments: null,
        passedOn: 0,
      };
      const postings = new Map(state.postings).set(d.balanceId, posting);
      if (original) postings.set(d.annulPeer, { ...original, annulated: true });
      return {
        ...state,
        shares: state.shares + d.quantity,
        cents: state.cents + d.amount,
        postings: withPassedOn(withPassedOn(postings, d.passedOn, -1), d.released, -1),
      };
    }
    case 'MemberExited':
      return {
        ...state,
        exitDate: event.data.exitDate,
        exitReason: event.data.reason,
        exitBalanceId: event.data.balanceId,
      };
    case 'MemberExitRevoked':
      return { ...state, exitDate: null, exitReason: null, exitBalanceId: null, exitNoticeDate: null };
    case 'MembershipEndNoticed':
      return { ...state, exitNoticeDate: event.data.noticeDate };
    case 'MembershipEndWithdrawn':
      return { ...state, exitNoticeDate: null };
    case 'SharePaymentCorrected': {
      const { balanceId, rueckpfleinzahlung, interestEnd, released, passedOn } = event.data;
      const posting = state.postings.get(balanceId);
      if (!posting) return state;
      // A partial termination that releases more of its shares' unpaid price (decision 305), or a transfer that passes
      // more of it on (decision 327): its parts grow with them.
      const releasedParts =
        released === undefined ? {} : { releasedParts: [...(posting.releasedParts ?? []), ...released] };
      const passedOnParts =
        passedOn === undefined ? {} : { passedOnParts: [...(posting.passedOnParts ?? []), ...passedOn] };
      const corrected = { ...posting, payment: rueckpfleinzahlung, interestEnd, ...releasedParts, ...passedOnParts };
      const postings = withPassedOn(withPosting(state.postings, balanceId, corrected), released, 1);
      return { ...state, postings: withPassedOn(postings, passedOn, 1) };
    }
    case 'InstalmentPlanSet': {
      const posting = state.postings.get(event.data.balanceId);
      if (!posting) return state;
      return {
        ...state,
        postings: withPosting(state.postings, posting.balanceId, { ...posting, instalments: event.data.instalments }),
      };
    }
    case 'SharePaymentReceived': {
      // A payment raises the posting's payment (rueckpfleinzahlung) by its amount.
      const { balanceId, paymentId, date, amount, method } = event.data;
      const posting = state.postings.get(balanceId);
      if (!posting) return state;
      const sharePayments = new Map(state.sharePayments).set(paymentId, {
        paymentId,
        balanceId,
        date,
        amount,
        method,
        returned: false,
      });
      return {
        ...state,
        sharePayments,
        postings: withPosting(state.postings, balanceId, { ...posting, payment: posting.payment + amount }),
      };
    }
    case 'SharePaymentReturned': {
      // A returned payment (Rücklastschrift) lowers it again: the amount is due again.
      const { balanceId, paymentId, amount } = event.data;
      const posting = state.postings.get(balanceId);
      if (!posting) return state;
      const received = state.sharePayments.get(paymentId);
      const sharePayments = received
        ? new Map(state.sharePayments).set(paymentId, { ...received, returned: true })
        : state.sharePayments;
      return {
        ...state,
        sharePayments,
        postings: withPosting(state.postings, balanceId, { ...posting, payment: posting.payment - amount }),
      };
    }
    default:
      // Events of other areas on the member stream (the data-protection hold flag, issue 27) change nothing here.
      return state;
  }
}

/**
 * The share account alone: the member stream folded with its master data left out (`master` stays null, changes of
 * master data change nothing). The state holds no personal data, so the write path reads the stream without opening
 * it (StreamWriter.loadWithoutPersonalData): no key look-up and no decryption for a posting.
 */
export function evolveShareAccount(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberAdmitted': {
      const { memberId, cooperativeId, memberNr, entryDate, approvalDate, legalForm } = event.data;
      return {
        ...initialMemberState,
        exists: true,
        memberId,
        cooperativeId,
        memberNr,
        entryDate,
        approvalDate,
        legalForm,
      };
    }
    case 'MemberDataChanged':
      return withMembershipFacts(state, event.data);
    default:
      return evolveMemberStream(state, event);
  }
}

/** Entry date, admission and legal form as a master-data change left them (not personal data, never sealed). */
function withMembershipFacts(state: MemberState, changes: Partial<MemberMasterData>): MemberState {
  if (changes.entryDate === undefined && changes.approvalDate === undefined && changes.legalForm === undefined)
    return state;
  return {
    ...state,
    entryDate: changes.entryDate ?? state.entryDate,
    approvalDate: changes.approvalDate === undefined ? state.approvalDate : changes.approvalDate,
    legalForm: changes.legalForm ?? state.legalForm,
  };
}

/** An exit whose effective date lies after `date`: the member still holds the shares and is leaving. */
export function isExitPending(state: MemberState, date: string): boolean {
  return state.exitDate !== null && state.exitDate > date;
}

/** A member of another cooperative is answered as not found, like one that never existed. */
export function requireMember(state: MemberState, cooperativeId: string, memberId: string): void {
  if (!state.exists || state.cooperativeId !== cooperativeId) throw new NotFoundError('Member', memberId);
}
