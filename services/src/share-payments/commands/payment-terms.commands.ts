import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { paymentTermsStream } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { ShareTermsReader } from '../../share-ledger/index.js';
import { paymentTermsDecider } from '../domain/payment-terms.decider.js';
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
    await this.writer.handle(
      paymentTermsStream(cooperativeId),
      paymentTermsDecider,
      { type: 'SetPaymentTerms', cooperativeId, terms, shareCost },
      ctx,
      cooperativeId,
      // A form read before another change would write the old creditor id back into every direct-debit file (423).
      (state) => refuseChangedMeanwhile(seen, () => paymentTermsTagOfState(cooperativeId, state)),
    );
  }
}
