import type { ExemptionOrderFields, NonAssessmentFields } from '@coop/contracts';
import {
  readExemptionOrder,
  readNonAssessment,
  type ExemptionOrderDocument,
  type NonAssessmentDocument,
} from '@coop/projections/tax-papers';
import { versionTag } from '../platform/commands/version-tag.js';

/*
 * A tax paper's fields as one tag (as decisions 418 and 420 for a member and the cooperative): the record answers it
 * (`ExemptionOrderDto.masterTag`, `NonAssessmentDto.masterTag`) and a correction sent back with it is refused
 * `409 recordChangedMeanwhile` when the paper's fields are no longer those (a lost update: two clerks correcting one
 * paper, the later form written over the earlier change, e.g. an order's old amount back, and with it how much of the
 * member's dividend is paid without withholding tax). The stream's state is read as the read store's document is
 * (readExemptionOrder, readNonAssessment: text trimmed, blank null, `original` a flag), so the record answered and the
 * state the handler decides on compare alike. Not in domain/: the layer rules keep platform code (versionTag) out of a decider.
 */

/**
 * Every field `PUT /exemptionorders/{id}` writes but the spouse: the order records the spouse the member's master data
 * link whatever the form sent (the form's spouse is only checked against it), so a form read before cannot write an
 * old spouse back; and the data-protection clean-up cuts an erased spouse's link on the order's read model only (the
 * stream keeps it), so with the spouse tagged the survivor's order could never be saved from its form again.
 */
const ORDER_TAGGED = [
  'type',
  'joint',
  'amount',
  'date',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof ExemptionOrderFields & keyof ExemptionOrderDocument)[];

/** Every field `PUT /nonassessments/{id}` writes. */
const CERTIFICATE_TAGGED = [
  'type',
  'orderNumber',
  'date',
  'taxAuthorities',
  'startDate',
  'endDate',
  'original',
] as const satisfies readonly (keyof NonAssessmentFields & keyof NonAssessmentDocument)[];

function tagOf(doc: object, fields: readonly string[]): string {
  const values = fields.map((field) => (doc as Record<string, unknown>)[field] ?? null);
  return versionTag(values);
}

/** The tag of an exemption order as the read store answers it (its typed document). */
export function exemptionOrderTag(doc: ExemptionOrderDocument): string {
  return tagOf(doc, ORDER_TAGGED);
}

/** The tag of a non-assessment certificate as the read store answers it (its typed document). */
export function nonAssessmentTag(doc: NonAssessmentDocument): string {
  return tagOf(doc, CERTIFICATE_TAGGED);
}

/** The read store's own fields around a paper's fields of the stream's state (they are not tagged). */
const asStored = (fields: object): { id: string; cooperativeId: string; position: string } => ({
  ...(fields as Record<string, unknown>),
  id: '',
  cooperativeId: '',
  position: '0',
});

/** The tag of an order in the stream's state (the decider's fields), read as its read-store document is. */
export function exemptionOrderTagOfState(fields: ExemptionOrderFields): string {
  return exemptionOrderTag(readExemptionOrder(asStored(fields)));
}

/** The tag of a certificate in the stream's state (the decider's fields), read as its read-store document is. */
export function nonAssessmentTagOfState(fields: NonAssessmentFields): string {
  return nonAssessmentTag(readNonAssessment(asStored(fields)));
}
