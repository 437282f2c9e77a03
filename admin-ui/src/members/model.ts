/**
 * The member and posting records as the API answers them (docs/api.md, SPEC section 3) and the fixed
 * choices of the forms. Labels are message keys (`coop.members.*`, `coop.balances.types.*`).
 */
import type { ExemptionOrderRecord, NonAssessmentRecord } from '../taxPapers/model';

export interface MemberRecord {
  readonly id: string;
  readonly memberNr?: number | null;
  readonly memberType?: number | null;
  readonly position?: number | null;
  readonly salutation?: string | null;
  readonly postalSalutation?: string | null;
  readonly title?: string | null;
  readonly givenName?: string | null;
  readonly name?: string | null;
  readonly birthName?: string | null;
  readonly birthDate?: string | null;
  readonly legalForm?: number | null;
  readonly civilStatus?: number | null;
  readonly spouse?: string | null;
  readonly spouseGivenName?: string | null;
  readonly spouseName?: string | null;
  readonly spouseBirthName?: string | null;
  readonly spouseBirthDate?: string | null;
  readonly spouseTitle?: string | null;
  readonly street?: string | null;
  readonly streetHomeNumber?: string | null;
  readonly zipCode?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly country?: string | null;
  readonly isForeign?: boolean | null;
  readonly underage?: boolean | null;
  readonly legalRepresentation?: string | null;
  readonly privateEmail?: string | null;
  readonly privateTelephone?: string | null;
  readonly bankname?: string | null;
  readonly iban?: string | null;
  readonly bic?: string | null;
  readonly entryDate?: string | null;
  readonly exitDate?: string | null;
  readonly exitReason?: string | null;
  /** Derived by the API: `exitDate` lies in the past. */
  readonly exited?: boolean | null;
  readonly interestBegin?: string | null;
  readonly approvalDate?: string | null;
  readonly taxId?: string | null;
  readonly manualTaxId?: string | null;
  readonly churchId?: string | null;
  readonly churchTaxRate?: string | null;
  readonly kiSt?: string | null;
  readonly kiStSatz?: string | null;
  readonly shareAmount?: number | null;
  readonly shareTotalEUR?: number | null;
}

export interface BalanceRecord {
  readonly id: string;
  readonly member: string;
  readonly memberName?: string | null;
  readonly memberNr?: number | null;
  readonly amount: number;
  readonly quantity: number;
  readonly shareCost?: number | null;
  readonly type: number;
  readonly date: string;
  readonly approvalDate?: string | null;
  readonly interestBegin?: string | null;
  readonly transferTo?: string | null;
  readonly transferFrom?: string | null;
  readonly transferPeer?: string | null;
  readonly transferMemberNr?: number | null;
  readonly annulPeer?: string | null;
  readonly annulated?: boolean | null;
  readonly annulledBy?: string | null;
}

export const MEMBER_TYPES = [0, 1, 3] as const;
export const POSITIONS = [0, 1, 2, 3] as const;
export const LEGAL_FORMS = [0, 1] as const;
export const CIVIL_STATUSES = [0, 1, 2, 3] as const;
export const SALUTATIONS = ['Frau', 'Herr'] as const;
export const POSTAL_SALUTATIONS = ['female', 'femaleDr', 'male', 'maleDr'] as const;
export const TITLES = ['Dr', 'Prof', 'none'] as const;
export const STATES = ['bb', 'be', 'bw', 'by', 'hb', 'he', 'hh', 'mv', 'ni', 'nw', 'rp', 'sh', 'sl', 'sn', 'st', 'th'] as const;

/** Posting types 0–8 (SPEC 3). */
export const BALANCE_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** The types a clerk starts from the member dashboard (SPEC 2: `/balances/new/type/{type}/member/{member}`). */
export const ACTION_TYPES = [1, 2, 3, 6, 7, 8] as const;
/** Types that end the membership and take the whole holding: confirmed before saving. */
export const EXIT_TYPES = [6, 7, 8] as const;
/** Types whose amount is negative. */
export const OUTGOING_TYPES = [2, 3, 6, 7, 8] as const;

export const isExitType = (type: number): boolean => (EXIT_TYPES as readonly number[]).includes(type);

/** Types 0 and 5 and postings already annulled cannot be annulled (SPEC 4). */
export function canAnnul(balance: Pick<BalanceRecord, 'type' | 'annulated' | 'annulledBy'>): boolean {
  return balance.type !== 0 && balance.type !== 5 && !balance.annulated && !balance.annulledBy;
}

