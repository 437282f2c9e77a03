/*
 * `@coop/projections/settlements`: the settlements with those who leave and their typed document, and the members and
 * terms the settlements projector keeps for them. Only the settlements area of services and the platform import it
 * (rule `read-model-through-its-owner`, decisions 248, 257, 263); other areas use the settlements area's
 * `settlementDocuments` from services/src/settlements/index.ts.
 */
export { SETTLEMENTS, readSettlement, type SettlementDocument } from '../projectors/settlement-document.js';
export { SETTLEMENT_MEMBERS, SETTLEMENT_TERMS } from '../projectors/settlements.projector.js';
