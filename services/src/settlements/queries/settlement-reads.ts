import { Injectable } from '@nestjs/common';
import {
  DEFAULT_SETTLEMENT_PERIOD_MONTHS,
  type LossShareDto,
  type ReadDocument,
  type SettlementDto,
  type SettlementTermsDto,
} from '@coop/contracts';
import { SETTLEMENT_MEMBERS, SETTLEMENT_TERMS } from '@coop/projections/settlements';
import { dividendClosures } from '../../dividend/index.js';
import { memberDocuments } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  holdingParts,
  payoutDeadline,
  settlementAmount,
  standing,
  type LossShareRule,
} from '../domain/settlement-amount.js';
import { settlementDocuments, type SettlementDocument } from './settlement-documents.js';

/** The most ends one year lists (a page the console shows whole; a cooperative's leavers of a year are far fewer). */
const YEAR_LIST_MAX = 10_000;

export interface SettlementTerms {
  readonly payoutPeriodMonths: number;
  readonly lossShares: ReadonlyMap<number, LossShareRule>;
}

function termsOf(doc: ReadDocument | undefined): SettlementTerms {
  const period =
    typeof doc?.payoutPeriodMonths === 'number' ? doc.payoutPeriodMonths : DEFAULT_SETTLEMENT_PERIOD_MONTHS;
  const lossShares = new Map<number, LossShareRule>();
  for (const [year, rule] of Object.entries((doc?.lossShares ?? {}) as Record<string, LossShareRule>)) {
    if (standing(rule)) lossShares.set(Number(year), rule);
  }
  return { payoutPeriodMonths: period, lossShares };
}

/**
 * An end to pay now: due once it has passed (a payout is dated after the end and not after today, so an end of today is
 * paid from tomorrow; decision 386), or paid with a top-up owed (decision 370).
 */
export function toPayNow(s: Pick<SettlementDto, 'status' | 'endDate' | 'owed'>, today: string): boolean {
  return (s.status === 'due' && s.endDate < today) || s.owed > 0;
}

/** The settlements' read side: the year's list with deadlines, amounts and flags, always within the caller's cooperative. */
@Injectable()
export class SettlementReads {
  constructor(private readonly reads: ReadModels) {}

  async terms(cooperativeId: string): Promise<SettlementTerms> {
    return termsOf((await this.reads.getMany(SETTLEMENT_TERMS, cooperativeId, [cooperativeId])).get(cooperativeId));
  }

  async termsDto(cooperativeId: string): Promise<SettlementTermsDto> {
    const terms = await this.terms(cooperativeId);
    const lossShares: LossShareDto[] = [...terms.lossShares]
      .sort(([a], [b]) => a - b)
      .map(([year, r]) => ({ year, ...r }));
    return { payoutPeriodMonths: terms.payoutPeriodMonths, lossShares };
  }

  /** The ends of `year` (by member number), or those of the ids given; `today` decides what is overdue. */
  async list(
    cooperativeId: string,
    today: string,
    select: { year: number } | { ids: readonly string[] },
  ): Promise<SettlementDto[]> {
    const docs =
      'year' in select
        ? (
            await settlementDocuments.query(this.reads, cooperativeId, {
              cooperativeId,
              filters: [{ field: 'year', op: 'eq', value: select.year }],
              sort: [
                { field: 'memberNr', direction: 'asc' },
                { field: 'endDate', direction: 'asc' },
              ],
              limit: YEAR_LIST_MAX,
            })
          ).items
        : [...(await settlementDocuments.getMany(this.reads, cooperativeId, select.ids)).values()];
    return this.dtos(cooperativeId, today, docs);
  }

