import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  fieldError,
  memberStream,
  settlementStream,
  settlementTermsStream,
  ValidationError,
  type Decider,
  type FieldError,
  type LossShareKind,
  type MemberEvent,
  type NewEvent,
  type StreamAppend,
} from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter, type Loaded } from '../../platform/commands/stream-writer.js';
import { settlementEnds } from '../domain/settlement-amount.js';
import {
  memberAccountOf,
  settlementDecider,
  type BankAccount,
  type SettlementState,
} from '../domain/settlement.decider.js';
import {
  lossShareOf,
  settlementTermsDecider,
  type SettlementTermsCommand,
} from '../domain/settlement-terms.decider.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { refuseErasedInLog, refuseErasedMember } from '../../members/index.js';

/** The member stream read whole (master data and share account), for the ends and the member's account. */
const memberReader: Decider<never, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide: () => [],
};

/** `<memberId>.<endBalanceId>` → its parts; null when it is not of that form. */
export function splitSettlementId(id: string): { memberId: string; endBalanceId: string } | null {
  const dot = id.indexOf('.');
  if (dot <= 0 || dot === id.length - 1) return null;
  return { memberId: id.slice(0, dot), endBalanceId: id.slice(dot + 1) };
}

/** A refusal of one selected end. */
export interface SettlementRefusal extends FieldError {
  readonly id: string;
}

export interface PayoutPlan {
  readonly count: number;
  readonly sum: number;
  readonly refusals: readonly SettlementRefusal[];
}

/** Checks (`record: false`) or records the payout of the ends `ids` on `payoutDate`: all of them, or none when one is refused. */
export class PaySettlementsCommand extends Command<PayoutPlan> {
  constructor(
    readonly ctx: CommandContext,
    readonly ids: readonly string[],
    readonly payoutDate: string,
    readonly record: boolean,
  ) {
    super();
  }
}

@CommandHandler(PaySettlementsCommand)
export class PaySettlementsHandler implements ICommandHandler<PaySettlementsCommand, PayoutPlan> {
  constructor(private readonly writer: StreamWriter) {}

  execute({ ctx, ids, payoutDate, record }: PaySettlementsCommand): Promise<PayoutPlan> {
    return this.writer.retrying(() => this.attempt(ctx, [...new Set(ids)], payoutDate, record));
  }

  private async attempt(
    ctx: CommandContext,
    ids: readonly string[],
    payoutDate: string,
    record: boolean,
  ): Promise<PayoutPlan> {
    const cooperativeId = ctx.actor.cooperativeId;
    // The loss shares as their stream has them, checked in the write: a loss share recorded meanwhile makes the payout
    // decide again (decision 387; the read model may not show it yet).
    const termsStream = settlementTermsStream(cooperativeId);
    const terms = await this.writer.load(termsStream, settlementTermsDecider);
    const today = businessToday();
    const refusals: SettlementRefusal[] = [];
    const appends = new Map<string, { expected: Loaded<SettlementState>['expected']; events: NewEvent[] }>();
    let sum = 0;
    const seenMembers = new Map<string, Loaded<SettlementState>>();
    // Each member's stream as read: an end annulled (or re-stated) between this read and the write makes it decide
    // again (decision 363; the annulment checks the settlement stream the same way, decision 335).
    const memberChecks = new Map<string, StreamAppend>();
    for (const id of ids) {
      const parts = splitSettlementId(id);
      const member = parts === null ? null : await this.writer.load(memberStream(parts.memberId), memberReader);
      // Another cooperative's member is refused as unknown, like one that never existed.
      if (parts === null || member === null || !member.state.exists || member.state.cooperativeId !== cooperativeId) {
        refusals.push({ id, ...fieldError('ids', 'settlementEndUnknown') });
        continue;
      }
      const end = settlementEnds(member.state).find((e) => e.endBalanceId === parts.endBalanceId) ?? null;
      const stream = settlementStream(parts.memberId);
      const loaded = seenMembers.get(stream) ?? (await this.writer.load(stream, settlementDecider));
      try {
        const events = settlementDecider.decide(
          {
            type: 'PaySettlement',
            memberId: parts.memberId,
            cooperativeId,
            end,
            lossShare: end === null ? null : lossShareOf(terms.state, end.year),
            payoutDate,
            today,
            memberAccount: memberAccountOf(member.state),
            recordedBy: ctx.actor.userId,
          },
          loaded.state,
        );
        for (const e of events)
          if (e.type === 'SettlementPaid' || e.type === 'SettlementToppedUp') sum += e.data.amount;
        const memberStreamId = memberStream(parts.memberId);
        memberChecks.set(memberStreamId, { streamId: memberStreamId, expected: member.expected, events: [] });
        // Two ends of one member in one payout: one append to its stream, decided on the state after the first.
        const append = appends.get(stream) ?? { expected: loaded.expected, events: [] };
        for (const stamped of this.writer.stamp(events, ctx, cooperativeId)) append.events.push(stamped);
        appends.set(stream, append);
        seenMembers.set(stream, {
          state: events.reduce(settlementDecider.evolve, loaded.state),
          expected: loaded.expected,
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        for (const e of error.errors) refusals.push({ id, ...e });
      }
    }
    const plan = { count: ids.length - new Set(refusals.map((r) => r.id)).size, sum, refusals };
    if (!record) return plan;
    if (refusals.length > 0) {
      const errors = refusals.map((r) => ({ field: `ids.${r.id}`, template: r.template, parameters: r.parameters }));
      if (refusals.every((r) => r.template === 'settlementAlreadyPaid')) throw new ConflictingStateError(errors);
      throw new ValidationError(errors);
    }
    await this.writer.appendAll([
      ...[...appends].map(([streamId, a]) => ({ streamId, expected: a.expected, events: a.events })),
      ...memberChecks.values(),
      { streamId: termsStream, expected: terms.expected, events: [] },
    ]);
    return plan;
  }
}

/** Reverses the recorded settlement `id` with a reason. */
export class ReverseSettlementCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly reason: string,
    readonly date: string,
  ) {
    super();
  }
}

