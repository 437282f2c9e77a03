import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  fieldError,
  memberStream,
  settlementStream,
  ValidationError,
  type MemberEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@coop/contracts';
import { businessToday, DEFAULT_INTEREST_BEGIN_RULE, interestBeginFor } from '@coop/contracts';
import type { MemberPosting, MemberState } from '../../kernel/member-stream.js';
import { recordedSettlementsReader, type RecordedSettlements } from '../../kernel/recorded-settlements.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { transferChain } from '../../kernel/transfer-shortfalls.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { idempotentId } from '../../platform/commands/idempotency.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { CommandRunner, type Decided as DecidedOn } from '../../platform/commands/command-runner.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import {
  movedPaid,
  shareLedgerDecider,
  transferCounterpartToAnnul,
  type LedgerCommand,
} from '../domain/ledger.decider.js';
import type { ConfirmedPosting } from '../http/posting.js';
import { requirePlausiblePosting } from '../domain/plausibility.js';
import { ClosedYearsReader, revisionCheck, type ClosedYears } from './closed-years.reader.js';
import { ShareTermsReader } from './share-terms.reader.js';

/** What a posting answers: its balance id on the request's member, and the events recorded to answer from (decision 40). */
export interface PostedBalance {
  readonly balanceId: string;
  readonly recorded: readonly RecordedEvent[] | undefined;
}

/**
 * A posting (types 1, 2, 3, 5, 6, 7, 8), checked at the edge (PostingRequest, postingOf); for an annulation `originalMember` is the
 * member the annulled posting belongs to (looked up by the caller in the tenant's read model).
 */
export class PostBalanceCommand extends Command<PostedBalance> {
  constructor(
    readonly ctx: CommandContext,
    readonly posting: ConfirmedPosting,
    readonly originalMember: string | null,
    /** The request's `Idempotency-Key` (decision 297): sent twice, the posting is made once. */
    readonly key: string | null = null,
  ) {
    super();
  }
}

export class CorrectShareCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly balanceId: string,
    readonly rueckpfleinzahlung: number,
    readonly interestEnd: string | null,
    /** The payment as the clerk read it; null: not checked (decision 296). */
    readonly expectedRueckpfleinzahlung: number | null = null,
  ) {
    super();
  }
}

type Decided = DecidedOn<MemberState, MemberEvent>;

/**
 * Runs the share ledger's commands: loads the member stream(s) without opening personal data, decides, and appends
 * every stream touched in one atomic write (a transfer and its annulation touch two members). A posting is decided
 * with the cooperative's closed years and its write carries the dividend register's revision (ClosedYearsReader), so a
 * closure starting meanwhile makes it decide again. A concurrency conflict on any of them reloads and decides again
 * (StreamWriter), then 409.
 */
@Injectable()
export class LedgerCommandRunner extends CommandRunner {
  constructor(
    writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
    private readonly closedYears: ClosedYearsReader,
  ) {
    super(writer);
  }

  terms(cooperativeId: string): Promise<ShareTerms> {
    return this.shareTerms.terms(cooperativeId);
  }

  /**
   * `decided` on `memberId`'s stream and, after it, the corrections of the receivers its corrected transfers reach
   * (decision 327), each receiver's stream read without personal data: every stream to append in one write.
   */
  async withTransferChain(memberId: string, decided: Decided): Promise<Decided[]> {
    const chain = await transferChain(
      { memberId, loaded: decided.loaded, state: decided.loaded.state, events: decided.events },
      async (receiver) => {
        const loaded = await this.writer.loadWithoutPersonalData(memberStream(receiver), shareLedgerDecider);
        return { loaded, state: loaded.state };
      },
    );
    return [...chain].map(([member, link]) => ({
      streamId: memberStream(member),
      loaded: link.loaded,
      events: link.events,
    }));
  }

  /** The member's recorded settlements (decision 335) and their stream's revision, checked in the posting's write. */
  async recordedSettlements(memberId: string): Promise<{ settlements: RecordedSettlements; check: StreamAppend }> {
    const streamId = settlementStream(memberId);
    const { state, expected } = await this.writer.loadWithoutPersonalData(streamId, recordedSettlementsReader);
    return { settlements: state, check: { streamId, expected, events: [] } };
  }

  /** The cooperative's closed years, read once per attempt of a posting (the dividend register). */
  openYears(cooperativeId: string): Promise<ClosedYears> {
    return this.closedYears.read(cooperativeId);
  }

  /**
   * Decides a command on the member's share account: the stream is read without opening personal data. A posting is
   * decided with `years` (a posting into a closed year is refused); a register correction needs none.
   */
  async decideOnLedger(memberId: string, command: LedgerCommand, years?: ClosedYears): Promise<Decided> {
    const streamId = memberStream(memberId);
    const loaded = await this.writer.loadWithoutPersonalData(streamId, shareLedgerDecider);
    const decided =
      years && command.type !== 'CorrectSharePayment' ? { ...command, closedThrough: years.closedThrough } : command;
    return { streamId, loaded, events: shareLedgerDecider.decide(decided, loaded.state) };
  }

