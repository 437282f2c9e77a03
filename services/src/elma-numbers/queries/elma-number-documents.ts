import type { ElmaProcess } from '@coop/contracts';
import { ELMA_NUMBERS, readElmaNumber, type ElmaNumberDocument } from '@coop/projections/elma-numbers';
import type { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The approval numbers as typed documents (decision 258): the one reader of the `elmanumbers` collection, for this area
 * and, through index.ts, for the FSA control report and KiStAM (`read-model-through-its-owner`).
 */
export const elmaNumberDocuments = new TypedReads<ElmaNumberDocument>(ELMA_NUMBERS, 'Approval number', readElmaNumber);

/** The cooperative's approval number of `process` (the newest when it has more than one), or undefined. */
export async function approvalNumberOf(
  reads: ReadModels,
  cooperativeId: string,
  process: ElmaProcess,
): Promise<ElmaNumberDocument | undefined> {
  const page = await elmaNumberDocuments.query(reads, cooperativeId, {
    cooperativeId,
    filters: [{ field: 'elmaProcess', op: 'eq', value: process }],
    sort: [{ field: 'createdAt', direction: 'desc' }],
    limit: 1,
  });
  return page.items[0];
}

export type { ElmaNumberDocument };
