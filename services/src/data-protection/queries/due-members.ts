import { Injectable } from '@nestjs/common';
import { MEMBER_CHURCH_FIELDS, type ErasedMember, type Filter } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { dividendResults } from '../../dividend/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { TypedReads } from '../../platform/http/typed-reads.js';
import { SettlementReads } from '../../settlements/index.js';
import { balanceDocuments } from '../../share-ledger/index.js';
import { exemptionOrderDocuments, nonAssessmentDocuments } from '../../tax-papers/index.js';
import { churchDataDecision, openDividendYears } from '../domain/church-due-rule.js';
import { retentionDecision, type RetentionFacts } from '../domain/due-rule.js';

/** A member due for the clean-up, with what the list shows. */
export interface DueMember {
  readonly doc: MemberDocument;
  readonly exitDate: string;
  readonly dueFrom: string;
}

const PAGE = 500;

/**
 * Who is due for the clean-up (issue 27), from read models only: the members whose exit lies far enough back (an
 * indexed range on `memberUntil`), each checked by the due rule with its postings (the member document), its dividends
 * (`dividend_members`), its exemption orders and non-assessment certificates, and its hold flag.
 */
@Injectable()
export class DueMembers {
  constructor(
    private readonly reads: ReadModels,
    private readonly settlements: SettlementReads,
  ) {}

  /** The cooperative's retention period in years (its `retentionYears`, 10 when never set). */
  async retentionYears(cooperativeId: string): Promise<number> {
    return (await ownCooperative(this.reads, cooperativeId)).retentionYears;
  }

  /** The members due on `today`, by member number. */
  async due(cooperativeId: string, today: string, years: number): Promise<DueMember[]> {
    // Due from 1 January of (last relevant year + years + 1), and the last relevant year is never before the exit's.
    const latestExit = `${String(Number(today.slice(0, 4)) - years - 1).padStart(4, '0')}-12-31`;
    const candidates = await this.members(cooperativeId, [
      { field: 'memberUntil', op: 'range', lte: latestExit },
      { field: 'memberType', op: 'in', values: [0, 1, 3] },
    ]);
    const out: DueMember[] = [];
    for (const doc of candidates) {
      const decision = retentionDecision(await this.facts(cooperativeId, doc, today), today, years);
      if (decision.due) out.push({ doc, exitDate: doc.exitDate ?? '', dueFrom: decision.dueFrom });
    }
    return out.sort((a, b) => (a.doc.memberNr ?? 0) - (b.doc.memberNr ?? 0));
  }

  /**
   * The former members whose church data is due on `today` (church-due-rule.ts), by member number, among those the
   * `members` document still shows church data of or whose church key `sealsChurch` says still opens some.
   */
  async churchDue(
    cooperativeId: string,
    today: string,
    sealsChurch: (memberId: string) => Promise<boolean>,
  ): Promise<DueMember[]> {
    const candidates = await this.members(cooperativeId, [
      { field: 'memberUntil', op: 'range', lte: today },
      { field: 'memberType', op: 'in', values: [0, 1, 3] },
    ]);
    const out: DueMember[] = [];
    for (const doc of candidates) {
      if (!showsChurchData(doc) && !(await sealsChurch(doc.id))) continue;
      const facts = await this.facts(cooperativeId, doc, today);
      const decision = churchDataDecision(
        { ...facts, openDividendYears: await this.openDividendYears(cooperativeId, doc, today) },
        today,
      );
      if (decision.due) out.push({ doc, exitDate: doc.exitDate ?? '', dueFrom: decision.dueFrom });
    }
    return out.sort((a, b) => (a.doc.memberNr ?? 0) - (b.doc.memberNr ?? 0));
  }

  /**
   * The years the former member held shares in, up to its exit year, whose dividend is not closed yet (decision 354):
   * closed as the settlements' `dividendOpen` reads it (SettlementReads.closedYears), from its first posting's year.
   */
  private async openDividendYears(cooperativeId: string, doc: MemberDocument, today: string): Promise<number[]> {
    const exitYear = Number((doc.exitDate ?? today).slice(0, 4));
    const first = (doc.postings ?? []).reduce((min, p) => (p.d < min ? p.d : min), doc.exitDate ?? today);
    const firstYear = Number(first.slice(0, 4));
    // The years after the exit too: a closure of a later year says the cooperative closes its years in the product.
    const years: number[] = [];
    for (let y = firstYear; y <= Math.max(exitYear, Number(today.slice(0, 4))); y++) years.push(y);
    return openDividendYears(firstYear, exitYear, await this.settlements.closedYears(cooperativeId, years));
  }