  /**
   * Whether the keyed posting `balanceId` is on the member's stream already (decision 297): the same request sent
   * before, or at once and appended first (this one's append then failed on the revision and it is decided again).
   * Recorded with another type, quantity, annulled posting or other contents the stream keeps (sameContents), the key
   * was reused: 409 `idempotencyKeyReused`.
   */
  async sentBefore(memberId: string, balanceId: string, posting: ConfirmedPosting): Promise<boolean> {
    if (memberId === '') return false;
    const { state } = await this.writer.loadWithoutPersonalData(memberStream(memberId), shareLedgerDecider);
    const recorded = state.postings.get(balanceId);
    if (recorded === undefined) return false;
    const same =
      recorded.type === posting.type &&
      (!('quantity' in posting) || recorded.quantity === posting.quantity) &&
      (posting.type !== 5 || recorded.annulPeer === posting.annulPeer) &&
      sameContents(recorded, posting, state.exitNoticeDate);
    if (!same) throw new ConflictingStateError([fieldError(null, 'idempotencyKeyReused')]);
    return true;
  }

  /**
   * As append(), for a posting decided with `years`: the register's revision check goes into the same atomic write.
   * Answers its recorded events where the answer may be made from them before the read models include them
   * (StreamWriter.appendAnsweringFromEvents), undefined when it waited for the read models.
   */
  async appendPosting(
    decided: readonly Decided[],
    ctx: CommandContext,
    years: ClosedYears,
    checks: readonly StreamAppend[] = [],
  ): Promise<RecordedEvent[] | undefined> {
    const appends = this.appends(decided, ctx);
    return appends.length > 0
      ? this.writer.appendAnsweringFromEvents([...appends, revisionCheck(years), ...checks], ctx.actor.userId)
      : undefined;
  }
}

@CommandHandler(PostBalanceCommand)
export class PostBalanceHandler implements ICommandHandler<PostBalanceCommand> {
  constructor(private readonly ledger: LedgerCommandRunner) {}

  /**
   * With a key the posting's ids derive from it: the same request sent twice at once decides twice on one revision, one
   * append wins, and the other, decided again, finds its posting recorded and answers it (decision 297).
   */
  async execute({ ctx, posting, originalMember, key }: PostBalanceCommand): Promise<PostedBalance> {
    const cooperativeId = ctx.actor.cooperativeId;
    const memberId = posting.type === 5 ? (originalMember?.trim() ?? '') : posting.member;
    const idFor = (purpose: string): string =>
      key === null ? newRecordId() : idempotentId(ctx, key, `posting:${memberId}:${purpose}`);
    const balanceId = idFor('balance');
    const peerBalanceId = idFor('peer');
    const restate = { annulment: idFor('annulment'), exit: idFor('exit') };

    const recorded = await this.ledger.retrying(async () => {
      if (key !== null && (await this.ledger.sentBefore(memberId, balanceId, posting))) return undefined;
      const terms = await this.ledger.terms(cooperativeId);
      const years = await this.ledger.openYears(cooperativeId);
      switch (posting.type) {
        case 1:
        case 2:
        case 6:
        case 7:
        case 8: {
          const { type, member: memberId, date, approvalDate } = posting;
          const interestBegin =
            posting.interestBegin ?? interestBeginFor(date, terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE);
          const quantity = posting.type === 1 || posting.type === 2 ? posting.quantity : null;
          const notice = posting.type === 1 ? { paid: posting.paid ?? null } : { notice: posting.notice };
          const decided = await this.ledger.decideOnLedger(
            memberId,
            {
              type: 'PostShares',
              memberId,
              cooperativeId,
              balanceId,
              postingType: type,
              quantity,
              terms,
              date,
              approvalDate,
              interestBegin,
              ...notice,
              today: businessToday(),
            },
            years,
          );
          if (type === 1 || type === 2)
            requirePlausiblePosting(
              decided.loaded.state,
              { date, approvalDate, interestBegin },
              businessToday(),
              posting.confirmWarnings === true,
            );
          return this.ledger.appendPosting([decided], ctx, years);
        }
        case 3: {
          const { member: memberId, transferTo: target, quantity, date, approvalDate } = posting;
          const interestBegin =
            posting.interestBegin ?? interestBeginFor(date, terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE);
          const dates = { date, approvalDate, interestBegin };
          const settled = await this.ledger.recordedSettlements(memberId);
          const out = await this.ledger.decideOnLedger(
            memberId,
            {
              type: 'TransferOut',
              memberId,
              cooperativeId,
              balanceId,
              peerBalanceId,
              transferTo: target,
              quantity,
              terms,
              restate,
              settlements: settled.settlements,
              ...dates,
            },
            years,
          );
          const incoming = await this.ledger.decideOnLedger(
            target,
            {
              type: 'TransferIn',
              memberId: target,
              cooperativeId,
              balanceId: peerBalanceId,
              peerBalanceId: balanceId,
              transferFrom: memberId,
              quantity,
              terms,
              // The Geschäftsguthaben the outgoing half moves: what the receiver's shares come paid with (decision 265).
              paid: movedPaid(out.events),
              ...dates,
            },
            years,
          );
          requirePlausiblePosting(out.loaded.state, dates, businessToday(), posting.confirmWarnings === true);
          return this.ledger.appendPosting([out, incoming], ctx, years, [settled.check]);
        }
        case 5: {
          const { annulPeer, type: _type, confirmWarnings: _confirmed, ...dates } = posting;
          const memberId = originalMember?.trim() ?? '';
          const settled = await this.ledger.recordedSettlements(memberId);
          const decided = await this.annul(
            memberId,
            annulPeer,
            balanceId,
            peerBalanceId,
            cooperativeId,
            terms,
            years,
            businessToday(),
            dates,
            settled.settlements,
          );
          return this.ledger.appendPosting(decided, ctx, years, [settled.check]);
        }
      }
    });
    return { balanceId, recorded };
  }

