import { Injectable } from '@nestjs/common';
import { v5 } from 'uuid';
import { ConcurrencyError, notificationStream, type StreamAppend } from '@coop/contracts';
import type { CommandContext } from '../platform/commands/command-context.js';
import { newRecordId } from '../platform/commands/new-id.js';
import { StreamWriter } from '../platform/commands/stream-writer.js';
import { notificationRaised, type NotificationDraft, type Notifier } from '../tasks/index.js';

/** The context of a write on behalf of `user` of the cooperative outside a request (a task, a check run by the server). */
function serverContext(cooperativeId: string, user: string): CommandContext {
  const correlationId = newRecordId();
  return {
    actor: { userId: user, username: user, roles: [], cooperativeId },
    correlationId,
    causationId: correlationId,
  };
}

/** The namespace of the ids of notifications raised once per key (`raiseOnce`): any fixed UUID, never to change. */
const ONCE_NAMESPACE = '3b0c6f0e-5a1d-4e43-9a55-8f1c2d7e6b90';

/** The id of the notification a cooperative gets once for `key`: the same for the same key, another for each cooperative. */
export function onceNotificationId(cooperativeId: string, key: string): string {
  return v5(`${cooperativeId}\u0000${key}`, ONCE_NAMESPACE);
}

/**
 * Raises notifications outside a task (token NOTIFIER): each draft becomes a new stream `notification-<id>` with its
 * `NotificationRaised`, all of them in one append (`appendMulti` for several), stamped with the cooperative and `user`.
 */
@Injectable()
export class EventNotifier implements Notifier {
  constructor(private readonly writer: StreamWriter) {}

  async raise(
    cooperativeId: string,
    user: string,
    drafts: readonly NotificationDraft[],
    taskId: string | null = null,
  ): Promise<void> {
    if (drafts.length === 0) return;
    const ctx = serverContext(cooperativeId, user);
    const time = new Date().toISOString();
    const appends: StreamAppend[] = drafts.map((draft) => {
      const notificationId = newRecordId();
      const event = notificationRaised(draft, { notificationId, cooperativeId, time, taskId });
      return {
        streamId: notificationStream(notificationId),
        expected: 'no_stream',
        events: this.writer.stamp([event], ctx, cooperativeId),
      };
    });
    await this.writer.appendAll(appends);
  }

  /**
   * Raises `draft` for the cooperative once for `key` (a reminder of a deadline): its id is derived from cooperative and
   * key, and its stream is appended only where none exists, so a second raise, also from another process at the same
   * time, is refused by the event store and answers false. True when this call raised it.
   */
  async raiseOnce(cooperativeId: string, user: string, key: string, draft: NotificationDraft): Promise<boolean> {
    const notificationId = onceNotificationId(cooperativeId, key);
    const event = notificationRaised(draft, {
      notificationId,
      cooperativeId,
      time: new Date().toISOString(),
      taskId: null,
    });
    try {
      await this.writer.appendAll([
        {
          streamId: notificationStream(notificationId),
          expected: 'no_stream',
          events: this.writer.stamp([event], serverContext(cooperativeId, user), cooperativeId),
        },
      ]);
      return true;
    } catch (error) {
      if (error instanceof ConcurrencyError) return false;
      throw error;
    }
  }
}
