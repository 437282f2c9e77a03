import { randomUUID } from 'node:crypto';
import type { EventMetadata, Role } from '@coop/contracts';
import { SCHEMA_VERSION } from '../event-store/upcasters.js';

/** Who acts: taken from the verified token, never from the request body. */
export interface Actor {
  readonly userId: string;
  readonly username: string;
  readonly roles: readonly Role[];
  readonly cooperativeId: string;
}

export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
}

export function contextFor(actor: Actor, correlationId: string = randomUUID()): CommandContext {
  return { actor, correlationId, causationId: correlationId };
}

export function metadataFor(ctx: CommandContext, cooperativeId: string, now: Date = new Date()): EventMetadata {
  return {
    cooperativeId,
    user: ctx.actor.username,
    timestamp: now.toISOString(),
    correlationId: ctx.correlationId,
    causationId: ctx.causationId,
    schemaVersion: SCHEMA_VERSION,
  };
}
