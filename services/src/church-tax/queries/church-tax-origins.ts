import { CHURCH_TAX, readChurchTaxOrigin, type ChurchTaxOriginDocument } from '@coop/projections';
import { TypedReads } from '../../platform/http/typed-reads.js';

/** Where each member's church data comes from, as typed documents (decision 258): this area's own `church_tax`. */
export const churchTaxOrigins = new TypedReads<ChurchTaxOriginDocument>(CHURCH_TAX, 'Member', readChurchTaxOrigin);
