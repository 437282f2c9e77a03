import { Injectable } from '@nestjs/common';
import { businessToday, type MemberDto, type Sort } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import {
  dividendClosures,
  dividendResults,
  type DividendClosureDocument,
  type DividendMemberDocument,
} from '../../dividend/index.js';
import { isClosing } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  countMembersAsOf,
  memberDocuments,
  selectMembersAsOf,
  toMemberDto,
  type MembersAsOf,
  type MembersAsOfScope,
} from '../../members/index.js';
import { settlementDocuments, type SettlementDocument } from '../../settlements/reads.js';
import { balanceDocuments } from '../../share-ledger/index.js';
import type { PdfIssuer } from '../render/pdf-frame.js';
import type { Statement, StatementDividend, StatementSettlement } from '../render/statement-pdf.js';
import { statementLines } from './statement-lines.js';

export { POSTING_WORDS, postingWords, statementLines } from './statement-lines.js';

/*
 * What the member PDFs read (issue 26), from the projections only: the members as of the date (`membersAsOf` of the
 * members area), each member's postings (the member document's `postings`: balance id, date, signed shares and cents;
 * the posting's kind and its register payment with its dated versions through the share ledger's `balanceDocuments`,
 * folded into lines by `statement-lines.ts`), the closures the member was paid in (the dividend
 * area's `dividendClosures` and `dividendResults`), and the settlements paid by the date (the settlements area's
 * `settlementDocuments`, issue 42).
 */

/** A settlement's end in the statement's words (the settlements area's reasons). */
export const SETTLEMENT_REASON_WORDS: Readonly<Record<string, string>> = {
  exit: 'Kündigung',
  partial: 'Teilkündigung',
  exclusion: 'Ausschluss',
  death: 'Tod',
  dissolution: 'Auflösung',
};

/** The most settlements read for one member (a member has one per end; a handful over a lifetime). */
const SETTLEMENTS_PER_MEMBER = 50;

/**
 * The settlements of the read model paid by `date` (payout day on or before it), by member id, in end order. A
 * settlement paid after the date, or reversed (due again), is not on the statement.
 */
export function statementSettlements(
  docs: readonly SettlementDocument[],
  date: string,
): Map<string, StatementSettlement[]> {
  const out = new Map<string, StatementSettlement[]>();
  const paid = docs.flatMap((d) =>
    d.status === 'paid' && d.payoutDate !== null && d.payoutDate <= date ? [{ ...d, payoutDate: d.payoutDate }] : [],
  );
  paid.sort((x, y) => (x.endDate < y.endDate ? -1 : x.endDate > y.endDate ? 1 : x.payoutDate < y.payoutDate ? -1 : 1));
  for (const d of paid) {
    const list = out.get(d.memberId) ?? [];
    list.push({
      endDate: d.endDate,
      reason: SETTLEMENT_REASON_WORDS[d.reason] ?? d.reason,
      holding: d.holding,
      lossShare: d.lossShare ?? 0,
      amount: d.amount ?? 0,
      payoutDate: d.payoutDate,
      heirs: d.heirs,
    });
    out.set(d.memberId, list);
  }
  return out;
}

/** The closures are read this many at a time. */
const CLOSURE_PAGE = 500;

/** How many of a member's latest closures a statement shows. */
export const DIVIDENDS_SHOWN = 3;

@Injectable()
export class MemberPdfSource {
  constructor(private readonly reads: ReadModels) {}

  /** The cooperative's name and address for the header. */
  async issuer(cooperativeId: string): Promise<PdfIssuer> {
    const coop = await ownCooperative(this.reads, cooperativeId);
    return { name: coop.fullName || coop.name, address: coop.address, zip: coop.zip, city: coop.city };
  }

  /** The cooperative's short name for file names. */
  async slug(cooperativeId: string): Promise<string> {
    const coop = await ownCooperative(this.reads, cooperativeId);
    return fileSlug(coop.name || coop.fullName || cooperativeId);
  }

  /** How many members of the scope, or only whether more than `above` (the scan stops past it). */
  count(cooperativeId: string, date: string, scope: MembersAsOfScope, above?: number): Promise<number> {
    return countMembersAsOf(this.reads, cooperativeId, date, scope, above);
  }

