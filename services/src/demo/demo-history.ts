/**
 * The demo's postings, year by year: the plan's intents replayed day by day through the real deciders
 * (member, member number), as the command handlers would decide them, and written in order. A rule of the
 * domain may refuse an action (the minimum that must remain, a member who left): a clerk would have been
 * told so and not posted; the action is skipped and counted.
 */
import { memberNumberStream, membershipEndDate, ValidationError, type ExitReason } from '@coop/contracts';
import { memberNumberClaimDecider, memberNumberSequenceDecider, type MemberMasterInput } from '../members/index.js';
import { movedPaid, transferCounterpartToAnnul } from '../share-ledger/index.js';
import { dayOf, isoOf } from './demo-days.js';
import { ANNUL_SHARE, type Intent, type Sim } from './demo-plan.js';
import { chance, int, pick, skewed, uuid } from './demo-random.js';
import { HistoryBase } from './demo-history-base.js';

type IntentOf<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

/** The demo's ways out (DemoSummary.exits): recorded by reason, withdrawn notices, and ends still to take effect after today. */
export interface ExitSummary {
  readonly death: number;
  readonly dissolution: number;
  readonly exclusion: number;
  readonly exit: number;
  readonly withdrawn: number;
  readonly pending: number;
}

/** The intents of the plan carried out on their days: admissions, postings, transfers, annulations and ends. */
export class History extends HistoryBase {
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
        case 'end':
          return await this.end(day, intent);
        case 'withdrawNotice':
          return await this.withdrawNotice(day, intent.sim);
        case 'widowed':
          return await this.widowed(day, intent.sim);
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
    const seqOut = memberNumberSequenceDecider.decide(
      { type: 'AssignNextMemberNumber', cooperativeId, memberId: p.memberId },
      this.seq,
    );
    const memberNr = seqOut[0]!.data.memberNr;
    const claim = memberNumberClaimDecider.decide(
      { type: 'ClaimMemberNumber', cooperativeId, memberId: p.memberId, memberNr },
      memberNumberClaimDecider.initialState(),
    );
    const master = { ...p.master } as Record<string, unknown>;
    // The later of two spouses names the earlier one if still a member without a recorded end; joins widowed after the
    // earlier one's death, else (the earlier one gave notice or was excluded) married, with the spouse's data only.
    const spouse = sim.spouse;
    if (spouse !== null && p.spouseIndex !== null) {
      if (spouse.state.exists && !spouse.leaving) master.spouse = spouse.person.memberId;
      else if (!spouse.state.exists || spouse.state.exitReason === 'death') master.civilStatus = 3;
    }
    const admitted = this.decide(sim, {
      type: 'AdmitMember',
      memberId: p.memberId,
      cooperativeId,
      memberNr,
      master: master as MemberMasterInput,
      shareAmount: p.shares,
      balanceId: uuid(r),
      terms,
    });
    const decisions = [
      admitted,
      { streamId: memberNumberStream(cooperativeId, memberNr), expected: -1, events: claim },
      { streamId: this.seqStream, expected: this.seqRevision, events: seqOut },
    ];
    await this.writer.write(decisions);
    this.commit(sim, admitted);
    this.seq = seqOut.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e), this.seq);
    this.seqRevision += seqOut.length;
    this.byType[0]! += 1;
    this.activate(sim);
    // The spouse who joined first now names this member as spouse (a master data change).
    if (spouse !== null && master.spouse === spouse.person.memberId) {
      const changed = this.decide(spouse, {
        type: 'ChangeMemberData',
        memberId: spouse.person.memberId,
        cooperativeId,
        master: { ...spouse.state.master!, spouse: p.memberId },
      });
      await this.writer.write([changed]);
      this.commit(spouse, changed);
    }
  }

  private async post(day: number, intent: IntentOf<'post'>): Promise<void> {
    const { r, cooperativeId, terms } = this;
    const sim = intent.sim;
    if (!this.canPost(sim)) return;
    const quantity =
      intent.type === 1
        ? skewed(r, 1, sim.person.kind === 'legal' ? 40 : 10)
        : Math.min(this.spare(sim), skewed(r, 1, 6));
    if (quantity < 1) return;
    // A partial termination (2) is a notice too (§ 67b GenG): dated by the decider on the end of a financial year.
    const date = isoOf(day);
    const partial =
      intent.type === 2
        ? {
            notice: { date },
            ...this.datesOn(
              day,
              membershipEndDate({ reason: 'partial', date, noticePeriodMonths: this.noticePeriodMonths }),
            ),
          }
        : this.datesOn(day);
    const d = this.decide(sim, {
      type: 'PostShares',
      memberId: sim.person.memberId,
      cooperativeId,
      balanceId: uuid(r),
      postingType: intent.type,
      quantity,
      terms,
      ...partial,
    });
    await this.writer.write([d]);
    this.commit(sim, d);
    this.byType[intent.type]! += 1;
    if (chance(r, ANNUL_SHARE)) {
      const balanceId = (d.events[0]!.data as { balanceId: string }).balanceId;
      this.calendar.at(day + int(r, 1, 40), {
        kind: 'annul',
        sim,
        balanceId,
        repost: intent.type === 1 && chance(r, 0.7) ? Math.max(1, quantity + pick(r, [-1, 1, 2])) : null,
      });
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
    const out = this.decide(sim, {
      type: 'TransferOut',
      memberId: sim.person.memberId,
      cooperativeId,
      balanceId,
      peerBalanceId,
      transferTo: target.person.memberId,
      quantity,
      terms,
      ...dates,
    });
    const incoming = this.decide(target, {
      type: 'TransferIn',
      memberId: target.person.memberId,
      cooperativeId,
      balanceId: peerBalanceId,
      peerBalanceId: balanceId,
      transferFrom: sim.person.memberId,
      quantity,
      terms,
      paid: movedPaid(out.events),
      ...dates,
    });
    await this.writer.write([out, incoming]);
    this.commit(sim, out);
    this.commit(target, incoming);
    this.byType[3]! += 1;
    this.byType[4]! += 1;
    // Either half may be annulled (from the giving or the receiving member): both go.
    if (chance(r, ANNUL_SHARE)) {
      const fromReceiver = chance(r, 0.5);
      this.calendar.at(day + int(r, 1, 40), {
        kind: 'annul',
        sim: fromReceiver ? target : sim,
        balanceId: fromReceiver ? peerBalanceId : balanceId,
        repost: null,
      });
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
    const original = owner.state.postings.get(annulled);
    if (owner.leaving || original === undefined) return;
    const ownBalance = uuid(r);
    const peerBalance = uuid(r);
    const date = isoOf(day);
    // A partial termination annulled before its effective date is annulled on that date (the decider dates it so).
    const interestBegin = this.interestBeginFor(original.date > date ? original.date : date);
    const own = this.decide(owner, {
      type: 'AnnulPosting',
      memberId: owner.person.memberId,
      cooperativeId,
      balanceId: ownBalance,
      annulPeer: annulled,
      peerBalanceId: peerBalance,
      terms,
      today,
      date,
      approvalDate: date,
      interestBegin,
    });
    const counterpart = transferCounterpartToAnnul(owner.state, annulled);
    const decisions = [own];
    let otherSim: Sim | null = null;
    if (counterpart) {
      otherSim = this.simById.get(counterpart.memberId) ?? null;
      if (otherSim === null) return;
      decisions.push(
        this.decide(otherSim, {
          type: 'AnnulTransferCounterpart',
          memberId: otherSim.person.memberId,
          cooperativeId,
          balanceId: peerBalance,
          annulPeer: counterpart.balanceId,
          counterpartOf: annulled,
          peerBalanceId: ownBalance,
          terms,
          today,
          date,
          approvalDate: date,
          interestBegin,
        }),
      );
    }
    await this.writer.write(decisions);
    this.commit(owner, own);
    if (otherSim !== null) this.commit(otherSim, decisions[1]!);
    this.byType[5]! += decisions.length;
    if (intent.repost !== null && this.canPost(owner)) {
      const again = this.decide(owner, {
        type: 'PostShares',
        memberId: owner.person.memberId,
        cooperativeId,
        balanceId: uuid(r),
        postingType: 1,
        quantity: intent.repost,
        terms,
        ...this.datesOn(day),
      });
      await this.writer.write([again]);
      this.commit(owner, again);
      this.byType[1]! += 1;
    }
  }

  /**
   * A way out, recorded as a clerk records it now (decision 55): the notice on its day (the date of the notice, of the
   * board's decision to exclude, of the death or dissolution) and the exit posting dated by the decider on the end of
   * the financial year it takes effect, after today for a recent one (the member then shows a pending end). No more
   * postings from then on; a notice of exit is now and then withdrawn before it takes effect.
   */
  private async end(day: number, intent: IntentOf<'end'>): Promise<void> {
    const { r, cooperativeId, terms } = this;
    const sim = intent.sim;
    if (!this.canPost(sim)) return;
    const noticeDate = isoOf(day);
    // Exclusion: the registered letter goes out within a week of the board's decision (not after today).
    const dispatchDate = intent.type === 7 ? isoOf(Math.min(day + int(r, 1, 7), this.calendar.lastDay)) : null;
    const reason = intent.type === 8 ? 'exit' : intent.type === 7 ? 'exclusion' : 'death';
    const effectiveDate = membershipEndDate({ reason, date: noticeDate, noticePeriodMonths: this.noticePeriodMonths });
    // A partial termination that would take effect after the membership ends is moot: the clerk annuls it first (the
    // decider would otherwise leave its shares on the account past the exit).
    for (const p of [...sim.state.postings.values()]) {
      if (p.type !== 2 || p.annulated || p.noticeDate === null || p.date <= effectiveDate) continue;
      const annulled = this.decide(sim, {
        type: 'AnnulPosting',
        memberId: sim.person.memberId,
        cooperativeId,
        balanceId: uuid(r),
        annulPeer: p.balanceId,
        terms,
        today: this.today,
        date: noticeDate,
        approvalDate: noticeDate,
        interestBegin: this.interestBeginFor(p.date),
      });
      await this.writer.write([annulled]);
      this.commit(sim, annulled);
      this.byType[5]! += 1;
    }
    const d = this.decide(sim, {
      type: 'PostShares',
      memberId: sim.person.memberId,
      cooperativeId,
      balanceId: uuid(r),
      postingType: intent.type,
      terms,
      notice: { date: noticeDate, dispatchDate },
      ...this.datesOn(day, effectiveDate),
    });
    await this.writer.write([d]);
    this.commit(sim, d);
    sim.leaving = true;
    this.deactivate(sim);
    this.byType[intent.type]! += 1;
    const noticed = d.events.find((e) => e.type === 'MembershipEndNoticed');
    this.exits[(noticed!.data as { reason: ExitReason }).reason] += 1;
    const spouse = sim.spouse;
    if (intent.type === 6 && spouse !== null && spouse.state.exists)
      this.calendar.at(day + int(r, 10, 60), { kind: 'widowed', sim: spouse });
    // Now and then a notice of exit is withdrawn before it takes effect (MembershipEndWithdrawn; the exit is annulled).
    if (intent.type === 8 && chance(r, 0.08))
      this.calendar.at(Math.min(day + int(r, 14, 120), dayOf(effectiveDate) - 1), { kind: 'withdrawNotice', sim });
  }

  /** The member withdraws the notice before its effective date: the exit posting is annulled and the member stays. */
  private async withdrawNotice(day: number, sim: Sim): Promise<void> {
    const { exitBalanceId, exitNoticeDate, exitDate } = sim.state;
    const on = isoOf(day);
    if (!sim.leaving || exitBalanceId === null || exitNoticeDate === null || exitDate === null || exitDate <= on)
      return;
    // The decider dates the annulment on the effective date (no day shows the shares twice) and the withdrawal on `on`.
    const d = this.decide(sim, {
      type: 'AnnulPosting',
      memberId: sim.person.memberId,
      cooperativeId: this.cooperativeId,
      balanceId: uuid(this.r),
      annulPeer: exitBalanceId,
      terms: this.terms,
      today: this.today,
      date: on,
      approvalDate: on,
      interestBegin: this.interestBeginFor(exitDate),
    });
    await this.writer.write([d]);
    this.commit(sim, d);
    sim.leaving = false;
    this.activate(sim);
    this.byType[5]! += 1;
    this.exits.withdrawn += 1;
  }

  /** The surviving spouse's civil status becomes widowed (a master data change), while still a member. */
  private async widowed(day: number, sim: Sim): Promise<void> {
    const exitDate = sim.state.exitDate;
    if (!sim.state.exists || (exitDate !== null && exitDate <= isoOf(day))) return;
    const d = this.decide(sim, {
      type: 'ChangeMemberData',
      memberId: sim.person.memberId,
      cooperativeId: this.cooperativeId,
      master: { ...sim.state.master!, civilStatus: 3 },
    });
    await this.writer.write([d]);
    this.commit(sim, d);
  }
}
