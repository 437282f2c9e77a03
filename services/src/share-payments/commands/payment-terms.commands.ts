import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fieldError, paymentTermsStream } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ShareTermsReader } from '../../share-ledger/index.js';
import { paymentTermsDecider, type SetPaymentTerms } from '../domain/payment-terms.decider.js';
import { paymentTermsTagOfState } from '../payment-terms-tag.js';
import type { PaymentTerms } from '../queries/payment-terms.query.js';

/** Sets the actor's cooperative's payment terms on shares. */
export class SetPaymentTermsCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly terms: PaymentTerms,
    /** The terms' `masterTag` as the form read them; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(SetPaymentTermsCommand)
export class SetPaymentTermsHandler implements ICommandHandler<SetPaymentTermsCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
  ) {}

  async execute({ ctx, terms, masterTag: seen }: SetPaymentTermsCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const { shareCost } = await this.shareTerms.terms(cooperativeId);
    const streamId = paymentTermsStream(cooperativeId);
    const command: SetPaymentTerms = { type: 'SetPaymentTerms', cooperativeId, terms, shareCost };
    await this.writer.retrying(async () => {
      const { state, expected } = await this.writer.load(streamId, paymentTermsDecider);
      // A form read before another change of the terms would write it over (a lost update, e.g. the old creditor id
      // back in every direct-debit file): refused. A change landing between this load and the append fails the
      // append's revision, and decided again it is refused here.
      if (seen !== null && paymentTermsTagOfState(cooperativeId, state) !== seen)
        throw new ConflictingStateError([fieldError(null, 'recordChangedMeanwhile')]);
      const events = paymentTermsDecider.decide(command, state);
      if (events.length > 0)
        await this.writer.appendAll([{ streamId, expected, events: this.writer.stamp(events, ctx, cooperativeId) }]);
    });
  }
}
