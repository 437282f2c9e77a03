import { memberNumberStream, memberNumberSequenceStream, memberStream, type MemberNumberEvent } from '@coop/contracts';
import { initialMemberState } from '../../kernel/member-stream.js';
import {
  memberDecider,
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  type MemberMasterInput,
} from '../../members/index.js';
import type { ImportRow } from '../import-types.js';
import { postingRecorded } from './posting-checks.js';
import { dateValue, numberValue, type ImportedMember, type ReplayRun } from './replay-run.js';
import { attempt, importProblem, type FieldSources } from './row-problems.js';

/** Fields of the members sheet that are not master data (the number, the spouse's number, today's holding). */
const NOT_MASTER = new Set(['memberNr', 'spouseMemberNr', 'shareAmount', 'capital']);
/** The request's fields as the members sheet names them. */
const MEMBER_FIELDS = { spouse: 'spouseMemberNr' } as const;

/**
 * Admits the members of the members sheet, in order of entry (ties: the file's order), each with its given member
 * number as the console does (`ClaimMemberNumber` on the number's stream, `RecordGivenMemberNumber` on the sequence)
 * and its master data read with the API's request class (memberDecider). A number already taken in the cooperative
 * or twice in the file is a problem; `admissions` are the postings sheet's type-0 rows by member number.
 */
export function* admitMembers(
  run: ReplayRun,
  rows: readonly ImportRow[],
  admissions: ReadonlyMap<number, ImportRow>,
): Generator<void, void> {
  const first = new Map<number, ImportRow>();
  const candidates: { row: ImportRow; nr: number; entry: string; i: number }[] = [];
  for (const row of rows) {
    const nr = numberValue(row, 'memberNr');
    // An empty or unreadable number is the files part's problem (mustNotBeEmpty, invalidNumber).
    if (nr === null) continue;
    run.listed.add(nr);
    const earlier = first.get(nr);
    if (earlier !== undefined) {
      run.problems.push(importProblem(row, 'memberNr', 'importMemberNrTwice', String(nr), String(earlier.row)));
      continue;
    }
    first.set(nr, row);
    if (run.ctx.takenMemberNrs.has(nr)) {
      run.problems.push(importProblem(row, 'memberNr', 'importMemberNrTaken', String(nr)));
      continue;
    }
    candidates.push({ row, nr, entry: dateValue(row, 'entryDate') ?? '', i: candidates.length });
  }
  candidates.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : a.i - b.i));
  /** Members who named a spouse not yet admitted, by that spouse's number. */
  const waiting = new Map<number, ImportedMember>();
  for (const { row, nr } of candidates) {
    admit(run, row, nr, admissions.get(nr), waiting);
    yield;
  }
}

function admit(
  run: ReplayRun,
  row: ImportRow,
  nr: number,
  posting: ImportRow | undefined,
  waiting: Map<number, ImportedMember>,
): void {
  const { cooperativeId, terms } = run.ctx;
  const memberId = run.newId();
  const balanceId = run.newId();
  const master: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.values)) if (!NOT_MASTER.has(key)) master[key] = value;
  // Registers rarely keep the kind of membership and the office: a joiner without one.
  master.memberType ??= 1;
  master.position ??= 0;
  const sources: Record<string, { row: ImportRow; field: string }> = {};
  let shareAmount: number | null = numberValue(row, 'shareAmount');
  if (posting !== undefined) {
    // The admission's shares and dates are its type-0 posting's (the members sheet's where the posting has none).
    shareAmount = numberValue(posting, 'quantity');
    sources.shareAmount = { row: posting, field: 'quantity' };
    for (const field of ['approvalDate', 'interestBegin'] as const) {
      const date = dateValue(posting, field);
      if (date === null) continue;
      master[field] = date;
      sources[field] = { row: posting, field };
    }
    const entry = dateValue(row, 'entryDate');
    const dated = dateValue(posting, 'date');
    // The subscription is dated on the entry date.
    if (entry !== null && dated !== null && dated !== entry)
      run.problems.push(importProblem(posting, 'date', 'importEffectiveDateDiffers', dated, entry));
  }
  const entryDate = master.entryDate;
  if ((master.interestBegin ?? null) === null && typeof entryDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(entryDate))
    master.interestBegin = run.interestBeginFor(entryDate);

  // The spouse: the later admitted names the earlier, who is then changed to name the later (as the demo does).
  const spouseNr = numberValue(row, 'spouseMemberNr');
  let partner: ImportedMember | undefined;
  if (spouseNr === nr) master.spouse = memberId;
  else if (spouseNr !== null) {
    partner = run.members.get(spouseNr);
    if (partner === undefined && !run.listed.has(spouseNr))
      run.problems.push(importProblem(row, 'spouseMemberNr', 'importMemberUnknown', String(spouseNr)));
  }
  partner ??= waiting.get(nr);
  if (partner !== undefined && (partner.state.master?.spouse ?? null) === null) master.spouse = partner.id;
  else partner = undefined;

  const fieldSources: FieldSources = { fallback: row, names: MEMBER_FIELDS, rows: sources };
  const claim = attempt(
    () =>
      memberNumberClaimDecider.decide(
        { type: 'ClaimMemberNumber', cooperativeId, memberId, memberNr: nr },
        memberNumberClaimDecider.initialState(),
      ),
    fieldSources,
    run.problems,
  );
  const admitted = attempt(
    () =>
      memberDecider.decide(
        {
          type: 'AdmitMember',
          memberId,
          cooperativeId,
          memberNr: nr,
          master: master as MemberMasterInput,
          shareAmount: shareAmount as number,
          balanceId,
          terms,
          closedThrough: run.ctx.closedThrough ?? null,
        },
        initialMemberState,
      ),
    fieldSources,
    run.problems,
  );
  if (claim === undefined || admitted === undefined) return;
  const member: ImportedMember = {
    nr,
    id: memberId,
    streamId: memberStream(memberId),
    row,
    state: initialMemberState,
    revision: -1,
    postingRows: 0,
  };
  run.commit(member, admitted);
  run.members.set(nr, member);
  run.byId.set(memberId, member);
  recordNumber(run, memberId, nr, claim);
  if (posting !== undefined) {
    member.postingRows += 1;
    postingRecorded(run, posting, member, balanceId);
  }
  if (spouseNr !== null && spouseNr !== nr && partner === undefined && !run.members.has(spouseNr))
    waiting.set(spouseNr, member);
  if (partner !== undefined) {
    const linked = partner;
    const changed = attempt(
      () =>
        run.decide(linked, {
          type: 'ChangeMemberData',
          memberId: linked.id,
          cooperativeId,
          master: { ...linked.state.master!, spouse: memberId },
        }),
      { fallback: linked.row, names: MEMBER_FIELDS },
      run.problems,
    );
    if (changed) run.commit(linked, changed);
  }
}

/** The member number's claim stream (new) and the sequence moved past a higher number. */
function recordNumber(run: ReplayRun, memberId: string, nr: number, claim: MemberNumberEvent[]): void {
  const { cooperativeId } = run.ctx;
  run.record({ streamId: memberNumberStream(cooperativeId, nr), expected: -1, events: claim });
  const seq = memberNumberSequenceDecider.decide(
    { type: 'RecordGivenMemberNumber', cooperativeId, memberId, memberNr: nr },
    run.sequence.state,
  );
  if (seq.length === 0) return;
  run.record({ streamId: memberNumberSequenceStream(cooperativeId), expected: run.sequence.revision, events: seq });
  run.sequence = {
    state: seq.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e), run.sequence.state),
    revision: run.sequence.revision + seq.length,
  };
}
