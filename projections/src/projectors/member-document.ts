import type { CollectionSpec, ReadDocument } from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';
import type { MemberPostingEntry } from './member-collections.js';

/*
 * The member list's collection and its typed document (decision 247). Reached by services only through
 * `@coop/projections/members`, which only the members area (and the platform) may import: every other area reads
 * members through the members area's `memberReads` (services/src/members/index.ts; rule `read-model-through-its-owner`).
 */

/**
 * The member list. The member's `position` (0-3) is stored as `memberPosition`: `position` is the read store's own
 * field (the log position that last wrote the document). `memberFrom` is the day of joining (declaration and admission),
 * `memberUntil` the exit date or `9999-12-31`, so "a member on a date" is two range filters. `postings` lists every
 * posting's date and signed effect, for the holding as of a date.
 */
export const MEMBERS: CollectionSpec = {
  name: 'members',
  fields: {
    memberNr: 'number',
    name: 'string',
    givenName: 'string',
    entryDate: 'string',
    exitDate: 'string',
    exitReason: 'string',
    memberType: 'number',
    memberPosition: 'number',
    legalForm: 'number',
    civilStatus: 'number',
    city: 'string',
    zipCode: 'string',
    spouse: 'string',
    isForeign: 'boolean',
    shareAmount: 'number',
    /** The day of joining, declared and admitted (`joinedOn`; null: not joined), so "joined by a date" is one range filter. */
    memberFrom: 'string',
    memberUntil: 'string',
    /** For the possible duplicates of a new member (`GET /members/duplicates`): the same IBAN under another name. */
    iban: 'string',
    /**
     * The same person twice (issue 39): the name as compared (`personNameKey`: umlauts and transcriptions, case and
     * spacing alike) and the hand-entered tax id's digits (`taxIdKey`), indexed per cooperative; an erasure blanks both.
     */
    nameKey: 'string',
    taxIdKey: 'string',
  },
  // Found by name, number, city, zip code and IBAN; a number searched lists that member number first.
  search: ['name', 'givenName', 'memberNr', 'city', 'zipCode', 'iban'],
  searchNumber: 'memberNr',
  // The list is sorted by name: a search reads its matches in that order (SqliteReadStore).
  textOrder: 'name',
};

/**
 * A member as the members projector writes it (members.projector.ts, member-retention.ts, erasure.ts), read once by
 * `readMember`: text trimmed, blank or absent null (the request classes store blank text as null); numbers null when
 * absent; the holding's sums 0 when absent. `memberPosition` is the member's position (0-3), `position` the log position
 * that last wrote the document; `memberUntil` the exit date or NO_EXIT.
 */
export interface MemberDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly memberNr: number | null;
  readonly memberType: number | null;
  readonly memberPosition: number | null;
  readonly legalForm: number | null;
  readonly civilStatus: number | null;
  readonly salutation: string | null;
  readonly postalSalutation: string | null;
  readonly title: string | null;
  readonly givenName: string | null;
  readonly name: string | null;
  readonly birthName: string | null;
  readonly birthDate: string | null;
  readonly spouse: string | null;
  readonly spouseGivenName: string | null;
  readonly spouseName: string | null;
  readonly spouseBirthName: string | null;
  readonly spouseBirthDate: string | null;
  readonly spouseTitle: string | null;
  readonly spouseTaxId: string | null;
  readonly street: string | null;
  readonly streetHomeNumber: string | null;
  readonly zipCode: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly country: string | null;
  readonly legalRepresentation: string | null;
  readonly privateEmail: string | null;
  readonly privateTelephone: string | null;
  readonly bankname: string | null;
  readonly accountHolder: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly entryDate: string | null;
  readonly approvalDate: string | null;
  readonly interestBegin: string | null;
  readonly manualTaxId: string | null;
  readonly taxId: string | null;
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly kiSt: string | null;
  readonly kiStSatz: string | null;
  readonly exitDate: string | null;
  readonly exitReason: string | null;
  readonly exitBalanceId: string | null;
  readonly exitNoticeDate: string | null;
  readonly exitDispatchDate: string | null;
  readonly exitExtraordinaryReason: string | null;
  readonly memberFrom: string | null;
  readonly memberUntil: string | null;
  readonly retentionHoldReason: string | null;
  readonly retentionHoldSince: string | null;
  readonly erasedAt: string | null;
  readonly nameKey: string | null;
  readonly taxIdKey: string | null;
  readonly isForeign: boolean;
  /** Shares held (all postings), and their value in cents. */
  readonly shareAmount: number;
  readonly shareTotalEUR: number;
  /** Every posting's date and signed effect, for the holding as of a date; null on a document written before them. */
  readonly postings: readonly MemberPostingEntry[] | null;
  /** The data-protection hold (issue 27). */
  readonly retentionHold: boolean;
  /** Erased by the data-protection clean-up (type 2, personal fields null). */
  readonly erased: boolean;
}

