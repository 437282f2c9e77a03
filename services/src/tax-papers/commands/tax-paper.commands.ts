import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { exemptionOrdersStream, memberStream, nonAssessmentsStream, type Decider, type DomainEvent } from '@coop/contracts';
import { EXEMPTION_ORDERS, NON_ASSESSMENTS } from '@coop/projections';
import { businessToday } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { exemptionOrderDecider, type ExemptionOrderInput } from '../domain/exemption-order.decider.js';
import { nonAssessmentDecider, type NonAssessmentInput } from '../domain/non-assessment.decider.js';
import { shareLedgerDecider } from '../../share-ledger/index.js';
import { newRecordId } from '../../platform/commands/new-id.js';

/** Records an exemption order for `member`; answers the new order's id. */
export class RecordExemptionOrderCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly member: string, readonly input: ExemptionOrderInput) {
    super();
  }
}

/** Corrects the exemption order `id` (the whole order); `member` is the member the request named, if any. */
export class CorrectExemptionOrderCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly id: string, readonly member: string | null, readonly input: ExemptionOrderInput) {
    super();
  }
}

export class RecordNonAssessmentCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly member: string, readonly input: NonAssessmentInput) {
    super();
  }
}

export class CorrectNonAssessmentCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly id: string, readonly member: string | null, readonly input: NonAssessmentInput) {
    super();
  }
}

/**
 * The write path of the tax papers. All papers of a member of one kind live on one stream
 * (`exemptionorders-<memberId>`, `nonassessments-<memberId>`): the decider sees every other paper for
 * the overlap rule, and two concurrent writes on one member collide on the expected revision, reload
 * and decide again (StreamWriter), then 409. Members and spouses are checked on their own streams.
 */
@Injectable()
export class TaxPaperWriter {
  constructor(private readonly writer: StreamWriter, private readonly reads: ReadModels) {}

  /**
   * Whether `memberId` is a member of the cooperative (from its stream; another cooperative's reads as unknown). It
   * needs no master data: the stream is read as for a posting, without opening personal data (decision 33).
   */
  async isMember(memberId: string, cooperativeId: string): Promise<boolean> {
    if (memberId === '') return false;
    const { state } = await this.writer.loadWithoutPersonalData(memberStream(memberId), shareLedgerDecider);
    return state.exists && state.cooperativeId === cooperativeId;
  }

  /** The member an existing paper belongs to, from the tenant's read model (404 for an unknown or foreign id). */
  async memberOf(collection: typeof EXEMPTION_ORDERS | typeof NON_ASSESSMENTS, cooperativeId: string, id: string, entity: string): Promise<string> {
    const doc = await this.reads.get(collection, cooperativeId, id, entity);
    return String(doc.member);
  }

  /** Decides on the member's stream and appends; a blank member is decided on an empty state (it only reports errors). */
  async run<C, E extends DomainEvent, S>(streamId: string | null, decider: Decider<C, E, S>, command: () => Promise<C>, ctx: CommandContext): Promise<void> {
    await this.writer.retrying(async () => {
      const c = await command();
      if (streamId === null) {
        decider.decide(c, decider.initialState());
        return;
      }
      const { state, expected } = await this.writer.load(streamId, decider);
      const events = decider.decide(c, state);
      if (events.length > 0) await this.writer.appendAll([{ streamId, expected, events: this.writer.stamp(events, ctx, ctx.actor.cooperativeId) }]);
    });
  }
}

const spouseOf = (input: ExemptionOrderInput): string => input.spouse ?? '';

@CommandHandler(RecordExemptionOrderCommand)
export class RecordExemptionOrderHandler implements ICommandHandler<RecordExemptionOrderCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, member, input }: RecordExemptionOrderCommand): Promise<string> {
    const exemptionOrderId = newRecordId();
    const cooperativeId = ctx.actor.cooperativeId;
    const memberId = member.trim();
    await this.papers.run(
      memberId === '' ? null : exemptionOrdersStream(memberId),
      exemptionOrderDecider,
      async () => ({
        type: 'RecordExemptionOrder' as const,
        exemptionOrderId,
        memberId,
        cooperativeId,
        input,
        memberKnown: await this.papers.isMember(memberId, cooperativeId),
        spouseKnown: await this.papers.isMember(spouseOf(input), cooperativeId),
        today: businessToday(),
      }),
      ctx,
    );
    return exemptionOrderId;
  }
}

@CommandHandler(CorrectExemptionOrderCommand)
export class CorrectExemptionOrderHandler implements ICommandHandler<CorrectExemptionOrderCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, id, member, input }: CorrectExemptionOrderCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const memberId = await this.papers.memberOf(EXEMPTION_ORDERS, cooperativeId, id, 'Exemption order');
    await this.papers.run(
      exemptionOrdersStream(memberId),
      exemptionOrderDecider,
      async () => ({
        type: 'CorrectExemptionOrder' as const,
        exemptionOrderId: id,
        memberId,
        cooperativeId,
        requestedMember: member,
        input,
        memberKnown: true,
        spouseKnown: await this.papers.isMember(spouseOf(input), cooperativeId),
        today: businessToday(),
      }),
      ctx,
    );
  }
}

@CommandHandler(RecordNonAssessmentCommand)
export class RecordNonAssessmentHandler implements ICommandHandler<RecordNonAssessmentCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, member, input }: RecordNonAssessmentCommand): Promise<string> {
    const nonAssessmentId = newRecordId();
    const cooperativeId = ctx.actor.cooperativeId;
    const memberId = member.trim();
    await this.papers.run(
      memberId === '' ? null : nonAssessmentsStream(memberId),
      nonAssessmentDecider,
      async () => ({
        type: 'RecordNonAssessment' as const,
        nonAssessmentId,
        memberId,
        cooperativeId,
        input,
        memberKnown: await this.papers.isMember(memberId, cooperativeId),
        today: businessToday(),
      }),
      ctx,
    );
    return nonAssessmentId;
  }
}

@CommandHandler(CorrectNonAssessmentCommand)
export class CorrectNonAssessmentHandler implements ICommandHandler<CorrectNonAssessmentCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, id, member, input }: CorrectNonAssessmentCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const memberId = await this.papers.memberOf(NON_ASSESSMENTS, cooperativeId, id, 'Non assessment');
    await this.papers.run(
      nonAssessmentsStream(memberId),
      nonAssessmentDecider,
      async () => ({
        type: 'CorrectNonAssessment' as const,
        nonAssessmentId: id,
        memberId,
        cooperativeId,
        requestedMember: member,
        input,
        memberKnown: true,
        today: businessToday(),
      }),
      ctx,
    );
  }
}
