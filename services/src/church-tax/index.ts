// The church-tax area's public entry (issue 24): members' church data and the KiStAM query.
export { ChurchTaxModule } from './church-tax.module.js';
// The KiStAM answer's route and permission: the app reads its raw CSV body for them alone (decision 303).
export { KISTAM_ANSWER_UPLOAD } from './http/kistam.controller.js';
export { KISTAM_TRANSPORT, type KistamTransport, type KistamRequest } from './kistam/kistam-transport.js';
export { ChurchDataKey } from './commands/church-data-key.js';
// Where each member's church data comes from (typed reader of `church_tax`; rule read-model-through-its-owner).
export { churchTaxOrigins } from './queries/church-tax-origins.js';
