import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream, type ChurchQueryKind } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { refuseErasedMember } from '../../members/reads.js';
import { refuseErasedInLog } from '../../members/index.js';
import { churchDataDecider } from '../domain/church-data.decider.js';
import { ChurchDataKey } from './church-data-key.js';

export interface ChurchDataInput {
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly queriedOn: string;
  readonly queryKind: ChurchQueryKind;
}

/**
 * A paper answer typed in (`PUT /members/{id}/church-tax`): records `ChurchDataRecorded` on the member stream; a null
 * answer then deletes the member's church key (decision 101), so the church data it held reads null in the log too.
 */
export class RecordChurchDataCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly input: ChurchDataInput,
  ) {
    super();
  }
}

@CommandHandler(RecordChurchDataCommand)
export class RecordChurchDataHandler implements ICommandHandler<RecordChurchDataCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly churchKey: ChurchDataKey,
    private readonly reads: ReadModels,
  ) {}

  async execute({ ctx, memberId, input }: RecordChurchDataCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    // An erased member takes no church data (Art. 9 GDPR data on an erased member; decision 362).
    await refuseErasedMember(this.reads, cooperativeId, memberId);
    const command = { type: 'RecordChurchData' as const, memberId, cooperativeId, ...input, taskId: null };
    // The erasure log's revision checked in the append: a clean-up recording the member meanwhile refuses it (decision 399).
    const events = await this.writer.retrying(async () => {
      const erasure = await refuseErasedInLog(this.writer, cooperativeId, memberId);
      const streamId = memberStream(memberId);
      const { state, expected } = await this.writer.load(streamId, churchDataDecider);
      const decided = churchDataDecider.decide(command, state);
      if (decided.length > 0)
        await this.writer.appendAll([
          { streamId, expected, events: this.writer.stamp(decided, ctx, cooperativeId) },
          erasure,
        ]);
      return decided;
    });
    if (
      events.some((e) => e.type === 'ChurchDataRecorded' && e.data.churchId === null && e.data.churchTaxRate === null)
    )
      await this.churchKey.eraseAfterNullAnswer(memberId);
  }
}
