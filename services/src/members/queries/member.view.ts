import type { BalanceDto, MemberDto, ReadDocument, ShareDto, ShareVersion } from '@coop/contracts';
import type { MemberPostingEntry } from '@coop/projections';
import { isExited, isUnderage } from '../domain/holding.js';

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
 * The member as the API shows it. With `asOf`, as it stood at the end of that day: the holding from
 * the postings dated up to it, and an exit date only when it lies on or before it.
 */
export function toMemberDto(doc: ReadDocument, today: string, asOf?: string): MemberDto {
  const legalForm = int(doc, 'legalForm');
  const birthDate = str(doc, 'birthDate');
  let exitDate = str(doc, 'exitDate');
  let exitReason = str(doc, 'exitReason');
  let shareAmount = int(doc, 'shareAmount') ?? 0;
  let shareTotalEUR = int(doc, 'shareTotalEUR') ?? 0;
  let exited = isExited(exitDate, today);
  if (asOf !== undefined) {
    ({ shares: shareAmount, cents: shareTotalEUR } = holdingOn(doc, asOf));
    if (exitDate !== null && exitDate > asOf) {
      exitDate = null;
      exitReason = null;
    }
    exited = exitDate !== null;
  }
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
    street: str(doc, 'street'),
    streetHomeNumber: str(doc, 'streetHomeNumber'),
    zipCode: str(doc, 'zipCode'),
    city: str(doc, 'city'),
    state: str(doc, 'state'),
    country: str(doc, 'country'),
    isForeign: doc.isForeign === true,
    // SPEC: underage when the birth date is missing or under 18 years ago; a legal entity has no age.
    underage: legalForm !== 1 && isUnderage(birthDate, asOf ?? today),
    legalRepresentation: str(doc, 'legalRepresentation'),
    privateEmail: str(doc, 'privateEmail'),
    privateTelephone: str(doc, 'privateTelephone'),
    bankname: str(doc, 'bankname'),
    iban: str(doc, 'iban'),
    bic: str(doc, 'bic'),
    entryDate: str(doc, 'entryDate'),
    exitDate,
    exitReason,
    exited,
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
  };
}

/** `members` is the current member documents by id: name and numbers are shown as they are now. */
export function toBalanceDto(doc: ReadDocument, members: ReadonlyMap<string, ReadDocument>, displayName: (m: ReadDocument | undefined) => string): BalanceDto {
  const memberId = str(doc, 'member') ?? '';
  const member = members.get(memberId);
  const otherId = str(doc, 'transferTo') ?? str(doc, 'transferFrom');
  const other = otherId ? members.get(otherId) : undefined;
  return {
    id: doc.id,
    member: memberId,
    memberName: member ? displayName(member) : (str(doc, 'memberName') ?? ''),
    memberNr: member ? int(member, 'memberNr') : int(doc, 'memberNr'),
    type: int(doc, 'type') ?? 0,
    quantity: int(doc, 'quantity') ?? 0,
    amount: int(doc, 'amount') ?? 0,
    shareCost: int(doc, 'shareCost'),
    date: str(doc, 'date') ?? '',
    approvalDate: str(doc, 'approvalDate'),
    interestBegin: str(doc, 'interestBegin'),
    transferTo: str(doc, 'transferTo'),
    transferFrom: str(doc, 'transferFrom'),
    transferPeer: str(doc, 'transferPeer'),
    transferMemberNr: other ? int(other, 'memberNr') : int(doc, 'transferMemberNr'),
    annulPeer: str(doc, 'annulPeer'),
    annulated: doc.annulated === true,
    cooperative: doc.cooperativeId,
  };
}

/** A posting's document (BALANCES) as its row of the share register (SHARE_REGISTER). */
export function toShareDto(doc: ReadDocument): ShareDto {
  const versions = Array.isArray(doc.versions) ? (doc.versions as ShareVersion[]) : [];
  return {
    id: doc.id,
    member: str(doc, 'member') ?? '',
    memberNr: int(doc, 'memberNr'),
    process: int(doc, 'type') ?? 0,
    shareAmount: int(doc, 'shareAmount') ?? 0,
    rueckpfleinzahlung: int(doc, 'rueckpfleinzahlung') ?? 0,
    admissionDate: str(doc, 'approvalDate'),
    date: str(doc, 'date') ?? '',
    interestBegin: str(doc, 'interestBegin'),
    interestEnd: str(doc, 'interestEnd'),
    cdcUser: str(doc, 'cdcUser') ?? '',
    cdcAction: str(doc, 'cdcAction') ?? '',
    cdcTimestamp: str(doc, 'cdcTimestamp') ?? '',
    versions,
    cooperative: doc.cooperativeId,
  };
}
