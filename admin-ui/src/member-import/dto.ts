/*
 * The import's API shapes as the console reads them (design 29, "The API"). Until the api part's contracts
 * (`contracts/src/http/member-import.ts`, exported by `@coop/contracts/console`) are merged, they are spelled here;
 * afterwards this file only re-exports them.
 */

export type ImportKind = 'members' | 'postings' | 'exemptionOrders' | 'nonAssessments';
export type NumberFormat = 'de' | 'en';
export type DateFormat = 'de' | 'en' | 'iso';

export interface DetectedFormat {
  readonly fileType: 'csv' | 'xlsx';
  readonly encoding: 'utf-8' | 'windows-1252' | null;
  readonly delimiter: ',' | ';' | '\t' | null;
  readonly numbers: NumberFormat;
  readonly dates: DateFormat;
}

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

export interface ImportProblem {
  readonly file: string | null;
  readonly sheet: string | null;
  readonly row: number | null;
  readonly column: string | null;
  readonly field: string | null;
  readonly value: string | null;
  readonly template: string;
  readonly parameters: Readonly<Record<string, string>>;
}

export interface ImportSummary {
  readonly members: number;
  readonly postingsByType: Readonly<Record<number, number>>;
  readonly exemptionOrders: number;
  readonly nonAssessments: number;
  readonly asOf: string;
  readonly activeMembers: number;
  readonly shares: number;
  readonly capitalCents: number;
  readonly events: number;
}

export interface SheetInspection {
  readonly sheet: string;
  readonly kind: ImportKind | null;
  readonly headers: readonly string[];
  readonly rows: number;
  readonly mapping: Readonly<Record<string, string | null>>;
  readonly preview: readonly (readonly string[])[];
}

export interface FileInspection {
  readonly file: string;
  readonly format: DetectedFormat;
  readonly sheets: readonly SheetInspection[];
}

export interface ImportFieldDto {
  readonly key: string;
  readonly required: boolean;
  readonly de: string;
  readonly en: string;
}

export interface ImportInspectionDto {
  readonly checksum: string;
  readonly files: readonly FileInspection[];
  readonly fields: Readonly<Record<ImportKind, readonly ImportFieldDto[]>>;
}

export interface ImportDryRunDto {
  readonly checksum: string;
  readonly formats: Readonly<Record<string, DetectedFormat>>;
  readonly summary: ImportSummary;
  readonly problemCount: number;
  readonly problems: readonly ImportProblem[];
  readonly canWrite: boolean;
  readonly alreadyImported: { readonly importId: string; readonly at: string; readonly by: string } | null;
}

export interface ImportResultDto {
  readonly importId: string;
  readonly checksum: string;
  readonly written: boolean;
  readonly summary: ImportSummary;
}

export interface ImportRecordDto {
  readonly id: string;
  readonly checksum: string;
  readonly files: readonly string[];
  readonly by: string;
  readonly at: string;
  readonly members: number;
  readonly postings: number;
  readonly events: number;
}

export const IMPORT_KINDS: readonly ImportKind[] = ['members', 'postings', 'exemptionOrders', 'nonAssessments'];
