import { Injectable } from '@nestjs/common';
import { notificationStream, type StreamAppend } from '@coop/contracts';
import type { CommandContext } from '../platform/commands/command-context.js';
import { newRecordId } from '../platform/commands/new-id.js';
import { StreamWriter } from '../platform/commands/stream-writer.js';
import { notificationRaised, type NotificationDraft, type Notifier } from '../tasks/index.js';

/** The context of a write on behalf of `user` of the cooperative outside a request (a task, a check run by the server). */
function serverContext(cooperativeId: string, user: string): CommandContext {
  const correlationId = newRecordId();
  return { actor: { userId: user, username: user, roles: [], cooperativeId }, correlationId, causationId: correlationId };
}

/**
 * Raises notifications outside a task (token NOTIFIER): each draft becomes a new stream `notification-<id>` with its
 * `NotificationRaised`, all of them in one append (`appendMulti` for several), stamped with the cooperative and `user`.
 */
@Injectable()
export class EventNotifier implements Notifier {
  constructor(private readonly writer: StreamWriter) {}

  async raise(cooperativeId: string, user: string, drafts: readonly NotificationDraft[], taskId: string | null = null): Promise<void> {
    if (drafts.length === 0) return;
    const ctx = serverContext(cooperativeId, user);
    const time = new Date().toISOString();
    const appends: StreamAppend[] = drafts.map((draft) => {
      const notificationId = newRecordId();
      const event = notificationRaised(draft, { notificationId, cooperativeId, time, taskId });
      return { streamId: notificationStream(notificationId), expected: 'no_stream', events: this.writer.stamp([event], ctx, cooperativeId) };
    });
    await this.writer.appendAll(appends);
  }
}
