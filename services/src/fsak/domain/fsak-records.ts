import type { ValidationTemplate } from '@coop/contracts';
import { exemptionTaxIdProblems } from '../../kernel/exemption-checks.js';

/*
 * The records of the FSA control report (FSAK, § 45d Abs. 1 EStG; DOMAIN.md 4), pure: from the payouts of every
 * closure paid in the reporting year and the people they name, one record per FSA holder (a single order's member, or
 * the spouse pair of a joint order) and one per natural person whose non-assessment certificate (type 100) exempted a
 * payout, with the year's exempted amount in whole euros (cents cut; under one euro left out). A holder whose record
 * cannot be complete (no tax id, no name, no address; a joint order without the spouse's name or tax id) is
 * "impossible": listed for the clerk, left out of the file. A missing birth date is no reason: BZSt takes an unknown
 * birth date as 00.00.0000.
 */

/** What a closure recorded of one member's payout (its `DividendMemberPaid`, as the read model keeps it). */
export interface PayoutFact {
  readonly dividendId: string;
  readonly memberId: string;
  readonly memberNr: number;
  /** Exempted cents. */
  readonly exempt: number;
  readonly basisOfTax: string;
  readonly legalEntity: boolean;
  readonly order: { readonly id: string; readonly joint: boolean; readonly holderId?: string | null } | null;
}

/** A person's data as the report carries it; null where the member's data has none (or was erased). */
export interface PersonData {
  readonly name: string | null;
  readonly givenName: string | null;
  /** `YYYY-MM-DD`. */
  readonly birthDate: string | null;
  readonly taxId: string | null;
}

export interface AddressData {
  readonly street: string | null;
  readonly houseNumber: string | null;
  readonly zipCode: string | null;
  readonly city: string | null;
  /** ISO 3166 alpha-2; null for a domestic address. */
  readonly country: string | null;
  readonly foreign: boolean;
}

/** A member as the report needs it: the person, the address, and the spouse of its master data. */
export interface MemberData extends PersonData {
  readonly memberId: string;
  readonly memberNr: number;
  readonly address: AddressData;
  /** The spouse as the master data records it (used when the spouse is no member). */
  readonly spouse: PersonData;
  /** The spouse when a member (linked in the master data), else null. */
  readonly spouseMemberId: string | null;
}

/** A joint order: whose it is, and its spouse when a member (else the spouse of the holder's master data). */
export interface JointOrderData {
  readonly holderId: string;
  readonly spouseMemberId: string | null;
}

export interface ReportSource {
  readonly payouts: readonly PayoutFact[];
  readonly members: ReadonlyMap<string, MemberData>;
  readonly jointOrders: ReadonlyMap<string, JointOrderData>;
  /** The cooperative's setting: test tax ids (starting with 0) count, as in the closure's check. */
  readonly allowTestTaxIds: boolean;
}

/** FSA: exempted by an exemption order (§ 45d Abs. 1 S. 1 Nr. 1); NV: by a natural person's certificate (Nr. 2). */
export type RecordKind = 'fsa' | 'nv';

export interface FsakRecord {
  readonly kind: RecordKind;
  /** The holder (a joint order: the member whose order it is). */
  readonly memberId: string;
  readonly memberNr: number;
  readonly euros: number;
  readonly person: PersonData;
  readonly address: AddressData;
  /** A joint order's other spouse; null otherwise. */
  readonly spouse: PersonData | null;
}

/** The templates (contracts/src/task-templates.ts, validation.ts) of what a holder's record lacks. */
export type ImpossibleReason = Extract<
  ValidationTemplate,
  'nameMissing' | 'taxIdMissing' | 'nvTaxIdMissing' | 'addressMissing' | 'spouseNameMissing' | 'spouseTaxIdMissing'
>;

export interface ImpossibleHolder {
  readonly memberId: string;
  readonly memberNr: number;
  readonly name: string;
  readonly givenName: string;
  readonly reasons: readonly ImpossibleReason[];
}

export interface ReportRecords {
  readonly records: readonly FsakRecord[];
  readonly impossible: readonly ImpossibleHolder[];
  /** Holders whose exempted amount of the year is under one euro (not reported). */
  readonly underOneEuro: number;
}

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

const NO_PERSON: PersonData = { name: null, givenName: null, birthDate: null, taxId: null };
const NO_ADDRESS: AddressData = {
  street: null,
  houseNumber: null,
  zipCode: null,
  city: null,
  country: null,
  foreign: false,
};

interface Holder {
  readonly kind: RecordKind;
  readonly memberId: string;
  /** The joint order whose spouse pair this is, or null. */
  readonly jointOrderId: string | null;
  cents: number;
}