/** Today as `YYYY-MM-DD` in the clerk's time zone. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Under 18 on `at` (SPEC 5: a minor needs a legal representation). A missing or half-typed birth date counts as unknown. */
export function isUnderage(birthDate: unknown, at: string = today()): boolean | null {
  if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  const adult = `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}`;
  return adult > at;
}

/** A member is shown as exited when the exit date lies in the past (SPEC 4); today counts as past. */
export function hasExited(member: Pick<MemberRecord, 'exitDate' | 'exited'> | undefined | null, now = new Date()): boolean {
  if (typeof member?.exited === 'boolean') return member.exited;
  const exit = member?.exitDate;
  return !!exit && exit <= today(now);
}

/** "Name, Given name" (legal entities: the name only). */
export function memberName(member: Pick<MemberRecord, 'name' | 'givenName'> | undefined | null): string {
  if (!member) return '';
  return [member.name, member.givenName].filter((p) => !!p && String(p).trim() !== '').join(', ');
}

/** "1042 · Name, Given name". */
export function memberLabel(member: Pick<MemberRecord, 'memberNr' | 'name' | 'givenName'> | undefined | null): string {
  if (!member) return '';
  const nr = member.memberNr ?? null;
  return nr === null ? memberName(member) : `${nr} ${memberName(member)}`;
}

/** Shares = balance sum / share price, in whole numbers (integer cents, no floating point). */
export function shareCount(balanceSumCents: number, shareCostCents: number): number | null {
  if (!Number.isSafeInteger(balanceSumCents) || !Number.isSafeInteger(shareCostCents) || shareCostCents <= 0) return null;
  const abs = Math.abs(balanceSumCents);
  const whole = (abs - (abs % shareCostCents)) / shareCostCents;
  return balanceSumCents < 0 ? -whole : whole;
}

/**
 * The shares a posting adds (positive) or takes away (negative): the posting's quantity with the sign of its amount.
 * The API records the entered number for every type but the annulation (5), which holds its signed effect; a clerk
 * reading a share account expects the column to add up to the holding, as the amounts add up to the capital.
 */
export function shareChange(balance: Pick<BalanceRecord, 'quantity' | 'amount'>): number {
  const shares = Math.abs(balance.quantity);
  return balance.amount < 0 ? -shares : shares;
}

/** After an exit posting (6, 7, 8) the member takes no further postings, whatever the exit date (the API refuses them). */
export const postingsClosed = (member: Pick<MemberRecord, 'exitDate'> | undefined | null): boolean => !!member?.exitDate;

/** One entry of `GET /members/{id}/history` (docs/api.md). */
export interface HistoryEntry {
  readonly position: string;
  readonly revision?: number;
  readonly type: string;
  readonly timestamp: string;
  readonly user?: string | null;
  readonly memberNr?: number;
  readonly changes?: ReadonlyArray<{ readonly field: string; readonly from: unknown; readonly to: unknown }>;
  readonly posting?: {
    readonly balanceId: string;
    readonly type: number;
    readonly quantity: number;
    readonly amount: number;
    readonly date: string;
    readonly approvalDate?: string | null;
    readonly interestBegin?: string | null;
    readonly transferTo?: string | null;
    readonly transferFrom?: string | null;
    readonly annulPeer?: string | null;
  };
  readonly exit?: { readonly exitDate: string; readonly reason: string; readonly balanceId: string } | null;
  readonly correction?: { readonly balanceId: string; readonly rueckpfleinzahlung: number; readonly interestEnd: string | null };
  readonly shareAmountAfter?: number;
  readonly shareTotalAfter?: number;
}

export interface MemberDashboardData {
  readonly addressId: string;
  readonly balance: readonly BalanceRecord[];
  /** By start date ascending, each with its derived state. */
  readonly exemptionOrder: readonly ExemptionOrderRecord[];
  readonly nonAssessment: readonly NonAssessmentRecord[];
  readonly sumBalance: number;
}

/** Members and postings are written by administrators and users; a restricted user only reads (docs/api.md). */
export function canWriteMembers(roles: readonly string[] | undefined): boolean {
  if (!roles) return false;
  return roles.includes('ROLE_SUPER_ADMIN') || roles.includes('ROLE_ADMIN') || roles.includes('ROLE_USER');
}

/** "rk (römisch-katholisch)": the code the tax office uses, with its name where known. */
export function churchName(translate: (key: string, options?: object) => string, code: string | null | undefined): string {
  if (!code) return '';
  const name = translate(`coop.members.churches.${code}`, { _: '' });
  return name ? `${code} (${name})` : code;
}
