import { createHash } from 'node:crypto';
import type { TaskFile } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import type { NewTaskFile } from '../task-port.js';

/**
 * The context of a task's events: the user who queued it acts (the events' `user`), correlated by the task's id, so
 * a task's own events, its effects and its notifications read as that user's doing.
 */
export function taskContext(cooperativeId: string, user: string, taskId: string): CommandContext {
  return {
    actor: { userId: user, username: user, roles: [], cooperativeId },
    correlationId: taskId,
    causationId: taskId,
  };
}

/** A new file's record: a new id, its size and SHA-256 (its bytes go to the file store under that id). */
export function taskFileOf(file: NewTaskFile, fileId: string = newRecordId()): TaskFile {
  return {
    fileId,
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
}

/** Tells the runner of this process that a task was queued (it polls the read model as well). */
export class TaskWakeUp {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  wake(): void {
    for (const listener of this.listeners) listener();
  }
}
