import { Injectable } from '@nestjs/common';
import { dividendSettingsOf, type ReadDocument } from '@coop/contracts';
import {
  COOPERATIVES,
  DIVIDEND_MEMBERS,
  DIVIDENDS,
  ELMA_NUMBERS,
  EXEMPTION_ORDERS,
  MEMBERS,
  TASKS,
} from '@coop/projections';
import { requireClosed } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { JointOrderData, MemberData, PayoutFact, PersonData, ReportSource } from '../domain/fsak-records.js';

/** Documents read per query (keyset pages on the member number; ids per `getMany`). */
const PAGE = 2000;

const text = (doc: ReadDocument | undefined, field: string): string | null => {
  const v = doc?.[field];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

/** The member's tax id: the one looked up, or the one entered by hand; a test id (starting with 0) only when no other. */
function taxIdOf(doc: ReadDocument | undefined): string | null {
  const ids = [text(doc, 'taxId'), text(doc, 'manualTaxId')].filter((id): id is string => id !== null);
  return ids.find((id) => !id.startsWith('0')) ?? ids[0] ?? null;
}

/** A member's document as the report reads it (erased personal data reads as absent). */
export function memberData(doc: ReadDocument): MemberData {
  const spouse: PersonData = {
    name: text(doc, 'spouseName'),
    givenName: text(doc, 'spouseGivenName'),
    birthDate: text(doc, 'spouseBirthDate'),
    taxId: text(doc, 'spouseTaxId'),
  };
  return {
    memberId: doc.id,
    memberNr: typeof doc.memberNr === 'number' ? doc.memberNr : 0,
    name: text(doc, 'name'),
    givenName: text(doc, 'givenName'),
    birthDate: text(doc, 'birthDate'),
    taxId: taxIdOf(doc),
    address: {
      street: text(doc, 'street'),
      houseNumber: text(doc, 'streetHomeNumber'),
      zipCode: text(doc, 'zipCode'),
      city: text(doc, 'city'),
      country: text(doc, 'country'),
      foreign: doc.isForeign === true,
    },
    spouse,
    spouseMemberId: text(doc, 'spouse'),
  };
}

/** A member's result in a closure as the report reads it. */
export function payoutFact(doc: ReadDocument): PayoutFact {
  const order = doc.order as { id?: unknown; joint?: unknown; holderId?: unknown } | null | undefined;
  return {
    dividendId: String(doc.dividendId),
    memberId: String(doc.member),
    memberNr: Number(doc.memberNr),
    exempt: typeof doc.exemptions === 'number' ? doc.exemptions : 0,
    basisOfTax: String(doc.basisOfTax ?? ''),
    legalEntity: doc.isLegalEntity === true,
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
    const doc = requireClosed(await this.reads.get(DIVIDENDS, cooperativeId, dividendId, 'Dividend'));
    const paymentDate = String(doc.paymentDate);
    return { dividendId, year: Number(doc.year), paymentDate, paymentYear: Number(paymentDate.slice(0, 4)) };
  }

  /** Every closure paid in `paymentYear` (all dividends paid in a calendar year are reported together). */
  async closuresPaidIn(cooperativeId: string, paymentYear: number): Promise<string[]> {
    const page = await this.reads.query(DIVIDENDS, cooperativeId, {
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
    for (const [id, doc] of await this.many(EXEMPTION_ORDERS, cooperativeId, jointIds)) {
      jointOrders.set(id, { holderId: String(doc.member), spouseMemberId: text(doc, 'spouse') });
    }
    const memberIds = new Set<string>(payouts.map((p) => p.memberId));
    for (const order of jointOrders.values()) {
      memberIds.add(order.holderId);
      if (order.spouseMemberId !== null) memberIds.add(order.spouseMemberId);
    }
    for (const p of payouts) if (p.order?.holderId) memberIds.add(p.order.holderId);
    const members = new Map<string, MemberData>();
    for (const [id, doc] of await this.many(MEMBERS, cooperativeId, [...memberIds])) members.set(id, memberData(doc));
    // The spouses the holders' master data link (a joint order naming no spouse member): their own records.
    const linked = [...members.values()].flatMap((m) =>
      m.spouseMemberId !== null && !members.has(m.spouseMemberId) ? [m.spouseMemberId] : [],
    );
    for (const [id, doc] of await this.many(MEMBERS, cooperativeId, [...new Set(linked)]))
      members.set(id, memberData(doc));
    const { allowTestTaxIds } = dividendSettingsOf(
      await this.reads.get(COOPERATIVES, cooperativeId, cooperativeId, 'Cooperative'),
    );
    return { payouts, members, jointOrders, allowTestTaxIds };
  }

  async reportingParty(cooperativeId: string): Promise<ReportingParty> {
    const coop = await this.reads.get(COOPERATIVES, cooperativeId, cooperativeId, 'Cooperative');
    return {
      name: text(coop, 'fullName') ?? text(coop, 'name') ?? '',
      address: text(coop, 'address') ?? '',
      zip: text(coop, 'zip') ?? '',
      city: text(coop, 'city') ?? '',
      taxNumber: text(coop, 'taxId') ?? '',
      elmaFs: await this.elmaFs(cooperativeId),
    };
  }

  /** The cooperative's approval number of process fs, or null. */
  async elmaFs(cooperativeId: string): Promise<string | null> {
    const page = await this.reads.query(ELMA_NUMBERS, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'elmaProcess', op: 'eq', value: 'fs' }],
      sort: [{ field: 'createdAt', direction: 'desc' }],
      limit: 1,
    });
    return text(page.items[0], 'elmaNumber');
  }

  /** The cooperative's completed FSA control reports, oldest first. */
  async completedReports(cooperativeId: string): Promise<EarlierReport[]> {
    const page = await this.reads.query(TASKS, cooperativeId, {
      cooperativeId,
      filters: [
        { field: 'kind', op: 'eq', value: 'fsak' },
        { field: 'state', op: 'eq', value: 'completed' },
      ],
      sort: [{ field: 'queuedAt', direction: 'asc' }],
      limit: 1000,
    });
    return page.items.map((doc) => {
      const params = (doc.params ?? {}) as Record<string, unknown>;
      return {
        taskId: doc.id,
        dividendId: typeof params.dividendId === 'string' ? params.dividendId : null,
        year: typeof params.year === 'number' ? params.year : null,
      };
    });
  }

  /** A closure's member results, in keyset pages on the member number. */
  private async results(cooperativeId: string, dividendId: string): Promise<ReadDocument[]> {
    const docs: ReadDocument[] = [];
    for (let from = 0; ;) {
      const page = await this.reads.query(DIVIDEND_MEMBERS, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: dividendId },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: PAGE,
      });
      docs.push(...page.items);
      if (page.items.length < PAGE) return docs;
      from = Number(page.items[page.items.length - 1]!.memberNr) + 1;
    }
  }

  private async many(
    spec: typeof MEMBERS,
    cooperativeId: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument>> {
    const found = new Map<string, ReadDocument>();
    for (let i = 0; i < ids.length; i += PAGE) {
      for (const [id, doc] of await this.reads.getMany(spec, cooperativeId, ids.slice(i, i + PAGE))) found.set(id, doc);
    }
    return found;
  }
}
