import { taxPaperState, type ExemptionOrderDto, type NonAssessmentDto } from '@coop/contracts';
import { memberName, type MemberDocument } from '../../members/index.js';
import { exemptionOrderTag, nonAssessmentTag } from '../master-tag.js';
import type { ExemptionOrderDocument, NonAssessmentDocument } from './tax-paper-documents.js';

/** The member's current name and number (from `members`, the current member documents by id), else the copy in the paper's document. */
function memberOf(
  doc: ExemptionOrderDocument | NonAssessmentDocument,
  members: ReadonlyMap<string, MemberDocument>,
): { member: string; memberName: string; memberNr: number | null } {
  const m = members.get(doc.member);
  return {
    member: doc.member,
    memberName: m ? memberName(m) : (doc.memberName ?? ''),
    memberNr: m ? m.memberNr : doc.memberNr,
  };
}

/** A member document with a Steuer-IdNr: entered by hand or from the tax office's answer. */
const hasTaxId = (doc: MemberDocument | undefined): boolean =>
  doc !== undefined && (doc.manualTaxId !== null || doc.taxId !== null);

/** "Name, Given name" of the spouse recorded in the member's master data (not a member). */
function recordedSpouseName(memberDoc: MemberDocument | undefined): string | null {
  if (!memberDoc) return null;
  const name = [memberDoc.spouseName, memberDoc.spouseGivenName].filter((p) => p !== null).join(', ');
  return name === '' ? null : name;
}

/**
 * A joint order's spouse has no tax id (issue 39/43: one tax id per person): a spouse who is a member (named on the
 * order, else linked in the member's master data) by its own member record; else the member's recorded `spouseTaxId`.
 */
function spouseTaxIdMissing(
  spouseDoc: MemberDocument | undefined,
  memberDoc: MemberDocument | undefined,
  members: ReadonlyMap<string, MemberDocument>,
): boolean {
  if (spouseDoc) return !hasTaxId(spouseDoc);
  const linked = memberDoc ? memberDoc.spouse : null;
  const linkedDoc = linked ? members.get(linked) : undefined;
  if (linkedDoc) return !hasTaxId(linkedDoc);
  return memberDoc === undefined || memberDoc.spouseTaxId === null;
}

/**
 * The order as the API answers it, with the tag of its fields as answered (`masterTag`: sent back with a correction, a
 * change made meanwhile is refused, not overwritten). A joint order's spouse is the member linked on the order, else the spouse recorded in
 * the member's master data. The warnings are read from the current master data (a tax id entered later clears them):
 * the member's Steuer-IdNr, and for a joint order the spouse's (`spouseTaxId`, or the linked spouse's own).
 */
export function toExemptionOrderDto(
  doc: ExemptionOrderDocument,
  members: ReadonlyMap<string, MemberDocument>,
  today: string,
): ExemptionOrderDto {
  const { joint, spouse, endDate } = doc;
  const spouseDoc = spouse ? members.get(spouse) : undefined;
  const memberDoc = members.get(doc.member);
  return {
    id: doc.id,
    ...memberOf(doc, members),
    type: doc.type,
    joint,
    fsatyp: joint ? 'Gemeinsamer' : 'Einzelner',
    spouse,
    spouseName: spouseDoc ? memberName(spouseDoc) : (doc.spouseName ?? (joint ? recordedSpouseName(memberDoc) : null)),
    memberTaxIdMissing: !hasTaxId(memberDoc),
    spouseTaxIdMissing: joint && spouseTaxIdMissing(spouseDoc, memberDoc, members),
    amount: doc.amount,
    date: doc.date,
    startDate: doc.startDate,
    endDate,
    state: taxPaperState(endDate, today),
    cooperative: doc.cooperativeId,
    masterTag: exemptionOrderTag(doc),
  };
}

export function toNonAssessmentDto(
  doc: NonAssessmentDocument,
  members: ReadonlyMap<string, MemberDocument>,
  today: string,
): NonAssessmentDto {
  return {
    id: doc.id,
    ...memberOf(doc, members),
    type: doc.type,
    orderNumber: doc.orderNumber,
    date: doc.date,
    taxAuthorities: doc.taxAuthorities,
    startDate: doc.startDate,
    endDate: doc.endDate,
    original: doc.original ? true : null,
    state: taxPaperState(doc.endDate, today),
    cooperative: doc.cooperativeId,
    masterTag: nonAssessmentTag(doc),
  };
}
