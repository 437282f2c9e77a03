import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  memberChurchSubject,
  memberDataSubject,
  memberNumberSequenceStream,
  memberNumberStream,
  memberStream,
  ValidationError,
  UnconfirmedWarnings,
  businessToday,
  fieldError,
  DEFAULT_INTEREST_BEGIN_RULE,
  interestBeginFor,
  type FieldError,
  type MemberAdmitted,
  type MemberEvent,
  type MemberMasterData,
  type RecordedEvent,
  type SharesPosted,
  type StreamAppend,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import type { Loaded } from '../../platform/commands/stream-writer.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { idempotentId } from '../../platform/commands/idempotency.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { CommandRunner, type Decided as DecidedOn } from '../../platform/commands/command-runner.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { ClosedYearsReader, revisionCheck, ShareTermsReader, type ClosedYears } from '../../share-ledger/index.js';
import {
  memberMasterDecider,
  withoutSpouseTaxIdCopy,
  type MasterDataCommand,
} from '../domain/member-master.decider.js';
import { masterTag } from '../master-tag.js';
import { ConflictingStateError, SavedNotYetShownError } from '../../platform/commands/errors.js';
import {
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  nextMemberNumber,
} from '../domain/member-number.decider.js';
import { refuseErasedInLog } from './erased-members.js';
import { TaxIdClaims, type TaxIdClaim } from './tax-id-claims.js';

/** An admission as checked at the edge (the request class MemberAdmission of contracts). */
export interface AdmissionInput {
  readonly master: MemberMasterData;
  /** Shares of the initial subscription, a whole number of at least 1 (the cooperative's minimum: the decider's). */
  readonly shareAmount: number;
  /** The cents paid with the initial subscription (issue 45); null or absent: paid in full. */
  readonly paid?: number | null;
  /** Recorded despite plausibility warnings (members/domain/plausibility.ts). */
  readonly confirmWarnings?: boolean;
}

/** Admits a member with the initial subscription; answers the new member id. */
export class CreateMemberCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: AdmissionInput,
    /** Given by the clerk (a whole number of at least 1), or null: the next in sequence. */
    readonly memberNr: number | null,
    /** The request's `Idempotency-Key` (as decision 297): sent twice, the member is admitted once. */
    readonly key: string | null = null,
  ) {
    super();
  }
}

export class ChangeMemberCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly master: MemberMasterData,
    readonly confirmWarnings = false,
    /** The record's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

type Decided = DecidedOn<MemberState, MemberEvent>;

/**
 * Runs the commands on member master data: loads the member stream with its personal data opened, decides, and
 * appends every stream touched in one atomic write (an admission also claims the member number; a tax id the member
 * takes is claimed on its own stream). A concurrency conflict on any of them reloads and decides again (StreamWriter),
 * then 409.
 */
@Injectable()
export class MemberCommandRunner extends CommandRunner {
  constructor(
    writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
    private readonly closedYears: ClosedYearsReader,
    private readonly taxIds: TaxIdClaims,
    private readonly progress: ReadModelProgress,
  ) {
    super(writer);
  }

  /**
   * Whether the keyed admission of `memberId` is recorded already (as decision 297 for postings): the same request
   * sent before, or at once and appended first (this one's append then failed on the member stream's revision and it
   * is decided again). Recorded with other master data, shares, payment or member number, the key was reused: 409
   * `idempotencyKeyReused`. Found, it waits until the read models show the member (else 202, as the first request), so
   * the answer is the member the first request answered.
   */
  async admittedBefore(
    memberId: string,
    balanceId: string,
    input: AdmissionInput,
    memberNr: number | null,
  ): Promise<boolean> {
    const recorded = await this.writer.readAfter(memberStream(memberId), -1);
    const admitted = recorded.find((e) => e.type === 'MemberAdmitted') as RecordedEvent<MemberAdmitted> | undefined;
    if (admitted === undefined) return false;
    const subscription = recorded.find(
      (e) => e.type === 'SharesPosted' && (e.data as SharesPosted['data']).balanceId === balanceId,
    ) as RecordedEvent<SharesPosted> | undefined;
    if (!sameAdmission(admitted.data, subscription?.data, input, memberNr))
      throw new ConflictingStateError([fieldError(null, 'idempotencyKeyReused')]);
    const position = recorded[recorded.length - 1]!.position;
    try {
      await this.progress.waitFor(position);
    } catch (reason) {
      throw new SavedNotYetShownError(position, reason);
    }
    return true;
  }

