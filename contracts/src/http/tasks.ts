import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { TASK_KINDS, TASK_PHASES, TASK_STATES } from '../events/task-events.js';
import { IsBusinessDate, ListOf, NestedOf } from './rules.js';

/*
 * Background tasks (issue 24; SPEC.md 4 "Tasks", 7 `tasks/kistam`, `tasks/fsak/{id}`). A task is queued, runs with
 * progress, and ends completed, rejected or failed; KiStAM waits for the BZSt answer in between (`waiting`).
 *
 * Routes (services/src/tasks, services/src/church-tax, services/src/fsak):
 * - `GET /tasks` (list conventions; filter `kind`, `state`), `GET /tasks/{id}`, `GET /tasks/{id}/files/{fileId}` (download).
 * - `POST /tasks/kistam` (no body): queues the KiStAM query; 201 with the task. `POST /tasks/kistam/{id}/answer`
 *   (multipart or raw `text/csv` body, the BOP answer file): queues the reading of the answer; 201 with the task.
 * - `GET /tasks/fsak/{id}` (id: a closed dividend): who cannot be reported (the confirmation screen's list);
 *   `POST /tasks/fsak/{id}`: queues the FSA control report; 201 with the task.
 * - `POST /admin/projections/rebuilds` (no body; super administrator): queues a rebuild of every read model beside the
 *   current ones (services/src/admin); 201 with the task, whose progress counts events and names its phase.
 */

/** A file of a task, downloadable at `GET /tasks/{taskId}/files/{fileId}`. */
export class TaskFileDto {
  @IsString() readonly fileId!: string;
  @IsString() readonly name!: string;
  @IsString() readonly contentType!: string;
  @IsInt() readonly size!: number;
  @IsString() readonly sha256!: string;
}

/** Why a task was rejected or what broke: a template and its numbered parameters. */
export class TaskReasonDto {
  @IsString() readonly template!: string;
  @IsString({ each: true }) readonly parameters!: readonly string[];
}

/** A task as `GET /tasks` and `GET /tasks/{id}` answer it. Times are UTC ISO 8601. */
export class TaskDto {
  @IsString() readonly id!: string;
  @IsIn(TASK_KINDS) readonly kind!: string;
  @IsIn(TASK_STATES) readonly state!: string;
  /** What the task was asked (e.g. `{dividendId}` for FSAK, `{requestTaskId}`); scalars only. */
  readonly params!: Readonly<Record<string, string | number | boolean | null>>;
  @IsString() readonly queuedAt!: string;
  @IsString() readonly queuedBy!: string;
  @IsOptional() @IsString() readonly startedAt!: string | null;
  @IsOptional() @IsString() readonly endedAt!: string | null;
  @IsInt() readonly attempt!: number;
  /** Progress: `done` of `total` units; total 0 while unknown. */
  @IsInt() readonly done!: number;
  @IsInt() readonly total!: number;
  /** The phase of a task whose kind has phases (a read-model rebuild: `replaying`, `catchingUp`, `switching`), else null. */
  @IsOptional() @IsIn(TASK_PHASES) readonly phase!: string | null;
  /** The files the task produced (and, for KiStAM, the answer received), newest last. */
  @ListOf(() => TaskFileDto) readonly files!: readonly TaskFileDto[];
  readonly summary!: Readonly<Record<string, string | number>>;
  @IsOptional() @NestedOf(() => TaskReasonDto) readonly reason!: TaskReasonDto | null;
  @IsOptional() @IsString() readonly error!: string | null;
}

/** One member the FSA control report cannot include (SPEC.md 4), on `GET /tasks/fsak/{id}`. */
export class FsakImpossibleMemberDto {
  @IsString() readonly member!: string;
  @IsInt() readonly memberNr!: number;
  @IsString() readonly name!: string;
  @IsString() readonly givenName!: string;
  /** Why: the templates of what is missing (e.g. `taxIdMissing`, `birthDateMissing`). */
  @IsString({ each: true }) readonly reasons!: readonly string[];
}

/** `GET /tasks/fsak/{id}`: what the report of a closure will hold, before the clerk says Yes. */
export class FsakPreviewDto {
  @IsString() readonly dividendId!: string;
  /** The closure's dividend year. */
  @IsInt() readonly year!: number;
  /** The year the report is for: the calendar year of the payment (BZSt takes a year's report once it is over). */
  @IsInt() readonly reportYear!: number;
  @IsBusinessDate({}) readonly paymentDate!: string;
  /** Records the report will hold (FSA holders and NV holders with an exempted amount of at least one euro). */
  @IsInt() readonly records!: number;
  @ListOf(() => FsakImpossibleMemberDto) readonly impossible!: readonly FsakImpossibleMemberDto[];
  /** Earlier reports of this closure (completed FSAK tasks): a new one is a correction. */
  @IsString({ each: true }) readonly earlierReports!: readonly string[];
  /**
   * Why a start would be refused now (`fsakCurrentYear`: the payment year has not ended; `missingElmaNoFs`;
   * `fsakNothingToReport`), or null: `POST /tasks/fsak/{id}` refuses the same with `400` and queues nothing.
   */
  @IsOptional() @NestedOf(() => TaskReasonDto) readonly refusal!: TaskReasonDto | null;
}
