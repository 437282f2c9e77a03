// The tasks area's public entry (issue 24): the port other areas use to run long work in the background.
export * from './task-port.js';
