/** The FSA control report's public entry (issue 24): its module (routes and task handler). */
export { FsakModule } from './fsak.module.js';
export { FsakTaskHandler } from './fsak.handler.js';
