import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { elmaNumberStream, fieldError } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { elmaNumberDecider, type ElmaNumberCommand } from '../domain/elma-number.decider.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { elmaNumberTagOfState } from '../master-tag.js';

export interface ElmaNumberInput {
  readonly elmaProcess: string;
  readonly elmaNumber: string;
}

/** Adds an approval number to the actor's cooperative; answers the new id. */
export class AddElmaNumberCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: ElmaNumberInput,
  ) {
    super();
  }
}

export class ChangeElmaNumberCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly input: ElmaNumberInput,
    /** The number's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

export class RemoveElmaNumberCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
  ) {
    super();
  }
}

/** Decides on the approval number's own stream, within the actor's cooperative. */
async function run(writer: StreamWriter, ctx: CommandContext, command: ElmaNumberCommand): Promise<void> {
  await writer.handle(elmaNumberStream(command.elmaNumberId), elmaNumberDecider, command, ctx, command.cooperativeId);
}

@CommandHandler(AddElmaNumberCommand)
export class AddElmaNumberHandler implements ICommandHandler<AddElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, input }: AddElmaNumberCommand): Promise<string> {
    const elmaNumberId = newRecordId();
    const createdAt = new Date().toISOString();
    await run(this.writer, ctx, {
      type: 'AddElmaNumber',
      elmaNumberId,
      cooperativeId: ctx.actor.cooperativeId,
      createdAt,
      ...input,
    });
    return elmaNumberId;
  }
}

@CommandHandler(ChangeElmaNumberCommand)
export class ChangeElmaNumberHandler implements ICommandHandler<ChangeElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, id, input, masterTag: seen }: ChangeElmaNumberCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const streamId = elmaNumberStream(id);
    const command: ElmaNumberCommand = { type: 'ChangeElmaNumber', elmaNumberId: id, cooperativeId, ...input };
    await this.writer.retrying(async () => {
      const { state, expected } = await this.writer.load(streamId, elmaNumberDecider);
      // A form read before another change would write the old process or number back (a lost update): refused. A
      // change landing between this load and the append fails the append's revision, and decided again it is refused
      // here. A number unknown here (or of another cooperative) is left to the decider (404).
      if (
        seen !== null &&
        state.exists &&
        state.cooperativeId === cooperativeId &&
        elmaNumberTagOfState(state) !== seen
      )
        throw new ConflictingStateError([fieldError(null, 'recordChangedMeanwhile')]);
      const events = elmaNumberDecider.decide(command, state);
      if (events.length > 0)
        await this.writer.appendAll([{ streamId, expected, events: this.writer.stamp(events, ctx, cooperativeId) }]);
    });
  }
}

@CommandHandler(RemoveElmaNumberCommand)
export class RemoveElmaNumberHandler implements ICommandHandler<RemoveElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, id }: RemoveElmaNumberCommand): Promise<void> {
    await run(this.writer, ctx, { type: 'RemoveElmaNumber', elmaNumberId: id, cooperativeId: ctx.actor.cooperativeId });
  }
}
