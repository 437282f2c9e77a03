import { Injectable } from '@nestjs/common';
import { ownCooperative } from '../../cooperatives/index.js';
import { approvalNumberOf } from '../../elma-numbers/index.js';
import { dividendClosures, dividendResults, type DividendMemberDocument } from '../../dividend/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { requireClosed } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { completedTasks } from '../../tasks/index.js';
import { exemptionOrderDocuments, type ExemptionOrderDocument } from '../../tax-papers/index.js';
import type { JointOrderData, MemberData, PayoutFact, PersonData, ReportSource } from '../domain/fsak-records.js';

/** Documents read per query (keyset pages on the member number; ids per `getMany`). */
const PAGE = 2000;

/** The member's tax id: the one looked up, or the one entered by hand; a test id (starting with 0) only when no other. */
function taxIdOf(doc: MemberDocument): string | null {
  const ids = [doc.taxId, doc.manualTaxId].filter((id): id is string => id !== null);
  return ids.find((id) => !id.startsWith('0')) ?? ids[0] ?? null;
}

/** A member's document as the report reads it (erased personal data reads as absent). */
export function memberData(doc: MemberDocument): MemberData {
  const spouse: PersonData = {
    name: doc.spouseName,
    givenName: doc.spouseGivenName,
    birthDate: doc.spouseBirthDate,
    taxId: doc.spouseTaxId,
  };
  return {
    memberId: doc.id,
    memberNr: doc.memberNr ?? 0,
    name: doc.name,
    givenName: doc.givenName,
    birthDate: doc.birthDate,
    taxId: taxIdOf(doc),
    address: {
      street: doc.street,
      houseNumber: doc.streetHomeNumber,
      zipCode: doc.zipCode,
      city: doc.city,
      country: doc.country,
      foreign: doc.isForeign,
    },
    spouse,
    spouseMemberId: doc.spouse,
  };
}

/** A member's result in a closure as the report reads it. */
export function payoutFact(doc: DividendMemberDocument): PayoutFact {
  const order = doc.order;
  return {
    dividendId: doc.dividendId,
    memberId: doc.member,
    memberNr: doc.memberNr,
    exempt: doc.exemptions,
    basisOfTax: doc.basisOfTax,
    legalEntity: doc.isLegalEntity,
    order:
      order && typeof order.id === 'string'
        ? {
            id: order.id,
            joint: order.joint === true,
            holderId: typeof order.holderId === 'string' ? order.holderId : null,
          }
        : null,
  };
}

/** A closure: its id, year and payment date. */
export interface ClosureFacts {
  readonly dividendId: string;
  readonly year: number;
  readonly paymentDate: string;
  readonly paymentYear: number;
}

/** The reporting party as the cooperative's settings hold it. */
export interface ReportingParty {
  readonly name: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly taxNumber: string;
  /** The approval number of process fs, or null when the cooperative has none. */
  readonly elmaFs: string | null;
}

/** A completed FSA control report of the cooperative (a completed `fsak` task). */
export interface EarlierReport {
  readonly taskId: string;
  readonly dividendId: string | null;
  readonly year: number | null;
}

/** What the FSA control report reads, always within one cooperative: closures, payouts, members, orders, settings, earlier reports. */
@Injectable()
export class FsakSource {
  constructor(private readonly reads: ReadModels) {}

  /** The closure (another cooperative's or an unknown one: `NotFoundError('Dividend')`, 404 `dividendNotFound`). */
  async closure(cooperativeId: string, dividendId: string): Promise<ClosureFacts> {
    // A closure still being written (issue 40): the report waits for its end (409 `closureInProgress`).
    const doc = requireClosed(await dividendClosures.get(this.reads, cooperativeId, dividendId));
    return {
      dividendId,
      year: doc.year,
      paymentDate: doc.paymentDate,
      paymentYear: Number(doc.paymentDate.slice(0, 4)),
    };
  }

