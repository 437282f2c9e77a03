import type { DomainEvent } from '../events.js';
import type { ElmaProcess } from '../http/elma-numbers.js';

export type ElmaNumberAdded = DomainEvent<
  'ElmaNumberAdded',
  { elmaNumberId: string; cooperativeId: string; elmaProcess: ElmaProcess; elmaNumber: string; createdAt: string }
>;
export type ElmaNumberChanged = DomainEvent<
  'ElmaNumberChanged',
  { elmaNumberId: string; elmaProcess: ElmaProcess; elmaNumber: string }
>;
export type ElmaNumberRemoved = DomainEvent<'ElmaNumberRemoved', { elmaNumberId: string }>;

export type ElmaNumberEvent = ElmaNumberAdded | ElmaNumberChanged | ElmaNumberRemoved;

export const elmaNumberStream = (id: string): string => `elmanumber-${id}`;
