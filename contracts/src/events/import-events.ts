import type { DomainEvent } from '../events.js';
import type { InterestBeginRule } from '../plausibility.js';

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

/**
 * What fixes an import's plan (issue 40): the replay run again on these, on the same files, decides the same events
 * with the same ids in the same chunks, whatever the cooperative holds by then. `ids`: how many ids the replay drew
 * (derived from the import's id); `planHash`: hex SHA-256 over every decided stream, revision, type and data, in order.
 */
export interface ImportPlan {
  readonly today: string;
  readonly terms: {
    readonly shareCost: number;
    readonly minimumShares: number;
    readonly noticePeriodMonths?: number;
    readonly interestBeginRule?: InterestBeginRule;
  };
  readonly closedThrough: number | null;
  readonly sequence: { readonly highest: number; readonly revision: number };
  readonly confirmWarnings: boolean;
  readonly chunkEvents: number;
  readonly chunks: number;
  readonly events: number;
  readonly ids: number;
  readonly planHash: string;
  /** The kept upload a resume re-reads (a task's), or null (a request or the command line: repeat it to resume). */
  readonly uploadId: string | null;
}

/**
 * An import begun (issue 40): its members and postings follow in chunks, each with `RegisterImportChunkWritten` in the
 * same append, and `RegisterImported` ends it. Until then the import is running: a second one is refused, the lists say
 * so, and a repeat of the same files (or the next start, for a task) writes the chunks still missing.
 */
export type RegisterImportStarted = DomainEvent<
  'RegisterImportStarted',
  {
    importId: string;
    cooperativeId: string;
    checksum: string;
    files: readonly ImportedFile[];
    mapping: ImportedMapping;
    summary: ImportedSummary;
    plan: ImportPlan;
    by: string;
    at: string;
  }
>;

/** Chunk `chunk` (0-based) of the import written, in the same append as its events; `events` of them. */
export type RegisterImportChunkWritten = DomainEvent<
  'RegisterImportChunkWritten',
  { importId: string; cooperativeId: string; chunk: number; events: number }
>;

/**
 * A running import given up by an administrator (issue 40, decision 200): the process died and cannot be resumed, or the
 * clerk does not want it finished; or by the import itself, with its `reason`, when it cannot be finished (decision 301). It ends the import: another may begin. What its `chunksWritten` chunks wrote stays
 * (each member whole with its postings: real entries of the register, which are corrected, never erased); the history
 * shows the import abandoned with them, and a later import of the same files is a new import.
 */
export type RegisterImportAbandoned = DomainEvent<
  'RegisterImportAbandoned',
  {
    importId: string;
    cooperativeId: string;
    checksum: string;
    chunks: number;
    chunksWritten: number;
    by: string;
    at: string;
    /**
     * Set when the import stopped itself (decision 301): a clerk's write met a chunk not yet written (a member number
     * of the import given meanwhile, a member of the import changed meanwhile). The template and its parameters, as
     * the clerk was told.
     */
    reason?: { template: string; parameters: string[] };
  }
>;

export type ImportEvent =
  RegisterImportStarted | RegisterImportChunkWritten | RegisterImported | RegisterImportAbandoned;
export const IMPORT_EVENT_TYPES: readonly ImportEvent['type'][] = [
  'RegisterImportStarted',
  'RegisterImportChunkWritten',
  'RegisterImported',
  'RegisterImportAbandoned',
];
export const importStream = (cooperativeId: string): string => `imports-${cooperativeId}`;
