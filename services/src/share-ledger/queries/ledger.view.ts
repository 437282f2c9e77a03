import type { BalanceDto, ReadDocument, ShareDto, ShareVersion } from '@coop/contracts';
import { memberName, type MemberDocument } from '@coop/projections/members';

/* The posting's own fields (BALANCES, this area's read model); its members' through MemberDocument. */
const str = (doc: ReadDocument, f: string): string | null => (typeof doc[f] === 'string' ? (doc[f] as string) : null);
const int = (doc: ReadDocument, f: string): number | null => (typeof doc[f] === 'number' ? (doc[f] as number) : null);

/** `members` is the current member documents by id: name and numbers are shown as they are now. */
export function toBalanceDto(doc: ReadDocument, members: ReadonlyMap<string, MemberDocument>): BalanceDto {
  const memberId = str(doc, 'member') ?? '';
  const member = members.get(memberId);
  const otherId = str(doc, 'transferTo') ?? str(doc, 'transferFrom');
  const other = otherId ? members.get(otherId) : undefined;
  return {
    id: doc.id,
    member: memberId,
    memberName: member ? memberName(member) : (str(doc, 'memberName') ?? ''),
    memberNr: member ? member.memberNr : int(doc, 'memberNr'),
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
    transferMemberNr: other ? other.memberNr : int(doc, 'transferMemberNr'),
    annulPeer: str(doc, 'annulPeer'),
    annulated: doc.annulated === true,
    cooperative: doc.cooperativeId,
  };
}

/**
 * A posting's document (BALANCES) as its row of the share register (SHARE_REGISTER); `members` is the current member
 * documents by id: name and number are shown as they are now (as the posting has them when the member is not there).
 */
export function toShareDto(doc: ReadDocument, members: ReadonlyMap<string, MemberDocument>): ShareDto {
  // A version written before its effective date was kept (members projector version 1) counts from the posting's date.
  const versions = (Array.isArray(doc.versions) ? (doc.versions as ShareVersion[]) : []).map((v) => ({
    ...v,
    effectiveDate: v.effectiveDate ?? str(doc, 'date') ?? '',
  }));
  const member = members.get(str(doc, 'member') ?? '');
  return {
    id: doc.id,
    member: str(doc, 'member') ?? '',
    memberNr: member ? member.memberNr : int(doc, 'memberNr'),
    memberName: member ? memberName(member) : (str(doc, 'memberName') ?? ''),
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
