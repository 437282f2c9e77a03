/**
 * What the demo's history keeps while it replays the plan (demo-history.ts): the counts it reports, the members who
 * may still post, the member number sequence, and the small rules every intent uses (decide and commit on a member
 * stream, a posting's dates, the spare shares above the minimum).
 */
import {
  DEFAULT_INTEREST_BEGIN_RULE,
  DEFAULT_NOTICE_PERIOD_MONTHS,
  interestBeginFor,
  memberNumberSequenceStream,
  memberStream,
  type DomainEvent,
} from '@coop/contracts';
import type { MemberState } from '../kernel/member-stream.js';
import type { ShareTerms } from '../kernel/share-terms.js';
import {
  memberDecider,
  memberNumberSequenceDecider,
  type MemberCommand,
  type MemberNumberSequenceState,
} from '../members/index.js';
import { isoOf } from './demo-days.js';
import type { Calendar, Sim } from './demo-plan.js';
import { int, type Random } from './demo-random.js';
import type { Decision, DemoWriter } from './demo-writer.js';

/** A decision on a member stream, with the state after it. */
export interface MemberDecision extends Decision {
  readonly events: DomainEvent[];
  readonly after: MemberState;
}

export abstract class HistoryBase {
  /** Postings by balance type (0 to 8). */
  readonly byType: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0 };
  /** Ways out recorded, by reason, and notices withdrawn before they took effect. */
  readonly exits = { death: 0, dissolution: 0, exclusion: 0, exit: 0, withdrawn: 0 };
  /** Actions a rule of the domain refused (skipped). */
  refused = 0;
  /** The members who may post or receive a transfer (removed by swapping with the last; each sim knows its index). */
  protected readonly active: Sim[] = [];
  protected readonly simById: ReadonlyMap<string, Sim>;
  protected readonly seqStream: string;
  // The store has no member numbers yet (emptyCooperative checked it): the sequence starts new.
  protected seq: MemberNumberSequenceState = memberNumberSequenceDecider.initialState();
  protected seqRevision = -1;

  constructor(
    protected readonly r: Random,
    protected readonly writer: DemoWriter,
    protected readonly calendar: Calendar,
    sims: readonly Sim[],
    protected readonly cooperativeId: string,
    protected readonly terms: ShareTerms,
    protected readonly today: string,
  ) {
    this.simById = new Map(sims.map((s) => [s.person.memberId, s]));
    this.seqStream = memberNumberSequenceStream(cooperativeId);
  }

  /** Decides on a member stream; answers the decision to write, and the state after it. */
  protected decide(sim: Sim, command: MemberCommand): MemberDecision {
    const out = memberDecider.decide(command, sim.state);
    const after = out.reduce((s, e) => memberDecider.evolve(s, e), sim.state);
    return { streamId: memberStream(sim.person.memberId), expected: sim.revision, events: out, after };
  }

  protected commit(sim: Sim, d: MemberDecision): void {
    sim.state = d.after;
    sim.revision += d.events.length;
  }

  /**
   * Business dates of a posting on `day`: approved within two weeks (not after today), the interest begin by the
   * cooperative's rule from the day the posting is dated (`postedOn`: the effective date of one a notice dates later).
   */
  protected datesOn(day: number, postedOn = isoOf(day)): { date: string; approvalDate: string; interestBegin: string } {
    const approval = Math.min(day + int(this.r, 0, 14), this.calendar.lastDay);
    return { date: isoOf(day), approvalDate: isoOf(approval), interestBegin: this.interestBeginFor(postedOn) };
  }

  /** The interest begin of a posting dated `date` by the cooperative's rule (decision 64), as the server fills an empty one. */
  protected interestBeginFor(date: string): string {
    return interestBeginFor(date, this.terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE);
  }

  protected get noticePeriodMonths(): number {
    return this.terms.noticePeriodMonths ?? DEFAULT_NOTICE_PERIOD_MONTHS;
  }

  protected canPost(sim: Sim): boolean {
    return sim.state.exists && !sim.leaving;
  }

  protected spare(sim: Sim): number {
    return sim.state.shares - this.terms.minimumShares;
  }

  protected activate(sim: Sim): void {
    sim.activeIndex = this.active.length;
    this.active.push(sim);
  }

  protected deactivate(sim: Sim): void {
    const active = this.active;
    if (sim.activeIndex < 0) return;
    const last = active.pop()!;
    if (last !== sim) {
      active[sim.activeIndex] = last;
      last.activeIndex = sim.activeIndex;
    }
    sim.activeIndex = -1;
  }
}
