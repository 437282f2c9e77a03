import { deathReason, membershipEndDate, type MemberEvent } from '@coop/contracts';
import { transferCounterpartToAnnul } from '../../share-ledger/index.js';
import type { ImportRow } from '../import-types.js';
import { LEDGER_FIELDS, postingRecorded } from './posting-checks.js';
import { NOTICE_TYPES, type PostingPlan } from './posting-plan.js';
import { dateValue, numberValue, textValue, type ImportedMember, type ReplayRun } from './replay-run.js';
import { attempt, importProblem, problemAt } from './row-problems.js';

/**
 * Replays the postings sheet's actions in their order, each through the member stream's decider as the console's
 * handlers build the commands (share-ledger/commands/posting.commands.ts): an interest begin left empty by the
 * cooperative's rule, ends with their notice (dated by the decider on the end of a financial year: a file's date
 * that is not the law's is `importEffectiveDateDiffers`), transfers as both halves, an annulation of a transfer half
 * annulling both. Rows of members the import does not hold are `importMemberUnknown`; rows of members whose
 * admission was refused are left (that row's problems say why).
 */
export function replayPostings(run: ReplayRun, plan: PostingPlan): void {
  run.problems.push(...plan.problems);
  const consumed = new Set<ImportRow>();
  for (const [nr, row] of plan.admissions) if (!run.listed.has(nr)) run.problems.push(importProblem(row, 'memberNr', 'importMemberUnknown', String(nr)));
  for (const action of plan.actions) {
    const member = memberOf(run, action.row);
    if (member === undefined) continue;
    if (action.kind === 'post') post(run, action.row, member);
    else if (action.kind === 'transfer') {
      const receiver = memberOf(run, action.peer);
      if (receiver !== undefined) transfer(run, action.row, member, action.peer, receiver);
    } else if (!consumed.has(action.row)) annul(run, action.row, plan, consumed);
  }
}

/** The row's member, counted; undefined when not in the import (a problem) or not admitted (its own problem). */
function memberOf(run: ReplayRun, row: ImportRow): ImportedMember | undefined {
  const nr = numberValue(row, 'memberNr')!;
  const member = run.members.get(nr);
  if (member !== undefined) member.postingRows += 1;
  else if (!run.listed.has(nr)) run.problems.push(importProblem(row, 'memberNr', 'importMemberUnknown', String(nr)));
  return member;
}

/** The posting's approval date: required as in the console (but for annulations); an unreadable one the files part reported. */
function approvalOf(run: ReplayRun, row: ImportRow): string | null {
  const date = dateValue(row, 'approvalDate');
  if (date === null && (row.cells.approvalDate?.text ?? '').trim() === '') run.problems.push(problemAt(row, 'approvalDate', 'mustNotBeEmpty'));
  return date;
}

