import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cooperativeStream } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { idempotentId } from '../../platform/commands/idempotency.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { cooperativeDecider } from '../domain/cooperative.decider.js';
import { masterTagOfState } from '../master-tag.js';
import { cooperativeFieldsOf, firstCooperativeOf, type CooperativeInput } from './cooperative-input.js';

/**
 * Registers a cooperative; `bootstrap` (first start only) accepts a name alone. Answers the new id. The fields are read
 * by the request classes of the API before the decider sees them (cooperative-input.ts), whoever sends them.
 */
export class RegisterCooperativeCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly fields: CooperativeInput,
    readonly bootstrap = false,
    readonly cooperativeId: string = randomUUID(),
    /** The request's `Idempotency-Key` (as decision 421): sent twice, the cooperative is registered once. */
    readonly key: string | null = null,
  ) {
    super();
  }

  /** A registration by the API, its id derived from the request's key (idempotentId), else new. */
  static keyed(ctx: CommandContext, fields: CooperativeInput, key: string | null): RegisterCooperativeCommand {
    const id = key === null ? randomUUID() : idempotentId(ctx, key, 'cooperative');
    return new RegisterCooperativeCommand(ctx, fields, false, id, key);
  }
}

export class UpdateCooperativeCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly cooperativeId: string,
    readonly fields: CooperativeInput,
    /** The record's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(RegisterCooperativeCommand)
export class RegisterCooperativeHandler implements ICommandHandler<RegisterCooperativeCommand> {
  constructor(private readonly writer: StreamWriter) {}

  /**
   * Under a key (decision 421) the same registration sent twice, also at once, registers once and both answer it; the
   * key with other fields is refused 409 (StreamWriter.handleOnce).
   */
  async execute({ ctx, fields: input, bootstrap, cooperativeId, key }: RegisterCooperativeCommand): Promise<string> {
    const fields = bootstrap ? firstCooperativeOf(input) : cooperativeFieldsOf(input);
    const command = { type: 'RegisterCooperative', cooperativeId, fields, bootstrap } as const;
    const streamId = cooperativeStream(cooperativeId);
    if (key === null) await this.writer.handle(streamId, cooperativeDecider, command, ctx, cooperativeId);
    else await this.writer.handleOnce(streamId, cooperativeDecider, command, ctx, cooperativeId);
    return cooperativeId;
  }
}

@CommandHandler(UpdateCooperativeCommand)
export class UpdateCooperativeHandler implements ICommandHandler<UpdateCooperativeCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, cooperativeId, fields: input, masterTag: seen }: UpdateCooperativeCommand): Promise<void> {
    const fields = cooperativeFieldsOf(input);
    await this.writer.handle(
      cooperativeStream(cooperativeId),
      cooperativeDecider,
      { type: 'UpdateCooperative', cooperativeId, fields },
      ctx,
      cooperativeId,
      // A form read before another change would write the old IBAN back as the SEPA files' debtor (decision 420).
      (state) => {
        if (state.exists) {
          const current = () => masterTagOfState(cooperativeId, state.fields);
          refuseChangedMeanwhile(seen, current, 'cooperativeChangedMeanwhile');
        }
      },
    );
  }
}
