import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError, notificationStream, type StreamAppend } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { notificationDecider } from '../domain/notification.decider.js';

/** Some of the ids are no notification of the actor's cooperative: nothing was written. */
export class NotificationsNotFoundError extends Error {
  constructor(readonly ids: readonly string[]) {
    super(`Notification not found: ${ids.join(', ')}`);
    this.name = 'NotificationsNotFoundError';
  }
}

/** Marks the notifications seen: one `NotificationSeen` per unseen one, all in one append, or none when an id is unknown. */
export class MarkNotificationsSeenCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly ids: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(MarkNotificationsSeenCommand)
export class MarkNotificationsSeenHandler implements ICommandHandler<MarkNotificationsSeenCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, ids }: MarkNotificationsSeenCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const unique = [...new Set(ids)];
    await this.writer.retrying(async () => {
      const seenAt = new Date().toISOString();
      const appends: StreamAppend[] = [];
      const missing: string[] = [];
      for (const notificationId of unique) {
        const streamId = notificationStream(notificationId);
        const { state, expected } = await this.writer.load(streamId, notificationDecider);
        try {
          const events = notificationDecider.decide(
            { type: 'MarkNotificationSeen', notificationId, cooperativeId, seenAt },
            state,
          );
          if (events.length > 0)
            appends.push({ streamId, expected, events: this.writer.stamp(events, ctx, cooperativeId) });
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
          missing.push(notificationId);
        }
      }
      if (missing.length > 0) throw new NotificationsNotFoundError(missing);
      if (appends.length > 0) await this.writer.appendAll(appends);
    });
  }
}