  /**
   * A tax id belongs to one person (issue 39): the holder found (`taxIdTaken`), or the claim of the tax id's stream to
   * append in the same write (TaxIdClaims). `held`: the member's tax id before the write (null on admission).
   */
  claimTaxId(ctx: CommandContext, memberId: string, taxId: string | null, held: string | null): Promise<TaxIdClaim> {
    return this.taxIds.claim(ctx, memberId, taxId, held);
  }

  /**
   * The erasure log's revision check for a change of `memberId`'s master data; `memberErased` when the log names it
   * (an erasure recorded meanwhile makes the change decide again, and refuses it).
   */
  notErased(cooperativeId: string, memberId: string): Promise<StreamAppend> {
    return refuseErasedInLog(this.writer, cooperativeId, memberId);
  }

  /** The cooperative's share terms (the initial subscription needs them). */
  terms(cooperativeId: string): Promise<ShareTerms> {
    return this.shareTerms.terms(cooperativeId);
  }

  /** The cooperative's closed years (the initial subscription is a posting: issue 23, share-ledger ClosedYearsReader). */
  openYears(cooperativeId: string): Promise<ClosedYears> {
    return this.closedYears.read(cooperativeId);
  }

  /**
   * Decides a command on master data (admission, change) on the member's whole state, personal data opened: as `loaded`
   * in this attempt already, else loaded now.
   */
  async decideOnMaster(memberId: string, command: MasterDataCommand, loaded?: Loaded<MemberState>): Promise<Decided> {
    const streamId = memberStream(memberId);
    const from = loaded ?? (await this.loadMaster(memberId));
    return { streamId, loaded: from, events: memberMasterDecider.decide(command, from.state) };
  }

  /** The member stream's whole state, personal data opened (the fold kept of it between commands). */
  loadMaster(memberId: string): Promise<Loaded<MemberState>> {
    return this.writer.loadKept(memberStream(memberId), memberMasterDecider, [
      memberDataSubject(memberId),
      memberChurchSubject(memberId),
    ]);
  }

