import {
  isValidIban,
  mandateLapsedOn,
  type DirectDebitItem,
  type DirectDebitSequence,
  type DirectDebitSkipReason,
  type ShareDueView,
} from '@coop/contracts';

/*
 * Which selected subscriptions a collection draws, under which mandate and sequence type, and which it leaves out and
 * why (issue 45, DEBIT; docs/direct-debits.md "What a collection takes"). Pure: the caller reads the dues (`share_dues`),
 * the members' bank data and mandates, and writes what this decides.
 */

/**
 * The largest single SEPA debit (EPC SDD rulebook, AT-06: 999,999,999.99 euro; the pain.008 schema's `InstdAmt`). A
 * subscription may owe up to AMOUNT_MAX_CENTS (1,000,000,000.00 euro): a due above this is left out
 * (`aboveDebitLimit`), never written into a file the rules would refuse (the collection answered 500).
 */
export const DEBIT_MAX_CENTS = 99_999_999_999;

/** A mandate as the plan needs it: `collections` drawn under it so far. */
export interface PlanMandate {
  readonly mandateId: string;
  readonly reference: string;
  readonly signedOn: string;
  readonly kind: 'recurring' | 'oneOff';
  readonly revokedOn: string | null;
  readonly collections: number;
  /** The day of the last collection under it, or null (the 36 months of decision 375 count from it). */
  readonly lastCollectionDate: string | null;
}

/** The debtor as the file needs it (the member's master data now). */
export interface PlanDebtor {
  readonly memberNr: number | null;
  readonly holder: string;
  readonly iban: string | null;
  readonly bic: string | null;
  /** The member's postal address, written only for an account outside the EEA (decision 310). */
  readonly address?: DebtorAddress;
}

/** A debtor's postal address as the file writes it (pain.008 PstlAdr): street with number, postcode, town, country. */
export interface DebtorAddress {
  readonly street: string;
  readonly zip: string;
  readonly town: string;
  readonly country: string;
}

/** One debit of the plan: the contract's item and what the file writes of it. */
export interface PlannedDebit extends DirectDebitItem {
  readonly memberNr: number | null;
  readonly reference: string;
  readonly signedOn: string;
  readonly holder: string;
  readonly iban: string;
  readonly bic: string | null;
  readonly address?: DebtorAddress;
}

export interface SkippedDue {
  readonly balanceId: string;
  readonly memberId: string | null;
  readonly memberNr: number | null;
  readonly reason: DirectDebitSkipReason;
}

export interface CollectionPlan {
  readonly debits: readonly PlannedDebit[];
  readonly skipped: readonly SkippedDue[];
  readonly totalCents: number;
}

export interface PlanInput {
  readonly balanceIds: readonly string[];
  readonly collectionDate: string;
  readonly dues: ReadonlyMap<string, ShareDueView>;
  readonly debtors: ReadonlyMap<string, PlanDebtor>;
  readonly mandates: ReadonlyMap<string, readonly PlanMandate[]>;
  /** Whether a name can be carried in the file (SEPA set, at least one letter or digit). */
  readonly representable: (name: string) => boolean;
  /**
   * Whether a SEPA core debit can draw the account: its country in the scheme's area (a Turkish IBAN, valid by its
   * check digits, cannot be drawn: skipped `noIban`, decision 402).
   */
  readonly insideScheme: (iban: string) => boolean;
  readonly newPaymentId: () => string;
}

/**
 * What is due of `due` on `date`: without instalments the whole outstanding part (due since the posting); with them
 * the unpaid part of each instalment due on or before `date`. Never more than the outstanding part.
 */
export function dueOn(due: ShareDueView, date: string): number {
  if (due.instalments.length === 0) return Math.max(0, due.outstanding);
  let sum = 0;
  for (const i of due.instalments) if (i.dueDate <= date) sum += Math.max(0, i.amount - i.paid);
  return Math.min(sum, Math.max(0, due.outstanding));
}

