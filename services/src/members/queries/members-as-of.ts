import { businessToday, type MemberDto } from '@coop/contracts';
import { MEMBERS } from '@coop/projections';
import type { ReadModels } from '../../platform/http/read-models.js';
import { toMemberDto } from './member.view.js';

/**
 * Which members a list as of a date holds (issue 26; GenG § 30, DOMAIN.md 9.1):
 * - `all`: every member who had joined by the date, an exit noticed by then shown with its date;
 * - `active`: of those, the members not exited by the end of the date;
 * - `withShares`: of the active ones, those holding at least one share on the date.
 */
export type MembersAsOfScope = 'all' | 'active' | 'withShares';

const BATCH = 1000;

function inScope(dto: MemberDto, scope: MembersAsOfScope): boolean {
  if (scope === 'all') return true;
  if (dto.exited) return false;
  return scope === 'active' || dto.shareAmount > 0;
}

/**
 * The members of a cooperative as they stood at the end of `date` (`toMemberDto` as of the date: the holding from the
 * postings dated up to it, an exit once noticed), in member-number order, in batches. Two passes over the read model:
 * the first keeps only each selected member's id and number, the second reads them in order a batch at a time, so a
 * cooperative of 100,000 members is never held whole. The answers carry church data: callers leave it out.
 */
export async function* membersAsOf(
  reads: ReadModels,
  cooperativeId: string,
  date: string,
  scope: MembersAsOfScope,
  today: string = businessToday(),
): AsyncGenerator<MemberDto[]> {
  const selected: { id: string; memberNr: number }[] = [];
  for await (const batch of reads.scan(MEMBERS, cooperativeId, BATCH)) {
    for (const doc of batch) {
      if (typeof doc.entryDate !== 'string' || doc.entryDate > date) continue;
      if (inScope(toMemberDto(doc, today, date), scope)) selected.push({ id: doc.id, memberNr: typeof doc.memberNr === 'number' ? doc.memberNr : Number.MAX_SAFE_INTEGER });
    }
  }
  selected.sort((a, b) => a.memberNr - b.memberNr || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 0; i < selected.length; i += BATCH) {
    const ids = selected.slice(i, i + BATCH).map((s) => s.id);
    const docs = await reads.getMany(MEMBERS, cooperativeId, ids);
    const out: MemberDto[] = [];
    for (const id of ids) {
      const doc = docs.get(id);
      if (doc) out.push(toMemberDto(doc, today, date));
    }
    yield out;
  }
}

/** How many members `membersAsOf` would answer (for choosing between an answer at once and a background task). */
export async function countMembersAsOf(reads: ReadModels, cooperativeId: string, date: string, scope: MembersAsOfScope, today: string = businessToday()): Promise<number> {
  let count = 0;
  for await (const batch of reads.scan(MEMBERS, cooperativeId, BATCH)) {
    for (const doc of batch) if (typeof doc.entryDate === 'string' && doc.entryDate <= date && inScope(toMemberDto(doc, today, date), scope)) count += 1;
  }
  return count;
}