/** 1 additional shares, 2 partial termination, 6 death or dissolution, 7 exclusion, 8 exit. */
function post(run: ReplayRun, row: ImportRow, member: ImportedMember): void {
  const { cooperativeId, terms } = run.ctx;
  const type = numberValue(row, 'type')!;
  if (type !== 1 && !NOTICE_TYPES.has(type)) {
    run.problems.push(problemAt(row, 'type', 'invalidChoice', { 0: String(type) }));
    return;
  }
  const postingType = type as 1 | 2 | 6 | 7 | 8;
  const date = dateValue(row, 'date')!;
  const approvalDate = approvalOf(run, row);
  const quantity = numberValue(row, 'quantity');
  if ((postingType === 1 || postingType === 2) && quantity === null) run.problems.push(problemAt(row, 'quantity', 'mustNotBeEmpty'));
  if (approvalDate === null || ((postingType === 1 || postingType === 2) && quantity === null)) return;
  const noticeDate = dateValue(row, 'noticeDate') ?? date;
  const notice = postingType === 1 ? {} : { notice: { date: noticeDate, dispatchDate: dateValue(row, 'dispatchDate') } };
  // The interest begin by the rule from the day the posting is dated (an end: its effective date).
  const postedOn = postingType === 1 ? date : lawDate(run, member, postingType, noticeDate);
  const interestBegin = dateValue(row, 'interestBegin') ?? run.interestBeginFor(postedOn);
  const balanceId = run.ctx.newId();
  const events = attempt(
    () =>
      run.decide(member, {
        type: 'PostShares', memberId: member.id, cooperativeId, balanceId, postingType, quantity: postingType === 1 || postingType === 2 ? quantity : null, terms,
        date, approvalDate, interestBegin, ...notice,
      }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (events === undefined) return;
  run.commit(member, events);
  postingRecorded(run, row, member, balanceId);
  if (postingType !== 1) {
    const posted = postedDate(events, balanceId);
    if (posted !== null && posted !== date) run.problems.push(importProblem(row, 'date', 'importEffectiveDateDiffers', date, posted));
  }
}

/** The effective date the law gives an end noticed on `noticeDate` (membership-end.rules: without an extraordinary reason). */
function lawDate(run: ReplayRun, member: ImportedMember, type: 2 | 6 | 7 | 8, noticeDate: string): string {
  const reason = type === 2 ? 'partial' : type === 6 ? deathReason(member.state.legalForm) : type === 7 ? 'exclusion' : 'exit';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(noticeDate)) return noticeDate;
  return membershipEndDate({ reason, date: noticeDate, noticePeriodMonths: run.noticePeriodMonths });
}

function postedDate(events: readonly MemberEvent[], balanceId: string): string | null {
  for (const e of events) if (e.type === 'SharesPosted' && e.data.balanceId === balanceId) return e.data.date;
  return null;
}

/** A transfer: the outgoing half (3) on the giving member, the incoming half (4) on the receiving one, decided together. */
function transfer(run: ReplayRun, outRow: ImportRow, giver: ImportedMember, inRow: ImportRow, receiver: ImportedMember): void {
  const { cooperativeId, terms } = run.ctx;
  const date = dateValue(outRow, 'date')!;
  const approvalDate = approvalOf(run, outRow);
  const quantity = numberValue(outRow, 'quantity') ?? numberValue(inRow, 'quantity');
  if (quantity === null) run.problems.push(problemAt(outRow, 'quantity', 'mustNotBeEmpty'));
  if (approvalDate === null || quantity === null) return;
  const interestBegin = dateValue(outRow, 'interestBegin') ?? dateValue(inRow, 'interestBegin') ?? run.interestBeginFor(date);
  const dates = { date, approvalDate, interestBegin };
  const balanceId = run.ctx.newId();
  const peerBalanceId = run.ctx.newId();
  const out = attempt(
    () =>
      run.decide(giver, {
        type: 'TransferOut', memberId: giver.id, cooperativeId, balanceId, peerBalanceId, transferTo: receiver.id, quantity, terms,
        restate: { annulment: run.ctx.newId(), exit: run.ctx.newId() }, ...dates,
      }),
    { fallback: outRow, names: LEDGER_FIELDS },
    run.problems,
  );
  // The receiving member's refusals (has left, is the giver) are the incoming row's, on its member number.
  const incoming = attempt(
    () => run.decide(receiver, { type: 'TransferIn', memberId: receiver.id, cooperativeId, balanceId: peerBalanceId, peerBalanceId: balanceId, transferFrom: giver.id, quantity, terms, ...dates }),
    { fallback: inRow, names: { transferTo: 'memberNr' } },
    run.problems,
  );
  if (out === undefined || incoming === undefined) return;
  run.commit(giver, out);
  run.commit(receiver, incoming);
  postingRecorded(run, outRow, giver, balanceId);
  postingRecorded(run, inRow, receiver, peerBalanceId);
}

/**
 * An annulation (5) of the posting its `annulRef` names, on that posting's member, dated by the row (the decider
 * dates the withdrawal of a notice on the end's effective date). A transfer half's annulation annuls the other half
 * too (`AnnulTransferCounterpart`); the other half's own annulation row, if the file has one, is that same
 * annulation: consumed.
 */
function annul(run: ReplayRun, row: ImportRow, plan: PostingPlan, consumed: Set<ImportRow>): void {
  const { cooperativeId, terms, today } = run.ctx;
  const annulRef = textValue(row, 'annulRef')!;
  const original = run.refs.get(annulRef);
  // Not replayed: the original was refused (its own problem) or belongs to a member not admitted.
  if (original === undefined) return;
  const owner = original.member;
  const dates = { date: dateValue(row, 'date') ?? undefined, approvalDate: dateValue(row, 'approvalDate') ?? undefined, interestBegin: dateValue(row, 'interestBegin') ?? undefined };
  const balanceId = run.ctx.newId();
  const peerBalanceId = run.ctx.newId();
  const counterpart = transferCounterpartToAnnul(owner.state, original.balanceId);
  const own = attempt(
    () => run.decide(owner, { type: 'AnnulPosting', memberId: owner.id, cooperativeId, balanceId, annulPeer: original.balanceId, peerBalanceId, terms, today, ...dates }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (own === undefined) return;
  if (counterpart === null) {
    run.commit(owner, own);
    postingRecorded(run, row, owner, balanceId);
    return;
  }
  const other = run.byId.get(counterpart.memberId)!;
  const theirs = attempt(
    () =>
      run.decide(other, {
        type: 'AnnulTransferCounterpart', memberId: other.id, cooperativeId, balanceId: peerBalanceId, annulPeer: counterpart.balanceId, counterpartOf: original.balanceId,
        peerBalanceId: balanceId, terms, today, ...dates,
      }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (theirs === undefined) return;
  run.commit(owner, own);
  run.commit(other, theirs);
  postingRecorded(run, row, owner, balanceId);
  const peerRow = plan.pairOf.get(original.row);
  const peerRef = peerRow === undefined ? null : textValue(peerRow, 'ref');
  const twin = peerRef === null ? undefined : plan.annulationsOf.get(peerRef)?.find((r) => !consumed.has(r));
  if (twin !== undefined) {
    consumed.add(twin);
    postingRecorded(run, twin, other, peerBalanceId);
  }
}
