/*
 * `@coop/projections/church-tax`: where each member's church data comes from (collection and typed document). Only the
 * church-tax area of services and the platform import it (rule `read-model-through-its-owner`, decision 263); other
 * areas (the data protection's clean-up of church data) use the church-tax area's `churchTaxOrigins` from
 * services/src/church-tax/index.ts.
 */
export { CHURCH_TAX } from '../projectors/task-collections.js';
export { readChurchTaxOrigin, type ChurchTaxOriginDocument } from '../projectors/church-tax-document.js';
