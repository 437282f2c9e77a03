/*
 * `@coop/projections/settlements`: the settlements with those who leave and their typed document. Only the settlements
 * area of services and the platform import it (rule `read-model-through-its-owner`, decisions 248, 257); other areas use
 * the settlements area's `settlementDocuments` from services/src/settlements/index.ts.
 */
export { SETTLEMENTS, readSettlement, type SettlementDocument } from '../projectors/settlement-document.js';
