import { deathReason, financialYearEnd, membershipEndDate, type MemberEvent } from '@coop/contracts';
import { movedPaid, transferCounterpartToAnnul } from '../../share-ledger/index.js';
import type { ImportRow } from '../import-types.js';
import { LEDGER_FIELDS, postingRecorded } from './posting-checks.js';
import { NOTICE_TYPES, type PostingPlan } from './posting-plan.js';
import { dateValue, numberValue, textValue, type ImportedMember, type ReplayRun } from './replay-run.js';
import { noteSettlement, recordSettlements, refuseSettlementOf } from './replay-settlements.js';
import { attempt, cellOf, importProblem, problemAt } from './row-problems.js';

/**
 * Replays the postings sheet's actions in their order, each through the member stream's decider as the console's
 * handlers build the commands (share-ledger/commands/posting.commands.ts): an interest begin left empty by the
 * cooperative's rule, ends with their notice (dated by the decider on the end of a financial year: a file's date
 * that is not the law's is `importEffectiveDateDiffers`), transfers as both halves, an annulation of a transfer half
 * annulling both. Rows of members the import does not hold are `importMemberUnknown`; rows of members whose
 * admission was refused are left (that row's problems say why).
 */
export function* replayPostings(run: ReplayRun, plan: PostingPlan): Generator<void, void> {
  // One at a time: spreading a sheet of refused rows as arguments overflows the stack at ~150,000 (issue 40).
  run.addProblems(plan.problems);
  const consumed = new Set<ImportRow>();
  for (const [nr, row] of plan.admissions) {
    if (!run.listed.has(nr)) run.problems.push(importProblem(row, 'memberNr', 'importMemberUnknown', String(nr)));
    refuseSettlementOf(run, row);
  }
  for (const action of plan.actions) {
    if (action.kind !== 'post') refuseSettlementOf(run, action.row);
    if (action.kind === 'transfer') refuseSettlementOf(run, action.peer);
    const member = memberOf(run, action.row);
    if (member === undefined) continue;
    if (action.kind === 'post') post(run, action.row, member);
    else if (action.kind === 'transfer') {
      const receiver = memberOf(run, action.peer);
      if (receiver !== undefined) transfer(run, action.row, member, action.peer, receiver);
    } else if (!consumed.has(action.row)) annul(run, action.row, plan, consumed);
    yield;
  }
  recordSettlements(run);
}

/** The row's member, counted; undefined when not in the import (a problem) or not admitted (its own problem). */
function memberOf(run: ReplayRun, row: ImportRow): ImportedMember | undefined {
  const nr = numberValue(row, 'memberNr')!;
  const member = run.members.get(nr);
  if (member !== undefined) member.postingRows += 1;
  else if (!run.listed.has(nr)) run.problems.push(importProblem(row, 'memberNr', 'importMemberUnknown', String(nr)));
  return member;
}

/** The posting's approval date: required as in the console (but for annulations). */
function approvalOf(run: ReplayRun, row: ImportRow): string | null {
  const date = dateValue(row, 'approvalDate');
  if (date === null) requireFilled(run, row, 'approvalDate');
  return date;
}