  /** The member's ends and their settlements (member dashboard), by end date. */
  async ofMember(cooperativeId: string, memberId: string, today: string): Promise<SettlementDto[]> {
    const docs = (
      await settlementDocuments.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'memberId', op: 'eq', value: memberId }],
        sort: [{ field: 'endDate', direction: 'asc' }],
        limit: 100,
      })
    ).items;
    return this.dtos(cooperativeId, today, docs);
  }

  /**
   * Every end of the cooperative still to be paid (the dashboard, the reminder), oldest deadline first: the due ones,
   * and the paid ones whose holding rose after the payout so that a top-up is owed (decision 370).
   */
  async due(cooperativeId: string, today: string): Promise<SettlementDto[]> {
    const query = (field: string, value: string | boolean) =>
      settlementDocuments.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [{ field, op: 'eq', value }],
        sort: [{ field: 'endDate', direction: 'asc' }],
        limit: YEAR_LIST_MAX,
      });
    const [due, raised] = await Promise.all([query('status', 'due'), query('holdingRaised', true)]);
    const docs = [...due.items, ...raised.items.filter((d) => d.status === 'paid')].sort((a, b) =>
      a.endDate.localeCompare(b.endDate),
    );
    return (await this.dtos(cooperativeId, today, docs)).filter((s) => toPayNow(s, today));
  }

  private async dtos(
    cooperativeId: string,
    today: string,
    docs: readonly SettlementDocument[],
  ): Promise<SettlementDto[]> {
    const memberIds = docs.map((d) => d.memberId);
    const [terms, members, settlementMembers, closedYears] = await Promise.all([
      this.terms(cooperativeId),
      memberDocuments.getMany(this.reads, cooperativeId, memberIds),
      this.reads.getMany(SETTLEMENT_MEMBERS, cooperativeId, memberIds),
      this.closedYears(cooperativeId, [...new Set(docs.map((d) => d.year))]),
    ]);
    return docs.map((doc) => {
      const { memberId, year, endDate, holding, shares, reason, paidAfterEnd } = doc;
      const member = members.get(memberId);
      const paid = doc.status === 'paid';
      // The loss share is taken of the Geschäftsguthaben on the end's day; what came after is refunded (decision 414).
      const expected = settlementAmount({ holding, shares, paidAfterEnd }, terms.lossShares.get(year) ?? null);
      // Paid in all: the first payout and its top-ups (decision 370).
      const paidAmount = (doc.amount ?? 0) + doc.toppedUp;
      // A payout above what is due now: a payment on the end's shares returned or corrected after it (decision 321).
      const overpaid = paid && !doc.imported ? Math.max(0, paidAmount - expected.amount) : 0;
      // Below it: the holding rose after the payout (a payment before the end booked late, the register corrected
      // up); § 73 (2) GenG pays the whole Geschäftsguthaben, the rest is owed as a top-up (decision 370).
      const owed = paid && !doc.imported && !doc.annulled ? Math.max(0, expected.amount - paidAmount) : 0;
      const lastTopUp = doc.topUps.at(-1);
      const deadline = payoutDeadline(endDate, terms.payoutPeriodMonths);
      return {
        id: doc.id,
        memberId,
        memberNr: doc.memberNr ?? member?.memberNr ?? null,
        name: member?.name ?? '',
        givenName: member?.givenName ?? null,
        endBalanceId: doc.endBalanceId,
        reason,
        year,
        endDate,
        deadline,
        shares,
        holding,
        paidAfterEnd: holdingParts({ holding, paidAfterEnd }).late,
        lossShare: paid ? (lastTopUp?.lossShare ?? doc.lossShare ?? 0) : expected.lossShare,
        amount: paid ? paidAmount : expected.amount,
        status: paid ? 'paid' : 'due',
        overdue: (!paid || owed > 0) && today > deadline,
        payoutDate: paid ? doc.payoutDate : null,
        paidBy: paid ? doc.paidBy : null,
        heirsAccountNeeded: reason === 'death',
        heirsAccount: settlementMembers.get(memberId)?.heirsAccount === true,
        dividendOpen: !closedYears.has(year),
        imported: doc.imported,
        overpaid,
        owed,
        toppedUp: paid ? doc.toppedUp : 0,
        topUps: paid ? doc.topUps.map((u) => ({ payoutDate: u.payoutDate, amount: u.amount })) : [],
      };
    });
  }

  /**
   * The years among `years` whose dividend is closed (its closure pays the exit year's dividend): `dividendOpen` is its
   * negation, and the data-protection clean-up keeps a former member's church data while a year of its is open.
   */
  async closedYears(cooperativeId: string, years: readonly number[]): Promise<Set<number>> {
    if (years.length === 0) return new Set();
    const page = await dividendClosures.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'year', op: 'in', values: [...years] }],
      limit: years.length * 4,
    });
    return new Set(page.items.map((d) => d.year));
  }
}
