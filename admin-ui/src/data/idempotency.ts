import { useState } from 'react';

/*
 * A form's `Idempotency-Key` (decision 297): the API records a posting or a payment sent twice under one key once, and
 * answers the second with what the first recorded. One key per form shown: a double click on "save" or a retry of the
 * same form is one record; the next form (after saving, the page is left or the dialog closed) has a new key.
 */

/** A new key: 32 hex digits. `crypto.getRandomValues` also works where `randomUUID` does not (plain http on a LAN). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header for a key given as a mutation's `meta.idempotencyKey`; none without one. */
export function idempotencyHeaders(meta: unknown): Record<string, string> {
  const key =
    typeof meta === 'object' && meta !== null ? (meta as { idempotencyKey?: unknown }).idempotencyKey : undefined;
  return typeof key === 'string' && key !== '' ? { 'Idempotency-Key': key } : {};
}

/** The key of the form this component shows, the same for as long as it is mounted. */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey);
  return key;
}
