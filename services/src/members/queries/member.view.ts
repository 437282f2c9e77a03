import type { MemberDto, ReadDocument } from '@coop/contracts';
import type { MemberPostingEntry } from '@coop/projections';
import { isExited, isUnderage } from '../domain/age.js';

const str = (doc: ReadDocument, f: string): string | null => (typeof doc[f] === 'string' ? (doc[f] as string) : null);
const int = (doc: ReadDocument, f: string): number | null => (typeof doc[f] === 'number' ? (doc[f] as number) : null);

/** The holding from the member document's posting list, counting postings dated on or before `date`. */
export function holdingOn(doc: ReadDocument, date: string): { shares: number; cents: number } {
  let shares = 0;
  let cents = 0;
  for (const p of (doc.postings as MemberPostingEntry[] | undefined) ?? []) {
    if (p.d <= date) {
      shares += p.s;
      cents += p.a;
    }
  }
  return { shares, cents };
}

/**
 * The member as the API shows it: without `asOf`, as of `today` (the holding from the postings dated up to today, so a
 * notice whose withdrawal is dated on a later year's end leaves today's holding alone). With `asOf`, as it stood at
 * the end of that day: the holding from the postings dated up to it, and an exit only once it was noticed (the notice
 * date, or for an exit recorded before issue 22 its own date); `exitPending` while its effective date lies after.
 */
export function toMemberDto(doc: ReadDocument, today: string, asOf?: string): MemberDto {
  const legalForm = int(doc, 'legalForm');
  const birthDate = str(doc, 'birthDate');
  let exitDate = str(doc, 'exitDate');
  let exitReason = str(doc, 'exitReason');
  let exitNoticeDate = str(doc, 'exitNoticeDate');
  let shareAmount = int(doc, 'shareAmount') ?? 0;
  let shareTotalEUR = int(doc, 'shareTotalEUR') ?? 0;
  let exited = isExited(exitDate, today);
  let exitPending = exitDate !== null && today !== '' && exitDate > today;
  if (asOf !== undefined) {
    ({ shares: shareAmount, cents: shareTotalEUR } = holdingOn(doc, asOf));
    if (exitDate !== null && (exitNoticeDate ?? exitDate) > asOf) {
      exitDate = null;
      exitReason = null;
      exitNoticeDate = null;
    }
    exited = exitDate !== null && exitDate <= asOf;
    exitPending = exitDate !== null && exitDate > asOf;
  } else if (today !== '' && Array.isArray(doc.postings)) {
    ({ shares: shareAmount, cents: shareTotalEUR } = holdingOn(doc, today));
  }
  const noticeShown = exitDate !== null;
  return {
    id: doc.id,
    memberNr: int(doc, 'memberNr'),
    memberType: int(doc, 'memberType'),
    position: int(doc, 'memberPosition'),
    salutation: str(doc, 'salutation'),
    postalSalutation: str(doc, 'postalSalutation'),
    title: str(doc, 'title'),
    givenName: str(doc, 'givenName'),
    name: str(doc, 'name'),
    birthName: str(doc, 'birthName'),
    birthDate,
    legalForm,
    civilStatus: int(doc, 'civilStatus'),
    spouse: str(doc, 'spouse'),
    spouseGivenName: str(doc, 'spouseGivenName'),
    spouseName: str(doc, 'spouseName'),
    spouseBirthName: str(doc, 'spouseBirthName'),
    spouseBirthDate: str(doc, 'spouseBirthDate'),
    spouseTitle: str(doc, 'spouseTitle'),
    spouseTaxId: str(doc, 'spouseTaxId'),
    street: str(doc, 'street'),
    streetHomeNumber: str(doc, 'streetHomeNumber'),
    zipCode: str(doc, 'zipCode'),
    city: str(doc, 'city'),
    state: str(doc, 'state'),
    country: str(doc, 'country'),
    isForeign: doc.isForeign === true,
    // SPEC: underage when the birth date is missing or under 18 years ago; a legal entity has no age, nor has a member
    // whose birth date the data-protection clean-up erased (type 2).
    underage: legalForm !== 1 && int(doc, 'memberType') !== 2 && isUnderage(birthDate, asOf ?? today),
    legalRepresentation: str(doc, 'legalRepresentation'),
    privateEmail: str(doc, 'privateEmail'),
    privateTelephone: str(doc, 'privateTelephone'),
    bankname: str(doc, 'bankname'),
    accountHolder: str(doc, 'accountHolder'),
    iban: str(doc, 'iban'),
    bic: str(doc, 'bic'),
    entryDate: str(doc, 'entryDate'),
    exitDate,
    exitReason,
    exited,
    exitPending,
    exitNoticeDate,
    exitDispatchDate: noticeShown ? str(doc, 'exitDispatchDate') : null,
    exitExtraordinaryReason: noticeShown ? str(doc, 'exitExtraordinaryReason') : null,
    approvalDate: str(doc, 'approvalDate'),
    interestBegin: str(doc, 'interestBegin'),
    taxId: str(doc, 'taxId'),
    manualTaxId: str(doc, 'manualTaxId'),
    churchId: str(doc, 'churchId'),
    churchTaxRate: str(doc, 'churchTaxRate'),
    kiSt: str(doc, 'kiSt'),
    kiStSatz: str(doc, 'kiStSatz'),
    shareAmount,
    shareTotalEUR,
    cooperative: doc.cooperativeId,
    // The data-protection hold (issue 27), kept by the members projector.
    retentionHold: doc.retentionHold === true,
    retentionHoldReason: doc.retentionHold === true ? str(doc, 'retentionHoldReason') : null,
    retentionHoldSince: doc.retentionHold === true ? str(doc, 'retentionHoldSince') : null,
  };
}
