import { ADDING_KINDS, LEAVE_REASONS, MOVEMENT_KINDS, type LeaveReason, type MovementReportDto } from '@coop/contracts';
import type { PaymentChange } from '../../kernel/register-payments.js';

// The dated payment changes are the kernel's (one rule with the statement of account); the report's tests reach them here.
export { paymentChanges, type PaymentChange, type PaymentVersion } from '../../kernel/register-payments.js';

/*
 * The year's movement report (issue 45; § 338 Abs. 1 HGB): members at the start, joined, left by reason, at the end;
 * shares, subscribed and paid cents at the start, added, reduced, at the end; the liability sums. Pure: the facts are
 * handed in one at a time (members, then postings), so a register of any size is counted in constant memory.
 */

/** What the report needs of a member: the membership's dates and how it ended. */
export interface MemberFacts {
  /** The day of joining, declared and admitted (`joinedOn`, decision 314); null: not admitted (never counted). */
  readonly entryDate: string | null;
  readonly exitDate: string | null;
  /** As the register records it: `exit` (notice), `death`, `exclusion`, `dissolution`; null for an exit recorded without one. */
  readonly exitReason: string | null;
  /** The exit posting withdrew nothing: the whole holding had gone to another member by transfer before (§ 76 GenG). */
  readonly emptiedByTransfer: boolean;
  /** Shares held at the end of the year (the register as of 31 December). */
  readonly sharesAtEnd: number;
}

/**
 * What the report needs of a posting (one document of the register): its type (5 an annulation), the annulled
 * posting's type for an annulation, its date, the day its shares count from (`sharesFrom`: a subscription's admission
 * when later than its date, § 15b GenG; an annulation not before what it annuls), and its signed effect: shares,
 * nominal cents, and the register's payment (`rueckpfleinzahlung`, signed like the amount) now (`paid`) and by date
 * (`paidChanges`, which add up to `paid`: the part paid when posted on the posting's date, each payment and each return
 * on its own date, a register correction on the posting's date; decision 232).
 */
export interface PostingFacts {
  readonly type: number;
  readonly originalType: number | null;
  readonly date: string;
  readonly sharesFrom: string;
  readonly shares: number;
  readonly cents: number;
  readonly paid: number;
  readonly paidChanges: readonly PaymentChange[];
}

/** The membership of one member in `year`. */
export interface MemberMovement {
  readonly start: boolean;
  readonly joined: boolean;
  readonly left: LeaveReason | null;
  readonly end: boolean;
}

