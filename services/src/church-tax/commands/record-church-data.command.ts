import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessToday, memberStream, type ChurchQueryKind, type Decider, type MemberEvent } from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { refuseErasedMember } from '../../members/reads.js';
import { refuseErasedInLog } from '../../members/index.js';
import { churchDataDecider, type RecordChurchData } from '../domain/church-data.decider.js';
import { churchDataTagOfStream, evolveChurchDataOrigin, type ChurchDataOrigin } from '../church-data-tag.js';
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
    /** The church data's `masterTag` as the form read them; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

/**
 * churchDataDecider, its fold also keeping where the church data come from (the last answer's date, kind and task): the
 * tag compared covers every field the `PUT` writes, and this is read from the same load the decision is made on.
 */
const withOrigin: Decider<RecordChurchData, MemberEvent, { member: MemberState; origin: ChurchDataOrigin }> = {
  initialState: () => ({ member: churchDataDecider.initialState(), origin: null }),
  evolve: (state, event) => ({
    member: churchDataDecider.evolve(state.member, event),
    origin: evolveChurchDataOrigin(state.origin, event),
  }),
  decide: (command, state) => churchDataDecider.decide(command, state.member),
};

@CommandHandler(RecordChurchDataCommand)
export class RecordChurchDataHandler implements ICommandHandler<RecordChurchDataCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly churchKey: ChurchDataKey,
    private readonly reads: ReadModels,
  ) {}

  async execute({ ctx, memberId, input, masterTag: seen }: RecordChurchDataCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    // An erased member takes no church data (Art. 9 GDPR data on an erased member; decision 362).
    await refuseErasedMember(this.reads, cooperativeId, memberId);
    const today = businessToday();
    const command = { type: 'RecordChurchData' as const, memberId, cooperativeId, ...input, taskId: null, today };
    // The erasure log's revision checked in the append: a clean-up recording the member meanwhile refuses it (decision 399).
    const events = await this.writer.retrying(async () => {
      const erasure = await refuseErasedInLog(this.writer, cooperativeId, memberId);
      const streamId = memberStream(memberId);
      const { state, expected } = await this.writer.load(streamId, withOrigin);
      // A dialog read before another change of the church data would write the old rate back under the dividend's
      // church tax (decision 423). Another cooperative's member: decide's 404, not this.
      const { member } = state;
      if (member.exists && member.cooperativeId === cooperativeId)
        refuseChangedMeanwhile(seen, () => churchDataTagOfStream(memberId, cooperativeId, member.master, state.origin));
      const decided = withOrigin.decide(command, state);
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
