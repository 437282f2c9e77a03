import { Injectable } from '@nestjs/common';
import { churchName, fieldError, ValidationError } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import {
  dividendClosures,
  dividendResults,
  closuresPaidOn,
  taxReturnOf,
  type DividendClosureDocument,
  type DividendMemberDocument,
} from '../../dividend/index.js';
import { heirsLines, recipientLines } from '../../member-pdfs/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { requireClosed } from '../../platform/commands/require-closed.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { CertificateData, CertificateIssuer } from '../render/tax-certificate-pdf.js';
import type { TaxReturnData } from '../render/tax-return.js';

/** Documents read per query (keyset pages on the member number; ids per `getMany`). */
const PAGE = 2000;

/** A member's result in a closure as the certificate reads it, without the version (decided by the issue register). */
export type CertificateFacts = Omit<CertificateData, 'version'>;

/** What the tax documents read, always within one cooperative: the closure, its member results, the members, the cooperative. */
@Injectable()
export class TaxDocumentsSource {
  constructor(private readonly reads: ReadModels) {}

  /** The closure's document (another cooperative's or an unknown one: `NotFoundError('Dividend')`, 404 `dividendNotFound`). */
  async closure(cooperativeId: string, dividendId: string): Promise<DividendClosureDocument> {
    // A closure still being written (issue 40): its certificates and return wait for its end (409 `closureInProgress`).
    return requireClosed(await dividendClosures.get(this.reads, cooperativeId, dividendId));
  }

  async issuer(cooperativeId: string): Promise<CertificateIssuer> {
    const coop = await ownCooperative(this.reads, cooperativeId);
    return {
      name: coop.fullName || coop.name,
      address: coop.address,
      zip: coop.zip,
      city: coop.city,
      taxNumber: coop.taxId,
      taxOffice: coop.taxOffice,
    };
  }

  /**
   * The return of the closure's payment day: as the closure recorded it when it is the day's only one; every closure
   * paid on that day made into one return otherwise (decision 376: one return, its KapESt cut to euros once).
   */
  async taxReturn(cooperativeId: string, closure: DividendClosureDocument): Promise<TaxReturnData> {
    const issuer = await this.issuer(cooperativeId);
    const closures = await closuresPaidOn(this.reads, cooperativeId, closure.paymentDate);
    const closedAt = [closure, ...closures].reduce<string | null>(
      (last, c) => (c.closedAt !== null && (last === null || c.closedAt > last) ? c.closedAt : last),
      null,
    );
    const head = { cooperative: issuer.name, taxNumber: issuer.taxNumber, paymentDate: closure.paymentDate, closedAt };
    if (closures.length <= 1)
      return {
        ...head,
        years: [closure.year],
        ...closure.taxReturn,
        churchTaxes: closure.singleChurchTax.map((c) => ({
          churchId: c.churchId,
          name: churchName(c.churchId),
          cents: c.amount,
        })),
      };
    const s = await taxReturnOf(this.reads, cooperativeId, closures);
    return {
      ...head,
      years: closures.map((c) => c.year),
      row31BaseEuros: s.row31.baseEuros,
      row31KapestEuros: s.row31.kapestEuros,
      row32BaseEuros: s.row32.baseEuros,
      row32KapestEuros: s.row32.kapestEuros,
      row33BaseEuros: s.row33.baseEuros,
      row34SoliCents: s.row34.soliCents,
      kapestDueEuros: s.kapestDueEuros,
      churchTaxes: s.churchTaxes.map((c) => ({ churchId: c.churchId, name: churchName(c.churchId), cents: c.cents })),
    };
  }

  /**
   * Each member's certificate facts of the closure (or of `memberId` only), by member number. An erased member (issue
   * 27) is issued none: the creditor is gone from the records, so its certificate named nobody and the register
   * recorded an issue nobody could receive. Asked for by id (one certificate, a correction): 400 `memberErased`, as
   * every write for an erased member is (decision 362); in the closure's file it is left out, and a closure whose
   * members were all erased has no file: 400 `taxCertificatesAllErased` (a PDF without a page is no document).
   */
  async certificates(cooperativeId: string, dividendId: string, memberId: string | null): Promise<CertificateFacts[]> {
    const results = await this.results(cooperativeId, dividendId, memberId);
    const members = await this.many(
      cooperativeId,
      results.map((r) => r.member),
    );
    const living = results.filter((r) => members.get(r.member)?.erased !== true);
    if (memberId !== null && living.length < results.length)
      throw new ValidationError([fieldError(null, 'memberErased')]);
    if (memberId === null && results.length > 0 && living.length === 0)
      throw new ValidationError([fieldError(null, 'taxCertificatesAllErased')]);
    return living.map((r) => certificateFacts(r, members.get(r.member)));
  }

  private async results(
    cooperativeId: string,
    dividendId: string,
    memberId: string | null,
  ): Promise<DividendMemberDocument[]> {
    const docs: DividendMemberDocument[] = [];
    for (let from = 0; ;) {
      const page = await dividendResults.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: dividendId },
          ...(memberId !== null ? [{ field: 'member', op: 'eq' as const, value: memberId }] : []),
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

  private async many(cooperativeId: string, ids: readonly string[]): Promise<Map<string, MemberDocument>> {
    const found = new Map<string, MemberDocument>();
    for (let i = 0; i < ids.length; i += PAGE) {
      for (const [id, doc] of await memberDocuments.getMany(this.reads, cooperativeId, ids.slice(i, i + PAGE)))
        found.set(id, doc);
    }
    return found;
  }
}

/**
 * A member's certificate facts from its result in the closure and its document of the members' list. A payout to the
 * heirs (the member died before the payment, taxed as theirs) is certified to them, the creditors of the income: "Erben
 * nach …" in the body and at the head of the address (DOMAIN.md 9.1: "give the heirs a certificate"; decision 342).
 */
export function certificateFacts(r: DividendMemberDocument, m: MemberDocument | undefined): CertificateFacts {
  const name = [m?.givenName, m?.name].filter(Boolean).join(' ');
  const heirs = r.basisOfTax === 'heirs';
  // The address block every letter to a member prints (a minor's legal representative, the country abroad; the heirs
  // of a member whose death is recorded).
  return {
    memberId: r.member,
    memberNr: r.memberNr,
    name: heirs ? `Erben nach ${name}` : name,
    address: heirs ? heirsLines(m) : recipientLines(m),
    year: r.year,
    paymentDate: r.paymentDate,
    gross: r.dividend,
    exempt: r.exemptions,
    kapest: r.dividendTax,
    soli: r.solidarityTax,
    churchTax: r.churchTax,
    churchName: r.churchId !== null && r.churchTax > 0 ? churchName(r.churchId) : null,
    basisOfTax: r.basisOfTax || 'standard',
    // Issue 45: what of the net was credited to the Geschäftsguthaben (a result before it: none, the payout was the
    // net; readDividendMember).
    net: r.netAmount,
    credited: r.creditedAmount,
  };
}
