import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import {
  BANK_STATEMENT_BATCH_MAX,
  STATEMENT_ENTRY_ID_MAX,
  STATEMENT_ENTRY_KINDS,
  STATEMENT_ENTRY_STATES,
  UNMATCHED_REASONS,
} from '../events/bank-statement-events.js';
import { TEXT_MAX } from '../limits.js';
import { ListOf, MaxText, rule, Satisfies } from './rules.js';

/*
 * Bank statements (CAMT.053, issue 45; docs/bank-statements.md): `POST /bank-statements` reads a statement file
 * (multipart, field `file`), `GET /bank-statements` lists the statements read, `GET /bank-statements/{id}` one with a page
 * of its entries and their match state, `POST /bank-statements/{id}/confirm` books entries as payments on shares and `POST
 * /bank-statements/{id}/ignore` sets entries aside. Amounts in cents.
 */

/** A statement as listed. */
export class BankStatementDto {
  @IsString() readonly id!: string;
  /** The account's IBAN. */
  @IsString() readonly account!: string;
  /** The bank's statement id (`Stmt/Id`). */
  @IsString() readonly bankStatementId!: string;
  @IsOptional() @IsString() readonly fromDate!: string | null;
  @IsOptional() @IsString() readonly toDate!: string | null;
  @IsString() readonly fileName!: string;
  @IsString() readonly readOn!: string;
  @IsString() readonly readBy!: string;
  @IsInt() readonly entries!: number;
  @IsInt() readonly credits!: number;
  @IsInt() readonly creditSum!: number;
  @IsInt() readonly matched!: number;
  @IsInt() readonly unmatched!: number;
  @IsInt() readonly confirmed!: number;
  @IsInt() readonly ignored!: number;
  @IsInt() readonly confirmedSum!: number;
  /** Credits still to decide (matched or unmatched). */
  @IsInt() readonly open!: number;
}

/** A part of an entry's amount on one subscription; `paymentId` once booked. */
export class StatementAllocationDto {
  @IsString() readonly balanceId!: string;
  @IsInt() readonly amount!: number;
  @IsOptional() @IsString() readonly paymentId!: string | null;
}

/** One entry of a statement with its match state. */
export class BankStatementEntryDto {
  /** `<statementId>/<entryId>`. */
  @IsString() readonly id!: string;
  @IsString() readonly entryId!: string;
  @IsIn(STATEMENT_ENTRY_STATES) readonly state!: string;
  @IsIn(STATEMENT_ENTRY_KINDS) readonly kind!: string;
  @IsInt() readonly amount!: number;
  @IsString() readonly currency!: string;
  @IsString() readonly bookingDate!: string;
  @IsString() readonly remittance!: string;
  @IsOptional() @IsString() readonly partyName!: string | null;
  @IsOptional() @IsString() readonly partyIban!: string | null;
  @IsOptional() @IsString() readonly bankReference!: string | null;
  @IsOptional() @IsString() readonly endToEndId!: string | null;
  /** The member the matching found, or the one it was booked for. */
  @IsOptional() @IsString() readonly memberId!: string | null;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsString() readonly memberName!: string;
  @IsOptional() @IsIn(UNMATCHED_REASONS) readonly unmatched!: string | null;
  /** Matched: the proposal; confirmed: the payments booked. */
  @ListOf(() => StatementAllocationDto) readonly allocations!: StatementAllocationDto[];
}

/**
 * `GET /bank-statements/{id}`: the statement and one page of its entries (`offset`, `limit`, `filter`, `search`,
 * `order_by` as every list; the file's order unless ordered otherwise).
 */
export class BankStatementDetailDto extends BankStatementDto {
  /** How many entries match the page's filter and search (all the statement's without them). */
  @IsInt() readonly entryTotal!: number;
  /** The page's entries. */
  @ListOf(() => BankStatementEntryDto) readonly entryList!: BankStatementEntryDto[];
}

/** One entry to book: for `memberId`, on the subscription `balanceId` or (null) the oldest outstanding ones. */
export interface StatementConfirmation {
  readonly entryId: string;
  readonly memberId: string;
  readonly balanceId: string | null;
}

const isConfirmation = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const text = (x: unknown, max: number): boolean => typeof x === 'string' && x.trim() !== '' && x.length <= max;
  return (
    Object.keys(o).every((k) => k === 'entryId' || k === 'memberId' || k === 'balanceId') &&
    text(o.entryId, STATEMENT_ENTRY_ID_MAX) &&
    text(o.memberId, TEXT_MAX.id) &&
    (o.balanceId === undefined || o.balanceId === null || text(o.balanceId, TEXT_MAX.id))
  );
};

/** `POST /bank-statements/{id}/confirm`: the entries to book, each `{entryId, memberId, balanceId?}`; all or none. */
export class BankStatementConfirm {
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(BANK_STATEMENT_BATCH_MAX, rule('mustBeAtMost', String(BANK_STATEMENT_BATCH_MAX)))
  @Satisfies('statementConfirmations', (v) => Array.isArray(v) && v.every(isConfirmation), rule('invalidChoice'))
  entries: StatementConfirmation[] = [];
}

/** `POST /bank-statements/{id}/ignore`: the credits to set aside; all or none. */
export class BankStatementIgnore {
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(BANK_STATEMENT_BATCH_MAX, rule('mustBeAtMost', String(BANK_STATEMENT_BATCH_MAX)))
  @IsString({ each: true, ...rule('invalidChoice') })
  @MaxText(STATEMENT_ENTRY_ID_MAX, true)
  entryIds: string[] = [];
}