/**
 * The typed member from its stored document: the one place the members' fields are read. An object literal (not a
 * loop over the names): the member list and the exports read every member through it.
 */
export function readMember(doc: ReadDocument): MemberDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    memberNr: numberField(doc, 'memberNr'),
    memberType: numberField(doc, 'memberType'),
    memberPosition: numberField(doc, 'memberPosition'),
    legalForm: numberField(doc, 'legalForm'),
    civilStatus: numberField(doc, 'civilStatus'),
    salutation: textField(doc, 'salutation'),
    postalSalutation: textField(doc, 'postalSalutation'),
    title: textField(doc, 'title'),
    givenName: textField(doc, 'givenName'),
    name: textField(doc, 'name'),
    birthName: textField(doc, 'birthName'),
    birthDate: textField(doc, 'birthDate'),
    spouse: textField(doc, 'spouse'),
    spouseGivenName: textField(doc, 'spouseGivenName'),
    spouseName: textField(doc, 'spouseName'),
    spouseBirthName: textField(doc, 'spouseBirthName'),
    spouseBirthDate: textField(doc, 'spouseBirthDate'),
    spouseTitle: textField(doc, 'spouseTitle'),
    spouseTaxId: textField(doc, 'spouseTaxId'),
    street: textField(doc, 'street'),
    streetHomeNumber: textField(doc, 'streetHomeNumber'),
    zipCode: textField(doc, 'zipCode'),
    city: textField(doc, 'city'),
    state: textField(doc, 'state'),
    country: textField(doc, 'country'),
    legalRepresentation: textField(doc, 'legalRepresentation'),
    privateEmail: textField(doc, 'privateEmail'),
    privateTelephone: textField(doc, 'privateTelephone'),
    bankname: textField(doc, 'bankname'),
    accountHolder: textField(doc, 'accountHolder'),
    iban: textField(doc, 'iban'),
    bic: textField(doc, 'bic'),
    entryDate: textField(doc, 'entryDate'),
    approvalDate: textField(doc, 'approvalDate'),
    interestBegin: textField(doc, 'interestBegin'),
    manualTaxId: textField(doc, 'manualTaxId'),
    taxId: textField(doc, 'taxId'),
    churchId: textField(doc, 'churchId'),
    churchTaxRate: textField(doc, 'churchTaxRate'),
    kiSt: textField(doc, 'kiSt'),
    kiStSatz: textField(doc, 'kiStSatz'),
    exitDate: textField(doc, 'exitDate'),
    exitReason: textField(doc, 'exitReason'),
    exitBalanceId: textField(doc, 'exitBalanceId'),
    exitNoticeDate: textField(doc, 'exitNoticeDate'),
    exitDispatchDate: textField(doc, 'exitDispatchDate'),
    exitExtraordinaryReason: textField(doc, 'exitExtraordinaryReason'),
    memberFrom: textField(doc, 'memberFrom'),
    memberUntil: textField(doc, 'memberUntil'),
    retentionHoldReason: textField(doc, 'retentionHoldReason'),
    retentionHoldSince: textField(doc, 'retentionHoldSince'),
    erasedAt: textField(doc, 'erasedAt'),
    nameKey: textField(doc, 'nameKey'),
    taxIdKey: textField(doc, 'taxIdKey'),
    isForeign: flagField(doc, 'isForeign'),
    shareAmount: numberField(doc, 'shareAmount') ?? 0,
    shareTotalEUR: numberField(doc, 'shareTotalEUR') ?? 0,
    postings: Array.isArray(doc.postings) ? (doc.postings as MemberPostingEntry[]) : null,
    retentionHold: flagField(doc, 'retentionHold'),
    erased: flagField(doc, 'erased'),
  };
}

/** "Name, GivenName" for a natural person, the name alone for a legal entity or without given name. */
export function memberName(member: MemberDocument | undefined): string {
  if (!member) return '';
  const name = member.name ?? '';
  const given = member.givenName ?? '';
  return member.legalForm === 1 || given === '' ? name : `${name}, ${given}`;
}
