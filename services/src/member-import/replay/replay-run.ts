import {
  DEFAULT_INTEREST_BEGIN_RULE,
  DEFAULT_NOTICE_PERIOD_MONTHS,
  interestBeginFor,
  type DomainEvent,
  type MemberEvent,
} from '@coop/contracts';
import type { ClosedThrough } from '../../kernel/closed-years.js';
import type { MemberState } from '../../kernel/member-stream.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { memberDecider, type MemberCommand, type MemberNumberSequenceState } from '../../members/index.js';
import type { SettlementState } from '../../settlements/index.js';
import type { ExistingPerson, ImportProblem, ImportRow } from '../import-types.js';

/** What the replay needs of the cooperative (read by the caller before the dry run or the write). */
export interface ReplayContext {
  readonly cooperativeId: string;
  readonly terms: ShareTerms;
  /** Business today (`YYYY-MM-DD`): the holdings of the summary, and the day annulations and papers are decided on. */
  readonly today: string;
  /** Member numbers already held in the cooperative. */
  readonly takenMemberNrs: ReadonlySet<number>;
  /** The member-number sequence stream as loaded (revision -1: no stream yet). */
  readonly sequence: { readonly state: MemberNumberSequenceState; readonly revision: number };
  /** A new id (members, postings, papers). */
  readonly newId: () => string;
  /**
   * The last dividend year closed (or closing) in the cooperative, null or absent for none: an admission or posting dated
   * into it is refused as the console refuses it (`closedYear`), so an import cannot change a closed year's basis.
   */
  readonly closedThrough?: ClosedThrough;
  /** The cooperative's members as the duplicates compare them (issue 39 "Nobody twice"); absent: none. */
  readonly existing?: readonly ExistingPerson[];
  /**
   * False: the decisions are counted, not kept (a dry run: nothing will be written; decision 204). A 100,000-member
   * register's 1.3 million events held about 430 MB until the dry run ended. Absent: kept (a write appends them).
   */
  readonly keepDecisions?: boolean;
  /**
   * Each decision handed on as it is made, in append order (a write's spill, decision 260); given, none is kept, so a
   * write never holds every decision at once (issue 40).
   */
  readonly onDecision?: (decision: Decision) => void;
}

/** What the decisions amount to, counted as they are made (kept or not): events, and postings by type as the events post them. */
export interface DecisionTally {
  events: number;
  readonly postingsByType: Record<number, number>;
}

/** Events to append to one stream at the revision it has then (-1: a new stream), in append order. */
export interface Decision {
  readonly streamId: string;
  readonly expected: number;
  readonly events: DomainEvent[];
}

/** A member of the import, admitted by the replay: its stream as it stands. */
export interface ImportedMember {
  readonly nr: number;
  readonly id: string;
  /** `member-<id>`, made once (a register of a million postings names it in every decision). */
  readonly streamId: string;
  /** Its row of the members sheet. */
  readonly row: ImportRow;
  state: MemberState;
  revision: number;
  /** Rows of the postings sheet naming it: when there are any, the members sheet's holding is checked against them. */
  postingRows: number;
  /** Pending exits the decider re-stated for a transfer (created when needed). */
  restated?: Restatement[];
}

/**
 * A pending exit re-stated by a transfer (§ 76 GenG, membership-end.rules `transferOutWhileLeaving`): the exit
 * `annulled` was annulled by `annulment` and posted again as `exit`, all dated `date`. A register written by this
 * product shows these two postings as rows of their own: they are the re-statement, not postings to replay again.
 */
export interface Restatement {
  readonly annulled: string;
  readonly annulment: string;
  readonly exit: string;
  readonly exitType: number;
  readonly date: string;
  annulmentRow: boolean;
  exitRow: boolean;
}

/** A posting replayed: its member and balance id, and its row. */
export interface PostedRef {
  readonly member: ImportedMember;
  readonly balanceId: string;
  readonly row: ImportRow;
}

/**
 * The replay's memory: the members admitted (compact: the member stream's state and revision, as the demo keeps its
 * members), the decisions in append order and the problems found.
 */
