// A module for importAreas' test: it exports something, but no areas.
export const areas = { names: ['not composed'] };