/** The member of `memberId` in the actor's cooperative, or a refusal as unknown. */
async function memberOf(
  writer: StreamWriter,
  cooperativeId: string,
  memberId: string,
  field: string,
): Promise<MemberState> {
  const { state } = await writer.load(memberStream(memberId), memberReader);
  if (!state.exists || state.cooperativeId !== cooperativeId)
    throw new ValidationError([fieldError(field, 'settlementEndUnknown')]);
  return state;
}

@CommandHandler(ReverseSettlementCommand)
export class ReverseSettlementHandler implements ICommandHandler<ReverseSettlementCommand, void> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, id, reason, date }: ReverseSettlementCommand): Promise<void> {
    const parts = splitSettlementId(id);
    if (parts === null) throw new ValidationError([fieldError('id', 'settlementEndUnknown')]);
    await memberOf(this.writer, ctx.actor.cooperativeId, parts.memberId, 'id');
    const command = {
      type: 'ReverseSettlement' as const,
      memberId: parts.memberId,
      endBalanceId: parts.endBalanceId,
      reason,
      date,
      recordedBy: ctx.actor.userId,
    };
    await this.writer.handle(
      settlementStream(parts.memberId),
      settlementDecider,
      command,
      ctx,
      ctx.actor.cooperativeId,
    );
  }
}

/** Records the heirs' account of a deceased member. */
export class RecordHeirsAccountCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly memberId: string,
    readonly account: BankAccount,
  ) {
    super();
  }
}

@CommandHandler(RecordHeirsAccountCommand)
export class RecordHeirsAccountHandler implements ICommandHandler<RecordHeirsAccountCommand, void> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: ReadModels,
  ) {}

  async execute({ ctx, memberId, account }: RecordHeirsAccountCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    // The heirs' account is sealed under the member's key: an erased member's would make it anew (decision 362).
    await refuseErasedMember(this.reads, cooperativeId, memberId);
    const state = await memberOf(this.writer, cooperativeId, memberId, 'memberId');
    const deceased = settlementEnds(state).some((e) => e.reason === 'death');
    const streamId = settlementStream(memberId);
    await this.writer.retrying(async () => {
      // The erasure as the log has it, checked in the write: a clean-up naming the member meanwhile (the read models
      // may not show it yet) makes the write decide again, and refuses it (refuseErasedInLog).
      const erasure = await refuseErasedInLog(this.writer, cooperativeId, memberId);
      const loaded = await this.writer.load(streamId, settlementDecider);
      const events = settlementDecider.decide(
        { type: 'RecordHeirsAccount', memberId, deceased, account },
        loaded.state,
      );
      if (events.length === 0) return;
      await this.writer.appendAll([
        { streamId, expected: loaded.expected, events: this.writer.stamp(events, ctx, cooperativeId) },
        erasure,
      ]);
    });
  }
}

/** Sets the payout period or a year's loss share of the actor's cooperative. */
export class SetSettlementTermsCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly terms:
      | { readonly payoutPeriodMonths: number }
      | {
          readonly year: number;
          readonly kind: LossShareKind;
          readonly percent: string | null;
          readonly centsPerShare: number | null;
          readonly decisionDate: string;
        },
  ) {
    super();
  }
}

@CommandHandler(SetSettlementTermsCommand)
export class SetSettlementTermsHandler implements ICommandHandler<SetSettlementTermsCommand, void> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, terms }: SetSettlementTermsCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const command: SettlementTermsCommand =
      'payoutPeriodMonths' in terms
        ? { type: 'SetPayoutPeriod', cooperativeId, ...terms }
        : { type: 'SetLossShare', cooperativeId, ...terms, today: businessToday() };
    await this.writer.handle(settlementTermsStream(cooperativeId), settlementTermsDecider, command, ctx, cooperativeId);
  }
}
