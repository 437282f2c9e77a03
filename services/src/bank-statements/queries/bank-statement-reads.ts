import { Injectable } from '@nestjs/common';
import type {
  BankStatementDetailDto,
  BankStatementDto,
  BankStatementEntryDto,
  ReadDocument,
  ReadPage,
  StatementAllocationDto,
} from '@coop/contracts';
import { BANK_STATEMENT_ENTRIES, BANK_STATEMENTS } from '@coop/projections/bank-statements';
import { parseListQuery, type ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { MatchingBookReads } from './matching-book.js';

/** The entries in the file's order (`seq`), unless the caller orders them otherwise. */
const FILE_ORDER = [{ field: 'seq', direction: 'asc' }] as const;
const NEWEST_FIRST = [
  { field: 'readOn', direction: 'desc' },
  { field: 'toDate', direction: 'desc' },
] as const;
const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function toStatementDto(doc: ReadDocument): BankStatementDto {
  return {
    id: doc.id,
    account: String(doc.account),
    bankStatementId: String(doc.bankStatementId),
    fromDate: s(doc.fromDate),
    toDate: s(doc.toDate),
    fileName: String(doc.fileName ?? ''),
    readOn: String(doc.readOn),
    readBy: String(doc.readBy ?? ''),
    entries: n(doc.entries),
    credits: n(doc.credits),
    creditSum: n(doc.creditSum),
    matched: n(doc.matched),
    unmatched: n(doc.unmatched),
    confirmed: n(doc.confirmed),
    ignored: n(doc.ignored),
    confirmedSum: n(doc.confirmedSum),
    open: n(doc.open),
  };
}

const allocations = (v: unknown): StatementAllocationDto[] =>
  Array.isArray(v)
    ? v.map((a: Record<string, unknown>) => ({
        balanceId: String(a.balanceId),
        amount: n(a.amount),
        paymentId: s(a.paymentId),
      }))
    : [];

/** The statements read and their entries, always within the caller's cooperative. */
@Injectable()
export class BankStatementReads {
  constructor(
    private readonly reads: ReadModels,
    private readonly book: MatchingBookReads,
  ) {}

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<ReadDocument>> {
    return this.reads.list(BANK_STATEMENTS, cooperativeId, params, NEWEST_FIRST);
  }

  /**
   * A statement with one page of its entries (in the file's order unless `order_by` says otherwise) and how many match
   * (`entryTotal`); 404 for one of another cooperative, or none. The page is read as every list's: `offset`, `limit`
   * (at most MAX_LIMIT, else 400 before any read), `filter` (e.g. `state:unmatched`), `search`, `order_by` on the
   * entries' declared fields. Only the page's entries are read and mapped, and only their members looked up: a
   * statement of 20,000 entries was read, mapped and sent whole (17.6 MB; decision 317).
   */
  async detail(cooperativeId: string, id: string, params: ListParams = {}): Promise<BankStatementDetailDto> {
    const query = parseListQuery(BANK_STATEMENT_ENTRIES, params, cooperativeId, FILE_ORDER);
    const statement = await this.reads.get(BANK_STATEMENTS, cooperativeId, id, 'Bank statement');
    const page = await this.reads.query(BANK_STATEMENT_ENTRIES, cooperativeId, {
      ...query,
      filters: [{ field: 'statementId', op: 'eq', value: id }, ...(query.filters ?? [])],
    });
    const entries = page.items;
    const memberIds = entries
      .map((e) => s(e.confirmedMemberId) ?? s(e.memberId))
      .filter((m): m is string => m !== null);
    const members = await this.book.members(cooperativeId, memberIds);
    const entryList = entries.map((e): BankStatementEntryDto => {
      const memberId = s(e.confirmedMemberId) ?? s(e.memberId);
      const member = memberId === null ? undefined : members.get(memberId);
      const name = [member?.givenName, member?.name].filter((p) => p !== null && p !== undefined).join(' ');
      return {
        id: e.id,
        entryId: String(e.entryId),
        state: String(e.state),
        kind: String(e.kind),
        amount: n(e.amount),
        currency: String(e.currency ?? ''),
        bookingDate: String(e.bookingDate ?? ''),
        remittance: String(e.remittance ?? ''),
        partyName: s(e.partyName),
        partyIban: s(e.partyIban),
        bankReference: s(e.bankReference),
        endToEndId: s(e.endToEndId),
        memberId,
        memberNr: member?.memberNr ?? (typeof e.memberNr === 'number' ? e.memberNr : null),
        memberName: name,
        unmatched: e.state === 'unmatched' ? s(e.unmatched) : null,
        allocations: allocations(e.state === 'confirmed' ? e.payments : e.proposal),
      };
    });
    return { ...toStatementDto(statement), entryTotal: page.total, entryList };
  }
}
