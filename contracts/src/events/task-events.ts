import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Background tasks (issue 24). One stream per task, `task-<taskId>`, and one lane per cooperative and kind,
// `tasklane-<cooperativeId>-<kind>`, that a task holds from queued until it ends or waits for input: at most one task
// of a kind runs per cooperative. Queuing appends `TaskLaneTaken` and `TaskQueued` in one `appendMulti`; ending
// appends the task's last event and `TaskLaneReleased` (and the task's effects on other streams) in one.
// ---------------------------------------------------------------------------------------------

/** The kinds of task the product runs. Another area adds its kind here and registers a handler (services/src/tasks). */
export const TASK_KINDS = [
  'kistam',
  'fsak',
  'taxCertificates',
  'memberExport',
  'memberPdfs',
  'memberImportDryRun',
  'memberImport',
  'dividendClosure',
  'readModelRebuild',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** What the task was asked to do: plain scalars only (ids, dates, flags). The stored form; each kind's is below. */
export type TaskParams = Readonly<Record<string, string | number | boolean | null>>;

/** An import's upload (`ImportUploads`) and the language of its problems; `confirmWarnings` only when confirmed. */
type ImportTaskParams =
  | { readonly upload: string; readonly lang: string }
  | { readonly upload: string; readonly lang: string; readonly confirmWarnings: true };
type NoTaskParams = Readonly<Record<string, never>>;

/**
 * The parameters of each kind of task (issue 44, decision 208): where a task is queued (`TaskQueue.enqueue`) and where
 * its handler reads them (`RunningTask<K>`). Another area adds its kind to TASK_KINDS and its parameters here; a kind
 * without parameters, or parameters that are not plain scalars (the stored `TaskParams`), do not compile.
 */
export interface TaskParamsByKind extends Record<TaskKind, TaskParams> {
  readonly kistam: NoTaskParams;
  /** The closure and its payment year. */
  readonly fsak: { readonly dividendId: string; readonly year: number };
  readonly taxCertificates: { readonly dividendId: string };
  /** The export's format (`EXPORT_FORMATS`), its date and, for a CSV file, its dialect (`CSV_DIALECTS`). */
  readonly memberExport: { readonly format: string; readonly date: string; readonly dialect: string | null };
  /** The document (`MEMBER_PDF_DOCUMENTS`), its date, active members only, one member's id or every member. */
  readonly memberPdfs: {
    readonly document: string;
    readonly date: string;
    readonly onlyActive: boolean;
    readonly member: string | null;
  };
  readonly memberImportDryRun: ImportTaskParams;
  readonly memberImport: ImportTaskParams;
  readonly dividendClosure: NoTaskParams;
  readonly readModelRebuild: NoTaskParams;
}
export type TaskParamsOf<K extends TaskKind> = TaskParamsByKind[K];

/** A file a task produced or received; its bytes are in the file store under `fileId`. */
export interface TaskFile {
  readonly fileId: string;
  readonly name: string;
  readonly contentType: string;
  /** Bytes. */
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
}

/** A short account of what a task did, shown beside it (counts, a year, a number of files). */
export type TaskSummary = Readonly<Record<string, string | number>>;

/** A refusal or error with its template (contracts/src/answer-templates.ts) and numbered parameters. */
export interface TaskReason {
  readonly template: string;
  readonly parameters: readonly string[];
}

export type TaskQueued = DomainEvent<
  'TaskQueued',
  { taskId: string; cooperativeId: string; kind: TaskKind; params: TaskParams; queuedAt: string }
>;
/** A runner took the task; `attempt` counts from 1 and grows when a task interrupted by a restart is resumed. */
export type TaskStarted = DomainEvent<'TaskStarted', { taskId: string; attempt: number; startedAt: string }>;
/**
 * The named phases a task may report beside its count, in the order they come (a read-model rebuild: replaying the
 * log, catching up with what was appended meanwhile, switching to the new read models).
 */
export const TASK_PHASES = ['replaying', 'catchingUp', 'switching'] as const;
export type TaskPhase = (typeof TASK_PHASES)[number];

/**
 * Progress: `done` of `total` units (members, records, events), and the phase where the kind has phases (absent in
 * events written before issue 41). Written at most about once a second.
 */
export type TaskProgressed = DomainEvent<
  'TaskProgressed',
  { taskId: string; done: number; total: number; phase?: TaskPhase }
>;
/** The task did its part and waits for input from outside (KiStAM: the BZSt answer file); it frees its lane. */
export type TaskAwaitingInput = DomainEvent<
  'TaskAwaitingInput',
  { taskId: string; files: TaskFile[]; summary: TaskSummary; at: string }
>;
/** The input arrived (an uploaded file); the task is queued again and takes its lane again. */
export type TaskInputReceived = DomainEvent<'TaskInputReceived', { taskId: string; file: TaskFile; at: string }>;
export type TaskCompleted = DomainEvent<
  'TaskCompleted',
  { taskId: string; files: TaskFile[]; summary: TaskSummary; completedAt: string }
>;
/** The task refused to do its work for a business reason (e.g. a payment date in the current year). */
export type TaskRejected = DomainEvent<'TaskRejected', { taskId: string; reason: TaskReason; rejectedAt: string }>;
/** The task broke: an error, or an interruption by a restart of a task that cannot be resumed. */
export type TaskFailed = DomainEvent<
  'TaskFailed',
  { taskId: string; error: string; interrupted: boolean; failedAt: string }
>;
/** A waiting task replaced by a newer one of its kind (its files are then removed). */
export type TaskCancelled = DomainEvent<
  'TaskCancelled',
  { taskId: string; replacedBy: string | null; cancelledAt: string }
>;

export type TaskEvent =
  | TaskQueued
  | TaskStarted
  | TaskProgressed
  | TaskAwaitingInput
  | TaskInputReceived
  | TaskCompleted
  | TaskRejected
  | TaskFailed
  | TaskCancelled;

export type TaskLaneTaken = DomainEvent<'TaskLaneTaken', { cooperativeId: string; kind: TaskKind; taskId: string }>;
export type TaskLaneReleased = DomainEvent<
  'TaskLaneReleased',
  { cooperativeId: string; kind: TaskKind; taskId: string }
>;
export type TaskLaneEvent = TaskLaneTaken | TaskLaneReleased;

export const TASK_STATES = ['queued', 'running', 'waiting', 'completed', 'rejected', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const taskStream = (taskId: string): string => `task-${taskId}`;
export const taskLaneStream = (cooperativeId: string, kind: TaskKind): string => `tasklane-${cooperativeId}-${kind}`;
