import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  cooperativeStream,
  memberDataSubject,
  memberFieldError,
  memberNumberSequenceStream,
  memberNumberStream,
  memberStream,
  ValidationError,
  type FieldError,
  type MemberEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@coop/contracts';
import { cooperativeDecider } from '../../cooperatives/domain/cooperative.decider.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter, type Loaded } from '../../platform/commands/stream-writer.js';
import {
  memberDecider,
  memberLedgerDecider,
  postingRequestErrors,
  transferCounterpartToAnnul,
  type AdmitMember,
  type ChangeMemberData,
  type LedgerCommand,
  type MemberMasterInput,
  type MemberState,
  type PostingRequest,
  type ShareTerms,
} from '../domain/member.decider.js';
import {
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  nextMemberNumber,
  parseGivenMemberNumber,
} from '../domain/member-number.decider.js';
import { businessToday } from '../domain/business-date.js';
import { newRecordId } from '../../platform/commands/new-id.js';

/** Admits a member with the initial subscription; answers the new member id. */
export class CreateMemberCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly master: MemberMasterInput,
    readonly shareAmount: number | null,
    readonly memberNr: unknown,
  ) {
    super();
  }
}

export class ChangeMemberCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly memberId: string, readonly master: MemberMasterInput) {
    super();
  }
}

/**
 * What a posting answers: the balance id of the posting made on the request's member, and the events recorded when
 * the answer is to be made from them rather than read from the read models (decision 40).
 */
export interface PostedBalance {
  readonly balanceId: string;
  readonly recorded: readonly RecordedEvent[] | undefined;
}

/**
 * A posting request (types 1, 2, 3, 5, 6, 7, 8); for an annulation `originalMember` is the member
 * the annulled posting belongs to (looked up by the caller in the tenant's read model).
 */
export class PostBalanceCommand extends Command<PostedBalance> {
  constructor(readonly ctx: CommandContext, readonly request: PostingRequest, readonly originalMember: string | null) {
    super();
  }
}

export class CorrectShareCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly balanceId: string,
    readonly rueckpfleinzahlung: number | null,
    readonly interestEnd: string | null,
  ) {
    super();
  }
}

interface Decided {
  readonly streamId: string;
  readonly loaded: Loaded<MemberState>;
  readonly events: MemberEvent[];
}

/**
 * Runs member commands: loads the member stream(s), decides, and appends every stream touched in one
 * atomic write (a transfer and its annulation touch two members; an admission also claims the member
 * number). A concurrency conflict on any of them reloads and decides again (StreamWriter), then 409.
 */
@Injectable()
export class MemberCommandRunner {
  /**
   * The share terms last read per cooperative, with the revision of the cooperative stream they were
   * read at. They hold no personal data (an erased contact person does not linger here).
   */
  private readonly termsRead = new Map<string, { readonly revision: number; readonly terms: ShareTerms }>();

  constructor(private readonly writer: StreamWriter) {}

  /**
   * The cooperative's share price (cents) and minimum holding, from its stream. Every posting needs them:
   * when the stream has no event after the revision they were last read at, that reading is still the
   * current one (streams only grow), so only the stream's tail is read, not the whole stream with its sealed
   * contact data.
   */
  async terms(cooperativeId: string): Promise<ShareTerms> {
    const streamId = cooperativeStream(cooperativeId);
    const known = this.termsRead.get(cooperativeId);
    if (known && (await this.writer.readAfter(streamId, known.revision)).length === 0) return known.terms;
    const { state, expected } = await this.writer.load(streamId, cooperativeDecider);
    const cost = state.fields.balanceCost;
    const minimum = state.fields.minimumShares;
    const terms = {
      shareCost: typeof cost === 'number' && Number.isSafeInteger(cost) ? cost : 0,
      minimumShares: typeof minimum === 'number' && Number.isSafeInteger(minimum) && minimum >= 1 ? minimum : 1,
    };
    if (typeof expected === 'number') this.termsRead.set(cooperativeId, { revision: expected, terms });
    return terms;
  }

  /** Decides a command on master data (admission, change) on the member's whole state, personal data opened. */
  async decideOnMaster(memberId: string, command: AdmitMember | ChangeMemberData): Promise<Decided> {
    const streamId = memberStream(memberId);
    const loaded = await this.writer.loadKept(streamId, memberDecider, memberDataSubject(memberId));
    return { streamId, loaded, events: memberDecider.decide(command, loaded.state) };
  }

