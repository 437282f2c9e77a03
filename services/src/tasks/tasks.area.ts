import { tasksProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/** Background tasks: what the area contributes to the platform (services/src/areas.ts). Tasks hold no personal data. */
export const tasksArea: AreaRegistration = {
  name: 'tasks',
  projectors: [tasksProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
