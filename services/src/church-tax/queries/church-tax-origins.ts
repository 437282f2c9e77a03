import { CHURCH_TAX, readChurchTaxOrigin, type ChurchTaxOriginDocument } from '@coop/projections/church-tax';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * Where each member's church data comes from, as typed documents (decision 258): this area's own `church_tax`, for
 * this area and, through index.ts, for the data protection's clean-up of church data (`read-model-through-its-owner`).
 */
export const churchTaxOrigins = new TypedReads<ChurchTaxOriginDocument>(CHURCH_TAX, 'Member', readChurchTaxOrigin);