  /** The members of the scope as of the date: their number, then the members in batches (one read of the members). */
  members(cooperativeId: string, date: string, scope: MembersAsOfScope): Promise<MembersAsOf> {
    return selectMembersAsOf(this.reads, cooperativeId, date, scope);
  }

  /** One member as of the date (404 `memberNotFound` for a member of another cooperative or none). */
  async member(cooperativeId: string, memberId: string, date: string): Promise<MemberDto> {
    return toMemberDto(await memberDocuments.get(this.reads, cooperativeId, memberId), businessToday(), date);
  }

  /** The statements of the given members (one member, or the active members as of the date), a batch at a time. */
  async *statements(
    cooperativeId: string,
    date: string,
    members: AsyncIterable<MemberDto[]>,
  ): AsyncGenerator<Statement[]> {
    const closures = await this.closuresUpTo(cooperativeId, date);
    for await (const batch of members) yield this.statementBatch(cooperativeId, date, batch, closures);
  }

  private async statementBatch(
    cooperativeId: string,
    date: string,
    members: readonly MemberDto[],
    closures: readonly DividendClosureDocument[],
  ): Promise<Statement[]> {
    const docs = await memberDocuments.getMany(
      this.reads,
      cooperativeId,
      members.map((m) => m.id),
    );
    const balanceIds = [...docs.values()].flatMap((d) => (d.postings ?? []).filter((p) => p.d <= date).map((p) => p.b));
    const balances = await balanceDocuments.getMany(this.reads, cooperativeId, balanceIds);
    const paidIds = closures.flatMap((c) => members.map((m) => `${c.id}:${m.id}`));
    const paid =
      paidIds.length > 0
        ? await dividendResults.getMany(this.reads, cooperativeId, paidIds)
        : new Map<string, DividendMemberDocument>();
    const settled =
      members.length > 0
        ? (
            await settlementDocuments.query(this.reads, cooperativeId, {
              cooperativeId,
              filters: [
                { field: 'memberId', op: 'in', values: members.map((m) => m.id) },
                { field: 'status', op: 'eq', value: 'paid' },
              ],
              limit: members.length * SETTLEMENTS_PER_MEMBER,
            })
          ).items
        : [];
    const settlements = statementSettlements(settled, date);
    return members.map((member) => {
      const doc = docs.get(member.id);
      const lines = doc ? statementLines(doc, date, balances) : [];
      const dividends: StatementDividend[] = [];
      for (const c of closures) {
        const d = paid.get(`${c.id}:${member.id}`);
        if (!d) continue;
        dividends.push({
          year: d.year,
          gross: d.amount,
          taxes: d.dividendTax + d.solidarityTax + d.churchTax,
          credited: d.creditedAmount,
          net: d.paymentAmount,
        });
        if (dividends.length === DIVIDENDS_SHOWN) break;
      }
      return {
        member,
        lines,
        shares: member.shareAmount,
        cents: member.shareTotalEUR,
        dividends,
        settlements: settlements.get(member.id) ?? [],
      };
    });
  }

  /** The cooperative's closures paid by the date, the latest year first (the dividend area's `dividendClosures`). */
  private async closuresUpTo(cooperativeId: string, date: string): Promise<DividendClosureDocument[]> {
    const out: DividendClosureDocument[] = [];
    const sort = [
      { field: 'year', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ] as const satisfies readonly Sort[];
    for await (const page of dividendClosures.queryPages(this.reads, cooperativeId, { sort: [...sort] }, CLOSURE_PAGE))
      for (const c of page) {
        // A closure still being written (issue 40) is shown on no statement until its end.
        if (!isClosing(c) && c.paymentDate !== '' && c.paymentDate <= date) out.push(c);
      }
    return out;
  }
}

/** One member as a selection of one. */
export function oneMember(member: MemberDto): MembersAsOf {
  return {
    total: 1,
    async *batches(): AsyncGenerator<MemberDto[]> {
      yield [member];
    },
  };
}

/** A cooperative's name as a file name part: lower case, ASCII letters and digits joined by `-`. */
export function fileSlug(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, 40) || 'genossenschaft';
}