  /** Every closure paid in `paymentYear` (all dividends paid in a calendar year are reported together). */
  async closuresPaidIn(cooperativeId: string, paymentYear: number): Promise<string[]> {
    const page = await dividendClosures.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'paymentDate', op: 'range', gte: `${paymentYear}-01-01`, lte: `${paymentYear}-12-31` }],
      sort: [{ field: 'paymentDate', direction: 'asc' }],
      limit: 1000,
    });
    // A report of the year with a closure still being written would miss its payouts: refused until its end (issue 40).
    return page.items.map((d) => requireClosed(d).id);
  }

  /** The payouts, members and joint orders the report of `paymentYear` is built from. */
  async reportSource(cooperativeId: string, paymentYear: number): Promise<ReportSource> {
    const payouts: PayoutFact[] = [];
    for (const dividendId of await this.closuresPaidIn(cooperativeId, paymentYear)) {
      for (const doc of await this.results(cooperativeId, dividendId)) {
        const fact = payoutFact(doc);
        if (fact.exempt > 0) payouts.push(fact);
      }
    }
    const jointIds = [...new Set(payouts.flatMap((p) => (p.order?.joint ? [p.order.id] : [])))];
    const jointOrders = new Map<string, JointOrderData>();
    for (const [id, doc] of await this.orders(cooperativeId, jointIds)) {
      jointOrders.set(id, { holderId: doc.member, spouseMemberId: doc.spouse });
    }
    const memberIds = new Set<string>(payouts.map((p) => p.memberId));
    for (const order of jointOrders.values()) {
      memberIds.add(order.holderId);
      if (order.spouseMemberId !== null) memberIds.add(order.spouseMemberId);
    }
    for (const p of payouts) if (p.order?.holderId) memberIds.add(p.order.holderId);
    const members = new Map<string, MemberData>();
    for (const [id, doc] of await this.members(cooperativeId, [...memberIds])) members.set(id, memberData(doc));
    // The spouses the holders' master data link (a joint order naming no spouse member): their own records.
    const linked = [...members.values()].flatMap((m) =>
      m.spouseMemberId !== null && !members.has(m.spouseMemberId) ? [m.spouseMemberId] : [],
    );
    for (const [id, doc] of await this.members(cooperativeId, [...new Set(linked)])) members.set(id, memberData(doc));
    const { allowTestTaxIds } = await ownCooperative(this.reads, cooperativeId);
    return { payouts, members, jointOrders, allowTestTaxIds };
  }

  async reportingParty(cooperativeId: string): Promise<ReportingParty> {
    const coop = await ownCooperative(this.reads, cooperativeId);
    return {
      name: coop.fullName || coop.name,
      address: coop.address,
      zip: coop.zip,
      city: coop.city,
      taxNumber: coop.taxId,
      elmaFs: await this.elmaFs(cooperativeId),
    };
  }

  /** The cooperative's approval number of process fs, or null. */
  async elmaFs(cooperativeId: string): Promise<string | null> {
    const fs = await approvalNumberOf(this.reads, cooperativeId, 'fs');
    return fs !== undefined && fs.elmaNumber !== '' ? fs.elmaNumber : null;
  }

  /** The cooperative's completed FSA control reports, oldest first. */
  async completedReports(cooperativeId: string): Promise<EarlierReport[]> {
    return (await completedTasks(this.reads, cooperativeId, 'fsak')).map(({ taskId, params }) => ({
      taskId,
      dividendId: params.dividendId ?? null,
      year: params.year ?? null,
    }));
  }

  /** A closure's member results, in keyset pages on the member number. */
  private async results(cooperativeId: string, dividendId: string): Promise<DividendMemberDocument[]> {
    const docs: DividendMemberDocument[] = [];
    for (let from = 0; ;) {
      const page = await dividendResults.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: dividendId },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: PAGE,
      });
      for (const item of page.items) docs.push(item);
      if (page.items.length < PAGE) return docs;
      from = page.items[page.items.length - 1]!.memberNr + 1;
    }
  }

  /** The members of these ids, PAGE at a time. */
  private async members(cooperativeId: string, ids: readonly string[]): Promise<Map<string, MemberDocument>> {
    const found = new Map<string, MemberDocument>();
    for (let i = 0; i < ids.length; i += PAGE) {
      for (const [id, doc] of await memberDocuments.getMany(this.reads, cooperativeId, ids.slice(i, i + PAGE)))
        found.set(id, doc);
    }
    return found;
  }

  /** The exemption orders of these ids, PAGE at a time (the tax papers' reader). */
  private async orders(cooperativeId: string, ids: readonly string[]): Promise<Map<string, ExemptionOrderDocument>> {
    const found = new Map<string, ExemptionOrderDocument>();
    for (let i = 0; i < ids.length; i += PAGE) {
      for (const [id, doc] of await exemptionOrderDocuments.getMany(this.reads, cooperativeId, ids.slice(i, i + PAGE)))
        found.set(id, doc);
    }
    return found;
  }
}
