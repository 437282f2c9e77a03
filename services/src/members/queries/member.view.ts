import type { MemberDto } from '@coop/contracts';
import { sharesDay, type MemberDocument } from '@coop/projections/members';
import { isExited, isUnderage } from '../domain/age.js';
import { masterTag } from '../master-tag.js';
import { joinedOn } from '../../kernel/joining.js';

/**
 * The holding from the member document's posting list as of the end of `date`: each posting counts from the day its
 * shares do (`sharesDay`: its date, a subscription's admission when later, § 15b GenG).
 */
export function holdingOn(doc: MemberDocument, date: string): { shares: number; cents: number } {
  let shares = 0;
  let cents = 0;
  for (const p of doc.postings ?? []) {
    if (sharesDay(p) <= date) {
      shares += p.s;
      cents += p.a;
    }
  }
  return { shares, cents };
}

/**
 * Whether the member had joined by the end of `date`: the later of declaration and admission (`joinedOn`, § 15 GenG) is
 * the effective date of joining the member list states (§ 30 GenG; decision 314).
 */
export function memberBy(doc: Pick<MemberDocument, 'entryDate' | 'approvalDate'>, date: string): boolean {
  const joined = joinedOn(doc.entryDate, doc.approvalDate);
  return joined !== null && joined <= date;
}

/**
 * The member as the API shows it: without `asOf`, as of `today` (the holding from the postings dated up to today, so a
 * notice whose withdrawal is dated on a later year's end leaves today's holding alone). With `asOf`, as it stood at
 * the end of that day: the holding from the postings dated up to it, and an exit only once it was noticed (the notice
 * date, or for an exit recorded before issue 22 its own date); `exitPending` while its effective date lies after.
 */
export function toMemberDto(doc: MemberDocument, today: string, asOf?: string): MemberDto {
  const legalForm = doc.legalForm;
  const birthDate = doc.birthDate;
  let exitDate = doc.exitDate;
  let exitReason = doc.exitReason;
  let exitNoticeDate = doc.exitNoticeDate;
  let shareAmount = doc.shareAmount;
  let shareTotalEUR = doc.shareTotalEUR;
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
  } else if (today !== '' && doc.postings !== null) {
    ({ shares: shareAmount, cents: shareTotalEUR } = holdingOn(doc, today));
  }
  const noticeShown = exitDate !== null;
  const dto: Omit<MemberDto, 'masterTag'> = {
    id: doc.id,
    memberNr: doc.memberNr,
    memberType: doc.memberType,
    position: doc.memberPosition,
    salutation: doc.salutation,
    postalSalutation: doc.postalSalutation,
    title: doc.title,
    givenName: doc.givenName,
    name: doc.name,
    birthName: doc.birthName,
    birthDate,
    legalForm,
    civilStatus: doc.civilStatus,
    spouse: doc.spouse,
    spouseGivenName: doc.spouseGivenName,
    spouseName: doc.spouseName,
    spouseBirthName: doc.spouseBirthName,
    spouseBirthDate: doc.spouseBirthDate,
    spouseTitle: doc.spouseTitle,
    spouseTaxId: doc.spouseTaxId,
    street: doc.street,
    streetHomeNumber: doc.streetHomeNumber,
    zipCode: doc.zipCode,
    city: doc.city,
    state: doc.state,
    country: doc.country,
    isForeign: doc.isForeign,
    // SPEC: underage when the birth date is missing or under 18 years ago; a legal entity has no age, nor has a member
    // whose birth date the data-protection clean-up erased (type 2).
    underage: legalForm !== 1 && doc.memberType !== 2 && isUnderage(birthDate, asOf ?? today),
    legalRepresentation: doc.legalRepresentation,
    privateEmail: doc.privateEmail,
    privateTelephone: doc.privateTelephone,
    bankname: doc.bankname,
    accountHolder: doc.accountHolder,
    iban: doc.iban,
    bic: doc.bic,
    entryDate: doc.entryDate,
    exitDate,
    exitReason,
    exited,
    exitPending,
    exitNoticeDate,
    exitDispatchDate: noticeShown ? doc.exitDispatchDate : null,
    exitExtraordinaryReason: noticeShown ? doc.exitExtraordinaryReason : null,
    approvalDate: doc.approvalDate,
    interestBegin: doc.interestBegin,
    taxId: doc.taxId,
    manualTaxId: doc.manualTaxId,
    churchId: doc.churchId,
    churchTaxRate: doc.churchTaxRate,
    kiSt: doc.kiSt,
    kiStSatz: doc.kiStSatz,
    shareAmount,
    shareTotalEUR,
    cooperative: doc.cooperativeId,
    // The data-protection hold (issue 27), kept by the members projector.
    retentionHold: doc.retentionHold,
    retentionHoldReason: doc.retentionHold ? doc.retentionHoldReason : null,
    retentionHoldSince: doc.retentionHold ? doc.retentionHoldSince : null,
  };
  // The master data as answered, to send back with a change (a lost update is refused, not written).
  return { ...dto, masterTag: masterTag(dto as unknown as Record<string, unknown>) };
}
