import type { DomainEvent } from '../events.js';
import type { CooperativeFields } from '../http/cooperatives.js';

export type CooperativeRegistered = DomainEvent<
  'CooperativeRegistered',
  { cooperativeId: string } & Partial<CooperativeFields> & { name: string }
>;
/** Carries only the fields that changed. */
export type CooperativeUpdated = DomainEvent<
  'CooperativeUpdated',
  { cooperativeId: string; changes: Partial<CooperativeFields> }
>;

export type CooperativeEvent = CooperativeRegistered | CooperativeUpdated;

export const cooperativeStream = (cooperativeId: string): string => `cooperative-${cooperativeId}`;
