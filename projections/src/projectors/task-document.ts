import type { ReadDocument, TaskDto, TaskFile, TaskReasonDto } from '@coop/contracts';
import { listField, numberField, textField } from './document-fields.js';

/*
 * A background task (collection TASKS, task-collections.ts; tasks.projector.ts) as its typed document (issue 44): the
 * tasks area reads it and exports its reader (`taskDocuments`), through which the areas that queue tasks answer them
 * and the FSA report and the data protection read what was done before.
 */

/** A task as the tasks projector writes it (`TaskDto` and its cooperative), read once by `readTask`. */
export interface TaskDocument extends TaskDto {
  readonly cooperativeId: string;
  readonly position: string;
}

type Scalars = TaskDto['params'];

const objectOf = (v: unknown): Readonly<Record<string, unknown>> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The typed task from its stored document: the one place the tasks' fields are read. Text by the rule of
 * `document-fields.ts`; a task stored before issue 41 has no phase (null); counts absent are 0, parameters and summary
 * absent are empty, a reason that is no template null.
 */
export function readTask(doc: ReadDocument): TaskDocument {
  const reason = objectOf(doc.reason);
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    kind: textField(doc, 'kind') ?? '',
    state: textField(doc, 'state') ?? '',
    params: (objectOf(doc.params) ?? {}) as Scalars,
    queuedAt: textField(doc, 'queuedAt') ?? '',
    queuedBy: textField(doc, 'queuedBy') ?? '',
    startedAt: textField(doc, 'startedAt'),
    endedAt: textField(doc, 'endedAt'),
    attempt: numberField(doc, 'attempt') ?? 0,
    done: numberField(doc, 'done') ?? 0,
    total: numberField(doc, 'total') ?? 0,
    phase: textField(doc, 'phase'),
    files: listField<TaskFile>(doc, 'files'),
    summary: (objectOf(doc.summary) ?? {}) as TaskDto['summary'],
    reason: reason !== null && typeof reason.template === 'string' ? (reason as unknown as TaskReasonDto) : null,
    error: textField(doc, 'error'),
  };
}
