import { churchTaxProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * Church data and KiStAM (issue 24): what the area registers with the platform. Its one event, `ChurchDataRecorded`,
 * lives on the member stream and is sealed by the members area (members.area.ts); the CHURCH_TAX projector records
 * where each member's church data comes from (query date, kind, task).
 */
export const churchTaxArea: AreaRegistration = {
  name: 'church-tax',
  projectors: [churchTaxProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
