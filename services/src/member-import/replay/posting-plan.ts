import type { ImportProblem, ImportRow } from '../import-types.js';
import { dateValue, numberValue, textValue } from './replay-run.js';
import { importProblem, problemAt } from './row-problems.js';

/** The types that end a membership or further shares: dated by the notice, posted on the effective date. */
export const NOTICE_TYPES: ReadonlySet<number> = new Set([2, 6, 7, 8]);

/** One thing the postings sheet asks for, on its day: a posting, a transfer (both halves), an annulation. */
export type PostingAction =
  | { readonly kind: 'post'; readonly row: ImportRow; readonly day: string; readonly seq: number }
  | {
      readonly kind: 'transfer';
      readonly row: ImportRow;
      readonly peer: ImportRow;
      readonly day: string;
      readonly seq: number;
    }
  | { readonly kind: 'annul'; readonly row: ImportRow; readonly day: string; readonly seq: number };

/** The postings sheet read into what the replay does, before any member is admitted. */
export interface PostingPlan {
  /** The type-0 row of each member number (its admission's shares and dates). */
  readonly admissions: Map<number, ImportRow>;
  /** Every other row, in the order they are decided: by day (the notice's for an end), ties the file's order. */
  readonly actions: PostingAction[];
  /** The other half of each paired transfer row. */
  readonly pairOf: Map<ImportRow, ImportRow>;
  /** The annulation rows by the reference they annul (the other half's annulation of a transfer is consumed by the first). */
  readonly annulationsOf: Map<string, ImportRow[]>;
  /** Every reference an annulation names (only these postings are remembered by reference). */
  readonly referenced: ReadonlySet<string>;
  readonly problems: ImportProblem[];
}

/** The day a row's command is given: an end on its notice (else its date, as the console reads it), anything else on its date. */
export function dayOf(row: ImportRow): string | null {
  const type = numberValue(row, 'type');
  if (type !== null && NOTICE_TYPES.has(type)) return dateValue(row, 'noticeDate') ?? dateValue(row, 'date');
  return dateValue(row, 'date');
}

/**
 * Reads the postings sheet: a reference used twice (`importRefTwice`); the first type-0 row of a member is its
 * admission, another one is refused (`invalidChoice`); transfer halves paired (`transferRef`/`ref`, else date,
 * quantity and the two member numbers; a half left over: `importTransferWithoutPair`); annulations placed after the
 * posting they annul (`importAnnulledPostingUnknown` for a reference not in the sheet). Rows the files part found
 * unreadable (no member number, type or date) are left out: their problems are reported already.
 */
export function planPostings(rows: readonly ImportRow[]): PostingPlan {
  const problems: ImportProblem[] = [];
  const admissions = new Map<number, ImportRow>();
  // Only the postings an annulation names are kept by reference (a register of a million postings annuls few).
  const referenced = new Set<string>();
  for (const row of rows) {
    const annulRef = numberValue(row, 'type') === 5 ? textValue(row, 'annulRef') : null;
    if (annulRef !== null) referenced.add(annulRef);
  }
  const seen = new Set<string>();
  const byRef = new Map<string, { row: ImportRow; day: string; seq: number }>();
  const outs: { row: ImportRow; day: string; seq: number }[] = [];
  const ins: { row: ImportRow; day: string; seq: number }[] = [];
  const annulations: { row: ImportRow; day: string; seq: number }[] = [];
  const actions: PostingAction[] = [];
  rows.forEach((row, seq) => {
    const nr = numberValue(row, 'memberNr');
    const type = numberValue(row, 'type');
    const day = dayOf(row);
    if (nr === null || type === null || day === null) return;
    const ref = textValue(row, 'ref');
    if (ref !== null) {
      if (seen.has(ref)) problems.push(importProblem(row, 'ref', 'importRefTwice', ref));
      else {
        seen.add(ref);
        if (referenced.has(ref)) byRef.set(ref, { row, day, seq });
      }
    }
    if (type === 0) {
      if (admissions.has(nr)) problems.push(problemAt(row, 'type', 'invalidChoice', { 0: '0' }));
      else admissions.set(nr, row);
    } else if (type === 3) outs.push({ row, day, seq });
    else if (type === 4) ins.push({ row, day, seq });
    else if (type === 5) annulations.push({ row, day, seq });
    else actions.push({ kind: 'post', row, day, seq });
  });

  const pairOf = pairTransfers(outs, ins, problems);
  for (const out of outs) {
    const peer = pairOf.get(out.row);
    if (peer !== undefined) actions.push({ kind: 'transfer', row: out.row, peer, day: out.day, seq: out.seq });
  }

  const annulationsOf = new Map<string, ImportRow[]>();
  for (const a of annulations) {
    const annulRef = textValue(a.row, 'annulRef');
    const original = annulRef === null ? undefined : byRef.get(annulRef);
    if (annulRef === null || original === undefined) {
      problems.push(importProblem(a.row, 'annulRef', 'importAnnulledPostingUnknown', annulRef ?? ''));
      continue;
    }
    const list = annulationsOf.get(annulRef);
    if (list) list.push(a.row);
    else annulationsOf.set(annulRef, [a.row]);
    // Not before the posting it annuls (a transfer half's day is its outgoing half's).
    const originalPeer = pairOf.get(original.row);
    const originalDay =
      originalPeer !== undefined && numberValue(original.row, 'type') === 4
        ? (dayOf(originalPeer) ?? original.day)
        : original.day;
    const decided = withdrawalDay(a.row, original.row);
    const day = decided ?? a.day;
    const after = originalDay > day;
    // A withdrawal goes first on the day it was decided (an end posted that day came after it: a pending end refuses
    // it, `postingAfterEnd`), but never before the end it withdraws.
    const first = decided !== null && originalDay < day;
    actions.push({
      kind: 'annul',
      row: a.row,
      day: after ? originalDay : day,
      seq: first ? a.seq - rows.length : after || original.seq > a.seq ? Math.max(a.seq, original.seq) + 0.5 : a.seq,
    });
  }
  actions.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.seq - b.seq));
  return { admissions, actions, pairOf, annulationsOf, referenced, problems };
}

