import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { fieldError, ValidationError } from '@coop/contracts';
import type { CommandContext } from './command-context.js';
import { ConflictingStateError } from './errors.js';

/** The longest `Idempotency-Key` taken (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX = 100;

/**
 * The `Idempotency-Key` header of a posting or payment (decision 297): trimmed, absent or blank as null; longer than
 * IDEMPOTENCY_KEY_MAX refused (400 `tooLong`).
 */
export function idempotencyKeyOf(header: unknown): string | null {
  const key = typeof header === 'string' ? header.trim() : null;
  if (key === null || key === '') return null;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw new ValidationError([fieldError('Idempotency-Key', 'tooLong', String(IDEMPOTENCY_KEY_MAX))]);
  return key;
}

/**
 * The id of the record a keyed request makes, the same for the same cooperative, user, key and `purpose` (the member
 * and what the id names): sent twice, the request makes the same id, which the second finds recorded on the stream
 * (decision 297). Shaped as a UUID (version 8, the variant bits set), as the ids newRecordId makes.
 */
export function idempotentId(ctx: CommandContext, key: string, purpose: string): string {
  const hex = createHash('sha256')
    .update(`${ctx.actor.cooperativeId}\u0000${ctx.actor.userId}\u0000${key}\u0000${purpose}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A key sent before with another request (other contents, or its record changed or removed since): 409. */
export function keyReused(): ConflictingStateError {
  return new ConflictingStateError([fieldError(null, 'idempotencyKeyReused')]);
}

/**
 * Whether a recorded state is the one a keyed request asks for (StreamWriter.handleOnce): compared as stored, JSON (a
 * field left undefined is no field), whatever the order of the fields.
 */
export function sameRecord(asked: unknown, recorded: unknown): boolean {
  return isDeepStrictEqual(asStored(asked), asStored(recorded));
}

function asStored(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
