import type { DomainEvent } from '../events.js';

/*
 * Bank statements (CAMT.053) read for the payments on shares (issue 45; docs/bank-statements.md). On the stream
 * `bank-statement-<statementId>`: the statement as read with its entries and the proposals the matching made, then the
 * clerk's confirmations (each booked as `SharePaymentReceived` with method `transfer` on the member's stream, in the
 * same append) and the entries set aside. The statement id is derived from the cooperative, the account and the bank's
 * statement id, so the same statement read twice names the same stream and is refused (no payment booked twice).
 * Amounts are integer euro cents, dates `YYYY-MM-DD`.
 */

/**
 * What an entry is: a credit in euros booked on the account (`credit`, the only kind matched), a debit (`debit`), or
 * listed only (`other`: not booked, a reversal or another currency).
 */
export const STATEMENT_ENTRY_KINDS = ['credit', 'debit', 'other'] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

/** An entry's state in the read model: proposed (`matched`), to be assigned (`unmatched`), booked, set aside, or shown only (`listed`). */
export const STATEMENT_ENTRY_STATES = ['matched', 'unmatched', 'confirmed', 'ignored', 'listed'] as const;
export type StatementEntryState = (typeof STATEMENT_ENTRY_STATES)[number];

/** The most entries one confirmation or setting aside names (the body stays within about 200 KiB). */
export const BANK_STATEMENT_BATCH_MAX = 1000;
/** The longest entry id (`3`, `3.2`: its place in the file). */
export const STATEMENT_ENTRY_ID_MAX = 20;

/** Why a credit found no member to propose (the clerk chooses one, or sets the entry aside). */
export const UNMATCHED_REASONS = [
  'noMemberNumber',
  'severalMemberNumbers',
  'nothingOutstanding',
  'aboveOutstanding',
  /** The credit of a debit this product collected: booked when the collection was made (decision 352). */
  'ownDirectDebit',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** A part of an entry's amount proposed for (or booked on) one subscription `balanceId`. */
export interface StatementAllocation {
  readonly balanceId: string;
  readonly amount: number;
}

/**
 * One entry of a statement: a booking (`Ntry`), or one transaction of a batch booking (`Ntry/NtryDtls/TxDtls`).
 * `entryId`: its place in the file (`3`, or `3.2` for the second transaction of the third booking). `remittance`: the
 * unstructured remittance texts (`RmtInf/Ustrd`) joined by a blank. `memberId` and `proposal`: the member the matching
 * found and the oldest outstanding subscriptions it proposes, or null with `unmatched` saying why (credits only).
 */
export interface StatementEntry {
  readonly entryId: string;
  readonly kind: StatementEntryKind;
  readonly amount: number;
  readonly currency: string;
  readonly bookingDate: string;
  readonly remittance: string;
  /** The other party: the payer of a credit (`Dbtr`), the payee of a debit (`Cdtr`). */
  readonly partyName: string | null;
  readonly partyIban: string | null;
  readonly bankReference: string | null;
  readonly endToEndId: string | null;
  readonly memberId: string | null;
  readonly memberNr: number | null;
  readonly proposal: readonly StatementAllocation[];
  readonly unmatched: UnmatchedReason | null;
}

/** An entry as the statement file has it, before the matching adds the member and the proposal. */
export type StatementFileEntry = Omit<StatementEntry, 'memberId' | 'memberNr' | 'proposal' | 'unmatched'>;

/**
 * The statement `bankStatementId` (`Stmt/Id`) of the account `account` (IBAN) from `fromDate` to `toDate`, read from
 * the file `fileName` (its SHA-256 `sha256`) on `readOn`. `entries` are personal data (names, IBANs, remittance texts of
 * the payers): sealed under the statement's own subject (`bankStatementSubject`).
 */
export type BankStatementRead = DomainEvent<
  'BankStatementRead',
  {
    statementId: string;
    cooperativeId: string;
    account: string;
    bankStatementId: string;
    fromDate: string | null;
    toDate: string | null;
    fileName: string;
    sha256: string;
    readOn: string;
    entries: StatementEntry[];
  }
>;

/** One payment booked from a confirmed entry: `amount` cents on the subscription `balanceId` as the payment `paymentId`. */
export interface StatementPayment extends StatementAllocation {
  readonly paymentId: string;
}

/** One confirmed entry: booked for `memberId` as `payments` (the oldest outstanding subscriptions first, or the one chosen). */
export interface ConfirmedEntry {
  readonly entryId: string;
  readonly memberId: string;
  readonly payments: readonly StatementPayment[];
}

/** The clerk confirmed `entries` on `date`; each is booked in the same append as `SharePaymentReceived` on the member's stream. */
export type BankStatementEntriesConfirmed = DomainEvent<
  'BankStatementEntriesConfirmed',
  { statementId: string; cooperativeId: string; date: string; entries: ConfirmedEntry[] }
>;

/** The clerk set the credits `entryIds` aside on `date` (no payment on shares: a refund, a donation, another matter). */
export type BankStatementEntriesIgnored = DomainEvent<
  'BankStatementEntriesIgnored',
  { statementId: string; cooperativeId: string; date: string; entryIds: string[] }
>;

export type BankStatementEvent = BankStatementRead | BankStatementEntriesConfirmed | BankStatementEntriesIgnored;

export const bankStatementStream = (statementId: string): string => `bank-statement-${statementId}`;

/** The data subject whose key seals a statement's entries (erasing it erases the payers' names, IBANs and texts). */
export const bankStatementSubject = (statementId: string): string => `bank-statement-${statementId}`;

/** The fields of `BankStatementRead` sealed under `bankStatementSubject`. */
export const BANK_STATEMENT_PERSONAL_FIELDS = ['entries'] as const;
