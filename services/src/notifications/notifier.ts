import { Injectable } from '@nestjs/common';
import { notificationStream, type NotificationRaised, type StreamAppend } from '@coop/contracts';
import type { CommandContext } from '../platform/commands/command-context.js';
import { newRecordId } from '../platform/commands/new-id.js';
import { StreamWriter } from '../platform/commands/stream-writer.js';
import type { NotificationDraft, Notifier } from '../tasks/index.js';

/** The event that raises a draft as notification `notificationId` of the cooperative (the runner and the notifier stamp it alike). */
export function notificationRaised(
  draft: NotificationDraft,
  stamp: { readonly notificationId: string; readonly cooperativeId: string; readonly time: string; readonly taskId?: string | null },
): NotificationRaised {
  return {
    type: 'NotificationRaised',
    data: {
      notificationId: stamp.notificationId,
      cooperativeId: stamp.cooperativeId,
      type: draft.type,
      time: stamp.time,
      message: draft.message,
      parameters: [...draft.parameters],
      entityClass: draft.entityClass ?? null,
      entityId: draft.entityId ?? null,
      errors: (draft.errors ?? []).map((e) => ({ ...e, parameters: [...e.parameters] })),
      member: draft.member ?? null,
      // Markup only on an html notification: nothing else is ever shown as markup.
      html: draft.type === 'html' ? (draft.html ?? null) : null,
      taskId: stamp.taskId ?? null,
    },
  };
}

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
