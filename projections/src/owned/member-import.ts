/*
 * `@coop/projections/member-import`: the imports of a register and their saved mappings (collections and typed
 * document). Only the member import area of services and the platform import it (rule `read-model-through-its-owner`,
 * decisions 258, 263).
 */
export { IMPORTS, IMPORT_MAPPINGS } from '../projectors/imports.projector.js';
export { readImport, type ImportDocument, type ImportState } from '../projectors/import-document.js';