export class ReplayRun {
  readonly problems: ImportProblem[] = [];
  /** In append order; empty when the context does not keep them (`keepDecisions: false`, or `onDecision` given). */
  readonly decisions: Decision[] = [];
  readonly tally: DecisionTally = {
    events: 0,
    postingsByType: { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0 },
  };
  /** Admitted members by member number. */
  readonly members = new Map<number, ImportedMember>();
  /** Every member number of the members sheet, admitted or refused: rows naming a refused one are not reported again. */
  readonly listed = new Set<number>();
  readonly byId = new Map<string, ImportedMember>();
  /** The postings replayed by their reference in the file, of the references annulations point at (only those: compact). */
  readonly refs = new Map<string, PostedRef>();
  private readonly interestBegins = new Map<string, string>();
  /** The references some annulation names (set from the plan of the postings sheet). */
  referenced: ReadonlySet<string> = new Set();
  /** End postings whose row gives a settlement paid before the product (issue 42), recorded after every posting. */
  readonly settled: PostedRef[] = [];
  /** The members' settlement streams as the recorded settlements leave them. */
  readonly settlementStreams = new Map<string, { state: SettlementState; revision: number }>();
  /** The member-number sequence as the admissions move it. */
  sequence: { state: MemberNumberSequenceState; revision: number };

  /** Records a decision: counted, and kept unless the context says not to. */
  record(decision: Decision): void {
    this.tally.events += decision.events.length;
    for (const e of decision.events) {
      if (e.type === 'SharesPosted') this.tally.postingsByType[(e.data as { type: number }).type]! += 1;
      else if (e.type === 'PostingAnnulled') this.tally.postingsByType[5]! += 1;
    }
    if (this.ctx.onDecision) this.ctx.onDecision(decision);
    else if (this.ctx.keepDecisions !== false) this.decisions.push(decision);
  }

  /**
   * Records a decision the summary's events do not count (an imported settlement's, as they never were): handed on or
   * kept, also by a dry run (they are few).
   */
  recordUncounted(decision: Decision): void {
    if (this.ctx.onDecision) this.ctx.onDecision(decision);
    else this.decisions.push(decision);
  }

  /** Takes over problems found elsewhere one by one: a file may hold hundreds of thousands (no argument spreading). */
  addProblems(found: Iterable<ImportProblem>): void {
    for (const problem of found) this.problems.push(problem);
  }

  constructor(readonly ctx: ReplayContext) {
    this.sequence = { state: ctx.sequence.state, revision: ctx.sequence.revision };
  }

  /**
   * A new id, kept flat: an id made by concatenation (crypto.randomUUID's) is a tree of string pieces of about 490
   * bytes until first read; reading a character flattens it to 68 (a million postings hold more than a million ids).
   */
  newId(): string {
    const id = this.ctx.newId();
    id.charCodeAt(0);
    return id;
  }

  /** Decides `command` on the member's stream as it stands (throws the decider's errors). */
  decide(member: ImportedMember, command: MemberCommand): MemberEvent[] {
    const closedThrough = this.ctx.closedThrough ?? null;
    const inOpenYears =
      closedThrough === null || command.type === 'ChangeMemberData' || command.type === 'CorrectSharePayment'
        ? command
        : { ...command, closedThrough };
    return memberDecider.decide(inOpenYears, member.state);
  }

  /** Records decided events on the member's stream and moves its state on. */
  commit(member: ImportedMember, events: readonly MemberEvent[]): void {
    if (events.length === 0) return;
    this.record({ streamId: member.streamId, expected: member.revision, events: events as MemberEvent[] });
    member.state = events.reduce((s, e) => memberDecider.evolve(s, e), member.state);
    member.revision += events.length;
  }

  /** The interest begin of a posting dated `date` by the cooperative's rule, as the server fills an empty one (one string per date). */
  interestBeginFor(date: string): string {
    let begin = this.interestBegins.get(date);
    if (begin === undefined) {
      begin = interestBeginFor(date, this.ctx.terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE);
      this.interestBegins.set(date, begin);
    }
    return begin;
  }

  get noticePeriodMonths(): number {
    return this.ctx.terms.noticePeriodMonths ?? DEFAULT_NOTICE_PERIOD_MONTHS;
  }
}

/** A value of a row as text (trimmed, empty null), a whole number, or a business date. */
export const textValue = (row: ImportRow, field: string): string | null => {
  const v = row.values[field];
  if (v === null || v === undefined || typeof v === 'boolean') return null;
  const t = String(v).trim();
  return t === '' ? null : t;
};

export const numberValue = (row: ImportRow, field: string): number | null => {
  const v = row.values[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** A business date `YYYY-MM-DD` (the files part typed it). */
export const dateValue = (row: ImportRow, field: string): string | null => {
  const t = textValue(row, field);
  return t !== null && /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
};
