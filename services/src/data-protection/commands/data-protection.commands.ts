import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  dataProtectionStream,
  fieldError,
  memberChurchSubject,
  memberDataSubject,
  memberStream,
  ValidationError,
  type ErasedMember,
  type KeyStore,
  type MembersErased,
  type RecordedEvent,
  type StreamAppend,
} from '@coop/contracts';
import { ErasedDebtorFiles } from '../../direct-debits/index.js';
import { memberDocuments, refuseErasedInLog } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { APP_CONFIG, KEY_STORE } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config/config.js';
import { erasureChunks } from '../domain/erasure-chunks.js';
import {
  erasureDecider,
  memberStandingReader,
  type EraseMembers,
  type ErasureState,
  type MemberStanding,
} from '../domain/erasure.decider.js';
import { retentionHoldDecider } from '../domain/retention-hold.decider.js';
import { DueMembers } from '../queries/due-members.js';
import { ChurchDataCleanUp } from './church-data-clean-up.js';
import { OldTaskFiles } from './old-task-files.js';

/** Set (`held`) or clear the member's hold flag with a reason. */
export class ChangeRetentionHoldCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly held: boolean,
    readonly reason: string,
  ) {
    super();
  }
}

/** A clean-up run as it answers: its id and each member it erased (ids and dates; their documents' ids are not kept). */
export interface CleanRun {
  readonly erasureId: string;
  readonly members: readonly Pick<ErasedMember, 'memberId' | 'memberNr' | 'exitDate' | 'dueFrom'>[];
}

/** Erase every member due now; answers the run (undefined when nobody was left to erase). */
export class CleanMembersCommand extends Command<CleanRun | undefined> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}

/**
 * Sets or clears the hold on the member's stream. An erased member is refused (`memberErased`): its key is gone, and a
 * reason sealed now would create a new one for a member that no longer has personal data.
 */
@CommandHandler(ChangeRetentionHoldCommand)
export class ChangeRetentionHoldHandler implements ICommandHandler<ChangeRetentionHoldCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: ReadModels,
  ) {}

  async execute({ ctx, memberId, held, reason }: ChangeRetentionHoldCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const member = await memberDocuments.get(this.reads, cooperativeId, memberId);
    if (member.erased) throw new ValidationError([fieldError(null, 'memberErased')]);
    const streamId = memberStream(memberId);
    await this.writer.retrying(async () => {
      // The erasure as the log has it, checked in the write: a clean-up naming the member meanwhile makes the hold
      // decide again, and refuses it (refuseErasedInLog).
      const erasure = await refuseErasedInLog(this.writer, cooperativeId, memberId);
      const loaded = await this.writer.load(streamId, retentionHoldDecider);
      const command = { type: 'ChangeRetentionHold' as const, memberId, cooperativeId, held, reason };
      const events = retentionHoldDecider.decide(command, loaded.state);
      if (events.length === 0) return;
      await this.writer.appendAll([
        { streamId, expected: loaded.expected, events: this.writer.stamp(events, ctx, cooperativeId) },
        erasure,
      ]);
    });
  }
}

/**
 * The clean-up (issue 27): finds the members due in the read models, records them as `MembersErased` on the
 * cooperative's erasure stream, one event per part of at most `ERASURE_CHUNK_MEMBERS` members and 256 KiB (decision
 * 318; the writer waits until the read models show each: every projector blanks its documents of those members at
 * once), and after each part deletes its members' keys, so their personal data in the event log cannot be read again.
 * A run stopped between parts left the rest due: the next run erases them, each member once.
 * The keys of every member the log names as erased are deleted, not only this run's: a run stopped between the event
 * and the keys is completed by the next one. The collections' pain.008 files are rewritten with every erased debtor
 * anonymised (ErasedDebtorFiles, decision 364); task files that may name an erased member are removed (OldTaskFiles:
 * those old enough, those of its closures, and every member list, export and import queued before, decision 365).
 * Then the church step (ChurchDataCleanUp): the church data of former members no longer needed for church tax goes
 * earlier, with its own event and key (decision 101).
 */
