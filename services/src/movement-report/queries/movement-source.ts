import { Injectable } from '@nestjs/common';
import { businessToday, type MovementReportDto } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { registerVersions } from '../../kernel/register-payments.js';
import { memberDocuments, sharesDay } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { balanceDocuments } from '../../share-ledger/index.js';
import { joinedOn } from '../../kernel/joining.js';
import {
  emptiedByTransfer,
  movesIn,
  MovementTally,
  paymentChanges,
  yearBounds,
  type MemberFacts,
  type PostingFacts,
} from '../domain/movement-figures.js';

/** Member documents per scan batch (each with its posting list), as the member lists read them (members-as-of.ts). */
const MEMBER_BATCH = 250;
/** Posting documents per scan batch. */
const POSTING_BATCH = 500;
/** Annulled postings looked up at once. */
const PEER_BATCH = 500;
/** The most postings of one member read to learn whether a transfer emptied its holding. */
const MEMBER_POSTINGS_MAX = 10_000;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The first and last year a report can be asked for. */
export interface ReportYears {
  readonly first: number;
  readonly last: number;
}

/**
 * Reads the register for the movement report (issue 45) from the read models, in two streamed passes of the
 * cooperative's documents (never all at once): the members (their dates, how they ended, their holding as of the
 * year's start and end from their posting lists) and the postings (type, date, effect, payment). Memory: one scan batch
 * (250 member or 500 posting documents) plus the annulations dated in the year and the members whose exit withdrew no
 * share (ids and a few numbers each), whatever the register's size. Time: linear in members plus postings.
 */
@Injectable()
export class MovementSource {
  constructor(private readonly reads: ReadModels) {}

  /** From the year of the cooperative's first posting (the current year when it has none) to the current year. */
  async years(cooperativeId: string, today: string = businessToday()): Promise<ReportYears> {
    const last = Number(today.slice(0, 4));
    const page = await balanceDocuments.query(this.reads, cooperativeId, {
      cooperativeId,
      sort: [{ field: 'date', direction: 'asc' }],
      limit: 1,
    });
    const date = page.items[0]?.date ?? '';
    const first = date !== '' ? Number(date.slice(0, 4)) : last;
    return { first: Math.min(first, last), last };
  }

  /** The statutes' liability per share in cents, or null (the cooperative's `liabilityPerShare`). */
  async liabilityPerShare(cooperativeId: string): Promise<number | null> {
    return (await ownCooperative(this.reads, cooperativeId)).liabilityPerShare;
  }

  async report(
    cooperativeId: string,
    year: number,
    years: ReportYears,
    today: string = businessToday(),
  ): Promise<MovementReportDto> {
    const tally = new MovementTally(year);
    const register = await this.countMembers(cooperativeId, year, tally);
    await this.countPostings(cooperativeId, year, tally);
    return tally.result({
      asOf: today,
      liabilityPerShare: await this.liabilityPerShare(cooperativeId),
      register,
      firstYear: years.first,
      lastYear: years.last,
    });
  }

  /** The members into the tally; answers the register's holdings at the start and end as the member lists show them. */
  private async countMembers(
    cooperativeId: string,
    year: number,
    tally: MovementTally,
  ): Promise<{ startShares: number; startCents: number; endShares: number; endCents: number }> {
    const { from, to, before } = yearBounds(year);
    const sums = { startShares: 0, startCents: 0, endShares: 0, endCents: 0 };
    // Exits of the year that withdrew no share: whether a transfer emptied the holding is read after the pass.
    const emptied: { memberId: string; exitId: string; facts: MemberFacts }[] = [];
    for await (const batch of memberDocuments.scan(this.reads, cooperativeId, MEMBER_BATCH)) {
      for (const doc of batch) {
        const postings = doc.postings ?? [];
        let endShares = 0;
        for (const p of postings) {
          // As the member lists count a holding as of a day (`holdingOn`): from the day the shares count.
          const day = sharesDay(p);
          if (day <= before) {
            sums.startShares += p.s;
            sums.startCents += p.a;
          }
          if (day <= to) {
            endShares += p.s;
            sums.endCents += p.a;
          }
        }
        sums.endShares += endShares;
        const exitDate = doc.exitDate;
        const exitId = doc.exitBalanceId;
        const facts: MemberFacts = {
          // Joined when declared and admitted (decision 314), as the member list as of a date counts.
          entryDate: joinedOn(doc.entryDate, doc.approvalDate),
          exitDate,
          exitReason: doc.exitReason,
          emptiedByTransfer: false,
          sharesAtEnd: endShares,
        };
        const exitPosting = exitId === null ? undefined : postings.find((p) => p.b === exitId);
        if (
          exitDate !== null &&
          exitDate >= from &&
          exitDate <= to &&
          exitPosting !== undefined &&
          exitPosting.s === 0 &&
          exitId !== null
        ) {
          emptied.push({ memberId: doc.id, exitId, facts });
        } else {
          tally.addMember(facts);
        }
      }
      await yieldToLoop();
    }
    for (const e of emptied)
      tally.addMember({
        ...e.facts,
        emptiedByTransfer: await this.emptiedByTransfer(cooperativeId, e.memberId, e.exitId),
      });
    return sums;
  }

  private async emptiedByTransfer(cooperativeId: string, memberId: string, exitId: string): Promise<boolean> {
    const page = await balanceDocuments.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'member', op: 'eq', value: memberId }],
      limit: MEMBER_POSTINGS_MAX,
    });
    return emptiedByTransfer(
      page.items.map((d) => ({ id: d.id, type: d.type, date: d.date, shares: d.shareAmount, annulated: d.annulated })),
      exitId,
    );
  }

  /**
   * Every posting into the tally, its payment dated by its register versions (decision 232); the annulations that move
   * in the year with the kind of the posting they annul.
   */
  private async countPostings(cooperativeId: string, year: number, tally: MovementTally): Promise<void> {
    const annulments: { peer: string; facts: PostingFacts }[] = [];
    for await (const batch of balanceDocuments.scan(this.reads, cooperativeId, POSTING_BATCH)) {
      for (const doc of batch) {
        const { date, rueckpfleinzahlung: paid } = doc;
        const facts: PostingFacts = {
          type: doc.type,
          originalType: null,
          date,
          sharesFrom: doc.sharesFrom,
          shares: doc.shareAmount,
          cents: doc.amount,
          paid,
          paidChanges: paymentChanges(date, registerVersions(doc.versions, paid)),
        };
        const peer = doc.annulPeer;
        if (facts.type === 5 && peer !== null && movesIn(facts, year)) annulments.push({ peer, facts });
        else tally.addPosting(facts);
      }
      await yieldToLoop();
    }
    for (let i = 0; i < annulments.length; i += PEER_BATCH) {
      const slice = annulments.slice(i, i + PEER_BATCH);
      const peers = await balanceDocuments.getMany(
        this.reads,
        cooperativeId,
        slice.map((a) => a.peer),
      );
      for (const a of slice) {
        const original = peers.get(a.peer);
        tally.addPosting({ ...a.facts, originalType: original === undefined ? null : original.type });
      }
    }
  }
}
