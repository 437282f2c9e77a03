import type { MemberDto, RecordedEvent } from '@coop/contracts';
import type { BalanceDocument } from '../../share-ledger/index.js';
import type { ExemptionOrderDocument, NonAssessmentDocument } from '../../tax-papers/index.js';
import type { ImportField, ImportKind } from '../import-types.js';
import { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';

/*
 * The cooperative's register as rows of the import's field catalogue (issue 29): one row per member, posting, exemption
 * order and certificate, each value under its field key, typed as the catalogue types it (a business date as text
 * `YYYY-MM-DD`, money in cents, a choice as its stored value). Pure: the owners' typed documents in (members as the
 * API answers them, postings and tax papers as their areas' readers read them), rows out; the workbook writer (register-workbook.ts) turns them into cells. Members are named by their member number everywhere, so
 * the file imports into any store.
 */

/** A row's values by field key (null: an empty cell). */
export type RegisterValue = string | number | boolean | null;
export type RegisterRow = Readonly<Record<string, RegisterValue>>;

/** The sheet of a kind: its name and columns (the first German header of each field of the catalogue). */
export interface RegisterSheet {
  readonly kind: ImportKind;
  readonly name: string;
  readonly fields: readonly ImportField[];
}

export const REGISTER_SHEETS: readonly RegisterSheet[] = (
  ['members', 'postings', 'exemptionOrders', 'nonAssessments'] as const
).map((kind) => ({
  kind,
  name: KIND_SHEETS[kind].de[0]!,
  fields: IMPORT_FIELDS[kind],
}));

/** The template's header of a field: its first German header. */
export const headerOf = (field: ImportField): string => field.headers.de[0]!;

/** A value of an event's data or a member's answer (not a typed document): text, blank null. */
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** A date a typed document keeps as '' when absent: an empty cell. */
const day = (v: string): string | null => (v !== '' ? v : null);
/** A choice as its stored value's text (`0`, `Frau`, `femaleDr`): the catalogue's spellings include every stored value. */
const choice = (v: unknown): string | null => (typeof v === 'number' ? String(v) : text(v));

/** Member ids → member numbers (spouses, postings, orders and certificates name members by number). */
export type MemberNumbers = ReadonlyMap<string, number>;

/** A member's row: every master field (personal data as the read model holds it, opened), the holding as of today. */
export function memberRow(m: MemberDto, numbers: MemberNumbers): RegisterRow {
  return {
    memberNr: m.memberNr,
    memberType: choice(m.memberType),
    position: choice(m.position),
    salutation: choice(m.salutation),
    postalSalutation: choice(m.postalSalutation),
    title: choice(m.title),
    name: text(m.name),
    givenName: text(m.givenName),
    birthName: text(m.birthName),
    birthDate: text(m.birthDate),
    legalForm: choice(m.legalForm),
    civilStatus: choice(m.civilStatus),
    spouseMemberNr: m.spouse ? (numbers.get(m.spouse) ?? null) : null,
    spouseGivenName: text(m.spouseGivenName),
    spouseName: text(m.spouseName),
    spouseBirthName: text(m.spouseBirthName),
    spouseBirthDate: text(m.spouseBirthDate),
    spouseTitle: choice(m.spouseTitle),
    spouseTaxId: text(m.spouseTaxId),
    street: text(m.street),
    streetHomeNumber: text(m.streetHomeNumber),
    zipCode: text(m.zipCode),
    city: text(m.city),
    state: text(m.state),
    country: text(m.country),
    isForeign: m.isForeign,
    legalRepresentation: text(m.legalRepresentation),
    privateEmail: text(m.privateEmail),
    privateTelephone: text(m.privateTelephone),
    bankname: text(m.bankname),
    accountHolder: text(m.accountHolder),
    iban: text(m.iban),
    bic: text(m.bic),
    entryDate: text(m.entryDate),
    approvalDate: text(m.approvalDate),
    interestBegin: text(m.interestBegin),
    manualTaxId: text(m.manualTaxId),
    churchId: text(m.churchId),
    churchTaxRate: text(m.churchTaxRate),
    kiSt: text(m.kiSt),
    kiStSatz: text(m.kiStSatz),
    shareAmount: m.shareAmount,
    capital: m.shareTotalEUR,
  };
}

/** The notice behind a posting (a partial termination's, or the notice, decision or death of an end): by balance id. */
export interface PostingNotice {
  readonly noticeDate: string | null;
  readonly dispatchDate: string | null;
}

/** Types whose notice is on the member stream only: partial terminations and the ends. */
export const NOTICED_TYPES: ReadonlySet<number> = new Set([2, 6, 7, 8]);

/**
 * The notices on one member stream by balance id: `SharesPosted.noticeDate` of a partial termination (2) and
 * `MembershipEndNoticed` of an end (6, 7, 8; kept when the notice was withdrawn later, so its annulation reads back).
 */
export function noticesOf(events: readonly RecordedEvent[]): Map<string, PostingNotice> {
  const out = new Map<string, PostingNotice>();
  for (const e of events) {
    const d = e.data as Record<string, unknown>;
    const balanceId = text(d.balanceId);
    if (balanceId === null) continue;
    if (e.type === 'SharesPosted' && text(d.noticeDate) !== null)
      out.set(balanceId, { noticeDate: text(d.noticeDate), dispatchDate: null });
    if (e.type === 'MembershipEndNoticed')
      out.set(balanceId, { noticeDate: text(d.noticeDate), dispatchDate: text(d.dispatchDate) });
  }
  return out;
}

/**
 * A posting's row from its `balances` document: ref = balance id, the transfer's other half and the annulled posting by
 * their balance ids, the amount and the payment in cents (signed as stored), the notice's dates where it had one.
 */
/** The recorded settlement of an end (issue 42): its payout day and amount in cents. */
export interface PostingSettlement {
  readonly payoutDate: string;
  readonly amount: number;
}

/** The posting's fields a row and the replay order need (a posting without its register versions, to hold fewer). */
export type PostingFields = Pick<
  BalanceDocument,
  | 'id'
  | 'position'
  | 'member'
  | 'memberNr'
  | 'type'
  | 'quantity'
  | 'amount'
  | 'date'
  | 'approvalDate'
  | 'interestBegin'
  | 'transferMemberNr'
  | 'transferPeer'
  | 'annulPeer'
  | 'rueckpfleinzahlung'
>;

export function postingRow(
  b: PostingFields,
  numbers: MemberNumbers,
  notice: PostingNotice | undefined,
  settlement?: PostingSettlement,
): RegisterRow {
  return {
    memberNr: (b.member !== '' ? numbers.get(b.member) : undefined) ?? b.memberNr,
    ref: b.id,
    type: choice(b.type),
    quantity: b.quantity,
    amount: b.amount,
    date: day(b.date),
    approvalDate: b.approvalDate,
    interestBegin: b.interestBegin,
    noticeDate: notice?.noticeDate ?? null,
    dispatchDate: notice?.dispatchDate ?? null,
    transferMemberNr: b.transferMemberNr,
    transferRef: b.transferPeer,
    annulRef: b.annulPeer,
    rueckpfleinzahlung: b.rueckpfleinzahlung,
    settlementPayoutDate: settlement?.payoutDate ?? null,
    settlementAmount: settlement?.amount ?? null,
  };
}

/** Position strings (whole numbers) compared as numbers. */
function comparePositions(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The postings in the order the import replays them (by date, ties in the file's order): by date, then in the log's
 * order. A document's `position` is the event that last wrote it: an annulled original carries its annulation's, so on
 * a tie the annulation goes after it.
 */
export function comparePostings(a: PostingFields, b: PostingFields): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const byPosition = comparePositions(a.position, b.position);
  if (byPosition !== 0) return byPosition;
  return (a.type === 5 ? 1 : 0) - (b.type === 5 ? 1 : 0);
}

export function exemptionOrderRow(o: ExemptionOrderDocument, numbers: MemberNumbers): RegisterRow {
  return {
    memberNr: numbers.get(o.member) ?? o.memberNr,
    type: choice(o.type),
    joint: o.joint,
    spouseMemberNr: o.spouse !== null ? (numbers.get(o.spouse) ?? null) : null,
    amount: o.amount,
    date: day(o.date),
    startDate: day(o.startDate),
    endDate: o.endDate,
  };
}

export function nonAssessmentRow(n: NonAssessmentDocument, numbers: MemberNumbers): RegisterRow {
  return {
    memberNr: numbers.get(n.member) ?? n.memberNr,
    type: choice(n.type),
    orderNumber: n.orderNumber,
    date: day(n.date),
    taxAuthorities: n.taxAuthorities,
    startDate: day(n.startDate),
    endDate: day(n.endDate),
    original: n.original,
  };
}

/** Tax papers in the order they were recorded, per member by their start. */
export function compareTaxPapers(a: RegisterRow, b: RegisterRow): number {
  const na = Number(a.memberNr ?? 0);
  const nb = Number(b.memberNr ?? 0);
  if (na !== nb) return na - nb;
  const sa = String(a.startDate ?? '');
  const sb = String(b.startDate ?? '');
  if (sa !== sb) return sa < sb ? -1 : 1;
  const ta = String(a.date ?? '');
  const tb = String(b.date ?? '');
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}
