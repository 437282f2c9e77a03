import type { ReadDocument } from '@coop/contracts';
import { listField, numberField, textField } from './document-fields.js';

/*
 * An import of a register (collection IMPORTS, imports.projector.ts) as its typed document (decision 258); only the
 * member import area reads it (`GET /import/history`, `GET /import/running`).
 */

/** An import's state: being written, written whole, or given up after some chunks (decision 200). */
export type ImportState = 'running' | 'written' | 'abandoned';

/** An import as the imports projector writes it, read once by `readImport`: counts 0 and text '' when absent. */
export interface ImportDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly checksum: string;
  /** The files' names. */
  readonly files: readonly string[];
  readonly by: string;
  readonly at: string;
  readonly members: number;
  readonly postings: number;
  readonly events: number;
  /** An import written before issue 40 has no state: it was written whole. */
  readonly state: ImportState;
  readonly chunks: number;
  readonly chunksWritten: number;
  /** Why an import stopped itself (decision 301): a template and its parameters; null when given up by a person. */
  readonly abandonReason: ImportAbandonReason | null;
}

export interface ImportAbandonReason {
  readonly template: string;
  readonly parameters: readonly string[];
}

function reasonOf(v: unknown): ImportAbandonReason | null {
  if (typeof v !== 'object' || v === null) return null;
  const { template, parameters } = v as { template?: unknown; parameters?: unknown };
  if (typeof template !== 'string') return null;
  const texts = Array.isArray(parameters) ? parameters.filter((p): p is string => typeof p === 'string') : [];
  return { template, parameters: texts };
}

const stateOf = (v: unknown): ImportState => (v === 'running' || v === 'abandoned' ? v : 'written');

/** The typed import from its stored document: the one place the imports' fields are read. */
export function readImport(doc: ReadDocument): ImportDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    checksum: textField(doc, 'checksum') ?? '',
    files: listField<unknown>(doc, 'files').filter((f): f is string => typeof f === 'string'),
    by: textField(doc, 'by') ?? '',
    at: textField(doc, 'at') ?? '',
    members: numberField(doc, 'members') ?? 0,
    postings: numberField(doc, 'postings') ?? 0,
    events: numberField(doc, 'events') ?? 0,
    state: stateOf(doc.state),
    chunks: numberField(doc, 'chunks') ?? 0,
    chunksWritten: numberField(doc, 'chunksWritten') ?? 0,
    abandonReason: reasonOf(doc.abandonReason),
  };
}
