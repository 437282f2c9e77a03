import { notificationStream, type NotificationRaised, type StreamAppend, type TaskKind } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import type { StreamWriter } from '../../platform/commands/stream-writer.js';
import type { NotificationDraft } from '../task-port.js';

/** A draft as the event that raises it on a new notification stream (`notification-<id>`), for the task's append. */
export function raised(draft: NotificationDraft, cooperativeId: string, taskId: string | null, time: string): NotificationRaised {
  const notificationId = newRecordId();
  return {
    type: 'NotificationRaised',
    data: {
      notificationId,
      cooperativeId,
      type: draft.type,
      time,
      message: draft.message,
      parameters: [...draft.parameters],
      entityClass: draft.entityClass ?? null,
      entityId: draft.entityId ?? null,
      errors: (draft.errors ?? []).map((e) => ({ ...e, parameters: [...e.parameters] })),
      member: draft.member ?? null,
      html: draft.html ?? null,
      taskId,
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
    const event = raised(draft, cooperativeId, taskId, time);
    return { streamId: notificationStream(event.data.notificationId), expected: 'no_stream', events: writer.stamp([event], ctx, cooperativeId) };
  });
}

/** A generic notification about a task (entity: the task). */
const aboutTask = (taskId: string, message: NotificationDraft['message'], parameters: readonly string[]): NotificationDraft => ({
  type: 'generic',
  message,
  parameters,
  entityClass: 'task',
  entityId: taskId,
});

/** Raised when a task is queued: `taskStarted` [kind], for KiStAM `kistamStarted`. */
export const startedNotice = (taskId: string, kind: TaskKind): NotificationDraft =>
  kind === 'kistam' ? aboutTask(taskId, 'kistamStarted', []) : aboutTask(taskId, 'taskStarted', [kind]);
export const completedNotice = (taskId: string, kind: TaskKind): NotificationDraft => aboutTask(taskId, 'taskCompleted', [kind]);
export const rejectedNotice = (taskId: string, kind: TaskKind, reasonTemplate: string): NotificationDraft => aboutTask(taskId, 'taskRejected', [kind, reasonTemplate]);
export const failedNotice = (taskId: string, kind: TaskKind, error: string): NotificationDraft => aboutTask(taskId, 'taskFailed', [kind, error]);