/** The holder a payout's exempted amount belongs to: its key and who it is. */
function holderOf(
  payout: PayoutFact,
  jointOrders: ReadonlyMap<string, JointOrderData>,
): (Omit<Holder, 'cents'> & { readonly key: string }) | null {
  if (payout.exempt <= 0) return null;
  if (payout.basisOfTax === 'nv100')
    return payout.legalEntity
      ? null
      : { key: `nv:${payout.memberId}`, kind: 'nv', memberId: payout.memberId, jointOrderId: null };
  const order = payout.order;
  if (order === null) return null;
  if (!order.joint)
    return { key: `fsa:${payout.memberId}`, kind: 'fsa', memberId: payout.memberId, jointOrderId: null };
  // One volume for both spouses (12a.4): both spouses' exempted amounts add up in one record under the order's holder.
  const holderId = jointOrders.get(order.id)?.holderId ?? order.holderId ?? payout.memberId;
  return { key: `joint:${order.id}`, kind: 'fsa', memberId: holderId, jointOrderId: order.id };
}

/**
 * The reasons a record cannot be complete (none: it can be reported). The tax ids by the rule the closure checks too
 * (kernel `exemptionTaxIdProblems`: an NV holder is named as one, `nvTaxIdMissing`); names and address are what the
 * report's record needs beside them.
 */
function reasonsOf(
  kind: RecordKind,
  euros: number,
  person: PersonData,
  address: AddressData,
  spouse: PersonData | null,
  allowTestTaxIds: boolean,
): ImpossibleReason[] {
  const taxIds = exemptionTaxIdProblems({
    basis: kind === 'nv' ? 'nv100' : spouse === null ? 'fsa' : 'jointFsa',
    exempt: euros,
    legalEntity: false,
    taxId: person.taxId,
    spouseTaxId: spouse?.taxId ?? null,
    allowTestTaxIds,
  });
  const reasons: ImpossibleReason[] = [];
  if (!filled(person.name) || !filled(person.givenName)) reasons.push('nameMissing');
  for (const p of taxIds) if (p !== 'spouseTaxIdMissing') reasons.push(p);
  const domestic = filled(address.street) && filled(address.zipCode) && filled(address.city);
  if (!domestic || (address.foreign && !filled(address.country))) reasons.push('addressMissing');
  if (spouse !== null && (!filled(spouse.name) || !filled(spouse.givenName))) reasons.push('spouseNameMissing');
  if (taxIds.includes('spouseTaxIdMissing')) reasons.push('spouseTaxIdMissing');
  return reasons;
}

/** The report's records of the year's payouts, by member number (FSA before NV), and the holders it cannot report. */
export function reportRecords(source: ReportSource): ReportRecords {
  const holders = new Map<string, Holder>();
  for (const payout of source.payouts) {
    const found = holderOf(payout, source.jointOrders);
    if (found === null) continue;
    const { key, ...holder } = found;
    const kept = holders.get(key) ?? { ...holder, cents: 0 };
    kept.cents += payout.exempt;
    holders.set(key, kept);
  }
  const records: FsakRecord[] = [];
  const impossible: ImpossibleHolder[] = [];
  let underOneEuro = 0;
  for (const holder of holders.values()) {
    // Whole euros, cents cut; under one euro is not reported (DOMAIN.md 4).
    const euros = Math.floor(holder.cents / 100);
    if (euros < 1) {
      underOneEuro += 1;
      continue;
    }
    const member = source.members.get(holder.memberId);
    const person: PersonData = member ?? NO_PERSON;
    const address = member?.address ?? NO_ADDRESS;
    const spouse = holder.jointOrderId === null ? null : spouseOf(source, holder.jointOrderId, member);
    const reasons = reasonsOf(holder.kind, euros, person, address, spouse, source.allowTestTaxIds);
    const memberNr = member?.memberNr ?? 0;
    if (reasons.length > 0) {
      impossible.push({
        memberId: holder.memberId,
        memberNr,
        name: person.name ?? '',
        givenName: person.givenName ?? '',
        reasons,
      });
      continue;
    }
    records.push({
      kind: holder.kind,
      memberId: holder.memberId,
      memberNr,
      euros,
      person: pick(person),
      address,
      spouse: spouse === null ? null : pick(spouse),
    });
  }
  records.sort((a, b) => a.memberNr - b.memberNr || (a.kind === b.kind ? 0 : a.kind === 'fsa' ? -1 : 1));
  impossible.sort((a, b) => a.memberNr - b.memberNr);
  return { records, impossible, underOneEuro };
}

/**
 * The other spouse of a joint order: the member it names, else the member the holder's master data links as spouse
 * (its own record: one tax id per person, issue 39/43, as the closure's check reads it), else the spouse recorded in
 * the holder's master data (no member).
 */
function spouseOf(source: ReportSource, orderId: string, holder: MemberData | undefined): PersonData {
  const spouseMemberId = source.jointOrders.get(orderId)?.spouseMemberId ?? holder?.spouseMemberId ?? null;
  if (spouseMemberId !== null) return source.members.get(spouseMemberId) ?? NO_PERSON;
  return holder?.spouse ?? NO_PERSON;
}

const pick = (p: PersonData): PersonData => ({
  name: p.name,
  givenName: p.givenName,
  birthDate: p.birthDate,
  taxId: p.taxId,
});
