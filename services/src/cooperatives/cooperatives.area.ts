import { cooperativesProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/** Cooperatives: what the area contributes to the platform (services/src/areas.ts lists it). */
export const cooperativesArea: AreaRegistration = {
  name: 'cooperatives',
  projectors: [cooperativesProjector],
  // The contact person and address, under a key of the cooperative's contact.
  personalData: {
    CooperativeRegistered: {
      subject: (d) => `cooperative-contact-${String(d.cooperativeId)}`,
      fields: ['contactPerson', 'email'],
    },
  },
  upcasters: [],
  views: {},
};
