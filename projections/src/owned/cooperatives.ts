/*
 * `@coop/projections/cooperatives`: the cooperatives' collection and its typed document. Only the cooperatives area of
 * services and the platform import it (rule `read-model-through-its-owner`, decision 248); other areas use the
 * cooperatives area's `cooperativeReads` from services/src/cooperatives/index.ts.
 */
export { COOPERATIVES, readCooperative, type CooperativeDocument } from '../projectors/cooperative-document.js';
