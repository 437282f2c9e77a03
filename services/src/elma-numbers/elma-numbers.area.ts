import { elmaNumbersProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/** Approval numbers (ELMA): what the area contributes to the platform (services/src/areas.ts lists it). */
export const elmaNumbersArea: AreaRegistration = {
  name: 'elma-numbers',
  projectors: [elmaNumbersProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
