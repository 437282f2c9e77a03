/*
 * `@coop/projections/tasks`: the background tasks (collection and typed document). Only the tasks area of services and
 * the platform import it (rule `read-model-through-its-owner`, decision 263); other areas use the tasks area's
 * `taskDocuments`, `toTaskDto` and `completedTasks` from services/src/tasks/index.ts.
 */
export { TASKS } from '../projectors/task-collections.js';
export { readTask, type TaskDocument } from '../projectors/task-document.js';
