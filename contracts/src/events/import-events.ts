import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// The import of an existing member register (issue 29; services/src/member-import). The imports of a cooperative are
// one stream, `imports-<cooperativeId>`: each written import is one `RegisterImported`, appended in the same
// `appendMulti` as every event the import decided (members, postings, tax papers), so an import is there whole or not
// at all. Its checksum makes a second import of the same files do nothing.
// ---------------------------------------------------------------------------------------------

/** A file of an import: its name as uploaded and the hex SHA-256 of its bytes. */
export interface ImportedFile {
  readonly name: string;
  readonly sha256: string;
}

/** Which field each column of a sheet went to (the clerk's mapping, saved for the next import). */
export interface ImportedSheetMapping {
  readonly sheet: string;
  readonly kind: string;
  readonly columns: Readonly<Record<string, string | null>>;
}

export interface ImportedMapping {
  readonly sheets: readonly ImportedSheetMapping[];
  readonly numbers?: string;
  readonly dates?: string;
}

/** What the import wrote: counts only (no personal data). Money in cents. */
export interface ImportedSummary {
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

/**
 * An import written. `checksum`: hex SHA-256 over the files' SHA-256 (sorted, joined by newlines); `by` the user
 * (also in the metadata). File names and column headers are kept readable: they name no member.
 */
export type RegisterImported = DomainEvent<
  'RegisterImported',
  {
    importId: string;
    cooperativeId: string;
    checksum: string;
    files: readonly ImportedFile[];
    mapping: ImportedMapping;
    summary: ImportedSummary;
    by: string;
    /** When it was written (UTC ISO 8601; the metadata's timestamp too). */
    at: string;
  }
>;

export type ImportEvent = RegisterImported;
export const IMPORT_EVENT_TYPES: readonly ImportEvent['type'][] = ['RegisterImported'];
export const importStream = (cooperativeId: string): string => `imports-${cooperativeId}`;
