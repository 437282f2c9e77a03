/**
 * The demo's plan: for every member to be, what happens on which day of the history (admission,
 * additional shares, partial terminations, transfers, a way out). The plan is a calendar of intents, one bucket per
 * day, up to today; replaying it (demo-history.ts) adds follow-ups to later days (annulments, a notice withdrawn, a
 * widowed spouse).
 */
import { joinedOn } from '@coop/contracts';
import type { MemberState } from '../kernel/member-stream.js';
import { memberDecider } from '../members/index.js';
import { dayOf, yearOf } from './demo-days.js';
import type { Person } from './demo-people.js';
import { int, poisson, type Random } from './demo-random.js';

/** A member being simulated: the person to be, the member stream's state and where it stands. */
export interface Sim {
  readonly person: Person;
  state: MemberState;
  revision: number;
  /**
   * Death, dissolution, notice or exclusion recorded (the exit is dated on the end of a financial year, possibly
   * after today): no new postings; false again when a notice is withdrawn.
   */
  leaving: boolean;
  activeIndex: number;
  /** The spouse, when both are members (transfers often stay in the family). */
  spouse: Sim | null;
}

export type Intent =
  | { kind: 'admit'; sim: Sim }
  | { kind: 'post'; sim: Sim; type: 1 | 2 }
  | { kind: 'transfer'; sim: Sim }
  | { kind: 'annul'; sim: Sim; balanceId: string; repost: number | null }
  | { kind: 'end'; sim: Sim; type: 6 | 7 | 8 }
  | { kind: 'withdrawNotice'; sim: Sim }
  | { kind: 'widowed'; sim: Sim };

/** Yearly rates per member (before scaling to the requested number of postings). */
const RATES = { additional: 0.32, withdrawal: 0.05, transfer: 0.04 };
/** The share of postings a clerk got wrong and annuls a few days later. */
export const ANNUL_SHARE = 0.03;

/** One bucket of intents per day from 1 January of the first year to 31 December of the last, at most up to `today`. */
export class Calendar {
  readonly firstDay: number;
  readonly lastDay: number;
  private readonly buckets: Intent[][];

  constructor(fromYear: number, toYear: number, today: string) {
    this.firstDay = dayOf(`${fromYear}-01-01`);
    this.lastDay = Math.min(dayOf(`${toYear}-12-31`), dayOf(today));
    this.buckets = Array.from({ length: this.lastDay - this.firstDay + 1 }, () => []);
  }

  /** Plans `intent` for `day`; days outside the history are dropped. */
  at(day: number, intent: Intent): void {
    if (day >= this.firstDay && day <= this.lastDay) this.buckets[day - this.firstDay]!.push(intent);
  }

  /**
   * Hands each day's intents to `run` in date order, then empties the day. An intent planned for the
   * same day while it runs is run that day too.
   */
  async replay(run: (day: number, intent: Intent) => Promise<void>, endOfDay: (day: number) => void): Promise<void> {
    for (let i = 0; i < this.buckets.length; i++) {
      const day = this.firstDay + i;
      for (const intent of this.buckets[i]!) await run(day, intent);
      this.buckets[i] = [];
      endOfDay(day);
    }
  }
}

/** The simulated members, spouses linked both ways. */
export function simsOf(people: readonly Person[]): Sim[] {
  const sims: Sim[] = people.map((person) => ({
    person,
    state: memberDecider.initialState(),
    revision: -1,
    leaving: false,
    activeIndex: -1,
    spouse: null,
  }));
  for (const s of sims) {
    if (s.person.spouseIndex === null) continue;
    s.spouse = sims[s.person.spouseIndex]!;
    sims[s.person.spouseIndex]!.spouse = s;
  }
  return sims;
}

/** The factor on the yearly rates that brings the total near `postings` (admissions included); 1 when not asked. */
export function postingScale(people: readonly Person[], lastDay: number, postings: number | undefined): number {
  let memberYears = 0;
  for (const p of people) memberYears += (lastDay - p.entryDay) / 365.25;
  const perYear = RATES.additional + RATES.withdrawal + RATES.transfer;
  return postings === undefined
    ? 1
    : Math.max(0, (postings - people.length * 1.12) / (memberYears * perYear * (1 + 2 * ANNUL_SHARE)));
}

/** Plans each member's admission and, year by year, postings and a way out (death, dissolution, notice, exclusion). */
export function planHistory(r: Random, sims: readonly Sim[], calendar: Calendar, scale: number, toYear: number): void {
  const at = (day: number, intent: Intent): void => calendar.at(day, intent);
  for (const sim of sims) {
    const p = sim.person;
    at(p.entryDay, { kind: 'admit', sim });
    // A notice or an end comes from the day the membership began (§ 15 GenG: declaration and admission; decision 367).
    const joined = dayOf(joinedOn(p.master['entryDate'] as string, p.master['approvalDate'] as string | null)!);
    for (let year = yearOf(p.entryDay); year <= toYear; year++) {
      const start = Math.max(p.entryDay + 1, dayOf(`${year}-01-01`));
      const end = dayOf(`${year}-12-30`);
      if (start > end) continue;
      const share = (end - start + 1) / 365;
      const when = (): number => int(r, start, end);
      // As `when` (one draw, so the rest of the plan stays as it was), from the admission on; a year that ends before
      // the admission plans none.
      const from = Math.max(start, joined);
      const atMember = (intent: Intent): void => {
        const day = int(r, Math.min(from, end), end);
        if (from <= end) at(day, intent);
      };
      for (let n = poisson(r, RATES.additional * scale * share * (p.kind === 'legal' ? 1.5 : 1)); n > 0; n--)
        at(when(), { kind: 'post', sim, type: 1 });
      for (let n = poisson(r, RATES.withdrawal * scale * share); n > 0; n--) atMember({ kind: 'post', sim, type: 2 });
      for (let n = poisson(r, RATES.transfer * scale * share); n > 0; n--) at(when(), { kind: 'transfer', sim });
      // Ways out, recorded on their day and taking effect at the end of a financial year (DOMAIN.md 9.1): death (by
      // age) or, for a legal entity, its dissolution (both type 6), a notice of exit (8; given after September it ends
      // a year later), an exclusion (7, rare).
      const age = p.birthYear === null ? 0 : year - p.birthYear;
      const death =
        p.kind === 'legal'
          ? 0.01
          : p.kind === 'minor'
            ? 0
            : age >= 85
              ? 0.08
              : age >= 75
                ? 0.035
                : age >= 60
                  ? 0.01
                  : 0.002;
      const u = r();
      if (u < death) atMember({ kind: 'end', sim, type: 6 });
      else if (u < death + 0.02) atMember({ kind: 'end', sim, type: 8 });
      else if (u < death + 0.02 + 0.002) atMember({ kind: 'end', sim, type: 7 });
    }
  }
}
