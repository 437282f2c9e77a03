import type { TaskFile, TaskKind } from '@coop/contracts';
import { completedNotice, failedNotice, rejectedNotice } from '../commands/task-notifications.js';
import type { TaskCommand } from '../domain/task.decider.js';
import type { NotificationDraft, TaskEffect, TaskOutcome } from '../task-port.js';

/** How a run ended, as the runner appends it: the handler's outcome, or a failure. */
export type Ending =
  TaskOutcome | { readonly outcome: 'failed'; readonly error: string; readonly interrupted: boolean };

/** What the runner appends for an ending beside the lane released (task-runner.ts `end`). */
export interface EndingAppends {
  /** The task's end, for its decider. */
  readonly command: TaskCommand;
  /** The handler's effects: a completed task's only. */
  readonly effects: readonly TaskEffect[];
  /** The notifications the ending sends. */
  readonly drafts: readonly NotificationDraft[];
}

/**
 * The end command, the effects and the notifications of `ending`, with the files the runner stored for it (`stored`:
 * a completed or waiting task's, stored before anything is appended). Notifications: completed `taskCompleted` plus
 * the handler's drafts; awaiting input the handler's drafts; rejected the handler's drafts, or `taskRejected` [kind,
 * the reason's template and parameters] when it gives none; failed `taskFailed`.
 */
export function endingAppends(
  ending: Ending,
  taskId: string,
  kind: TaskKind,
  stored: readonly TaskFile[],
  at: string,
): EndingAppends {
  switch (ending.outcome) {
    case 'completed':
      return {
        command: { type: 'Complete', files: stored, summary: ending.summary, at },
        effects: ending.effects,
        drafts: [completedNotice(taskId, kind), ...ending.notifications],
      };
    case 'awaitingInput':
      return {
        command: { type: 'AwaitInput', files: stored, summary: ending.summary, at },
        effects: [],
        drafts: ending.notifications,
      };
    case 'rejected':
      return {
        command: {
          type: 'Reject',
          reason: { template: ending.reason.template, parameters: [...ending.reason.parameters] },
          at,
        },
        effects: [],
        // The handler's own headline where it gives one (FSAK: `fsakRejectedCurrentYear`), else the general one.
        drafts: ending.notifications.length > 0 ? ending.notifications : [rejectedNotice(taskId, kind, ending.reason)],
      };
    case 'failed':
      return {
        command: { type: 'Fail', error: ending.error, interrupted: ending.interrupted, at },
        effects: [],
        drafts: [failedNotice(taskId, kind, ending.error)],
      };
  }
}

/** An error's message, as a failed ending records it and the runner's log lines show it. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
