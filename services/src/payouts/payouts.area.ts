import type { AreaRegistration } from '../platform/areas.js';

/** Payouts (issue 25): no events and no read models of its own; it reads the dividend's closures and the members. */
export const payoutsArea: AreaRegistration = {
  name: 'payouts',
  projectors: [],
  personalData: {},
  upcasters: [],
  views: {},
};
