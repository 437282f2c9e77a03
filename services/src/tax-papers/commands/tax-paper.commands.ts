import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  exemptionOrdersStream,
  memberChurchSubject,
  memberDataSubject,
  memberStream,
  nonAssessmentsStream,
  type Decider,
  type DomainEvent,
} from '@coop/contracts';
import { EXEMPTION_ORDERS, NON_ASSESSMENTS } from '@coop/projections/tax-papers';
import { businessToday } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  exemptionOrderDecider,
  type ExemptionOrderContext,
  type ExemptionOrderInput,
  type SpouseJointOrder,
} from '../domain/exemption-order.decider.js';
import { nonAssessmentDecider, type NonAssessmentInput } from '../domain/non-assessment.decider.js';
import { holderOf, type MemberPapers, type TaxPaperHolder } from '../domain/tax-paper-rules.js';
import { exemptionOrderTagOfState, nonAssessmentTagOfState } from '../master-tag.js';
import {
  memberDocuments,
  memberMasterDecider,
  memberName,
  refuseErasedInLog,
  refuseErasedMember,
} from '../../members/index.js';
import { newRecordId } from '../../platform/commands/new-id.js';

/** Records an exemption order for `member`; answers the new order's id. */
export class RecordExemptionOrderCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly member: string,
    readonly input: ExemptionOrderInput,
  ) {
    super();
  }
}

/** Corrects the exemption order `id` (the whole order); `member` is the member the request named, if any. */
export class CorrectExemptionOrderCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly member: string | null,
    readonly input: ExemptionOrderInput,
    /** The record's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

export class RecordNonAssessmentCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly member: string,
    readonly input: NonAssessmentInput,
  ) {
    super();
  }
}

export class CorrectNonAssessmentCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly member: string | null,
    readonly input: NonAssessmentInput,
    /** The record's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

/**
 * The write path of the tax papers. All papers of a member of one kind live on one stream
 * (`exemptionorders-<memberId>`, `nonassessments-<memberId>`): the decider sees every other paper for
 * the overlap rule, and two concurrent writes on one member collide on the expected revision, reload
 * and decide again (StreamWriter), then 409. The member is read from its own stream (its master data), a linked
 * spouse's joint orders from the spouse's order stream. Two linked spouses recording overlapping joint orders at the
 * same moment write different streams: that race is not serialised (the closure checks the orders again).
 */
