import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  memberStream,
  type Instalment,
  type MemberEvent,
  type SharePaymentMethod,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { CommandRunner, type Decided } from '../../platform/commands/command-runner.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { sharePaymentDecider, type SharePaymentCommand } from '../domain/share-payment.decider.js';
import { PaymentTermsQuery } from '../queries/payment-terms.query.js';

/** A payment as the clerk enters it (checked at the edge, SharePaymentWrite). */
export interface SharePaymentInput {
  readonly balanceId: string | null;
  readonly date: string;
  readonly amount: number;
  readonly method: SharePaymentMethod;
  readonly reference: string | null;
}

/** Records a payment on the member's subscriptions; answers the payment ids recorded (one per subscription paid). */
export class RecordSharePaymentCommand extends Command<string[]> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly input: SharePaymentInput,
  ) {
    super();
  }
}

/** Sets the instalment plan of the member's subscription `balanceId` under the cooperative's payment terms. */
export class SetInstalmentPlanCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly balanceId: string,
    readonly instalments: readonly Instalment[],
  ) {
    super();
  }
}

/** Decides on the member stream read without personal data, and appends; a conflict reloads and decides again. */
@Injectable()
export class SharePaymentRunner extends CommandRunner {
  constructor(writer: StreamWriter) {
    super(writer);
  }

  async run(memberId: string, command: SharePaymentCommand, ctx: CommandContext): Promise<MemberEvent[]> {
    return this.retrying(async () => {
      const streamId = memberStream(memberId);
      const loaded = await this.writer.loadWithoutPersonalData(streamId, sharePaymentDecider);
      const decided: Decided<MemberState, MemberEvent> = {
        streamId,
        loaded,
        events: sharePaymentDecider.decide(command, loaded.state),
      };
      await this.append([decided], ctx);
      return decided.events;
    });
  }
}

@CommandHandler(RecordSharePaymentCommand)
export class RecordSharePaymentHandler implements ICommandHandler<RecordSharePaymentCommand> {
  constructor(private readonly runner: SharePaymentRunner) {}

  async execute({ ctx, memberId, input }: RecordSharePaymentCommand): Promise<string[]> {
    const command = {
      type: 'RecordSharePayment',
      memberId,
      cooperativeId: ctx.actor.cooperativeId,
      paymentId: newRecordId(),
      today: businessToday(),
      ...input,
    } as const;
    const events = await this.runner.run(memberId, command, ctx);
    return events.flatMap((e) => (e.type === 'SharePaymentReceived' ? [e.data.paymentId] : []));
  }
}

@CommandHandler(SetInstalmentPlanCommand)
export class SetInstalmentPlanHandler implements ICommandHandler<SetInstalmentPlanCommand> {
  constructor(
    private readonly runner: SharePaymentRunner,
    private readonly terms: PaymentTermsQuery,
  ) {}

  async execute({ ctx, memberId, balanceId, instalments }: SetInstalmentPlanCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const terms = await this.terms.terms(cooperativeId);
    await this.runner.run(
      memberId,
      { type: 'SetInstalmentPlan', memberId, cooperativeId, balanceId, instalments, terms: terms.instalments },
      ctx,
    );
  }
}