/**
 * The day a withdrawn end (an annulation of 2, 6, 7 or 8) was decided, when its row says: its approval date. Its date
 * is the end's effective date (the decider dates a withdrawal there), but it was decided while the end was pending,
 * and postings between, which a pending end refuses (`memberHasExited`), came after it. Without an approval date
 * (another program; the annulation of an exit this product re-stated) it is decided on its date, as any annulation.
 */
function withdrawalDay(annulation: ImportRow, original: ImportRow): string | null {
  const type = numberValue(original, 'type');
  return type !== null && NOTICE_TYPES.has(type) ? dateValue(annulation, 'approvalDate') : null;
}

/** Pairs each outgoing half (3) with its incoming half (4); both directions in `pairOf`. */
function pairTransfers(
  outs: readonly { row: ImportRow }[],
  ins: readonly { row: ImportRow }[],
  problems: ImportProblem[],
): Map<ImportRow, ImportRow> {
  const pairOf = new Map<ImportRow, ImportRow>();
  const inByRef = new Map<string, ImportRow>();
  const inByTransferRef = new Map<string, ImportRow>();
  const inByKey = new Map<string, ImportRow[]>();
  for (const { row } of ins) {
    const ref = textValue(row, 'ref');
    const transferRef = textValue(row, 'transferRef');
    if (ref !== null && !inByRef.has(ref)) inByRef.set(ref, row);
    if (transferRef !== null && !inByTransferRef.has(transferRef)) inByTransferRef.set(transferRef, row);
    const key = transferKey(row, numberValue(row, 'transferMemberNr'), numberValue(row, 'memberNr'));
    const list = inByKey.get(key);
    if (list) list.push(row);
    else inByKey.set(key, [row]);
  }
  const free = (row: ImportRow | undefined): ImportRow | undefined =>
    row !== undefined && !pairOf.has(row) ? row : undefined;
  for (const { row } of outs) {
    const transferRef = textValue(row, 'transferRef');
    const ref = textValue(row, 'ref');
    const peer =
      free(transferRef === null ? undefined : inByRef.get(transferRef)) ??
      free(ref === null ? undefined : inByTransferRef.get(ref)) ??
      inByKey
        .get(transferKey(row, numberValue(row, 'memberNr'), numberValue(row, 'transferMemberNr')))
        ?.find((r) => !pairOf.has(r));
    if (peer === undefined) {
      problems.push(withoutPair(row));
      continue;
    }
    pairOf.set(row, peer);
    pairOf.set(peer, row);
  }
  for (const { row } of ins) if (!pairOf.has(row)) problems.push(withoutPair(row));
  return pairOf;
}

/** A transfer's halves agree on the date, the quantity and the two members (giving, receiving). */
function transferKey(row: ImportRow, giver: number | null, receiver: number | null): string {
  return `${dateValue(row, 'date') ?? ''}|${numberValue(row, 'quantity') ?? ''}|${giver ?? ''}|${receiver ?? ''}`;
}

function withoutPair(row: ImportRow): ImportProblem {
  return importProblem(
    row,
    textValue(row, 'transferRef') !== null ? 'transferRef' : 'transferMemberNr',
    'importTransferWithoutPair',
  );
}
