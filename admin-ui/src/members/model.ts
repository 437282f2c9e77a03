/**
 * The member and posting records as the API answers them (docs/api.md, SPEC section 3) and the fixed
 * choices of the forms. Labels are message keys (`coop.members.*`, `coop.balances.types.*`).
 */
import {
  BALANCE_TYPES,
  CIVIL_STATUSES,
  EXIT_TYPES,
  GERMAN_STATES,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  OUTGOING_TYPES,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
  type BalanceDto,
  type MemberDashboardDto,
  type MemberDto,
  type MemberHistoryEntry,
  type PostingType,
} from '@coop/contracts/console';

/** A member as the API answers it (contracts `MemberDto`). */
export type MemberRecord = MemberDto;

/** A posting as the API answers it (contracts `BalanceDto`). */
export type BalanceRecord = BalanceDto;

/** The member form's fixed choices and the posting types: the contracts' lists under the console's names. */
export {
  MEMBER_TYPES_ENTERABLE as MEMBER_TYPES,
  MEMBER_POSITIONS as POSITIONS,
  LEGAL_FORMS,
  CIVIL_STATUSES,
  SALUTATIONS,
  POSTAL_SALUTATIONS,
  MEMBER_TITLES as TITLES,
  GERMAN_STATES as STATES,
  /** Posting types 0–8 (SPEC 3). */
  BALANCE_TYPES,
  /** Types that end the membership and take the whole holding: confirmed before saving. */
  EXIT_TYPES,
  /** Types whose amount is negative. */
  OUTGOING_TYPES,
};
/** The types a clerk starts from the member dashboard (SPEC 2: `/balances/new/type/{type}/member/{member}`). */
export const ACTION_TYPES = [1, 2, 3, 6, 7, 8] as const satisfies readonly PostingType[];

export const isExitType = (type: number): boolean => (EXIT_TYPES as readonly number[]).includes(type);

/** Types 0 and 5 and postings already annulled cannot be annulled (SPEC 4). */
export function canAnnul(balance: Pick<BalanceRecord, 'type' | 'annulated'>): boolean {
  return balance.type !== 0 && balance.type !== 5 && !balance.annulated;
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
export function hasExited(
  member: (Pick<MemberRecord, 'exitDate'> & Partial<Pick<MemberRecord, 'exited'>>) | undefined | null,
  now = new Date(),
): boolean {
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
  if (!Number.isSafeInteger(balanceSumCents) || !Number.isSafeInteger(shareCostCents) || shareCostCents <= 0)
    return null;
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
/** The key of the button that withdraws a pending end or partial termination (`coop.members.withdrawEnd`): a legal entity's 6 is its dissolution. */
export function withdrawEndKey(type: number, legalForm: number | null | undefined): string {
  return `coop.members.withdrawEnd.${type === 6 && legalForm === 1 ? '6d' : String(type)}`;
}

export const postingsClosed = (member: Pick<MemberRecord, 'exitDate'> | undefined | null): boolean =>
  !!member?.exitDate;

/** One entry of `GET /members/{id}/history` (docs/api.md; contracts `MemberHistoryEntry`). */
export type HistoryEntry = MemberHistoryEntry;

/** `GET /dashboard/member/{id}` (contracts `MemberDashboardDto`). */
export type MemberDashboardData = MemberDashboardDto;

/** "rk (römisch-katholisch)": the code the tax office uses, with its name where known. */
export function churchName(
  translate: (key: string, options?: object) => string,
  code: string | null | undefined,
): string {
  if (!code) return '';
  const name = translate(`coop.members.churches.${code}`, { _: '' });
  return name ? `${code} (${name})` : code;
}

/**
 * A select's choices by their names in the clerk's language, sorted as that language sorts (issue 43: the federal
 * states by name, "Baden-Württemberg, Bayern, Berlin, …", not by their codes).
 */
export function namedChoices(
  ids: readonly string[],
  name: (id: string) => string,
  locale: string,
): Array<{ id: string; name: string }> {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return ids.map((id) => ({ id, name: name(id) })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The member's city when the list's search matched it (issue 43: a search for a city shows the city it found, also
 * while the address column is off); null otherwise.
 */
export function matchedCity(city: string | null | undefined, search: string): string | null {
  const wanted = search.trim().toLocaleLowerCase('de');
  if (wanted === '' || !city) return null;
  return city.toLocaleLowerCase('de').includes(wanted) ? city : null;
}
