import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Tax id claims (issue 39 "Nobody twice"): a tax id belongs to one person. Like member numbers and usernames, each
// tax id of a cooperative has a claim stream, appended in the same atomic write as the member who takes the tax id, so
// two members taking one tax id at the same moment collide on its revision (DOMAIN.md 3.2).
// ---------------------------------------------------------------------------------------------

/**
 * On `taxid-<cooperativeId>-<digest>`: the member who last took the tax id (an admission, a change setting it). It
 * carries no personal data: the tax id is only in the stream's name, as a keyed digest (below).
 */
export type TaxIdClaimed = DomainEvent<'TaxIdClaimed', { cooperativeId: string; memberId: string }>;
export type TaxIdClaimEvent = TaxIdClaimed;

/**
 * The claim stream of a tax id. Stream names are neither sealed nor erased, so the name never holds the tax id itself:
 * `digest` is a keyed hash of its digits (HMAC-SHA256 under a key of the cooperative's in the key store; the services'
 * members/commands/tax-id-claims.ts), which without the key tells nothing of the tax id, and cannot be guessed by
 * trying the 10^11 possible ids.
 */
export const taxIdClaimStream = (cooperativeId: string, digest: string): string => `taxid-${cooperativeId}-${digest}`;