  /** The annulation and, for a transfer half, the annulation of the other half on the other member. */
  private async annul(
    memberId: string,
    annulPeer: string,
    balanceId: string,
    peerBalanceId: string,
    cooperativeId: string,
    terms: ShareTerms,
    years: ClosedYears,
    today: string,
    dates: { date?: string; approvalDate?: string; interestBegin?: string },
    settlements: RecordedSettlements,
  ): Promise<Decided[]> {
    const command = {
      type: 'AnnulPosting',
      memberId,
      cooperativeId,
      balanceId,
      annulPeer,
      peerBalanceId,
      terms,
      today,
      settlements,
      ...dates,
    } as const;
    const own = await this.ledger.decideOnLedger(memberId, command, years);
    const counterpart = transferCounterpartToAnnul(own.loaded.state, annulPeer);
    if (!counterpart) return [own];
    const other = await this.ledger.decideOnLedger(
      counterpart.memberId,
      {
        type: 'AnnulTransferCounterpart',
        memberId: counterpart.memberId,
        cooperativeId,
        balanceId: peerBalanceId,
        annulPeer: counterpart.balanceId,
        counterpartOf: annulPeer,
        peerBalanceId: balanceId,
        terms,
        today,
        ...dates,
      },
      years,
    );
    return [own, other];
  }
}

@CommandHandler(CorrectShareCommand)
export class CorrectShareHandler implements ICommandHandler<CorrectShareCommand> {
  constructor(private readonly ledger: LedgerCommandRunner) {}

  async execute(command: CorrectShareCommand): Promise<void> {
    const { ctx, memberId, balanceId, rueckpfleinzahlung, interestEnd, expectedRueckpfleinzahlung } = command;
    const cooperativeId = ctx.actor.cooperativeId;
    // A payment booked between the read and this write makes the append conflict; decided again, the correction
    // finds the payment changed and is refused: 409, as a conflict with what is recorded (decision 296).
    await this.ledger
      .retrying(async () => {
        const decided = await this.ledger.decideOnLedger(memberId, {
          type: 'CorrectSharePayment',
          memberId,
          cooperativeId,
          balanceId,
          rueckpfleinzahlung,
          interestEnd,
          expectedRueckpfleinzahlung,
          followTransfers: true,
        });
        // The receivers of transfers that moved more than is now paid in, corrected in the same write (decision 327).
        await this.ledger.append(await this.ledger.withTransferChain(memberId, decided), ctx);
      })
      .catch((error: unknown) => {
        if (error instanceof ValidationError && error.errors.every((e) => e.template === 'shareChangedMeanwhile'))
          throw new ConflictingStateError(error.errors);
        throw error;
      });
  }
}

/**
 * Whether what the member stream keeps of a keyed posting is what the request sent again says (decision 297): the date
 * of a subscription, an outgoing transfer and a dated annulment; the payment with a subscription; a transfer's
 * receiver; the notice date of a termination (a whole end's while it stands). Only the type and the number of shares
 * were compared: the form sent again with its date mended was answered 201 with the posting of the old date. The
 * approval date and the interest begin (kept as corrected since) are not compared.
 */
function sameContents(recorded: MemberPosting, posting: ConfirmedPosting, exitNoticeDate: string | null): boolean {
  switch (posting.type) {
    case 1:
      return recorded.date === posting.date && recorded.paidWhenPosted === (posting.paid ?? recorded.amount);
    case 3:
      return recorded.date === posting.date && recorded.transferTo === posting.transferTo;
    case 2:
      return recorded.noticeDate === null || recorded.noticeDate === posting.notice.date;
    case 5:
      return posting.date === undefined || recorded.date === posting.date;
    default:
      return exitNoticeDate === null || exitNoticeDate === posting.notice.date;
  }
}
