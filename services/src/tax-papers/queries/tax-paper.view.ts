import { taxPaperState, type ExemptionOrderDto, type NonAssessmentDto, type ReadDocument } from '@coop/contracts';
import { memberName, type MemberDocument } from '../../members/index.js';

/* The paper's own fields (exemption orders, certificates: this area's read models); the members' through MemberDocument. */
const str = (doc: ReadDocument, f: string): string | null => (typeof doc[f] === 'string' ? (doc[f] as string) : null);
const int = (doc: ReadDocument, f: string): number | null => (typeof doc[f] === 'number' ? (doc[f] as number) : null);

/** The member's current name and number (from `members`, the current member documents by id), else the copy in the paper's document. */
function memberOf(
  doc: ReadDocument,
  members: ReadonlyMap<string, MemberDocument>,
): { member: string; memberName: string; memberNr: number | null } {
  const member = str(doc, 'member') ?? '';
  const m = members.get(member);
  return {
    member,
    memberName: m ? memberName(m) : (str(doc, 'memberName') ?? ''),
    memberNr: m ? m.memberNr : int(doc, 'memberNr'),
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
 * The order as the API answers it. A joint order's spouse is the member linked on the order, else the spouse recorded in
 * the member's master data. The warnings are read from the current master data (a tax id entered later clears them):
 * the member's Steuer-IdNr, and for a joint order the spouse's (`spouseTaxId`, or the linked spouse's own).
 */
export function toExemptionOrderDto(
  doc: ReadDocument,
  members: ReadonlyMap<string, MemberDocument>,
  today: string,
): ExemptionOrderDto {
  const joint = doc.joint === true;
  const spouse = str(doc, 'spouse');
  const spouseDoc = spouse ? members.get(spouse) : undefined;
  const memberDoc = members.get(str(doc, 'member') ?? '');
  const endDate = str(doc, 'endDate');
  return {
    id: doc.id,
    ...memberOf(doc, members),
    type: int(doc, 'type') ?? 0,
    joint,
    fsatyp: joint ? 'Gemeinsamer' : 'Einzelner',
    spouse,
    spouseName: spouseDoc
      ? memberName(spouseDoc)
      : (str(doc, 'spouseName') ?? (joint ? recordedSpouseName(memberDoc) : null)),
    memberTaxIdMissing: !hasTaxId(memberDoc),
    spouseTaxIdMissing: joint && spouseTaxIdMissing(spouseDoc, memberDoc, members),
    amount: int(doc, 'amount') ?? 0,
    date: str(doc, 'date') ?? '',
    startDate: str(doc, 'startDate') ?? '',
    endDate,
    state: taxPaperState(endDate, today),
    cooperative: doc.cooperativeId,
  };
}

export function toNonAssessmentDto(
  doc: ReadDocument,
  members: ReadonlyMap<string, MemberDocument>,
  today: string,
): NonAssessmentDto {
  const endDate = str(doc, 'endDate') ?? '';
  return {
    id: doc.id,
    ...memberOf(doc, members),
    type: int(doc, 'type') ?? 0,
    orderNumber: str(doc, 'orderNumber'),
    date: str(doc, 'date') ?? '',
    taxAuthorities: str(doc, 'taxAuthorities'),
    startDate: str(doc, 'startDate') ?? '',
    endDate,
    original: doc.original === true ? true : null,
    state: taxPaperState(endDate, today),
    cooperative: doc.cooperativeId,
  };
}