@Injectable()
export class TaxPaperWriter {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: ReadModels,
  ) {}

  /**
   * The member as the tax-paper rules need it (legal form, residence, the spouse recorded), from its master data on the
   * member stream, personal data opened (the country and the spouse are personal); null when `memberId` is not a member
   * of the cooperative (another cooperative's reads as unknown).
   */
  async holder(memberId: string, cooperativeId: string): Promise<TaxPaperHolder | null> {
    if (memberId === '') return null;
    // An erased member (issue 27) takes no paper: its sealed fields would make its key anew.
    await refuseErasedMember(this.reads, cooperativeId, memberId);
    const { state } = await this.writer.loadKept(memberStream(memberId), memberMasterDecider, [
      memberDataSubject(memberId),
      memberChurchSubject(memberId),
    ]);
    return state.exists && state.cooperativeId === cooperativeId && state.master !== null
      ? holderOf(state.master)
      : null;
  }

  /**
   * The joint orders of the members linked as spouse of `memberId`, in either direction: the one its master data links,
   * and those whose master data link it (from the members read model), each read from its own order stream.
   */
  async spouseJointOrders(
    memberId: string,
    cooperativeId: string,
    holder: TaxPaperHolder | null,
  ): Promise<SpouseJointOrder[]> {
    if (holder === null) return [];
    const linking = await memberDocuments.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'spouse', op: 'eq', value: memberId }],
      sort: [{ field: 'id', direction: 'asc' }],
      offset: 0,
      limit: 20,
    });
    const ids = new Set(linking.items.map((d) => d.id));
    if (holder.linkedSpouse !== null) ids.add(holder.linkedSpouse);
    ids.delete(memberId);
    if (ids.size === 0) return [];
    const docs = await memberDocuments.getMany(this.reads, cooperativeId, [...ids]);
    const out: SpouseJointOrder[] = [];
    for (const [id, doc] of docs) {
      const { state } = await this.writer.load(exemptionOrdersStream(id), exemptionOrderDecider);
      const label = [doc.memberNr === null ? '' : String(doc.memberNr), memberName(doc)]
        .filter((p) => p !== '')
        .join(' ');
      for (const [exemptionOrderId, order] of Object.entries(state.papers)) {
        if (order.joint)
          out.push({ exemptionOrderId, spouse: label, startDate: order.startDate, endDate: order.endDate });
      }
    }
    return out;
  }

  /** What an exemption order's rules need beyond its stream: the member, and for a joint order the linked spouses' joint orders. */
  async exemptionOrderContext(
    memberId: string,
    cooperativeId: string,
    input: ExemptionOrderInput,
  ): Promise<ExemptionOrderContext> {
    const holder = await this.holder(memberId, cooperativeId);
    const spouseJointOrders = input.joint ? await this.spouseJointOrders(memberId, cooperativeId, holder) : [];
    return { holder, spouseJointOrders, today: businessToday() };
  }

  /** The member an existing paper belongs to, from the tenant's read model (404 for an unknown or foreign id). */
  async memberOf(
    collection: typeof EXEMPTION_ORDERS | typeof NON_ASSESSMENTS,
    cooperativeId: string,
    id: string,
    entity: string,
  ): Promise<string> {
    const doc = await this.reads.get(collection, cooperativeId, id, entity);
    return String(doc.member);
  }

  /**
   * Decides on the member's stream and appends; a blank member is decided on an empty state (it only reports errors).
   * A paper of a member the erasure log names is refused, and the log's revision is checked in the append: a clean-up
   * recording the member meanwhile makes it decide again (decision 399; the read model's check alone came too late).
   * `check` sees the state loaded before it is decided on (a correction's `masterTag`), inside the retry.
   */
  async run<C, E extends DomainEvent, S>(
    streamId: string | null,
    decider: Decider<C, E, S>,
    command: () => Promise<C>,
    ctx: CommandContext,
    memberId: string,
    check: (state: S) => void = () => undefined,
  ): Promise<void> {
    await this.writer.retrying(async () => {
      const c = await command();
      if (streamId === null) {
        decider.decide(c, decider.initialState());
        return;
      }
      const erasure = await refuseErasedInLog(this.writer, ctx.actor.cooperativeId, memberId);
      const { state, expected } = await this.writer.load(streamId, decider);
      check(state);
      const events = decider.decide(c, state);
      if (events.length > 0)
        await this.writer.appendAll([
          { streamId, expected, events: this.writer.stamp(events, ctx, ctx.actor.cooperativeId) },
          erasure,
        ]);
    });
  }
}

/**
 * A correction from a form read before another change of the paper would write the old fields back over it (a lost
 * update): refused `409 recordChangedMeanwhile` when the form's `masterTag` is not the paper's in the state loaded. A
 * change landing between this load and the append fails the append's revision, and decided again it is refused here.
 * An unknown paper is left to the decider (404); a tag left out is not checked.
 */
function unchangedSince<F>(
  seen: string | null,
  id: string,
  tagOf: (fields: F) => string,
): (state: MemberPapers<F>) => void {
  return (state) => {
    const current = state.papers[id];
    if (current !== undefined) refuseChangedMeanwhile(seen, () => tagOf(current));
  };
}

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
        ...(await this.papers.exemptionOrderContext(memberId, cooperativeId, input)),
      }),
      ctx,
      memberId,
    );
    return exemptionOrderId;
  }
}

@CommandHandler(CorrectExemptionOrderCommand)
export class CorrectExemptionOrderHandler implements ICommandHandler<CorrectExemptionOrderCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, id, member, input, masterTag }: CorrectExemptionOrderCommand): Promise<void> {
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
        ...(await this.papers.exemptionOrderContext(memberId, cooperativeId, input)),
      }),
      ctx,
      memberId,
      unchangedSince(masterTag, id, exemptionOrderTagOfState),
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
        holder: await this.papers.holder(memberId, cooperativeId),
        today: businessToday(),
      }),
      ctx,
      memberId,
    );
    return nonAssessmentId;
  }
}

@CommandHandler(CorrectNonAssessmentCommand)
export class CorrectNonAssessmentHandler implements ICommandHandler<CorrectNonAssessmentCommand> {
  constructor(private readonly papers: TaxPaperWriter) {}

  async execute({ ctx, id, member, input, masterTag }: CorrectNonAssessmentCommand): Promise<void> {
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
        holder: await this.papers.holder(memberId, cooperativeId),
        today: businessToday(),
      }),
      ctx,
      memberId,
      unchangedSince(masterTag, id, nonAssessmentTagOfState),
    );
  }
}
