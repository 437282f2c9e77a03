/**
 * The MongoDB read store, an entry of its own (`@coop/projections/mongo`): the MongoDB driver (about 130 modules)
 * loads only where MONGODB_URL is set, not in every process and worker thread that imports the projections.
 */
export * from './read-store/mongo-read-store.js';
