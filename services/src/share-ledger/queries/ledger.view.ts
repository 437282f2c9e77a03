import type { BalanceDto, ShareDto } from '@coop/contracts';
import type { BalanceDocument } from '@coop/projections/share-ledger';
import { memberName, type MemberDocument } from '../../members/reads.js';

/** `members` is the current member documents by id: name and numbers are shown as they are now. */
export function toBalanceDto(doc: BalanceDocument, members: ReadonlyMap<string, MemberDocument>): BalanceDto {
  const member = members.get(doc.member);
  const otherId = doc.transferTo ?? doc.transferFrom;
  const other = otherId ? members.get(otherId) : undefined;
  return {
    id: doc.id,
    member: doc.member,
    memberName: member ? memberName(member) : (doc.memberName ?? ''),
    memberNr: member ? member.memberNr : doc.memberNr,
    type: doc.type,
    quantity: doc.quantity,
    amount: doc.amount,
    shareCost: doc.shareCost,
    date: doc.date,
    approvalDate: doc.approvalDate,
    interestBegin: doc.interestBegin,
    transferTo: doc.transferTo,
    transferFrom: doc.transferFrom,
    transferPeer: doc.transferPeer,
    transferMemberNr: other ? other.memberNr : doc.transferMemberNr,
    annulPeer: doc.annulPeer,
    annulated: doc.annulated,
    cooperative: doc.cooperativeId,
  };
}

/**
 * A posting (BALANCES) as its row of the share register (SHARE_REGISTER); `members` is the current member documents by
 * id: name and number are shown as they are now (as the posting has them when the member is not there).
 */
export function toShareDto(doc: BalanceDocument, members: ReadonlyMap<string, MemberDocument>): ShareDto {
  // A version written before its effective date was kept (members projector version 1) counts from the posting's date.
  const versions = doc.versions.map((v) => ({ ...v, effectiveDate: v.effectiveDate ?? doc.date }));
  const member = members.get(doc.member);
  return {
    id: doc.id,
    member: doc.member,
    memberNr: member ? member.memberNr : doc.memberNr,
    memberName: member ? memberName(member) : (doc.memberName ?? ''),
    process: doc.type,
    shareAmount: doc.shareAmount,
    rueckpfleinzahlung: doc.rueckpfleinzahlung,
    admissionDate: doc.approvalDate,
    date: doc.date,
    interestBegin: doc.interestBegin,
    interestEnd: doc.interestEnd,
    cdcUser: doc.cdcUser,
    cdcAction: doc.cdcAction,
    cdcTimestamp: doc.cdcTimestamp,
    versions,
    cooperative: doc.cooperativeId,
  };
}
