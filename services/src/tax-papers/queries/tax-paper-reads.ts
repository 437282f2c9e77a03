import { Injectable } from '@nestjs/common';
import {
  fieldError,
  LIST_FILTER_TERMS_MAX,
  ValidationError,
  type CollectionSpec,
  type ExemptionOrderDto,
  type FieldError,
  type Filter,
  type NonAssessmentDto,
  type ReadPage,
  type ReadQuery,
  type Sort,
} from '@coop/contracts';
import { EXEMPTION_ORDERS, NON_ASSESSMENTS } from '@coop/projections/tax-papers';
import { businessToday, previousDay } from '@coop/contracts';
import { MemberReads, type MemberDocument } from '../../members/index.js';
import { oneText, parseListQuery, withinTerms, type ListParams } from '../../platform/http/list-query.js';
import type { TypedReads } from '../../platform/http/typed-reads.js';
import {
  exemptionOrderDocuments,
  nonAssessmentDocuments,
  type ExemptionOrderDocument,
  type NonAssessmentDocument,
} from './tax-paper-documents.js';
import { toExemptionOrderDto, toNonAssessmentDto } from './tax-paper.view.js';

/** A member's papers are read this many at a time. */
const PAGE = 1000;

/** SPEC.md section 9: exemption orders and non-assessments sort by member. */
export const TAX_PAPERS_DEFAULT_SORT: readonly Sort[] = [
  { field: 'memberName', direction: 'asc' },
  { field: 'memberNr', direction: 'asc' },
  { field: 'startDate', direction: 'asc' },
];

/**
 * `state:active` / `state:inactive` (derived, not stored) become a range on `activeUntil` (the end date,
 * or `9999-12-31`): active when it is today or later. Both values together filter nothing. A repeated `filter` reads as
 * its terms joined, as the list's own parse reads it; the state terms count toward the list's limit of terms (they
 * were left out of it, and a thousand of them made a query SQLite refused: a 500).
 */
function stateFilter(params: ListParams, today: string): { params: ListParams; filters: Filter[] } {
  const raw = oneText(params.filter) ?? '';
  if (raw === '') return { params, filters: [] };
  const errors: FieldError[] = [];
  if (!withinTerms('filter', raw, LIST_FILTER_TERMS_MAX, errors)) throw new ValidationError(errors);
  const parts = raw.split(',');
  const rest: string[] = [];
  const filters: Filter[] = [];
  for (const part of parts) {
    const m = /^\s*state:(.*)$/.exec(part);
    if (!m) {
      rest.push(part);
      continue;
    }
    const values = new Set(m[1]!.split(';').map((v) => v.trim()));
    for (const v of values)
      if (v !== 'active' && v !== 'inactive') throw new ValidationError([fieldError('filter', 'invalidChoice', v)]);
    if (values.has('active') && !values.has('inactive'))
      filters.push({ field: 'activeUntil', op: 'range', gte: today });
    if (values.has('inactive') && !values.has('active'))
      filters.push({ field: 'activeUntil', op: 'range', lte: previousDay(today) });
  }
  return { params: { ...params, filter: rest.join(',') }, filters };
}

/** Read side of the tax papers: read models only, always within the caller's cooperative. */
@Injectable()
export class TaxPaperReads {
  constructor(readonly members: MemberReads) {}

  /** A page of the exemption orders as `GET /exemptionorders` lists them (with the derived `state` filter). */
  async exemptionOrderPage(cooperativeId: string, params: ListParams): Promise<ReadPage<ExemptionOrderDocument>> {
    const query = this.listQuery(EXEMPTION_ORDERS, cooperativeId, params);
    return exemptionOrderDocuments.query(this.members.reads, cooperativeId, query);
  }

  /** A page of the certificates as `GET /nonassessments` lists them (with the derived `state` filter). */
  async nonAssessmentPage(cooperativeId: string, params: ListParams): Promise<ReadPage<NonAssessmentDocument>> {
    const query = this.listQuery(NON_ASSESSMENTS, cooperativeId, params);
    return nonAssessmentDocuments.query(this.members.reads, cooperativeId, query);
  }

  private listQuery(spec: CollectionSpec, cooperativeId: string, params: ListParams): ReadQuery {
    const { params: rest, filters } = stateFilter(params, businessToday());
    const query = parseListQuery(spec, rest, cooperativeId, TAX_PAPERS_DEFAULT_SORT);
    return { ...query, filters: [...(query.filters ?? []), ...filters] };
  }

  /**
   * The member documents named by the papers (member and spouse), for the names shown, and the spouses the members'
   * master data link (a joint order's spouse tax id is the spouse member's own: issue 39/43).
   */
  private async people(
    cooperativeId: string,
    docs: readonly (ExemptionOrderDocument | NonAssessmentDocument)[],
  ): Promise<Map<string, MemberDocument>> {
    const people = await this.members.membersById(
      cooperativeId,
      docs.flatMap((d) => ('spouse' in d && d.spouse !== null ? [d.member, d.spouse] : [d.member])),
    );
    const linked = [...people.values()].flatMap((m) => (m.spouse !== null && !people.has(m.spouse) ? [m.spouse] : []));
    if (linked.length === 0) return people;
    for (const [id, doc] of await this.members.membersById(cooperativeId, [...new Set(linked)])) people.set(id, doc);
    return people;
  }

  async exemptionOrderDtos(
    cooperativeId: string,
    docs: readonly ExemptionOrderDocument[],
  ): Promise<ExemptionOrderDto[]> {
    const people = await this.people(cooperativeId, docs);
    const today = businessToday();
    return docs.map((d) => toExemptionOrderDto(d, people, today));
  }

  async nonAssessmentDtos(cooperativeId: string, docs: readonly NonAssessmentDocument[]): Promise<NonAssessmentDto[]> {
    const people = await this.people(cooperativeId, docs);
    const today = businessToday();
    return docs.map((d) => toNonAssessmentDto(d, people, today));
  }

  /** Every paper of one member in `papers`, by start date. */
  async ofMember<T>(papers: TypedReads<T>, cooperativeId: string, memberId: string): Promise<T[]> {
    const out: T[] = [];
    const pages = papers.queryPages(
      this.members.reads,
      cooperativeId,
      {
        filters: [{ field: 'member', op: 'eq', value: memberId }],
        sort: [
          { field: 'startDate', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      },
      PAGE,
    );
    for await (const page of pages) for (const item of page) out.push(item);
    return out;
  }

  async memberExemptionOrders(cooperativeId: string, memberId: string): Promise<ExemptionOrderDto[]> {
    return this.exemptionOrderDtos(
      cooperativeId,
      await this.ofMember(exemptionOrderDocuments, cooperativeId, memberId),
    );
  }

  async memberNonAssessments(cooperativeId: string, memberId: string): Promise<NonAssessmentDto[]> {
    return this.nonAssessmentDtos(cooperativeId, await this.ofMember(nonAssessmentDocuments, cooperativeId, memberId));
  }
}