/** The first and last day of a financial year (the calendar year: the cooperatives have no other). */
export function yearBounds(year: number): { from: string; to: string; before: string } {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31`, before: `${String(year - 1).padStart(4, '0')}-12-31` };
}

/**
 * Why a member left: the reason the register records; an exit on notice whose holding had already gone whole to
 * another member by transfer is the transfer of the whole holding (§ 76 GenG: the member leaves without settlement).
 * An exit recorded without a reason (before issue 22) is read as an exit on notice.
 */
export function leaveReason(facts: Pick<MemberFacts, 'exitReason' | 'emptiedByTransfer'>): LeaveReason {
  switch (facts.exitReason) {
    case 'death':
    case 'exclusion':
    case 'dissolution':
      return facts.exitReason;
    default:
      return facts.emptiedByTransfer ? 'transfer' : 'notice';
  }
}

/**
 * A member at the start: admitted by 31 December of the year before and not exited by then (an exit takes effect on
 * its date, so one dated 31 December of the year before has left at the start); joined: admitted in the year; left: the
 * exit dated in the year (its effective date, usually 31 December); at the end: admitted and not exited by 31 December.
 * Joining and leaving count alike (decision 367): an exit dated before the admission (recorded before the ledger refused
 * it) is no membership, neither joined nor left, so start + joined − left = end holds for every member.
 */
export function memberMovement(facts: MemberFacts, year: number): MemberMovement {
  const { from, to, before } = yearBounds(year);
  const entry = facts.entryDate;
  const exit = facts.exitDate;
  if (entry === null || (exit !== null && exit < entry)) return { start: false, joined: false, left: null, end: false };
  const inAt = (day: string): boolean => entry <= day && (exit === null || exit > day);
  const leftInYear = exit !== null && exit >= from && exit <= to;
  return {
    start: inAt(before),
    joined: entry >= from && entry <= to,
    left: leftInYear ? leaveReason(facts) : null,
    end: inAt(to),
  };
}

/** The kind a posting's movement is counted under: its type, or the annulled posting's type for an annulation. */
export function kindOf(p: Pick<PostingFacts, 'type' | 'originalType'>): number | null {
  if (p.type !== 5) return p.type;
  return p.originalType;
}

interface Holding {
  shares: number;
  subscribed: number;
  paid: number;
}
const zero = (): Holding => ({ shares: 0, subscribed: 0, paid: 0 });

/** Adds `sign` times shares and cents to a holding; every sum stays a safe integer (a register past 2^53 cents is refused loudly). */
function addTo(h: Holding, sign: 1 | -1, shares: number, subscribed: number, paid: number): void {
  h.shares += sign * shares;
  h.subscribed += sign * subscribed;
  h.paid += sign * paid;
  if (!Number.isSafeInteger(h.subscribed) || !Number.isSafeInteger(h.paid) || !Number.isSafeInteger(h.shares))
    throw new RangeError('A movement sum left the safe integers.');
}

/** Whether a posting counts in the year's movements: its shares count from a day in the year, or its payment changed in it. */
export function movesIn(p: Pick<PostingFacts, 'sharesFrom' | 'paidChanges'>, year: number): boolean {
  const { from, to } = yearBounds(year);
  const inYear = (day: string): boolean => day >= from && day <= to;
  return inYear(p.sharesFrom) || p.paidChanges.some((c) => inYear(c.on));
}

/** The register's holdings as the member lists show them (the members' postings as of a day), for the cross-check. */
export interface RegisterHoldings {
  readonly startShares: number;
  readonly startCents: number;
  readonly endShares: number;
  readonly endCents: number;
}

/**
 * Counts one financial year. `addMember` for every member, `addPosting` for every posting of the register (any date:
 * those after the year are left out, those before it make the start), then `result`. The paid column counts what was
 * paid by the day each line stands for, so a year gives the same paid figures after later payments and returns.
 */
export class MovementTally {
  private readonly members = { start: 0, joined: 0, end: 0, endWithoutShares: 0 };
  private readonly leavers = new Map<LeaveReason, number>(LEAVE_REASONS.map((r) => [r, 0]));
  private readonly start = zero();
  private readonly kinds = new Map<number, Holding & { postings: number; annulments: number }>(
    MOVEMENT_KINDS.map((k) => [k, { ...zero(), postings: 0, annulments: 0 }]),
  );
  private readonly bounds: ReturnType<typeof yearBounds>;
  /** Postings whose dated payment changes do not add up to the register's payment: a damaged read model. */
  private unmatchedPayments = 0;

  constructor(private readonly year: number) {
    this.bounds = yearBounds(year);
  }

  addMember(facts: MemberFacts): void {
    const m = memberMovement(facts, this.year);
    if (m.start) this.members.start += 1;
    if (m.joined) this.members.joined += 1;
    if (m.left !== null) this.leavers.set(m.left, this.leavers.get(m.left)! + 1);
    if (m.end) {
      this.members.end += 1;
      if (facts.sharesAtEnd === 0) this.members.endWithoutShares += 1;
    }
  }

  /**
   * A posting's shares and nominal cents count from `sharesFrom` (its date, or a subscription's later admission, § 15b
   * GenG): up to the year before in the start, in the year under its kind (an annulation under the annulled posting's
   * kind, with its own negated effect), later not at all, as the register's holdings as of a day count them. Its payment
   * counts by date (decision 232): each change on or before 31 December of the year before in the start, each one dated
   * in the year under the posting's kind, later ones not at all. A change never counts before its shares do (decision
   * 336): money paid with a declaration admitted in the next year is Geschäftsguthaben from the admission, in that year.
   */
  addPosting(p: PostingFacts): void {
    const { before, to } = this.bounds;
    let startPaid = 0;
    let yearPaid = 0;
    let all = 0;
    for (const c of p.paidChanges) {
      all += c.cents;
      const on = c.on > p.sharesFrom ? c.on : p.sharesFrom;
      if (on <= before) startPaid += c.cents;
      else if (on <= to) yearPaid += c.cents;
    }
    if (all !== p.paid) this.unmatchedPayments += 1;
    const counted = p.sharesFrom <= before;
    const inYear = !counted && p.sharesFrom <= to;
    if (counted) addTo(this.start, 1, p.shares, p.cents, startPaid);
    else if (startPaid !== 0) addTo(this.start, 1, 0, 0, startPaid);
    if (!inYear && yearPaid === 0) return;
    const kind = kindOf(p);
    const row = kind === null ? undefined : this.kinds.get(kind);
    if (row === undefined)
      throw new RangeError(`A posting of kind ${String(kind)} cannot be counted in the movement report.`);
    // Each kind as a positive movement in its own direction: a reducing posting's negative effect is a reduction.
    const sign = (ADDING_KINDS as readonly number[]).includes(kind!) ? 1 : -1;
    if (!inYear) {
      // A posting whose shares count in another year but whose payment changed in this one: the change alone moves its kind.
      addTo(row, sign, 0, 0, yearPaid);
      return;
    }
    if (p.type === 5) row.annulments += 1;
    else row.postings += 1;
    addTo(row, sign, p.shares, p.cents, yearPaid);
  }

  result(input: {
    asOf: string;
    liabilityPerShare: number | null;
    register: RegisterHoldings;
    firstYear: number;
    lastYear: number;
  }): MovementReportDto {
    const added = zero();
    const reduced = zero();
    const byKind = MOVEMENT_KINDS.map((kind) => {
      const row = this.kinds.get(kind)!;
      const target = (ADDING_KINDS as readonly number[]).includes(kind) ? added : reduced;
      target.shares += row.shares;
      target.subscribed += row.subscribed;
      target.paid += row.paid;
      return {
        kind,
        postings: row.postings,
        annulments: row.annulments,
        shares: row.shares,
        subscribed: row.subscribed,
        paid: row.paid,
      };
    });
    const end = {
      shares: this.start.shares + added.shares - reduced.shares,
      subscribed: this.start.subscribed + added.subscribed - reduced.subscribed,
      paid: this.start.paid + added.paid - reduced.paid,
    };
    const leftBy = LEAVE_REASONS.map((reason) => ({ reason, count: this.leavers.get(reason)! }));
    const per = input.liabilityPerShare;
    const liability =
      per === null
        ? null
        : {
            perShare: per,
            start: this.start.shares * per,
            added: added.shares * per,
            reduced: reduced.shares * per,
            end: end.shares * per,
          };
    if (liability !== null && !Object.values(liability).every(Number.isSafeInteger))
      throw new RangeError('A liability sum left the safe integers.');
    const r = input.register;
    const left = leftBy.reduce((s, l) => s + l.count, 0);
    const { start: atStart, joined, end: atEnd } = this.members;
    return {
      year: this.year,
      from: this.bounds.from,
      to: this.bounds.to,
      asOf: input.asOf,
      provisional: input.asOf < this.bounds.to,
      members: { ...this.members, left, leftBy },
      start: { ...this.start },
      added,
      reduced,
      end,
      byKind,
      liability,
      reconciles:
        r.startShares === this.start.shares &&
        r.startCents === this.start.subscribed &&
        r.endShares === end.shares &&
        r.endCents === end.subscribed &&
        this.unmatchedPayments === 0 &&
        atStart + joined - left === atEnd,
      firstYear: input.firstYear,
      lastYear: input.lastYear,
    };
  }
}

/** One posting of a member, for `emptiedByTransfer`. */
export interface MemberPostingFacts {
  readonly id: string;
  readonly type: number;
  readonly date: string;
  readonly shares: number;
  readonly annulated: boolean;
}

/**
 * Whether a member's holding went to nothing by an outgoing transfer (3) before its exit posting `exitId`: the exit
 * withdrew no share, and the last posting that took shares away before it (annulled ones and annulations left aside,
 * the latest by date) was a transfer.
 */
export function emptiedByTransfer(postings: readonly MemberPostingFacts[], exitId: string): boolean {
  const exit = postings.find((p) => p.id === exitId);
  if (exit === undefined || exit.shares !== 0) return false;
  const reductions = postings.filter(
    (p) => p.id !== exitId && p.type !== 5 && !p.annulated && p.shares < 0 && p.date <= exit.date,
  );
  if (reductions.length === 0) return false;
  const last = reductions.reduce((a, b) => (b.date >= a.date ? b : a));
  return last.type === 3;
}
