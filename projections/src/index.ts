export * from './read-store/sqlite-read-store.js';
export * from './read-store/sqlite-read-store-files.js';
export * from './read-store/view-page.js';
export * from './read-store/search-text.js';
export * from './read-store/compare-key.js';
export * from './runner/projector.js';
export * from './runner/projection-runner.js';
export * from './runner/preview.js';
export * from './parallel-replay/parallel-replay.port.js';
/*
 * The projectors, each registered with the runner by its area's `*.area.ts`. Their collections, typed documents and
 * readers are not here: each is its owning area's, reachable only from `@coop/projections/<area>`
 * (projections/src/owned/; rule `read-model-through-its-owner`, decisions 248, 262, 263).
 */
export { usersProjector } from './projectors/users.projector.js';
export { cooperativesProjector } from './projectors/cooperatives.projector.js';
export { elmaNumbersProjector } from './projectors/elma-numbers.projector.js';
export { membersProjector } from './projectors/members.projector.js';
export { taxPapersProjector } from './projectors/tax-papers.projector.js';
export { dividendInputsProjector } from './projectors/dividend-inputs.projector.js';
export { dividendsProjector } from './projectors/dividends.projector.js';
export { tasksProjector } from './projectors/tasks.projector.js';
export { notificationsProjector } from './projectors/notifications.projector.js';
export { churchTaxProjector } from './projectors/church-tax.projector.js';
export { importsProjector } from './projectors/imports.projector.js';
export { settlementsProjector } from './projectors/settlements.projector.js';
export { shareDuesProjector } from './projectors/share-dues.projector.js';
export { paymentTermsProjector } from './projectors/payment-terms.projector.js';
export { paymentRemindersProjector } from './projectors/payment-reminders.projector.js';
export { bankStatementsProjector } from './projectors/bank-statements.projector.js';
export { directDebitsProjector } from './projectors/direct-debits.projector.js';
