export * from './user-events.js';
export * from './cooperative-events.js';
export * from './elma-number-events.js';
export * from './member-events.js';
export * from './tax-paper-events.js';
export * from './dividend-events.js';
export * from './task-events.js';
export * from './notification-events.js';