@CommandHandler(CleanMembersCommand)
export class CleanMembersHandler implements ICommandHandler<CleanMembersCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly due: DueMembers,
    private readonly taskFiles: OldTaskFiles,
    private readonly debitFiles: ErasedDebtorFiles,
    private readonly church: ChurchDataCleanUp,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ctx }: CleanMembersCommand): Promise<CleanRun | undefined> {
    const cooperativeId = ctx.actor.cooperativeId;
    const asOf = businessToday();
    const retentionYears = await this.due.retentionYears(cooperativeId);
    const erasureId = newRecordId();
    const erase = (members: readonly ErasedMember[]) =>
      this.erase(ctx, { type: 'EraseMembers', erasureId, cooperativeId, asOf, retentionYears, members });
    // What the run answers of each member erased: a part's documents are not kept past it.
    const erased: CleanRun['members'][number][] = [];
    let state: ErasureState | undefined;
    for await (const members of this.parts(cooperativeId, asOf, retentionYears)) {
      const written = await erase(members);
      state = written.state;
      const named = written.events[0]?.data.members ?? [];
      await this.eraseKeys(named.map((m) => m.memberId));
      for (const m of named)
        erased.push({ memberId: m.memberId, memberNr: m.memberNr, exitDate: m.exitDate, dueFrom: m.dueFrom });
    }
    // Nobody due: the log's erasures read all the same, for the keys a run stopped before deleting.
    state ??= (await erase([])).state;
    await this.eraseKeys(state.erased);
    // The collections' files name the debtors outside crypto-shredding: every member the log names is anonymised there
    // (a file rewritten already stays as it is), so a run stopped before this step is completed (decision 364).
    await this.debitFiles.anonymise(cooperativeId, state.erased);
    // Task files are not sealed: those that may name an erased member go with it (OldTaskFiles), for every run the
    // log records, so a run stopped before this step is completed by the next.
    await this.removeTaskFiles(cooperativeId);
    await this.church.run(ctx, asOf);
    return erased.length > 0 ? { erasureId, members: erased } : undefined;
  }

  /**
   * For each run of the erasure log: the files of the tasks queued before it that may name a member it erased (those
   * old enough, those of the closures its members were paid in, and the member lists, exports and imports: OldTaskFiles).
   * A file removed already is removed again without effect; a task queued after the run names nobody it erased.
   */
  private async removeTaskFiles(cooperativeId: string): Promise<void> {
    const runs = new Map<string, { asOf: string; years: number; at: string; closures: Set<string> }>();
    for (const event of await this.writer.readAfter(dataProtectionStream(cooperativeId), -1)) {
      if (event.type !== 'MembersErased') continue;
      const { erasureId, asOf, retentionYears, members } = (event as RecordedEvent<MembersErased>).data;
      const at = event.metadata.timestamp;
      const run = runs.get(erasureId) ?? { asOf, years: retentionYears, at, closures: new Set<string>() };
      if (at > run.at) run.at = at;
      // Its members' closures: `dividend_members` ids `<dividendId>:<memberId>`.
      for (const row of members.flatMap((m) => m.dividendRows)) run.closures.add(row.slice(0, row.lastIndexOf(':')));
      runs.set(erasureId, run);
    }
    for (const { asOf, years, at, closures } of runs.values()) {
      const before = `${String(Number(asOf.slice(0, 4)) - years + 1).padStart(4, '0')}-01-01`;
      await this.taskFiles.removeBefore(cooperativeId, before, closures, at);
    }
  }

  /**
   * Records one part on the erasure stream, decided on each member's own stream as it is at the write (decision 355):
   * a member held or whose exit was revoked since the read models were read is left out. The streams' revisions are
   * checked in the same atomic write, so a hold recorded between this read and the write makes it read and decide again.
   */
  private erase(
    ctx: CommandContext,
    command: Omit<EraseMembers, 'standing'>,
  ): Promise<{ state: ErasureState; events: MembersErased[] }> {
    const streamId = dataProtectionStream(command.cooperativeId);
    return this.writer.retrying(async () => {
      const log = await this.writer.load(streamId, erasureDecider);
      const standing = new Map<string, MemberStanding>();
      const checks = new Map<string, StreamAppend>();
      for (const m of command.members) {
        if (log.state.erased.has(m.memberId)) continue;
        const stream = memberStream(m.memberId);
        const loaded = await this.writer.loadWithoutPersonalData(stream, memberStandingReader);
        standing.set(m.memberId, loaded.state);
        checks.set(m.memberId, { streamId: stream, expected: loaded.expected, events: [] });
      }
      const events = erasureDecider.decide({ ...command, standing }, log.state);
      if (events.length > 0) {
        const named = events[0]!.data.members.map((m) => checks.get(m.memberId)!);
        await this.writer.appendAll([
          { streamId, expected: log.expected, events: this.writer.stamp(events, ctx, command.cooperativeId) },
          ...named,
        ]);
      }
      return { state: events.reduce((s, e) => erasureDecider.evolve(s, e), log.state), events };
    });
  }

  /** The members due, their documents read part by part (never every due member's documents at once). */
  private async *parts(cooperativeId: string, asOf: string, retentionYears: number): AsyncGenerator<ErasedMember[]> {
    const due = await this.due.due(cooperativeId, asOf, retentionYears);
    const size = this.config.erasureChunkMembers;
    for (let from = 0; from < due.length; from += size) {
      const documents: ErasedMember[] = [];
      for (const member of due.slice(from, from + size))
        documents.push(await this.due.documentsOf(cooperativeId, member));
      yield* erasureChunks(documents, size);
    }
  }

  /** Deletes the personal-data and church keys of these members that still exist. */
  private async eraseKeys(memberIds: Iterable<string>): Promise<void> {
    for (const memberId of memberIds) {
      for (const subject of [memberDataSubject(memberId), memberChurchSubject(memberId)]) {
        if ((await this.keys.find(subject)) !== undefined) await this.keys.erase(subject);
      }
    }
  }
}
