import { ELMA_PROCESSES, type CollectionSpec, type ElmaProcess, type ReadDocument } from '@coop/contracts';
import { textField } from './document-fields.js';

/*
 * An approval number (collection ELMA_NUMBERS, elma-numbers.projector.ts) as its typed document (decision 258). Reached
 * by services only through `@coop/projections/elma-numbers`, which only the approval numbers area (and the platform)
 * imports: the FSA control report and KiStAM read the numbers through that area's `elmaNumberDocuments` and
 * `approvalNumberOf` (services/src/elma-numbers/index.ts; rule `read-model-through-its-owner`).
 */

/** The approval numbers (ELMA): one per process a cooperative is approved for, as entered. */
export const ELMA_NUMBERS: CollectionSpec = {
  name: 'elmanumbers',
  fields: { elmaProcess: 'string', elmaNumber: 'string', createdAt: 'string' },
  search: ['elmaNumber'],
};

/** An approval number as the projector writes it, read once by `readElmaNumber`. */
export interface ElmaNumberDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  /** The process it approves (`km` KiStAM, `fs` the FSA control report); null for one no longer known. */
  readonly elmaProcess: ElmaProcess | null;
  /** The number as entered ('' when absent). */
  readonly elmaNumber: string;
  readonly createdAt: string;
}

const processOf = (v: string | null): ElmaProcess | null =>
  (ELMA_PROCESSES as readonly (string | null)[]).includes(v) ? (v as ElmaProcess) : null;

/** The typed approval number from its stored document: the one place the approval numbers' fields are read. */
export function readElmaNumber(doc: ReadDocument): ElmaNumberDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    elmaProcess: processOf(textField(doc, 'elmaProcess')),
    elmaNumber: textField(doc, 'elmaNumber') ?? '',
    createdAt: textField(doc, 'createdAt') ?? '',
  };
}
