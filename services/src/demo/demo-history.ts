/**
 * The demo's postings, year by year: the plan's intents replayed day by day through the real deciders
 * (member, member number), as the command handlers would decide them, and written in order. A rule of the
 * domain may refuse an action (the minimum that must remain, a member who left): a clerk would have been
 * told so and not posted; the action is skipped and counted.
 */
import { memberNumberSequenceStream, memberNumberStream, memberStream, ValidationError, type DomainEvent } from '@coop/contracts';
import type { MemberState } from '../kernel/member-stream.js';
import type { ShareTerms } from '../kernel/share-terms.js';
import {
  memberDecider,
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  type MemberCommand,
  type MemberMasterInput,
  type MemberNumberSequenceState,
} from '../members/index.js';
import { transferCounterpartToAnnul } from '../share-ledger/index.js';
import { dayOf, firstOfNextMonth, isoOf, yearOf } from './demo-days.js';
import { ANNUL_SHARE, type Calendar, type Intent, type Sim } from './demo-plan.js';
import { chance, int, pick, skewed, uuid, type Random } from './demo-random.js';
import type { Decision, DemoWriter } from './demo-writer.js';

type IntentOf<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

/** A decision on a member stream, with the state after it. */
interface MemberDecision extends Decision {
  readonly events: DomainEvent[];
  readonly after: MemberState;
}

