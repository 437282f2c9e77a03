import { SETTLEMENTS, readSettlement, type SettlementDocument } from '@coop/projections/settlements';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The settlements as typed documents (decisions 247, 257): the one reader of the `settlements` collection, for this
 * area and, through index.ts, for every other (`read-model-through-its-owner`).
 */
export const settlementDocuments = new TypedReads<SettlementDocument>(SETTLEMENTS, 'Settlement', readSettlement);

export type { SettlementDocument };
