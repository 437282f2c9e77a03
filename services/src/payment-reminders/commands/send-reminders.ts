import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessToday, memberStream, type EventStore, type StreamAppend } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { reminderDateChecked, reminderDecider } from '../domain/reminder.decider.js';
import { ReminderReads, type MemberDue } from '../queries/reminder-reads.js';

/** Members whose reminders one atomic append writes: a sending of 2,000 is ten appends, none holding the store long. */
export const REMINDER_CHUNK = 200;

/** What a sending recorded. */
export interface ReminderRunResult {
  readonly runId: string;
  readonly date: string;
  readonly sent: number;
  readonly skipped: number;
  readonly amount: number;
}

/** Sends the reminders due on `date` to the selected members: records one `PaymentReminderSent` on each member's stream. */
export class SendRemindersCommand extends Command<ReminderRunResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly date: string,
    readonly memberIds: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(SendRemindersCommand)
export class SendRemindersHandler implements ICommandHandler<SendRemindersCommand, ReminderRunResult> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: ReminderReads,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly progress: ReadModelProgress,
  ) {}

  /**
   * The rule picks the selected members due on `date` from the read models; the decider checks each again on its
   * stream, so a member reminded already that day (a retry, a second clerk) or too recently gets nothing. Written in
   * chunks of REMINDER_CHUNK members, each chunk one atomic append retried on a conflict; a sending stopped halfway is
   * completed by sending again (the chunks written stay, and are not sent twice). A date the decider refuses (after
   * today, more than a week back) is refused before any read, also when nobody selected is due. The dues are read
   * only once the read models include every write before the sending: a payment another clerk, process or statement
   * import recorded a moment before would otherwise still read as owed, and its member be reminded of money paid.
   */
  async execute({ ctx, date, memberIds }: SendRemindersCommand): Promise<ReminderRunResult> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday();
    reminderDateChecked(date, today);
    const selected = new Set(memberIds);
    await this.progress.waitFor(await this.events.headPosition());
    const [due, reminderAfterDays] = await Promise.all([
      this.reads.due(cooperativeId, date, selected),
      this.reads.reminderAfterDays(cooperativeId),
    ]);
    const runId = randomUUID();
    let sent = 0;
    let amount = 0;
    for (let start = 0; start < due.length; start += REMINDER_CHUNK) {
      const chunk = due.slice(start, start + REMINDER_CHUNK);
      const written = await this.writer.retrying(() =>
        this.attempt(ctx, chunk, { date, today, reminderAfterDays, runId }),
      );
      sent += written.count;
      amount += written.amount;
    }
    return { runId, date, sent, skipped: selected.size - sent, amount };
  }

  private async attempt(
    ctx: CommandContext,
    chunk: readonly MemberDue[],
    run: { readonly date: string; readonly today: string; readonly reminderAfterDays: number; readonly runId: string },
  ): Promise<{ count: number; amount: number }> {
    const { date, today, reminderAfterDays, runId } = run;
    const cooperativeId = ctx.actor.cooperativeId;
    const appends: StreamAppend[] = [];
    let amount = 0;
    for (const due of chunk) {
      const streamId = memberStream(due.memberId);
      const { state, expected } = await this.writer.loadWithoutPersonalData(streamId, reminderDecider);
      const events = reminderDecider.decide(
        {
          type: 'SendReminder',
          memberId: due.memberId,
          cooperativeId,
          reminderId: randomUUID(),
          letterId: runId,
          date,
          reminderAfterDays,
          reminder: due,
          today,
        },
        state,
      );
      if (events.length === 0) continue;
      for (const e of events) if (e.type === 'PaymentReminderSent') amount += e.data.amount;
      appends.push({ streamId, expected, events: this.writer.stamp(events, ctx, cooperativeId) });
    }
    if (appends.length > 0) await this.writer.appendAll(appends);
    return { count: appends.length, amount };
  }
}
