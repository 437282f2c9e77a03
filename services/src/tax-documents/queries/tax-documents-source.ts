import { Injectable } from '@nestjs/common';
import { churchName, type ReadDocument } from '@coop/contracts';
import { COOPERATIVES, DIVIDEND_MEMBERS, DIVIDENDS, MEMBERS } from '@coop/projections';
import { requireClosed } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { CertificateData, CertificateIssuer } from '../render/tax-certificate-pdf.js';
import type { TaxReturnData } from '../render/tax-return.js';

/** Documents read per query (keyset pages on the member number; ids per `getMany`). */
const PAGE = 2000;

const text = (doc: ReadDocument | undefined, field: string): string => {
  const v = doc?.[field];
  return typeof v === 'string' ? v.trim() : '';
};
const cents = (doc: ReadDocument, field: string): number =>
  typeof doc[field] === 'number' ? (doc[field] as number) : 0;

/** A member's result in a closure as the certificate reads it, without the version (decided by the issue register). */
export type CertificateFacts = Omit<CertificateData, 'version'>;

/** What the tax documents read, always within one cooperative: the closure, its member results, the members, the cooperative. */
@Injectable()
export class TaxDocumentsSource {
  constructor(private readonly reads: ReadModels) {}

  /** The closure's document (another cooperative's or an unknown one: `NotFoundError('Dividend')`, 404 `dividendNotFound`). */
  async closure(cooperativeId: string, dividendId: string): Promise<ReadDocument> {
    // A closure still being written (issue 40): its certificates and return wait for its end (409 `closureInProgress`).
    return requireClosed(await this.reads.get(DIVIDENDS, cooperativeId, dividendId, 'Dividend'));
  }

  async issuer(cooperativeId: string): Promise<CertificateIssuer> {
    const coop = await this.reads.get(COOPERATIVES, cooperativeId, cooperativeId, 'Cooperative');
    const taxNumber = text(coop, 'taxId');
    return {
      name: text(coop, 'fullName') || text(coop, 'name'),
      address: text(coop, 'address'),
      zip: text(coop, 'zip'),
      city: text(coop, 'city'),
      taxNumber,
      taxOffice: text(coop, 'taxOffice'),
    };
  }

  /** The return of the closure's payment day as the closure recorded it. */
  async taxReturn(cooperativeId: string, closure: ReadDocument): Promise<TaxReturnData> {
    const issuer = await this.issuer(cooperativeId);
    const r = (closure.taxReturn ?? {}) as Record<string, number>;
    const churches = (closure.singleChurchTax ?? []) as { churchId: string; amount: number }[];
    return {
      cooperative: issuer.name,
      taxNumber: issuer.taxNumber,
      year: Number(closure.year),
      paymentDate: String(closure.paymentDate),
      row31BaseEuros: r.row31BaseEuros ?? 0,
      row31KapestEuros: r.row31KapestEuros ?? 0,
      row32BaseEuros: r.row32BaseEuros ?? 0,
      row32KapestEuros: r.row32KapestEuros ?? 0,
      row33BaseEuros: r.row33BaseEuros ?? 0,
      row34SoliCents: r.row34SoliCents ?? 0,
      kapestDueEuros: r.kapestDueEuros ?? 0,
      churchTaxes: churches.map((c) => ({ churchId: c.churchId, name: churchName(c.churchId), cents: c.amount })),
    };
  }

  /** Each member's certificate facts of the closure (or of `memberId` only), by member number. */
  async certificates(cooperativeId: string, dividendId: string, memberId: string | null): Promise<CertificateFacts[]> {
    const results = await this.results(cooperativeId, dividendId, memberId);
    const members = await this.many(
      cooperativeId,
      results.map((r) => String(r.member)),
    );
    return results.map((r) => {
      const m = members.get(String(r.member));
      const name = [text(m, 'givenName'), text(m, 'name')].filter((s) => s !== '').join(' ');
      const churchId = typeof r.churchId === 'string' && r.churchId !== '' ? r.churchId : null;
      return {
        memberId: String(r.member),
        memberNr: Number(r.memberNr),
        name,
        street: [text(m, 'street'), text(m, 'streetHomeNumber')].filter((s) => s !== '').join(' '),
        zipCity: [text(m, 'zipCode'), text(m, 'city')].filter((s) => s !== '').join(' '),
        year: Number(r.year),
        paymentDate: String(r.paymentDate),
        gross: cents(r, 'dividend'),
        exempt: cents(r, 'exemptions'),
        kapest: cents(r, 'dividendTax'),
        soli: cents(r, 'solidarityTax'),
        churchTax: cents(r, 'churchTax'),
        churchName: churchId !== null && cents(r, 'churchTax') > 0 ? churchName(churchId) : null,
        basisOfTax: String(r.basisOfTax ?? 'standard'),
        // Issue 45: what of the net was credited to the Geschäftsguthaben (a result before it: none, the payout was the net).
        net: typeof r.netAmount === 'number' ? r.netAmount : cents(r, 'paymentAmount'),
        credited: cents(r, 'creditedAmount'),
      };
    });
  }

  private async results(cooperativeId: string, dividendId: string, memberId: string | null): Promise<ReadDocument[]> {
    const docs: ReadDocument[] = [];
    for (let from = 0; ;) {
      const page = await this.reads.query(DIVIDEND_MEMBERS, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: dividendId },
          ...(memberId !== null ? [{ field: 'member', op: 'eq' as const, value: memberId }] : []),
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

  private async many(cooperativeId: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    const found = new Map<string, ReadDocument>();
    for (let i = 0; i < ids.length; i += PAGE) {
      for (const [id, doc] of await this.reads.getMany(MEMBERS, cooperativeId, ids.slice(i, i + PAGE)))
        found.set(id, doc);
    }
    return found;
  }
}
