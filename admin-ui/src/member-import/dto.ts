import type { DetectedFormatDto, ImportFieldsDto } from '@coop/contracts/console';

/*
 * The import's API shapes as the console reads them (design 29, "The API"): the answers are the contracts'
 * (`contracts/src/http/member-import.ts`); the kinds and formats narrowed from them.
 */
export type {
  DetectedFormatDto as DetectedFormat,
  FileInspectionDto as FileInspection,
  ImportDryRunDto,
  ImportFieldDto,
  ImportInspectionDto,
  ImportProblemDto as ImportProblem,
  ImportRecordDto,
  ImportResultDto,
  ImportSummaryDto as ImportSummary,
  SheetInspectionDto as SheetInspection,
} from '@coop/contracts/console';

/** What a sheet holds: the catalogue's kinds (`fields` of the inspection). */
export type ImportKind = keyof ImportFieldsDto;
export type NumberFormat = DetectedFormatDto['numbers'];
export type DateFormat = DetectedFormatDto['dates'];

/** The kinds in the catalogue's order (contracts `IMPORT_KIND_NAMES`, whose file the console cannot load). */
export const IMPORT_KINDS: readonly ImportKind[] = ['members', 'postings', 'exemptionOrders', 'nonAssessments'];

export const isImportKind = (value: string | null | undefined): value is ImportKind =>
  (IMPORT_KINDS as readonly (string | null | undefined)[]).includes(value);

/**
 * The clerk's mapping, sent as the uploads' `mapping` field (JSON text): per sheet its kind and each column's field
 * (null: not imported), the number and date formats where overridden (services `ImportMapping`; stored as the
 * event's `ImportedMapping`).
 */
export interface SheetMapping {
  readonly sheet: string;
  readonly kind: ImportKind;
  readonly columns: Readonly<Record<string, string | null>>;
}

export interface ImportMapping {
  readonly sheets: readonly SheetMapping[];
  readonly numbers?: NumberFormat;
  readonly dates?: DateFormat;
}