  /** Decides a command on the member's share account: the stream is read without opening personal data. */
  async decideOnLedger(memberId: string, command: LedgerCommand): Promise<Decided> {
    const streamId = memberStream(memberId);
    const loaded = await this.writer.loadWithoutPersonalData(streamId, memberLedgerDecider);
    return { streamId, loaded, events: memberLedgerDecider.decide(command, loaded.state) };
  }

  async append(decided: readonly Decided[], ctx: CommandContext, extra: readonly StreamAppend[] = []): Promise<void> {
    const appends = this.appends(decided, ctx, extra);
    if (appends.length > 0) await this.writer.appendAll(appends);
  }

  /**
   * As append(), for a posting: answers its recorded events where the answer may be made from them before the read
   * models include them (StreamWriter.appendAnsweringFromEvents), undefined when it waited for the read models.
   */
  async appendPosting(decided: readonly Decided[], ctx: CommandContext): Promise<RecordedEvent[] | undefined> {
    const appends = this.appends(decided, ctx, []);
    return appends.length > 0 ? this.writer.appendAnsweringFromEvents(appends, ctx.actor.userId) : undefined;
  }

  private appends(decided: readonly Decided[], ctx: CommandContext, extra: readonly StreamAppend[]): StreamAppend[] {
    const cooperativeId = ctx.actor.cooperativeId;
    return [
      ...decided
        .filter((d) => d.events.length > 0)
        .map((d) => ({ streamId: d.streamId, expected: d.loaded.expected, events: this.writer.stamp(d.events, ctx, cooperativeId) })),
      ...extra.filter((a) => a.events.length > 0),
    ];
  }

  retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return this.writer.retrying(attempt);
  }

  /** The member number streams: the claim of `nr` and, when it moves, the sequence. Throws memberNrTaken. */
  async claimNumber(ctx: CommandContext, memberId: string, given: number | null): Promise<{ memberNr: number; appends: StreamAppend[] }> {
    const cooperativeId = ctx.actor.cooperativeId;
    const seqStream = memberNumberSequenceStream(cooperativeId);
    const seq = await this.writer.load(seqStream, memberNumberSequenceDecider);
    const memberNr = given ?? nextMemberNumber(seq.state);
    const claimStream = memberNumberStream(cooperativeId, memberNr);
    const claim = await this.writer.load(claimStream, memberNumberClaimDecider);
    const claimEvents = memberNumberClaimDecider.decide({ type: 'ClaimMemberNumber', cooperativeId, memberId, memberNr }, claim.state);
    const seqEvents = memberNumberSequenceDecider.decide(
      given === null ? { type: 'AssignNextMemberNumber', cooperativeId, memberId } : { type: 'RecordGivenMemberNumber', cooperativeId, memberId, memberNr },
      seq.state,
    );
    return {
      memberNr,
      appends: [
        { streamId: claimStream, expected: claim.expected, events: this.writer.stamp(claimEvents, ctx, cooperativeId) },
        { streamId: seqStream, expected: seq.expected, events: this.writer.stamp(seqEvents, ctx, cooperativeId) },
      ],
    };
  }
}

/** Runs `f`, collecting its field errors instead of throwing them. */
function collect<T>(f: () => T, errors: FieldError[]): T | undefined {
  try {
    return f();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
    return undefined;
  }
}

async function collectAsync<T>(f: () => Promise<T>, errors: FieldError[]): Promise<T | undefined> {
  try {
    return await f();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
    return undefined;
  }
}

@CommandHandler(CreateMemberCommand)
export class CreateMemberHandler implements ICommandHandler<CreateMemberCommand> {
  constructor(private readonly members: MemberCommandRunner) {}

  async execute({ ctx, master, shareAmount, memberNr }: CreateMemberCommand): Promise<string> {
    const memberId = newRecordId();
    const balanceId = newRecordId();
    const cooperativeId = ctx.actor.cooperativeId;
    await this.members.retrying(async () => {
      const errors: FieldError[] = [];
      const given = collect(() => parseGivenMemberNumber(memberNr), errors) ?? null;
      const terms = await this.members.terms(cooperativeId);
      // The number first (the member's events carry it); its errors are reported with the master data's.
      const claimed = errors.length === 0 ? await collectAsync(() => this.members.claimNumber(ctx, memberId, given), errors) : undefined;
      const decided = await collectAsync(
        () =>
          this.members.decideOnMaster(memberId, {
            type: 'AdmitMember',
            memberId,
            cooperativeId,
            memberNr: claimed?.memberNr ?? 1,
            master,
            shareAmount,
            balanceId,
            terms,
            today: businessToday(),
          }),
        errors,
      );
      if (errors.length > 0) throw new ValidationError(errors);
      await this.members.append([decided!], ctx, claimed!.appends);
    });
    return memberId;
  }
}

