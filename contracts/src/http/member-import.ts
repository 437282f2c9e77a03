import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { IsBusinessDate, ListOf, NestedOf } from './rules.js';

/*
 * The import of an existing member register (issue 29; docs/import.md, docs/api.md "Import"). Uploads are
 * `multipart/form-data`: `files` (1 to 8 files) and, where needed, `mapping` (the clerk's column mapping as JSON text).
 * - `POST /import/inspect` → ImportInspectionDto; `POST /import/dry-run` → ImportDryRunDto (202 with the task above
 *   IMPORT_SYNC_ROWS rows); `POST /import/problems.xlsx?lang=` → the problems workbook; `POST /import` → 201
 *   ImportResultDto (400 `importHasProblems`, 202 with the task above the limit); `GET /import/history` → ImportRecordDto[]; `GET /import/running` → ImportRunningDto.
 * - `GET /import/templates/workbook.xlsx`, `GET /import/templates/{kind}.csv`: the template files.
 */

/** What a sheet or file holds. */
export const IMPORT_KIND_NAMES = ['members', 'postings', 'exemptionOrders', 'nonAssessments'] as const;

/** What was detected in a file: type, CSV encoding and delimiter, number and date formats. */
export class DetectedFormatDto {
  @IsIn(['csv', 'xlsx']) readonly fileType!: 'csv' | 'xlsx';
  @IsOptional() @IsIn(['utf-8', 'utf-16', 'windows-1252']) readonly encoding!:
    'utf-8' | 'utf-16' | 'windows-1252' | null;
  @IsOptional() @IsIn([',', ';', '\t']) readonly delimiter!: ',' | ';' | '\t' | null;
  @IsIn(['de', 'en']) readonly numbers!: 'de' | 'en';
  @IsIn(['de', 'en', 'iso']) readonly dates!: 'de' | 'en' | 'iso';
}

/** A sheet (or CSV file) as inspected: its kind (guessed), headers, row count, guessed mapping and first rows. */
export class SheetInspectionDto {
  @IsString() readonly sheet!: string;
  @IsOptional() @IsIn(IMPORT_KIND_NAMES) readonly kind!: string | null;
  @IsString({ each: true }) readonly headers!: readonly string[];
  @IsInt() readonly rows!: number;
  /** column header → field key (null: not imported). */
  readonly mapping!: Readonly<Record<string, string | null>>;
  /** The first three data rows as text. */
  readonly preview!: readonly (readonly string[])[];
}

export class FileInspectionDto {
  @IsString() readonly file!: string;
  @NestedOf(() => DetectedFormatDto) readonly format!: DetectedFormatDto;
  @ListOf(() => SheetInspectionDto) readonly sheets!: readonly SheetInspectionDto[];
}

/** An importable field of a kind: its key, whether required, and its German and English header. */
export class ImportFieldDto {
  @IsString() readonly key!: string;
  @IsBoolean() readonly required!: boolean;
  @IsString() readonly de!: string;
  @IsString() readonly en!: string;
}

/** The field catalogue per kind (the mapping's choices). */
export class ImportFieldsDto {
  @ListOf(() => ImportFieldDto) readonly members!: readonly ImportFieldDto[];
  @ListOf(() => ImportFieldDto) readonly postings!: readonly ImportFieldDto[];
  @ListOf(() => ImportFieldDto) readonly exemptionOrders!: readonly ImportFieldDto[];
  @ListOf(() => ImportFieldDto) readonly nonAssessments!: readonly ImportFieldDto[];
}

/** `POST /import/inspect`: the files' checksum, what each holds, and the fields to map to. */
export class ImportInspectionDto {
  @IsString() readonly checksum!: string;
  @ListOf(() => FileInspectionDto) readonly files!: readonly FileInspectionDto[];
  @NestedOf(() => ImportFieldsDto) readonly fields!: ImportFieldsDto;
}

/** A problem of the import: where (file, sheet, row, column, field), the value, and its template with parameters. */
export class ImportProblemDto {
  @IsOptional() @IsString() readonly file!: string | null;
  @IsOptional() @IsString() readonly sheet!: string | null;
  @IsOptional() @IsInt() readonly row!: number | null;
  @IsOptional() @IsString() readonly column!: string | null;
  @IsOptional() @IsString() readonly field!: string | null;
  @IsOptional() @IsString() readonly value!: string | null;
  @IsString() readonly template!: string;
  /** Numbered parameters of the template (`{"0": "…"}`). */
  readonly parameters!: Readonly<Record<string, string>>;
}

