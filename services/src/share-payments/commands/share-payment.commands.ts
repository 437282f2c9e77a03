import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  memberStream,
  ValidationError,
  type Instalment,
  type MemberEvent,
  type SharePaymentMethod,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { CommandRunner, type Decided } from '../../platform/commands/command-runner.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { idempotentId } from '../../platform/commands/idempotency.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { paymentIdsOf, sharePaymentDecider, type SharePaymentCommand } from '../domain/share-payment.decider.js';
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
    /** The request's `Idempotency-Key` (decision 297): sent twice, the payment is recorded once. */
    readonly key: string | null = null,
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

  /** Answers the events recorded and the member's state after them. */
  async run(
    memberId: string,
    command: SharePaymentCommand,
    ctx: CommandContext,
  ): Promise<{ events: MemberEvent[]; state: MemberState }> {
    return this.retrying(async () => {
      const streamId = memberStream(memberId);
      const loaded = await this.writer.loadWithoutPersonalData(streamId, sharePaymentDecider);
      const decided: Decided<MemberState, MemberEvent> = {
        streamId,
        loaded,
        events: sharePaymentDecider.decide(command, loaded.state),
      };
      await this.append([decided], ctx);
      return { events: decided.events, state: decided.events.reduce(sharePaymentDecider.evolve, loaded.state) };
    });
  }
}

@CommandHandler(RecordSharePaymentCommand)
export class RecordSharePaymentHandler implements ICommandHandler<RecordSharePaymentCommand> {
  constructor(private readonly runner: SharePaymentRunner) {}

  /**
   * With a key the payment id derives from it: the same request sent twice at once decides twice on one revision, one
   * append wins, and the other, decided again on the stream that holds the payment now, records nothing and answers
   * the same ids (decision 297).
   */
  async execute({ ctx, memberId, input, key }: RecordSharePaymentCommand): Promise<string[]> {
    const command = {
      type: 'RecordSharePayment',
      memberId,
      cooperativeId: ctx.actor.cooperativeId,
      paymentId: key === null ? newRecordId() : idempotentId(ctx, key, `payment:${memberId}`),
      today: businessToday(),
      keyed: key !== null,
      ...input,
    } as const;
    const { state } = await this.runner.run(memberId, command, ctx).catch((error: unknown) => {
      if (error instanceof ValidationError && error.errors.every((e) => e.template === 'idempotencyKeyReused'))
        throw new ConflictingStateError(error.errors);
      throw error;
    });
    return paymentIdsOf(state, command.paymentId);
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