@CommandHandler(ChangeMemberCommand)
export class ChangeMemberHandler implements ICommandHandler<ChangeMemberCommand> {
  constructor(private readonly members: MemberCommandRunner) {}

  async execute({ ctx, memberId, master }: ChangeMemberCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    await this.members.retrying(async () => {
      const decided = await this.members.decideOnMaster(memberId, { type: 'ChangeMemberData', memberId, cooperativeId, master, today: businessToday() });
      await this.members.append([decided], ctx);
    });
  }
}

@CommandHandler(PostBalanceCommand)
export class PostBalanceHandler implements ICommandHandler<PostBalanceCommand> {
  constructor(private readonly members: MemberCommandRunner) {}

  async execute({ ctx, request, originalMember }: PostBalanceCommand): Promise<PostedBalance> {
    const type = request.type;
    // 0 only comes with the admission, 4 only as the other half of a transfer (3).
    if (type === 0 || type === 4) throw new ValidationError([memberFieldError('type', 'invalidChoice', String(type))]);
    const errors = postingRequestErrors(request);
    if (errors.length > 0) throw new ValidationError(errors);
    const cooperativeId = ctx.actor.cooperativeId;
    const balanceId = newRecordId();
    const peerBalanceId = newRecordId();
    const dates = { date: request.date, approvalDate: request.approvalDate, interestBegin: request.interestBegin };
    const memberId = (type === 5 ? originalMember : request.member)?.trim() ?? '';

    const recorded = await this.members.retrying(async () => {
      const terms = await this.members.terms(cooperativeId);
      if (type === 1 || type === 2 || type === 6 || type === 7 || type === 8) {
        const decided = await this.members.decideOnLedger(memberId, {
          type: 'PostShares',
          memberId,
          cooperativeId,
          balanceId,
          postingType: type,
          quantity: request.quantity ?? null,
          terms,
          ...dates,
        });
        return this.members.appendPosting([decided], ctx);
      } else if (type === 3) {
        const target = request.transferTo!.trim();
        const out = await this.members.decideOnLedger(memberId, {
          type: 'TransferOut',
          memberId,
          cooperativeId,
          balanceId,
          peerBalanceId,
          transferTo: target,
          quantity: request.quantity ?? null,
          terms,
          ...dates,
        });
        const incoming = await this.members.decideOnLedger(target, {
          type: 'TransferIn',
          memberId: target,
          cooperativeId,
          balanceId: peerBalanceId,
          peerBalanceId: balanceId,
          transferFrom: memberId,
          quantity: request.quantity ?? null,
          terms,
          ...dates,
        });
        return this.members.appendPosting([out, incoming], ctx);
      } else if (type === 5) {
        const annulPeer = request.annulPeer!.trim();
        const today = businessToday();
        const annulDates = {
          ...(request.date ? { date: request.date } : {}),
          ...(request.approvalDate ? { approvalDate: request.approvalDate } : {}),
          ...(request.interestBegin ? { interestBegin: request.interestBegin } : {}),
        };
        return this.members.appendPosting(await this.annul(memberId, annulPeer, balanceId, peerBalanceId, cooperativeId, terms, today, annulDates), ctx);
      } else {
        throw new ValidationError([memberFieldError('type', 'invalidChoice', String(type))]);
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
    today: string,
    dates: { date?: string; approvalDate?: string; interestBegin?: string },
  ): Promise<Decided[]> {
    const own = await this.members.decideOnLedger(memberId, { type: 'AnnulPosting', memberId, cooperativeId, balanceId, annulPeer, peerBalanceId, terms, today, ...dates });
    const counterpart = transferCounterpartToAnnul(own.loaded.state, annulPeer);
    if (!counterpart) return [own];
    const other = await this.members.decideOnLedger(counterpart.memberId, {
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
    });
    return [own, other];
  }
}

@CommandHandler(CorrectShareCommand)
export class CorrectShareHandler implements ICommandHandler<CorrectShareCommand> {
  constructor(private readonly members: MemberCommandRunner) {}

  async execute({ ctx, memberId, balanceId, rueckpfleinzahlung, interestEnd }: CorrectShareCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    await this.members.retrying(async () => {
      const decided = await this.members.decideOnLedger(memberId, { type: 'CorrectSharePayment', memberId, cooperativeId, balanceId, rueckpfleinzahlung, interestEnd });
      await this.members.append([decided], ctx);
    });
  }
}