/** What a dry run found or a write wrote. Money in cents. */
export class ImportSummaryDto {
  @IsInt() readonly members!: number;
  /** Postings by balance type 0 to 8. */
  readonly postingsByType!: Readonly<Record<number, number>>;
  @IsInt() readonly exemptionOrders!: number;
  @IsInt() readonly nonAssessments!: number;
  @IsBusinessDate({}) readonly asOf!: string;
  @IsInt() readonly activeMembers!: number;
  @IsInt() readonly shares!: number;
  @IsInt() readonly capitalCents!: number;
  @IsInt() readonly events!: number;
}

/** The earlier import of the same files: nothing would be written again. */
export class AlreadyImportedDto {
  @IsString() readonly importId!: string;
  @IsString() readonly at!: string;
  @IsString() readonly by!: string;
}

/** `POST /import/dry-run`: the summary and problems (at most 1000 listed; `problemCount` all of them). */
export class ImportDryRunDto {
  @IsString() readonly checksum!: string;
  /** file name → what was detected. */
  readonly formats!: Readonly<Record<string, DetectedFormatDto>>;
  @NestedOf(() => ImportSummaryDto) readonly summary!: ImportSummaryDto;
  @IsInt() readonly problemCount!: number;
  @ListOf(() => ImportProblemDto) readonly problems!: readonly ImportProblemDto[];
  /**
   * Rows that may be a member twice (issue 39: the same IBAN, or name and birth date, as a member or another row; at most
   * 1000 listed, `warningCount` all): the write needs `confirmWarnings=true` beside the files.
   */
  @IsInt() readonly warningCount!: number;
  @ListOf(() => ImportProblemDto) readonly warnings!: readonly ImportProblemDto[];
  /** No problems and not imported before (warnings, when any, are confirmed with the write). */
  @IsBoolean() readonly canWrite!: boolean;
  @IsOptional() @NestedOf(() => AlreadyImportedDto) readonly alreadyImported!: AlreadyImportedDto | null;
}

/** `POST /import`: the import written (or, `written: false`, the same files imported before: nothing done). */
export class ImportResultDto {
  @IsString() readonly importId!: string;
  @IsString() readonly checksum!: string;
  @IsBoolean() readonly written!: boolean;
  @NestedOf(() => ImportSummaryDto) readonly summary!: ImportSummaryDto;
}

/**
 * `GET /import/history`: an import, newest first. `state` `running` (issue 40): begun and not yet ended, `chunksWritten`
 * of `chunks` in the log so far; its members and postings are not all there yet. `written`: whole.
 */
export class ImportRecordDto {
  @IsString() readonly id!: string;
  @IsString() readonly checksum!: string;
  @IsString({ each: true }) readonly files!: readonly string[];
  @IsString() readonly by!: string;
  @IsString() readonly at!: string;
  @IsInt() readonly members!: number;
  @IsInt() readonly postings!: number;
  @IsInt() readonly events!: number;
  /** `abandoned` (issue 40): given up by an administrator after `chunksWritten` of `chunks`; what they wrote stays. */
  @IsIn(['running', 'written', 'abandoned']) readonly state!: 'running' | 'written' | 'abandoned';
  @IsInt() readonly chunks!: number;
  @IsInt() readonly chunksWritten!: number;
  /**
   * Why an import stopped itself (decision 301: `importMemberNrTakenMeanwhile`, `importMemberChangedMeanwhile`; decision
   * 311: `importYearClosedMeanwhile`; and their parameters); null when an administrator gave it up, or it did not stop.
   */
  @IsOptional() @NestedOf(() => ImportAbandonReasonDto) readonly abandonReason!: ImportAbandonReasonDto | null;
}

/** A template of the validation messages and its numbered parameters, in order. */
export class ImportAbandonReasonDto {
  @IsString() readonly template!: string;
  @IsString({ each: true }) readonly parameters!: readonly string[];
}

/**
 * `GET /import/running` (issue 40; everyone who reads the member list): whether an import is being written, so the
 * member list and the dashboard say the register is not complete yet. Not running: `running` false, the rest empty.
 */
export class ImportRunningDto {
  @IsBoolean() readonly running!: boolean;
  @IsString({ each: true }) readonly files!: readonly string[];
  @IsString() readonly by!: string;
  @IsString() readonly at!: string;
  @IsInt() readonly chunks!: number;
  @IsInt() readonly chunksWritten!: number;
}

/** A dry run or write of more rows than IMPORT_SYNC_ROWS: 202 with the queued task (`GET /tasks/{taskId}`). */
export class ImportQueuedDto {
  @IsString() readonly taskId!: string;
}
