import { Injectable } from '@nestjs/common';
import type { HistoryDividend, MemberDividendDto, MemberHistoryEntry } from '@coop/contracts';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  dividendClosures,
  dividendResults,
  type DividendClosureDocument,
  type DividendMemberDocument,
} from '../../dividend/index.js';

/*
 * A member's dividends (issue 23), from the read model `dividend_members` (one document per member and closure, written
 * by the dividend area's projector: the fields of `DividendMemberDto` with `year`, `paymentDate` and `dividendId`) and,
 * for the history, the closure (`closedAt`, `closedBy`), both through the dividend area's readers (`dividendResults`,
 * `dividendClosures`).
 */

/** The member dashboard's line of one closure: gross, exemptions, the three taxes and the net payout (cents). */
export function toMemberDividendDto(doc: DividendMemberDocument): MemberDividendDto {
  return {
    dividendId: doc.dividendId,
    year: doc.year,
    paymentDate: doc.paymentDate,
    amount: doc.amount,
    exemptions: doc.exemptions,
    dividendTax: doc.dividendTax,
    solidarityTax: doc.solidarityTax,
    churchTax: doc.churchTax,
    paymentAmount: doc.paymentAmount,
  };
}

/** The history's account of one closure: the dashboard's line with the exemption order's allowance before and after. */
export function toHistoryDividend(doc: DividendMemberDocument): HistoryDividend {
  return {
    ...toMemberDividendDto(doc),
    allowanceVolume: doc.allowanceVolume,
    allowanceBefore: doc.allowanceBefore,
    allowanceAfter: doc.allowanceAfter,
  };
}

/** The dashboard's order: the latest year first (a year is closed once; its payment date breaks no tie). */
export function byYearDescending(docs: readonly DividendMemberDocument[]): DividendMemberDocument[] {
  return [...docs].sort((a, b) => b.year - a.year || b.paymentDate.localeCompare(a.paymentDate));
}

/**
 * The member's history with one `DividendMemberPaid` entry per closure the member was paid in, each at its closure's
 * place in the log (its document's position), recorded when and by whom the closure was (`closures` by dividend id).
 * It follows the member's stream entry before it: that entry's revision and holding (a dividend changes no holding).
 */
export function withDividendEntries(
  entries: readonly MemberHistoryEntry[],
  paid: readonly DividendMemberDocument[],
  closures: ReadonlyMap<string, DividendClosureDocument>,
): MemberHistoryEntry[] {
  const dividends = [...paid].sort((a, b) => compare(a.position, b.position));
  const out: MemberHistoryEntry[] = [];
  let next = 0;
  const addDividendsBefore = (position: string | undefined): void => {
    while (next < dividends.length && (position === undefined || compare(dividends[next]!.position, position) < 0)) {
      const doc = dividends[next++]!;
      const before = out[out.length - 1];
      const closure = closures.get(doc.dividendId);
      out.push({
        position: doc.position,
        revision: before?.revision ?? -1,
        type: 'DividendMemberPaid',
        timestamp: closure?.closedAt ?? '',
        user: closure?.closedBy ?? '',
        dividend: toHistoryDividend(doc),
        shareAmountAfter: before?.shareAmountAfter ?? 0,
        shareTotalAfter: before?.shareTotalAfter ?? 0,
      });
    }
  };
  for (const entry of entries) {
    addDividendsBefore(entry.position);
    out.push(entry);
  }
  addDividendsBefore(undefined);
  return out;
}

/** Log positions are bigints written as decimal strings. */
function compare(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The member's payouts of closures that have finished: a closure written in steps (issue 40) is `closing` until its
 * `DividendYearClosed`, and its payouts already written are not yet the member's dividend (the closure is not whole;
 * it shows as closing on the dividend screen), as `DividendReads` reads the status.
 */
export function ofFinishedClosures(
  paid: readonly DividendMemberDocument[],
  closures: ReadonlyMap<string, DividendClosureDocument>,
): DividendMemberDocument[] {
  return paid.filter((doc) => {
    const closure = closures.get(doc.dividendId);
    return closure !== undefined && closure.status !== 'closing';
  });
}

/** A member's results are read this many at a time (one per closure: a page is most of a century). */
const PAGE = 500;

/** Reads a member's dividends; only read models, always within the caller's cooperative. Exported for the member dashboard. */
@Injectable()
export class MemberDividendReads {
  constructor(private readonly reads: ReadModels) {}

  /** Every finished closure the member was paid in (one document each), the latest year first, with the closures. */
  async paidTo(
    cooperativeId: string,
    memberId: string,
  ): Promise<{ paid: DividendMemberDocument[]; closures: ReadonlyMap<string, DividendClosureDocument> }> {
    const out: DividendMemberDocument[] = [];
    const pages = dividendResults.queryPages(
      this.reads,
      cooperativeId,
      {
        filters: [{ field: 'member', op: 'eq', value: memberId }],
        sort: [
          { field: 'year', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
      },
      PAGE,
    );
    for await (const page of pages) for (const item of page) out.push(item);
    if (out.length === 0) return { paid: [], closures: new Map() };
    const ids = [...new Set(out.map((d) => d.dividendId))];
    const closures = await dividendClosures.getMany(this.reads, cooperativeId, ids);
    return { paid: byYearDescending(ofFinishedClosures(out, closures)), closures };
  }

  /** The member dashboard's `dividends`. */
  async dashboard(cooperativeId: string, memberId: string): Promise<MemberDividendDto[]> {
    return (await this.paidTo(cooperativeId, memberId)).paid.map(toMemberDividendDto);
  }

  /** The member's history entries (from the member's stream) with the dividend entries of finished closures among them. */
  async history(
    cooperativeId: string,
    memberId: string,
    entries: readonly MemberHistoryEntry[],
  ): Promise<MemberHistoryEntry[]> {
    const { paid, closures } = await this.paidTo(cooperativeId, memberId);
    if (paid.length === 0) return [...entries];
    return withDividendEntries(entries, paid, closures);
  }
}
