import { Injectable } from '@nestjs/common';
import { ownDebitsOf, type OwnDebit } from '../../direct-debits/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { businessToday } from '@coop/contracts';
import { owedOnFilter, shareDues, type ShareDueDocument } from '../../share-payments/index.js';
import type { MatchingBook } from '../domain/match-entries.js';
import type { OutstandingDue } from '../domain/proposal.js';

/** Values per `in` query (the read stores bind each as a parameter). */
const CHUNK = 500;
/** The most subscriptions one member has outstanding that the matching reads (a member holds a few). */
const DUES_PER_MEMBER_MAX = 1000;

const chunks = <T>(values: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) => values.slice(i * CHUNK, (i + 1) * CHUNK));

export function dueOf(due: ShareDueDocument): OutstandingDue {
  return { balanceId: due.id, date: due.date, dueSince: due.dueSince, outstanding: due.outstanding };
}

/**
 * What the matching reads, always within the caller's cooperative: members by number (`members`) and their outstanding
 * subscriptions (`share_dues`, the payments on shares' read model).
 */
@Injectable()
export class MatchingBookReads {
  constructor(private readonly reads: ReadModels) {}

  async book(cooperativeId: string, numbers: readonly number[], endToEndIds: readonly string[]): Promise<MatchingBook> {
    const memberIdOf = new Map<number, string>();
    for (const values of chunks([...new Set(numbers)])) {
      const page = await memberDocuments.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'memberNr', op: 'in', values }],
        limit: values.length * 2,
      });
      for (const doc of page.items) if (doc.memberNr !== null) memberIdOf.set(doc.memberNr, doc.id);
    }
    return {
      memberIdOf,
      duesOf: await this.dues(cooperativeId, [...new Set(memberIdOf.values())]),
      ownDebits: await this.ownDebits(cooperativeId, endToEndIds),
    };
  }

  /** The cooperative's own collected debits among `endToEndIds` (the direct debits' read model, decision 352). */
  ownDebits(cooperativeId: string, endToEndIds: readonly string[]): Promise<Map<string, OwnDebit>> {
    return ownDebitsOf(this.reads, cooperativeId, [...new Set(endToEndIds)]);
  }

  /** The outstanding subscriptions of `memberIds`, by member. */
  async dues(cooperativeId: string, memberIds: readonly string[]): Promise<Map<string, OutstandingDue[]>> {
    const duesOf = new Map<string, OutstandingDue[]>();
    for (const values of chunks(memberIds)) {
      const page = await shareDues.query(this.reads, cooperativeId, {
        cooperativeId,
        // What is owed today: not a leaver's dues once its end took effect (decision 269).
        filters: [{ field: 'member', op: 'in', values }, owedOnFilter(businessToday())],
        limit: values.length * DUES_PER_MEMBER_MAX,
      });
      for (const doc of page.items) {
        if (!(doc.outstanding > 0)) continue;
        duesOf.set(doc.member, [...(duesOf.get(doc.member) ?? []), dueOf(doc)]);
      }
    }
    return duesOf;
  }

  /** Names and numbers of members (the entries' table). */
  async members(cooperativeId: string, memberIds: readonly string[]): Promise<Map<string, MemberDocument>> {
    const found = new Map<string, MemberDocument>();
    for (const ids of chunks([...new Set(memberIds)]))
      for (const [id, doc] of await memberDocuments.getMany(this.reads, cooperativeId, ids)) found.set(id, doc);
    return found;
  }
}
