import type {
  CollectionCreatedDto,
  CollectionDto,
  CollectionPreviewDto,
  DebitAboveOutstandingDto,
  DirectDebitPaymentDto,
  MandateDto,
  ShareDueDto,
  SkippedDueDto,
} from '@coop/contracts/console';

export type {
  CollectionCreatedDto,
  CollectionDto,
  CollectionPreviewDto,
  DebitAboveOutstandingDto,
  DirectDebitPaymentDto,
  MandateDto,
  ShareDueDto,
  SkippedDueDto,
};

/** The API paths of direct debits. */
export const directDebitPaths = {
  collections: '/direct-debits',
  /** What a collection of the chosen dues on a date would draw and leave out, asked before it is made. */
  preview: '/direct-debits/preview',
  file: (id: string) => `/direct-debits/${encodeURIComponent(id)}/file`,
  /** The outstanding dues to choose from (the share payments' list, oldest due first). */
  dues: (limit: number) => `/share-dues?limit=${limit}`,
  mandates: (memberId: string) => `/members/${encodeURIComponent(memberId)}/mandates`,
  revoke: (memberId: string, mandateId: string) =>
    `/members/${encodeURIComponent(memberId)}/mandates/${encodeURIComponent(mandateId)}/revoke`,
  payments: (memberId: string) => `/members/${encodeURIComponent(memberId)}/direct-debit-payments`,
  returnPayment: (memberId: string, paymentId: string) =>
    `/members/${encodeURIComponent(memberId)}/share-payments/${encodeURIComponent(paymentId)}/return`,
};

/** The most dues the form lists to choose from (the API takes at most 10,000 per collection). */
export const DUES_SHOWN = 500;
/** A mandate reference: 1 to 35 characters of the SEPA set without the space (checked again by the API). */
export const MANDATE_REFERENCE_MAX = 35;
export const isMandateReference = (text: string): boolean => /^[A-Za-z0-9/\-?:().,'+]{1,35}$/.test(text);
/** A return reason code: up to 4 letters and digits (AC04, MD06 …). */
export const RETURN_REASON_MAX = 4;

/** The file's fallback name when the answer names none. */
export const collectionFileName = (c: Pick<CollectionDto, 'collectionDate'>): string =>
  `Lastschrift-${c.collectionDate}.xml`;

/** Selected ids kept when the list changes: only those still listed. */
export function keepListed(selected: readonly string[], dues: readonly Pick<ShareDueDto, 'id'>[]): string[] {
  const listed = new Set(dues.map((d) => d.id));
  return selected.filter((id) => listed.has(id));
}

/** The sum outstanding of the selected dues, cents. */
export function selectedSum(
  selected: readonly string[],
  dues: readonly Pick<ShareDueDto, 'id' | 'outstanding'>[],
): number {
  const chosen = new Set(selected);
  return dues.reduce((sum, d) => (chosen.has(d.id) ? sum + d.outstanding : sum), 0);
}

/** The dues a collection leaves out for one reason: how many, and their members' numbers (each once, ascending). */
export interface SkippedGroup {
  readonly reason: string;
  readonly dues: number;
  /** A due not found (`unknownDue`) has no member: counted in `dues`, not here. */
  readonly members: readonly number[];
}

/** The dues left out grouped by reason, in the order the reasons first come. */
export function skippedByReason(skipped: readonly Pick<SkippedDueDto, 'reason' | 'memberNr'>[]): SkippedGroup[] {
  const groups = new Map<string, { dues: number; members: Set<number> }>();
  for (const s of skipped) {
    const group = groups.get(s.reason) ?? { dues: 0, members: new Set<number>() };
    group.dues++;
    if (s.memberNr !== null) group.members.add(s.memberNr);
    groups.set(s.reason, group);
  }
  return [...groups].map(([reason, { dues, members }]) => ({
    reason,
    dues,
    members: [...members].sort((a, b) => a - b),
  }));
}

/**
 * The console's queries a returned debit changes (their keys, each a prefix): the member's debits and payments card, the
 * outstanding lists (`share-dues`, also the collection form's), the collections (their returned count) and the member's
 * history.
 */
export const returnedPaymentQueries = (memberId: string): readonly (readonly string[])[] => [
  ['direct-debit-payments', memberId],
  ['member-share-dues', memberId],
  ['share-dues'],
  ['direct-debits'],
  // The member's history names the returned debit (MemberHistory's moneyLine).
  ['members', 'history', memberId],
];

/** What a mandate granted or revoked changes on the member's page: the mandates and the history's entry. */
export const mandateQueries = (memberId: string): readonly (readonly string[])[] => [
  ['mandates', memberId],
  ['members', 'history', memberId],
];

/**
 * Whether a debit's return can be recorded on `today`: from its date (the collection date) on. The API refuses a return
 * before it (`returnBeforePayment`: a debit cannot come back before it was collected) and one dated after today
 * (`dateInFuture`, decision 357); a collection is made at least a business day ahead, so its debits come back, and are
 * recorded, from their collection date. The dialog proposes today.
 */
export function returnRecordable(paymentDate: string, today: string): boolean {
  return paymentDate <= today;
}
