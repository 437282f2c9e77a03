import type { DomainEvent } from '../events.js';

/*
 * Direct debits (issue 45, DEBIT): what the shared contract (share-payment-events.ts) leaves to the area. A mandate's
 * reference is the mandate id of every pain.008 file drawn under it; SEPA asks it to be unique for the creditor, so the
 * cooperative claims each reference once, on its own stream, in the same atomic append as the mandate on the member
 * stream (as a username is claimed, user-events.ts). A revoked mandate keeps its reference: it is never given again.
 */

/** The reference `reference` is taken by the mandate `mandateId` of the member `memberId`. */
export type MandateReferenceClaimed = DomainEvent<
  'MandateReferenceClaimed',
  { cooperativeId: string; reference: string; memberId: string; mandateId: string }
>;

/**
 * `mandate-reference-<cooperativeId>-<key>`: the key is the reference in capitals, each character outside `A-Z0-9` written
 * as `_` and its code in hex, so every reference of the SEPA set names a stream of its own and `Ab-1` and `AB-1` the same
 * (banks compare mandate ids without regard to case; the product refuses a second one that differs only so).
 */
export function mandateReferenceStream(cooperativeId: string, reference: string): string {
  const key = reference.toUpperCase().replace(/[^A-Z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
  return `mandate-reference-${cooperativeId}-${key}`;
}
