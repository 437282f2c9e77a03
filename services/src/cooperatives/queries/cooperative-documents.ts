import type { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import { COOPERATIVES, readCooperative, type CooperativeDocument } from '@coop/projections/cooperatives';

/**
 * The cooperatives as typed documents (decision 247): the one reader of the `cooperatives` collection, for this area
 * and, through index.ts, for every other (`read-model-through-its-owner`).
 */
export const cooperativeDocuments = new TypedReads<CooperativeDocument>(COOPERATIVES, 'Cooperative', readCooperative);

/** The caller's own cooperative (its documents carry its own id as cooperativeId). */
export function ownCooperative(reads: ReadModels, cooperativeId: string): Promise<CooperativeDocument> {
  return cooperativeDocuments.get(reads, cooperativeId, cooperativeId);
}

export { readCooperative, type CooperativeDocument };
