import type { CooperativeFields } from '@coop/contracts';
import { readCooperative, type CooperativeDocument } from './queries/cooperative-documents.js';
import { versionTag } from '../platform/commands/version-tag.js';

/**
 * The cooperative's master data as one tag: the record answers it (`CooperativeDto.masterTag`) and a change sent back
 * with it is refused `409 cooperativeChangedMeanwhile` when the cooperative's master data are no longer those (a lost
 * update: two administrators editing the cooperative, the later form written over the earlier change, e.g. the old IBAN
 * back as the debtor of the next SEPA file). Every field `PUT /cooperatives/{id}` writes is tagged (the record's fields
 * but its id and the read store's own), so a change of any of them made meanwhile refuses a form read before it.
 * Not in domain/: the layer rules keep platform code (versionTag) out of a decider.
 */
const UNTAGGED: ReadonlySet<string> = new Set(['id', 'cooperativeId', 'position', 'masterTag']);

/** The tag of a cooperative as the read store answers it (its typed document). */
export function masterTag(doc: CooperativeDocument): string {
  const fields = Object.keys(doc)
    .filter((field) => !UNTAGGED.has(field))
    .sort();
  const values = fields.map((field) => [field, (doc as unknown as Record<string, unknown>)[field] ?? null]);
  return versionTag(values);
}

/**
 * The tag of the stream's state (the decider's fields): read as the read store's document is (readCooperative, the
 * same defaults for a setting recorded before it), so the state and the record answered compare alike.
 */
export function masterTagOfState(cooperativeId: string, fields: Partial<CooperativeFields>): string {
  return masterTag(readCooperative({ ...fields, id: cooperativeId, cooperativeId, position: '0' }));
}
