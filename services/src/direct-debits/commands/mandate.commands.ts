import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessToday, mandateReferenceStream, memberStream, type MandateKind } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { transferChain } from '../../kernel/transfer-shortfalls.js';
import { debitMemberDecider, debitPaymentsDecider } from '../domain/mandate.decider.js';
import { mandateReferenceDecider } from '../domain/mandate-reference.decider.js';
import { DirectDebitReads } from '../queries/direct-debit-reads.js';

/** Grants a mandate to a member: the mandate on the member stream and its reference claimed, in one atomic append. */
export class GrantMandateCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly reference: string,
    readonly signedOn: string,
    readonly kind: MandateKind,
    readonly now: Date,
  ) {
    super();
  }
}

@CommandHandler(GrantMandateCommand)
export class GrantMandateHandler implements ICommandHandler<GrantMandateCommand, string> {
  constructor(private readonly writer: StreamWriter) {}

  execute({ ctx, memberId, reference, signedOn, kind, now }: GrantMandateCommand): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    const mandateId = newRecordId();
    return this.writer.retrying(async () => {
      const member = await this.writer.load(memberStream(memberId), debitMemberDecider);
      // The member first: another cooperative's member is unknown (404) before its references are looked at.
      const granted = debitMemberDecider.decide(
        {
          type: 'GrantMandate',
          memberId,
          cooperativeId,
          mandateId,
          reference,
          signedOn,
          kind,
          today: businessToday(now),
        },
        member.state,
      );
      const referenceStream = mandateReferenceStream(cooperativeId, reference);
      const claim = await this.writer.load(referenceStream, mandateReferenceDecider);
      const claimed = mandateReferenceDecider.decide(
        { type: 'ClaimMandateReference', cooperativeId, reference, memberId, mandateId },
        claim.state,
      );
      await this.writer.appendAll([
        {
          streamId: memberStream(memberId),
          expected: member.expected,
          events: this.writer.stamp(granted, ctx, cooperativeId),
        },
        { streamId: referenceStream, expected: claim.expected, events: this.writer.stamp(claimed, ctx, cooperativeId) },
      ]);
      return mandateId;
    });
  }
}

/** Revokes the member's mandate `mandateId` as of `date`. */
export class RevokeMandateCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly mandateId: string,
    readonly date: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeMandateCommand)
export class RevokeMandateHandler implements ICommandHandler<RevokeMandateCommand, void> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: DirectDebitReads,
  ) {}

  async execute({ ctx, memberId, mandateId, date }: RevokeMandateCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    // The last debit collected under the mandate (the collections write it to the mandate's read model).
    const known = (await this.reads.mandatesOfMember(cooperativeId, memberId)).find((m) => m.id === mandateId);
    const lastCollectionDate = known?.lastCollectionDate ?? null;
    await this.writer.handle(
      memberStream(memberId),
      debitMemberDecider,
      { type: 'RevokeMandate', memberId, cooperativeId, mandateId, date, lastCollectionDate },
      ctx,
      cooperativeId,
    );
  }
}

/**
 * Records that the member's payment `paymentId` by direct debit came back on `date` (Rücklastschrift): the amount is due
 * again. `now`: when it is recorded; a return dated after its business day is refused (decision 357).
 */
export class ReturnPaymentCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly paymentId: string,
    readonly date: string,
    readonly reason: string | null,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

/**
 * Records a returned debit on the member's stream, and in the same atomic write the corrections it makes on the
 * receivers of the member's transfers that moved money the return took back (decision 327), along the whole chain.
 */
@CommandHandler(ReturnPaymentCommand)
export class ReturnPaymentHandler implements ICommandHandler<ReturnPaymentCommand, void> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, memberId, paymentId, date, reason, now }: ReturnPaymentCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday(now);
    await this.writer.retrying(async () => {
      const loaded = await this.writer.load(memberStream(memberId), debitMemberDecider);
      const command = { type: 'ReturnPayment', memberId, cooperativeId, paymentId, date, reason, today } as const;
      const events = debitMemberDecider.decide(command, loaded.state);
      const chain = await transferChain({ memberId, loaded, state: loaded.state.account, events }, async (receiver) => {
        // The receiver's share account, read without its personal data (it decides on the postings alone).
        const other = await this.writer.loadWithoutPersonalData(memberStream(receiver), debitPaymentsDecider);
        if (!other.state.exists || other.state.cooperativeId !== cooperativeId)
          throw new Error(`The receiver ${receiver} of a transfer is not a member of the cooperative`);
        return { loaded: other, state: other.state.account };
      });
      const appends = [...chain].flatMap(([member, link]) =>
        link.events.length === 0
          ? []
          : [
              {
                streamId: memberStream(member),
                expected: link.loaded.expected,
                events: this.writer.stamp(link.events, ctx, cooperativeId),
              },
            ],
      );
      if (appends.length > 0) await this.writer.appendAll(appends);
    });
  }
}
