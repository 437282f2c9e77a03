/** The cooperatives area's public entry: what other areas may use. */
export { CooperativesModule } from './cooperatives.module.js';
export { UpdateCooperativeCommand } from './commands/cooperative.commands.js';
export { cooperativeDecider } from './domain/cooperative.decider.js';
export {
  cooperativeDocuments,
  ownCooperative,
  readCooperative,
  type CooperativeDocument,
} from './queries/cooperative-documents.js';
