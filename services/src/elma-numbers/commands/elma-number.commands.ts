import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { elmaNumberStream } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { elmaNumberDecider, type ElmaNumberCommand, type ElmaNumberState } from '../domain/elma-number.decider.js';
import { idempotentId } from '../../platform/commands/idempotency.js';
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
    /** The request's `Idempotency-Key` (as decision 421): sent twice, the number is added once. */
    readonly key: string | null = null,
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
async function run(
  writer: StreamWriter,
  ctx: CommandContext,
  command: ElmaNumberCommand,
  check?: (state: ElmaNumberState) => void,
): Promise<void> {
  const streamId = elmaNumberStream(command.elmaNumberId);
  await writer.handle(streamId, elmaNumberDecider, command, ctx, command.cooperativeId, check);
}

@CommandHandler(AddElmaNumberCommand)
export class AddElmaNumberHandler implements ICommandHandler<AddElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  /**
   * With a key the number's id derives from it (as decision 421): the same number sent twice, also at once, is added
   * once and both answer it; the key with another number is refused 409 (StreamWriter.handleOnce).
   */
  async execute({ ctx, input, key }: AddElmaNumberCommand): Promise<string> {
    const elmaNumberId = key === null ? newRecordId() : idempotentId(ctx, key, 'elma-number');
    const cooperativeId = ctx.actor.cooperativeId;
    const createdAt = new Date().toISOString();
    const command: ElmaNumberCommand = { type: 'AddElmaNumber', elmaNumberId, cooperativeId, createdAt, ...input };
    if (key === null) await run(this.writer, ctx, command);
    else await this.writer.handleOnce(elmaNumberStream(elmaNumberId), elmaNumberDecider, command, ctx, cooperativeId);
    return elmaNumberId;
  }
}

@CommandHandler(ChangeElmaNumberCommand)
export class ChangeElmaNumberHandler implements ICommandHandler<ChangeElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, id, input, masterTag: seen }: ChangeElmaNumberCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    await run(
      this.writer,
      ctx,
      { type: 'ChangeElmaNumber', elmaNumberId: id, cooperativeId, ...input },
      // A form read before another change would write the old process or number back (decision 424). A number
      // unknown here (or of another cooperative) is left to the decider (404).
      (state) => {
        if (state.exists && state.cooperativeId === cooperativeId)
          refuseChangedMeanwhile(seen, () => elmaNumberTagOfState(state));
      },
    );
  }
}

@CommandHandler(RemoveElmaNumberCommand)
export class RemoveElmaNumberHandler implements ICommandHandler<RemoveElmaNumberCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, id }: RemoveElmaNumberCommand): Promise<void> {
    await run(this.writer, ctx, { type: 'RemoveElmaNumber', elmaNumberId: id, cooperativeId: ctx.actor.cooperativeId });
  }
}
