import { businessToday, type MemberDto } from '@coop/contracts';
import type { ReadModels } from '../../platform/http/read-models.js';
import { memberDocuments } from './member-documents.js';
import { memberBy, toMemberDto } from './member.view.js';

/**
 * Which members a list as of a date holds (issue 26; GenG § 30, DOMAIN.md 9.1):
 * - `all`: every member who had joined by the date (declared and admitted: `memberBy`), an exit noticed by then shown
 *   with its date;
 * - `active`: of those, the members not exited by the end of the date;
 * - `withShares`: of the active ones, those holding at least one share on the date.
 */
export type MembersAsOfScope = 'all' | 'active' | 'withShares';

/** Members per batch handed to the caller (a file's builder). */
const BATCH = 1000;
/**
 * Documents per scan batch: each is parsed and turned into answers on the calling (API) thread, about 4 ms for 250
 * member documents with their postings; a batch of 1000 took 15-40 ms on the loaded machine and kept a read thread as
 * long, ahead of the list queries (bench/exports.js).
 */
const SCAN_BATCH = 250;

/** One turn of the event loop: a scan batch asked ahead is often already there, and `await` alone would not let other requests in. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function inScope(dto: MemberDto, scope: MembersAsOfScope): boolean {
  if (scope === 'all') return true;
  if (dto.exited) return false;
  return scope === 'active' || dto.shareAmount > 0;
}

/** The members a list as of a date holds, selected: how many, and the members in member-number order in batches. */
export interface MembersAsOf {
  readonly total: number;
  batches(): AsyncGenerator<MemberDto[]>;
}

/**
 * The members of a cooperative as they stood at the end of `date` (`toMemberDto` as of the date: the holding from the
 * postings dated up to it, an exit once noticed), in member-number order. One pass over the read model: each document is
 * read once and only the selected members' answers are kept (the documents with their posting lists are not), so the
 * count is known before the first batch (a task's progress) and nothing is read twice (bench/exports.js: two passes
 * took about twice as long on 100,000 members). The answers carry church data: callers leave it out.
 */
export async function selectMembersAsOf(
  reads: ReadModels,
  cooperativeId: string,
  date: string,
  scope: MembersAsOfScope,
  today: string = businessToday(),
): Promise<MembersAsOf> {
  const selected: MemberDto[] = [];
  for await (const batch of memberDocuments.scan(reads, cooperativeId, SCAN_BATCH)) {
    for (const doc of batch) {
      if (!memberBy(doc, date)) continue;
      const dto = toMemberDto(doc, today, date);
      if (inScope(dto, scope)) selected.push(dto);
    }
    await yieldToLoop();
  }
  const nr = (m: MemberDto): number => m.memberNr ?? Number.MAX_SAFE_INTEGER;
  selected.sort((a, b) => nr(a) - nr(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    total: selected.length,
    async *batches(): AsyncGenerator<MemberDto[]> {
      for (let i = 0; i < selected.length; i += BATCH) yield selected.slice(i, i + BATCH);
    },
  };
}

/** The selected members' batches (`selectMembersAsOf`), for callers that need no count. */
export async function* membersAsOf(
  reads: ReadModels,
  cooperativeId: string,
  date: string,
  scope: MembersAsOfScope,
  today: string = businessToday(),
): AsyncGenerator<MemberDto[]> {
  yield* (await selectMembersAsOf(reads, cooperativeId, date, scope, today)).batches();
}

/**
 * How many members `membersAsOf` would answer, or only whether more than `above` (for choosing between an answer at
 * once and a background task): the scan stops at the first member past `above`, so a large cooperative is not read
 * whole just to learn that it is large.
 */
export async function countMembersAsOf(
  reads: ReadModels,
  cooperativeId: string,
  date: string,
  scope: MembersAsOfScope,
  above: number = Number.MAX_SAFE_INTEGER,
  today: string = businessToday(),
): Promise<number> {
  let count = 0;
  for await (const batch of memberDocuments.scan(reads, cooperativeId, SCAN_BATCH)) {
    for (const doc of batch) if (memberBy(doc, date) && inScope(toMemberDto(doc, today, date), scope)) count += 1;
    if (count > above) return count;
    await yieldToLoop();
  }
  return count;
}