  /** The rule's facts of one member document. */
  async facts(cooperativeId: string, doc: MemberDocument, today: string): Promise<RetentionFacts> {
    const postings = doc.postings ?? [];
    const ofMember: Filter[] = [{ field: 'member', op: 'eq', value: doc.id }];
    const dividends = await this.all(dividendResults, cooperativeId, ofMember);
    const orders = await this.all(exemptionOrderDocuments, cooperativeId, ofMember);
    const certificates = await this.all(nonAssessmentDocuments, cooperativeId, ofMember);
    // The settlements of the member's ends (issue 42) as the settlements' list reads them: what was paid, and what is
    // still owed (a top-up after the holding rose, decision 370).
    const settlements = await this.settlements.ofMember(cooperativeId, doc.id, today);
    return {
      exitDate: doc.exitDate,
      shareAmount: doc.shareAmount,
      shareTotalEUR: doc.shareTotalEUR,
      lastPostingDate: latest(postings.map((p) => p.d)),
      lastDividendDate: latest(dividends.map((d) => (d.paymentDate === '' ? null : d.paymentDate))),
      // The member's exemption orders and non-assessment certificates: issued and valid until (§ 44a EStG: kept). Tax
      // certificates are issued for a closure's dividends and have no read model: the dividend's payment date counts.
      lastTaxDocumentDate: latest([...orders, ...certificates].flatMap((d) => [d.date || null, d.endDate || null])),
      // The latest payout: the first one's day or a top-up's, each a payment to the member booked in its year.
      settlementPaidOn: latest(
        settlements.flatMap((d) => (d.status === 'paid' ? [d.payoutDate, ...d.topUps.map((u) => u.payoutDate)] : [])),
      ),
      // Open: an end the product records whose settlement is not paid (never paid, or its payout reversed), or paid with
      // a top-up still owed (decision 370): the member is still owed it (decision 353). Only a member with no settlement
      // document at all has no recorded settlement: then the legal deadline stands in for its payout (decision 177).
      settlementOpen: settlements.some((d) => d.status !== 'paid' || d.owed > 0),
      held: doc.retentionHold,
      erased: doc.erased,
    };
  }

  /** The read-model documents that hold the member's personal data, by id (the erasure event names them). */
  async documentsOf(cooperativeId: string, due: DueMember): Promise<ErasedMember> {
    const id = due.doc.id;
    const ids = async (docs: TypedReads<{ readonly id: string }>, field: string): Promise<string[]> =>
      (await this.all(docs, cooperativeId, [{ field, op: 'eq', value: id }])).map((d) => d.id);
    return {
      memberId: id,
      memberNr: due.doc.memberNr,
      exitDate: due.exitDate,
      dueFrom: due.dueFrom,
      balances: await ids(balanceDocuments, 'member'),
      exemptionOrders: await ids(exemptionOrderDocuments, 'member'),
      nonAssessments: await ids(nonAssessmentDocuments, 'member'),
      dividendRows: await ids(dividendResults, 'member'),
      spouseOfMembers: (await this.members(cooperativeId, [{ field: 'spouse', op: 'eq', value: id }]))
        .map((d) => d.id)
        .filter((other) => other !== id),
      spouseOfExemptionOrders: await ids(exemptionOrderDocuments, 'spouse'),
    };
  }

  /** Every document of the cooperative matching `filters`, as its owner's typed document, read page by page in id order. */
  private async all<T>(docs: TypedReads<T>, cooperativeId: string, filters: readonly Filter[]): Promise<T[]> {
    const out: T[] = [];
    const query = { filters: [...filters], sort: [{ field: 'id', direction: 'asc' as const }] };
    for await (const page of docs.queryPages(this.reads, cooperativeId, query, PAGE)) for (const d of page) out.push(d);
    return out;
  }

  /** Every member of the cooperative matching `filters` (the members area's typed documents). */
  private members(cooperativeId: string, filters: readonly Filter[]): Promise<MemberDocument[]> {
    return this.all(memberDocuments, cooperativeId, filters);
  }
}

/** True while the member document shows church data (church id, rate, `kiSt`, `kiStSatz`). */
export function showsChurchData(doc: MemberDocument): boolean {
  return MEMBER_CHURCH_FIELDS.some((f) => doc[f] !== null);
}

function latest(dates: readonly (string | null)[]): string | null {
  let max: string | null = null;
  for (const d of dates) if (d !== null && (max === null || d > max)) max = d;
  return max;
}
