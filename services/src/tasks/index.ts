// The tasks area's public entry (issue 24): the port other areas use to run long work in the background.
export * from './task-port.js';
export { TasksModule } from './tasks.module.js';
export { INTERRUPTED, TaskRunner } from './runner/task-runner.js';
export { TaskHandlerRegistry } from './task-handler-registry.js';
// The tasks' typed reader and the task as `GET /tasks/{id}` answers it, for the routes that queue one and answer it
// (201 or 202 with the task) and the areas that read what was done (rule read-model-through-its-owner).
export { TaskReads, taskDocuments, toTaskDto, type TaskDocument } from './queries/task-reads.js';
// A kind's completed tasks with their typed parameters (the FSA report's earlier reports).
export { completedTasks, type CompletedTask } from './queries/completed-tasks.js';
export { notificationRaised } from './commands/task-notifications.js';
