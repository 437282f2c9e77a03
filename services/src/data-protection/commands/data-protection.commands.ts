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
  type KeyStore,
  type MembersErased,
} from '@coop/contracts';
import { memberDocuments } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { KEY_STORE } from '../../platform/tokens.js';
import { erasureDecider } from '../domain/erasure.decider.js';
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

/** Erase every member due now; answers the run's event (undefined when nobody was left to erase). */
export class CleanMembersCommand extends Command<MembersErased['data'] | undefined> {
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
    await this.writer.handle(
      memberStream(memberId),
      retentionHoldDecider,
      { type: 'ChangeRetentionHold', memberId, cooperativeId, held, reason },
      ctx,
      cooperativeId,
    );
  }
}

/**
 * The clean-up (issue 27): finds the members due in the read models, records one `MembersErased` on the cooperative's
 * erasure stream (the writer waits until the read models show it: every projector blanks its documents of those
 * members at once), then deletes each erased member's key, so its personal data in the event log cannot be read again.
 * The keys of every member the log names as erased are deleted, not only this run's: a run stopped between the event
 * and the keys is completed by the next one. Task files old enough to name an erased member are removed (OldTaskFiles).
 * Then the church step (ChurchDataCleanUp): the church data of former members no longer needed for church tax goes
 * earlier, with its own event and key (decision 101).
 */
@CommandHandler(CleanMembersCommand)
export class CleanMembersHandler implements ICommandHandler<CleanMembersCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly due: DueMembers,
    private readonly taskFiles: OldTaskFiles,
    private readonly church: ChurchDataCleanUp,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
  ) {}

  async execute({ ctx }: CleanMembersCommand): Promise<MembersErased['data'] | undefined> {
    const cooperativeId = ctx.actor.cooperativeId;
    const asOf = businessToday();
    const retentionYears = await this.due.retentionYears(cooperativeId);
    const members = [];
    for (const member of await this.due.due(cooperativeId, asOf, retentionYears))
      members.push(await this.due.documentsOf(cooperativeId, member));
    const command = {
      type: 'EraseMembers' as const,
      erasureId: newRecordId(),
      cooperativeId,
      asOf,
      retentionYears,
      members,
    };
    const { state, events } = await this.writer.handle(
      dataProtectionStream(cooperativeId),
      erasureDecider,
      command,
      ctx,
      cooperativeId,
    );
    for (const memberId of state.erased) {
      for (const subject of [memberDataSubject(memberId), memberChurchSubject(memberId)]) {
        if ((await this.keys.find(subject)) !== undefined) await this.keys.erase(subject);
      }
    }
    // Task files are not sealed: those old enough to name an erased member go with it (OldTaskFiles).
    const run = events[0]?.data;
    if (run) {
      // The closures the erased members were paid in (`dividend_members` ids `<dividendId>:<memberId>`).
      const closures = new Set(
        run.members.flatMap((m) => m.dividendRows.map((row) => row.slice(0, row.lastIndexOf(':')))),
      );
      await this.taskFiles.removeBefore(
        cooperativeId,
        `${String(Number(asOf.slice(0, 4)) - retentionYears + 1).padStart(4, '0')}-01-01`,
        closures,
      );
    }
    await this.church.run(ctx, asOf);
    return events[0]?.data;
  }
}