/** A field the console requires here: `mustNotBeEmpty` when the cell is empty (an unreadable one the files part reported). */
function requireFilled(run: ReplayRun, row: ImportRow, field: string): void {
  if ((cellOf(row, field)?.text ?? '').trim() === '') run.problems.push(problemAt(row, field, 'mustNotBeEmpty'));
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
  if (postingType === 1) refuseSettlementOf(run, row);
  const date = dateValue(row, 'date')!;
  // The exit a transfer re-stated, as this product's register shows it: already posted.
  const restated = member.restated?.find((r) => !r.exitRow && r.exitType === type && r.date === date);
  if (restated !== undefined) {
    restated.exitRow = true;
    postingRecorded(run, row, member, restated.exit);
    noteSettlement(run, row, member, restated.exit);
    return;
  }
  const approvalDate = approvalOf(run, row);
  const quantity = numberValue(row, 'quantity');
  if ((postingType === 1 || postingType === 2) && quantity === null) requireFilled(run, row, 'quantity');
  if (approvalDate === null || ((postingType === 1 || postingType === 2) && quantity === null)) return;
  const noticeDate = dateValue(row, 'noticeDate') ?? date;
  const notice =
    postingType === 1 ? {} : { notice: { date: noticeDate, dispatchDate: dateValue(row, 'dispatchDate') } };
  // The interest begin by the rule from the day the posting is dated (an end: its effective date).
  const postedOn = postingType === 1 ? date : lawDate(run, member, postingType, noticeDate);
  const interestBegin = dateValue(row, 'interestBegin') ?? run.interestBeginFor(postedOn);
  const balanceId = run.newId();
  const events = attempt(
    () =>
      run.decide(member, {
        type: 'PostShares',
        memberId: member.id,
        cooperativeId,
        balanceId,
        postingType,
        quantity: postingType === 1 || postingType === 2 ? quantity : null,
        terms,
        date,
        approvalDate,
        interestBegin,
        ...notice,
      }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (events === undefined) return;
  run.commit(member, events);
  postingRecorded(run, row, member, balanceId);
  if (postingType !== 1) {
    noteSettlement(run, row, member, balanceId);
    const posted = postedDate(events, balanceId);
    // With a notice date the file's date is the effective date. Without one the date is the notice's (as the console
    // reads it) and the end moves to the law's date, unless it is a financial year's end already: then the file gave
    // the effective date and lacks the notice, and the law's date from it would silently move the end a year on.
    const effectiveGiven = dateValue(row, 'noticeDate') !== null || financialYearEnd(date) === date;
    if (posted !== null && posted !== date && effectiveGiven)
      run.problems.push(importProblem(row, 'date', 'importEffectiveDateDiffers', date, posted));
  }
}

/** The effective date the law gives an end noticed on `noticeDate` (membership-end.rules: without an extraordinary reason). */
function lawDate(run: ReplayRun, member: ImportedMember, type: 2 | 6 | 7 | 8, noticeDate: string): string {
  const reason =
    type === 2 ? 'partial' : type === 6 ? deathReason(member.state.legalForm) : type === 7 ? 'exclusion' : 'exit';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(noticeDate)) return noticeDate;
  return membershipEndDate({ reason, date: noticeDate, noticePeriodMonths: run.noticePeriodMonths });
}

function postedDate(events: readonly MemberEvent[], balanceId: string): string | null {
  for (const e of events) if (e.type === 'SharesPosted' && e.data.balanceId === balanceId) return e.data.date;
  return null;
}

/** A transfer: the outgoing half (3) on the giving member, the incoming half (4) on the receiving one, decided together. */
function transfer(
  run: ReplayRun,
  outRow: ImportRow,
  giver: ImportedMember,
  inRow: ImportRow,
  receiver: ImportedMember,
): void {
  const { cooperativeId, terms } = run.ctx;
  const date = dateValue(outRow, 'date')!;
  const approvalDate = approvalOf(run, outRow);
  const quantity = numberValue(outRow, 'quantity') ?? numberValue(inRow, 'quantity');
  if (quantity === null) requireFilled(run, outRow, 'quantity');
  if (approvalDate === null || quantity === null) return;
  const interestBegin =
    dateValue(outRow, 'interestBegin') ?? dateValue(inRow, 'interestBegin') ?? run.interestBeginFor(date);
  const dates = { date, approvalDate, interestBegin };
  const balanceId = run.newId();
  const peerBalanceId = run.newId();
  // Ids to re-state a pending exit (the decider uses them only then).
  const restate = giver.state.exitDate !== null ? { annulment: run.newId(), exit: run.newId() } : undefined;
  const exit = giver.state.exitBalanceId === null ? undefined : giver.state.postings.get(giver.state.exitBalanceId);
  const out = attempt(
    () =>
      run.decide(giver, {
        type: 'TransferOut',
        memberId: giver.id,
        cooperativeId,
        balanceId,
        peerBalanceId,
        transferTo: receiver.id,
        quantity,
        terms,
        ...(restate === undefined ? {} : { restate }),
        ...dates,
      }),
    { fallback: outRow, names: LEDGER_FIELDS },
    run.problems,
  );
  // The receiving member's refusals (has left, is the giver) are the incoming row's, on its member number.
  const incoming = attempt(
    () =>
      run.decide(receiver, {
        type: 'TransferIn',
        memberId: receiver.id,
        cooperativeId,
        balanceId: peerBalanceId,
        peerBalanceId: balanceId,
        transferFrom: giver.id,
        quantity,
        terms,
        paid: movedPaid(out ?? []),
        ...dates,
      }),
    { fallback: inRow, names: { transferTo: 'memberNr' } },
    run.problems,
  );
  if (out === undefined || incoming === undefined) return;
  run.commit(giver, out);
  run.commit(receiver, incoming);
  if (restate !== undefined && exit !== undefined && out.some((e) => e.type === 'PostingAnnulled')) {
    (giver.restated ??= []).push({
      annulled: exit.balanceId,
      ...restate,
      exitType: exit.type,
      date: exit.date,
      annulmentRow: false,
      exitRow: false,
    });
  }
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
  // The annulation is the annulled posting's member's: a row naming another member contradicts its reference.
  const nr = numberValue(row, 'memberNr')!;
  if (nr !== owner.nr) {
    run.problems.push(problemAt(row, 'memberNr', 'invalidChoice', { 0: String(nr) }));
    return;
  }
  // The annulment of an exit a transfer re-stated, as this product's register shows it: already posted.
  const restated = owner.restated?.find((r) => !r.annulmentRow && r.annulled === original.balanceId);
  if (restated !== undefined) {
    restated.annulmentRow = true;
    postingRecorded(run, row, owner, restated.annulment);
    return;
  }
  const dates = {
    date: dateValue(row, 'date') ?? undefined,
    approvalDate: dateValue(row, 'approvalDate') ?? undefined,
    interestBegin: dateValue(row, 'interestBegin') ?? undefined,
  };
  const balanceId = run.newId();
  const counterpart = transferCounterpartToAnnul(owner.state, original.balanceId);
  // The other half's annulation, for a transfer half only.
  const peerBalanceId = counterpart === null ? undefined : run.newId();
  const own = attempt(
    () =>
      run.decide(owner, {
        type: 'AnnulPosting',
        memberId: owner.id,
        cooperativeId,
        balanceId,
        annulPeer: original.balanceId,
        ...(peerBalanceId === undefined ? {} : { peerBalanceId }),
        terms,
        today,
        ...dates,
      }),
    { fallback: row, names: LEDGER_FIELDS },
    run.problems,
  );
  if (own === undefined) return;
  if (counterpart === null || peerBalanceId === undefined) {
    run.commit(owner, own);
    postingRecorded(run, row, owner, balanceId);
    return;
  }
  const other = run.byId.get(counterpart.memberId)!;
  const theirs = attempt(
    () =>
      run.decide(other, {
        type: 'AnnulTransferCounterpart',
        memberId: other.id,
        cooperativeId,
        balanceId: peerBalanceId,
        annulPeer: counterpart.balanceId,
        counterpartOf: original.balanceId,
        peerBalanceId: balanceId,
        terms,
        today,
        ...dates,
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