/**
 * The mandate a member's debit on `date` is drawn under: valid then, a one-off one not used, not lapsed (36 months
 * without a collection, decision 375; `lapsed`: count those too, to tell why none is usable); the latest signed first.
 */
export function mandateFor(mandates: readonly PlanMandate[], date: string, lapsed = false): PlanMandate | null {
  const usable = mandates.filter(
    (m) =>
      m.signedOn <= date &&
      (m.revokedOn === null || m.revokedOn > date) &&
      !(m.kind === 'oneOff' && m.collections > 0) &&
      (lapsed || !mandateLapsedOn(m.signedOn, m.lastCollectionDate, date)),
  );
  usable.sort((a, b) =>
    a.signedOn === b.signedOn ? (a.mandateId < b.mandateId ? 1 : -1) : a.signedOn < b.signedOn ? 1 : -1,
  );
  return usable[0] ?? null;
}

/** SEPA sequence type: OOFF for a one-off mandate, FRST for a recurring one's first collection, RCUR after. */
export const sequenceOf = (mandate: PlanMandate): DirectDebitSequence =>
  mandate.kind === 'oneOff' ? 'OOFF' : mandate.collections === 0 ? 'FRST' : 'RCUR';

/**
 * The plan of a collection on `collectionDate` of the selected subscriptions (duplicates once, in the order given):
 * each with an amount due then, of a member with a valid IBAN, a name the file can carry and a usable mandate becomes
 * one debit; the others are skipped with their reason. A one-off mandate draws one debit only: a member's further
 * subscriptions under it are skipped (`noMandate`).
 */
export function planCollection(input: PlanInput): CollectionPlan {
  const debits: PlannedDebit[] = [];
  const skipped: SkippedDue[] = [];
  const oneOffUsed = new Set<string>();
  let totalCents = 0;
  for (const balanceId of new Set(input.balanceIds)) {
    const due = input.dues.get(balanceId);
    if (!due) {
      skipped.push({ balanceId, memberId: null, memberNr: null, reason: 'unknownDue' });
      continue;
    }
    const skip = (reason: DirectDebitSkipReason): void =>
      void skipped.push({ balanceId, memberId: due.member, memberNr: due.memberNr, reason });
    // Fully paid, or the member's whole end took effect by the collection date: nothing is owed (decision 269).
    if (due.outstanding <= 0 || due.owedUntil <= input.collectionDate) {
      skip('nothingOutstanding');
      continue;
    }
    const amount = dueOn(due, input.collectionDate);
    if (amount <= 0) {
      skip('notYetDue');
      continue;
    }
    if (amount > DEBIT_MAX_CENTS) {
      skip('aboveDebitLimit');
      continue;
    }
    const debtor = input.debtors.get(due.member);
    if (!debtor || debtor.iban === null || !isValidIban(debtor.iban) || !input.insideScheme(debtor.iban)) {
      skip('noIban');
      continue;
    }
    if (!input.representable(debtor.holder)) {
      skip('nameNotRepresentable');
      continue;
    }
    const mandates = input.mandates.get(due.member) ?? [];
    const mandate = mandateFor(mandates, input.collectionDate);
    if (!mandate || oneOffUsed.has(mandate.mandateId)) {
      skip(!mandate && mandateFor(mandates, input.collectionDate, true) ? 'mandateLapsed' : 'noMandate');
      continue;
    }
    if (mandate.kind === 'oneOff') oneOffUsed.add(mandate.mandateId);
    totalCents += amount;
    debits.push({
      memberId: due.member,
      balanceId,
      mandateId: mandate.mandateId,
      paymentId: input.newPaymentId(),
      amount,
      sequence: sequenceOf(mandate),
      memberNr: debtor.memberNr ?? due.memberNr,
      reference: mandate.reference,
      signedOn: mandate.signedOn,
      holder: debtor.holder,
      iban: debtor.iban,
      bic: debtor.bic,
      ...(debtor.address === undefined ? {} : { address: debtor.address }),
    });
  }
  return { debits, skipped, totalCents };
}