export class History {
  /** Postings by balance type (0 to 8). */
  readonly byType: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0 };
  readonly exits = { death: 0, exclusion: 0, exit: 0, revoked: 0 };
  /** Actions a rule of the domain refused (skipped). */
  refused = 0;
  /** The members who may post or receive a transfer (removed by swapping with the last; each sim knows its index). */
  private readonly active: Sim[] = [];
  private readonly simById: ReadonlyMap<string, Sim>;
  private readonly seqStream: string;
  // The store has no member numbers yet (emptyCooperative checked it): the sequence starts new.
  private seq: MemberNumberSequenceState = memberNumberSequenceDecider.initialState();
  private seqRevision = -1;

  constructor(
    private readonly r: Random,
    private readonly writer: DemoWriter,
    private readonly calendar: Calendar,
    sims: readonly Sim[],
    private readonly cooperativeId: string,
    private readonly terms: ShareTerms,
    private readonly today: string,
  ) {
    this.simById = new Map(sims.map((s) => [s.person.memberId, s]));
    this.seqStream = memberNumberSequenceStream(cooperativeId);
  }

  /** Carries out one intent on its day. */
  async run(day: number, intent: Intent): Promise<void> {
    try {
      switch (intent.kind) {
        case 'admit':
          return await this.admit(intent.sim);
        case 'post':
          return await this.post(day, intent);
        case 'transfer':
          return await this.transfer(day, intent.sim);
        case 'annul':
          return await this.annul(day, intent);
        case 'leave':
          return this.leave(day, intent);
        case 'exit':
          return await this.exit(day, intent);
        case 'revokeExit':
          return await this.revokeExit(day, intent.sim);
        case 'widowed':
          return await this.widowed(intent.sim);
      }
    } catch (error) {
      // A rule of the domain refused the action (e.g. the minimum that must remain): a clerk would
      // have been told so and not posted. Anything else is a bug in the generator.
      if (!(error instanceof ValidationError)) throw error;
      this.refused += 1;
    }
  }

  private async admit(sim: Sim): Promise<void> {
    const { r, cooperativeId, terms } = this;
    const p = sim.person;
    const seqOut = memberNumberSequenceDecider.decide({ type: 'AssignNextMemberNumber', cooperativeId, memberId: p.memberId }, this.seq);
    const memberNr = seqOut[0]!.data.memberNr;
    const claim = memberNumberClaimDecider.decide({ type: 'ClaimMemberNumber', cooperativeId, memberId: p.memberId, memberNr }, memberNumberClaimDecider.initialState());
    const master = { ...p.master } as Record<string, unknown>;
    // The later of two spouses names the earlier one (if still a member; else the survivor joins widowed).
    const spouse = sim.spouse;
    if (spouse !== null && p.spouseIndex !== null) {
      if (spouse.state.exists && !spouse.exited && !spouse.leaving) master.spouse = spouse.person.memberId;
      else master.civilStatus = 3;
    }
    const admitted = this.decide(sim, {
      type: 'AdmitMember', memberId: p.memberId, cooperativeId, memberNr, master: master as MemberMasterInput,
      shareAmount: p.shares, balanceId: uuid(r), terms,
    });
    const decisions = [admitted, { streamId: memberNumberStream(cooperativeId, memberNr), expected: -1, events: claim }, { streamId: this.seqStream, expected: this.seqRevision, events: seqOut }];
    await this.writer.write(decisions);
    this.commit(sim, admitted);
    this.seq = seqOut.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e), this.seq);
    this.seqRevision += seqOut.length;
    this.byType[0]! += 1;
    this.activate(sim);
    // The spouse who joined first now names this member as spouse (a master data change).
    if (spouse !== null && master.spouse === spouse.person.memberId) {
      const changed = this.decide(spouse, { type: 'ChangeMemberData', memberId: spouse.person.memberId, cooperativeId, master: { ...spouse.state.master!, spouse: p.memberId } });
      await this.writer.write([changed]);
      this.commit(spouse, changed);
    }
  }

  private async post(day: number, intent: IntentOf<'post'>): Promise<void> {
    const { r, cooperativeId, terms } = this;
    const sim = intent.sim;
    if (!this.canPost(sim)) return;
    const quantity = intent.type === 1 ? skewed(r, 1, sim.person.kind === 'legal' ? 40 : 10) : Math.min(this.spare(sim), skewed(r, 1, 6));
    if (quantity < 1) return;
    const d = this.decide(sim, { type: 'PostShares', memberId: sim.person.memberId, cooperativeId, balanceId: uuid(r), postingType: intent.type, quantity, terms, ...this.datesOn(day) });
    await this.writer.write([d]);
    this.commit(sim, d);
    this.byType[intent.type]! += 1;
    if (chance(r, ANNUL_SHARE)) {
      const balanceId = (d.events[0]!.data as { balanceId: string }).balanceId;
      this.calendar.at(day + int(r, 1, 40), { kind: 'annul', sim, balanceId, repost: intent.type === 1 && chance(r, 0.7) ? Math.max(1, quantity + pick(r, [-1, 1, 2])) : null });
    }
  }

  private async transfer(day: number, sim: Sim): Promise<void> {
    const { r, cooperativeId, terms, active } = this;
    if (!this.canPost(sim) || this.spare(sim) < 1) return;
    let target: Sim | null = sim.spouse !== null && this.canPost(sim.spouse) && chance(r, 0.4) ? sim.spouse : null;
    for (let tries = 0; target === null && tries < 5 && active.length > 1; tries++) {
      const candidate = active[Math.floor(r() * active.length)]!;
      if (candidate !== sim && this.canPost(candidate)) target = candidate;
    }
    if (target === null) return;
    const quantity = Math.min(this.spare(sim), skewed(r, 1, 5));
    const dates = this.datesOn(day);
    const balanceId = uuid(r);
    const peerBalanceId = uuid(r);
    const out = this.decide(sim, { type: 'TransferOut', memberId: sim.person.memberId, cooperativeId, balanceId, peerBalanceId, transferTo: target.person.memberId, quantity, terms, ...dates });
    const incoming = this.decide(target, { type: 'TransferIn', memberId: target.person.memberId, cooperativeId, balanceId: peerBalanceId, peerBalanceId: balanceId, transferFrom: sim.person.memberId, quantity, terms, ...dates });
    await this.writer.write([out, incoming]);
    this.commit(sim, out);
    this.commit(target, incoming);
    this.byType[3]! += 1;
    this.byType[4]! += 1;
    // Either half may be annulled (from the giving or the receiving member): both go.
    if (chance(r, ANNUL_SHARE)) {
      const fromReceiver = chance(r, 0.5);
      this.calendar.at(day + int(r, 1, 40), { kind: 'annul', sim: fromReceiver ? target : sim, balanceId: fromReceiver ? peerBalanceId : balanceId, repost: null });
    }
  }

  /**
   * A clerk's mistake found a few days later: the posting is annulled (and, for additional shares, often
   * posted again with the right number). Refused ones (minimum, exit) are skipped.
   */
  private async annul(day: number, intent: IntentOf<'annul'>): Promise<void> {
    const { r, cooperativeId, terms, today } = this;
    const annulled = intent.balanceId;
    const owner = intent.sim;
    if (owner.exited || !owner.state.postings.has(annulled)) return;
    const ownBalance = uuid(r);
    const peerBalance = uuid(r);
    const date = isoOf(day);
    const own = this.decide(owner, { type: 'AnnulPosting', memberId: owner.person.memberId, cooperativeId, balanceId: ownBalance, annulPeer: annulled, peerBalanceId: peerBalance, terms, today, date, approvalDate: date, interestBegin: firstOfNextMonth(day) });
    const counterpart = transferCounterpartToAnnul(owner.state, annulled);
    const decisions = [own];
    let otherSim: Sim | null = null;
    if (counterpart) {
      otherSim = this.simById.get(counterpart.memberId) ?? null;
      if (otherSim === null) return;
      decisions.push(this.decide(otherSim, {
        type: 'AnnulTransferCounterpart', memberId: otherSim.person.memberId, cooperativeId, balanceId: peerBalance, annulPeer: counterpart.balanceId,
        counterpartOf: annulled, peerBalanceId: ownBalance, terms, today, date, approvalDate: date, interestBegin: firstOfNextMonth(day),
      }));
    }
    await this.writer.write(decisions);
    this.commit(owner, own);
    if (otherSim !== null) this.commit(otherSim, decisions[1]!);
    this.byType[5]! += decisions.length;
    if (intent.repost !== null && this.canPost(owner)) {
      const again = this.decide(owner, { type: 'PostShares', memberId: owner.person.memberId, cooperativeId, balanceId: uuid(r), postingType: 1, quantity: intent.repost, terms, ...this.datesOn(day) });
      await this.writer.write([again]);
      this.commit(owner, again);
      this.byType[1]! += 1;
    }
  }

  /** Death, notice or exclusion decided: no more postings; the exit posting follows on 31 December. */
  private leave(day: number, intent: IntentOf<'leave'>): void {
    const sim = intent.sim;
    if (!this.canPost(sim)) return;
    sim.leaving = true;
    this.deactivate(sim);
    this.calendar.at(dayOf(`${yearOf(day)}-12-31`), { kind: 'exit', sim, type: intent.type });
  }

  private async exit(day: number, intent: IntentOf<'exit'>): Promise<void> {
    const { r, cooperativeId, terms } = this;
    const sim = intent.sim;
    if (sim.exited || !sim.state.exists) return;
    // The exit takes effect on its day (31 December): approved by then, and no interest begins.
    const exitDates = { date: isoOf(day), approvalDate: isoOf(day - int(r, 0, 14)), interestBegin: isoOf(day) };
    const d = this.decide(sim, { type: 'PostShares', memberId: sim.person.memberId, cooperativeId, balanceId: uuid(r), postingType: intent.type, terms, ...exitDates });
    await this.writer.write([d]);
    this.commit(sim, d);
    sim.exited = true;
    this.byType[intent.type]! += 1;
    this.exits[intent.type === 6 ? 'death' : intent.type === 7 ? 'exclusion' : 'exit'] += 1;
    if (intent.type === 6 && sim.spouse !== null && sim.spouse.state.exists && !sim.spouse.exited) this.calendar.at(day + int(r, 10, 60), { kind: 'widowed', sim: sim.spouse });
    // Now and then a notice of exit is withdrawn in January (the exit posting is annulled).
    if (intent.type === 8 && chance(r, 0.04)) this.calendar.at(day + int(r, 5, 25), { kind: 'revokeExit', sim });
  }

  private async revokeExit(day: number, sim: Sim): Promise<void> {
    const exitBalance = sim.state.exitBalanceId;
    if (!sim.exited || exitBalance === null) return;
    const date = isoOf(day);
    const d = this.decide(sim, { type: 'AnnulPosting', memberId: sim.person.memberId, cooperativeId: this.cooperativeId, balanceId: uuid(this.r), annulPeer: exitBalance, terms: this.terms, today: this.today, date, approvalDate: date, interestBegin: firstOfNextMonth(day) });
    await this.writer.write([d]);
    this.commit(sim, d);
    sim.exited = false;
    sim.leaving = false;
    this.activate(sim);
    this.byType[5]! += 1;
    this.exits.revoked += 1;
  }

  /** The surviving spouse's civil status becomes widowed (a master data change). */
  private async widowed(sim: Sim): Promise<void> {
    if (!sim.state.exists || sim.exited) return;
    const d = this.decide(sim, { type: 'ChangeMemberData', memberId: sim.person.memberId, cooperativeId: this.cooperativeId, master: { ...sim.state.master!, civilStatus: 3 } });
    await this.writer.write([d]);
    this.commit(sim, d);
  }

  /** Decides on a member stream; answers the decision to write, and the state after it. */
  private decide(sim: Sim, command: MemberCommand): MemberDecision {
    const out = memberDecider.decide(command, sim.state);
    const after = out.reduce((s, e) => memberDecider.evolve(s, e), sim.state);
    return { streamId: memberStream(sim.person.memberId), expected: sim.revision, events: out, after };
  }

  private commit(sim: Sim, d: MemberDecision): void {
    sim.state = d.after;
    sim.revision += d.events.length;
  }

  /** Business dates of a posting on `day`: approved within two weeks, earning from the next month's first. */
  private datesOn(day: number): { date: string; approvalDate: string; interestBegin: string } {
    const approval = Math.min(day + int(this.r, 0, 14), this.calendar.lastDay);
    return { date: isoOf(day), approvalDate: isoOf(approval), interestBegin: firstOfNextMonth(approval) };
  }

  private canPost(sim: Sim): boolean {
    return sim.state.exists && !sim.exited && !sim.leaving;
  }

  private spare(sim: Sim): number {
    return sim.state.shares - this.terms.minimumShares;
  }

  private activate(sim: Sim): void {
    sim.activeIndex = this.active.length;
    this.active.push(sim);
  }

  private deactivate(sim: Sim): void {
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
