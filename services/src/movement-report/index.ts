/** The movement report's public entry (issue 45): its module, and the pure count for whoever needs the figures. */
export { MovementReportModule } from './movement-report.module.js';
export {
  MovementTally,
  memberMovement,
  leaveReason,
  yearBounds,
  type MemberFacts,
  type PostingFacts,
} from './domain/movement-figures.js';
