import { notificationStream, type NotificationRaised, type StreamAppend, type TaskKind } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import type { StreamWriter } from '../../platform/commands/stream-writer.js';
import type { NotificationDraft } from '../task-port.js';

/**
 * The event that raises a draft as notification `notificationId` of the cooperative, on its own stream
 * (`notification-<id>`). The runner and the notification centre's `Notifier` both raise through it.
 */
export function notificationRaised(
  draft: NotificationDraft,
  stamp: {
    readonly notificationId: string;
    readonly cooperativeId: string;
    readonly time: string;
    readonly taskId?: string | null;
  },
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

/** The appends that raise `drafts` (one new stream each), stamped with the context (the user who queued the task). */
export function notificationAppends(
  writer: StreamWriter,
  ctx: CommandContext,
  cooperativeId: string,
  taskId: string | null,
  drafts: readonly NotificationDraft[],
  time: string,
): StreamAppend[] {
  return drafts.map((draft) => {
    const event = notificationRaised(draft, { notificationId: newRecordId(), cooperativeId, time, taskId });
    return {
      streamId: notificationStream(event.data.notificationId),
      expected: 'no_stream',
      events: writer.stamp([event], ctx, cooperativeId),
    };
  });
}

/** A generic notification about a task (entity: the task). */
const aboutTask = (
  taskId: string,
  message: NotificationDraft['message'],
  parameters: readonly string[],
): NotificationDraft => ({
  type: 'generic',
  message,
  parameters,
  entityClass: 'task',
  entityId: taskId,
});

/** Raised when a task is queued: `taskStarted` [kind], for KiStAM `kistamStarted`. */
export const startedNotice = (taskId: string, kind: TaskKind): NotificationDraft =>
  kind === 'kistam' ? aboutTask(taskId, 'kistamStarted', []) : aboutTask(taskId, 'taskStarted', [kind]);
export const completedNotice = (taskId: string, kind: TaskKind): NotificationDraft =>
  aboutTask(taskId, 'taskCompleted', [kind]);
/** `taskRejected` [kind, the reason's template, its parameters]: the console fills the reason in (decision 302). */
export const rejectedNotice = (
  taskId: string,
  kind: TaskKind,
  reason: { readonly template: string; readonly parameters: readonly string[] },
): NotificationDraft => aboutTask(taskId, 'taskRejected', [kind, reason.template, ...reason.parameters]);
export const failedNotice = (taskId: string, kind: TaskKind, error: string): NotificationDraft =>
  aboutTask(taskId, 'taskFailed', [kind, error]);