  /** The member number streams: the claim of `nr` and, when it moves, the sequence. Throws memberNrTaken. */
  async claimNumber(
    ctx: CommandContext,
    memberId: string,
    given: number | null,
  ): Promise<{ memberNr: number; appends: StreamAppend[] }> {
    const cooperativeId = ctx.actor.cooperativeId;
    const seqStream = memberNumberSequenceStream(cooperativeId);
    const seq = await this.writer.load(seqStream, memberNumberSequenceDecider);
    const memberNr = given ?? nextMemberNumber(seq.state);
    const claimStream = memberNumberStream(cooperativeId, memberNr);
    const claim = await this.writer.load(claimStream, memberNumberClaimDecider);
    const claimEvents = memberNumberClaimDecider.decide(
      { type: 'ClaimMemberNumber', cooperativeId, memberId, memberNr },
      claim.state,
    );
    const seqEvents = memberNumberSequenceDecider.decide(
      given === null
        ? { type: 'AssignNextMemberNumber', cooperativeId, memberId }
        : { type: 'RecordGivenMemberNumber', cooperativeId, memberId, memberNr },
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

/**
 * Whether the admission recorded (its `MemberAdmitted` and initial subscription) is the one `input` asks for: every
 * field of master data as the decider records it (a member spouse's tax id not copied), an interest begin left empty
 * taken as the rule set it, the shares, the amount paid and a member number given. The warnings' confirmation is no
 * part of it: the form sent again with the warnings confirmed is the same admission.
 */
function sameAdmission(
  admitted: MemberAdmitted['data'],
  subscription: SharesPosted['data'] | undefined,
  input: AdmissionInput,
  memberNr: number | null,
): boolean {
  if (subscription === undefined || subscription.type !== 0) return false;
  if (subscription.quantity !== input.shareAmount || (subscription.paid ?? null) !== (input.paid ?? null)) return false;
  if (memberNr !== null && admitted.memberNr !== memberNr) return false;
  const master = withoutSpouseTaxIdCopy(input.master);
  const recorded = admitted as unknown as Record<string, unknown>;
  return (Object.keys(master) as (keyof MemberMasterData)[]).every(
    (field) =>
      (field === 'interestBegin' && master.interestBegin === null) || master[field] === (recorded[field] ?? null),
  );
}

/** The admission's interest begin: as entered, or by the cooperative's rule from the entry date when left empty. */
export function withInterestBegin(master: MemberMasterData, terms: ShareTerms): MemberMasterData {
  if (master.interestBegin !== null) return master;
  return {
    ...master,
    interestBegin: interestBeginFor(master.entryDate, terms.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE),
  };
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

  /**
   * With a key the member's and the subscription's ids derive from it (as decision 297): the same admission sent twice
   * at once decides twice on a new member stream, one append wins, and the other, decided again, finds the member
   * admitted and answers it.
   */
  async execute({ ctx, input, memberNr, key }: CreateMemberCommand): Promise<string> {
    const idFor = (purpose: string): string =>
      key === null ? newRecordId() : idempotentId(ctx, key, `admission:${purpose}`);
    const memberId = idFor('member');
    const balanceId = idFor('balance');
    const cooperativeId = ctx.actor.cooperativeId;
    await this.members.retrying(async () => {
      if (key !== null && (await this.members.admittedBefore(memberId, balanceId, input, memberNr))) return;
      const errors: FieldError[] = [];
      const taxId = await this.members.claimTaxId(ctx, memberId, input.master.manualTaxId, null);
      if (taxId.taken) errors.push(taxId.taken);
      const terms = await this.members.terms(cooperativeId);
      const years = await this.members.openYears(cooperativeId);
      // The number first (the member's events carry it); a taken one is answered with the rules needing the terms.
      const claimed = await collectAsync(() => this.members.claimNumber(ctx, memberId, memberNr), errors);
      const { shareAmount } = input;
      const master = withInterestBegin(input.master, terms);
      const plausibility = { today: businessToday(), confirmed: input.confirmWarnings === true };
      let warned: UnconfirmedWarnings | undefined;
      const decided = await collectAsync(
        () =>
          this.members
            .decideOnMaster(memberId, {
              type: 'AdmitMember',
              memberId,
              cooperativeId,
              memberNr: claimed?.memberNr ?? 1,
              master,
              shareAmount,
              paid: input.paid ?? null,
              balanceId,
              terms,
              plausibility,
              closedThrough: years.closedThrough,
            })
            .catch((error: unknown) => {
              // Errors come before warnings: a taken number is answered first, the warnings once the form is right.
              if (!(error instanceof UnconfirmedWarnings) || errors.length === 0) throw error;
              warned = error;
              return undefined;
            }),
        errors,
      );
      if (errors.length > 0) throw new ValidationError(errors);
      if (warned) throw warned;
      // The register's revision too: a closure starting meanwhile makes the admission decide again.
      await this.members.append([decided!], ctx, [...claimed!.appends, ...taxId.appends], [revisionCheck(years)]);
    });
    return memberId;
  }
}

@CommandHandler(ChangeMemberCommand)
export class ChangeMemberHandler implements ICommandHandler<ChangeMemberCommand> {
  constructor(private readonly members: MemberCommandRunner) {}

  async execute({ ctx, memberId, master, confirmWarnings, masterTag: seen }: ChangeMemberCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const plausibility = { today: businessToday(), confirmed: confirmWarnings };
    await this.members.retrying(async () => {
      // The erasure log first: an erased member's master data is not opened (its key is gone, or about to go).
      const erasure = await this.members.notErased(cooperativeId, memberId);
      const loaded = await this.members.loadMaster(memberId);
      // A form read before another change of the master data would write it over (a lost update, decision 418).
      const now = loaded.state.master;
      if (now !== null)
        refuseChangedMeanwhile(
          seen,
          () => masterTag(now as unknown as Record<string, unknown>),
          'memberChangedMeanwhile',
        );
      const held = loaded.state.master?.manualTaxId ?? null;
      const taxId = await this.members.claimTaxId(ctx, memberId, master.manualTaxId, held);
      if (taxId.taken) throw new ValidationError([taxId.taken]);
      const decided = await this.members.decideOnMaster(
        memberId,
        { type: 'ChangeMemberData', memberId, cooperativeId, master, plausibility },
        loaded,
      );
      // With the claim of a tax id the member did not hold (its stream's revision too: a rival claim decides again), and
      // the erasure log's revision: a clean-up naming the member meanwhile makes the change decide again.
      await this.members.append([decided], ctx, taxId.appends, [erasure]);
    });
  }
}
