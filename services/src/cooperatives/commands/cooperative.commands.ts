import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cooperativeStream, type CooperativeFields } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { cooperativeDecider } from '../domain/cooperative.decider.js';

/** Registers a cooperative; `bootstrap` (first start only) accepts a name alone. Answers the new id. */
export class RegisterCooperativeCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly fields: Partial<CooperativeFields>, readonly bootstrap = false, readonly cooperativeId: string = randomUUID()) {
    super();
  }
}

export class UpdateCooperativeCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly cooperativeId: string, readonly fields: CooperativeFields) {
    super();
  }
}

@CommandHandler(RegisterCooperativeCommand)
export class RegisterCooperativeHandler implements ICommandHandler<RegisterCooperativeCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, fields, bootstrap, cooperativeId }: RegisterCooperativeCommand): Promise<string> {
    await this.writer.handle(cooperativeStream(cooperativeId), cooperativeDecider, { type: 'RegisterCooperative', cooperativeId, fields, bootstrap }, ctx, cooperativeId);
    return cooperativeId;
  }
}

@CommandHandler(UpdateCooperativeCommand)
export class UpdateCooperativeHandler implements ICommandHandler<UpdateCooperativeCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, cooperativeId, fields }: UpdateCooperativeCommand): Promise<void> {
    await this.writer.handle(cooperativeStream(cooperativeId), cooperativeDecider, { type: 'UpdateCooperative', cooperativeId, fields }, ctx, cooperativeId);
  }
}
