/** The member list exports' public entry (issue 26): its module (routes and the `memberExport` task handler). */
export { ExportsModule } from './exports.module.js';
export { MemberExportTaskHandler } from './member-export.handler.js';
