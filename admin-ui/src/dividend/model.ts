import type { DividendDto, DividendErrorDto, DividendMemberDto, DividendType } from '@coop/contracts/console';
import { DIVIDEND_TYPES } from '@coop/contracts/console';
import { today } from '../members/model';

/** A calculation or a closure as the API answers it (contracts `DividendDto`). */
export type DividendRecord = DividendDto;
/** A member's dividend (contracts `DividendMemberDto`). */
export type DividendMemberRecord = DividendMemberDto;
/** A refusal of the closure; `concerned` is absent in answers of an API before issue 43. */
export type DividendError = Omit<DividendErrorDto, 'concerned'> & {
  readonly concerned?: DividendErrorDto['concerned'];
};

/** Step 1 of the wizard: what the clerk asks the API to calculate (SPEC 2 "Dividend calculation", SPEC 9). */
export interface CalcInput {
  readonly year: number;
  readonly type: DividendType;
  /** As typed: a percentage with up to four decimals, or a total in euros with up to two (`,` or `.`). */
  readonly amount: string;
  /** YYYY-MM-DD. */
  readonly decisionDate: string;
  readonly paymentDate: string;
}

/** How many years back from last year the year choice reaches (SPEC 9: "about 11 years back"). */
export const YEARS_BACK = 11;

/** The year choices: last year first, then 11 years back (SPEC 9). */
export function yearChoices(now = new Date()): number[] {
  const last = now.getFullYear() - 1;
  return Array.from({ length: YEARS_BACK + 1 }, (_, i) => last - i);
}

/** Step 1's defaults (SPEC 9): last year, percent, 4, both dates today. */
export function defaultInput(now = new Date()): CalcInput {
  const day = today(now);
  return { year: now.getFullYear() - 1, type: 'percent', amount: '4', decisionDate: day, paymentDate: day };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isType = (value: string | null): value is DividendType =>
  value !== null && (DIVIDEND_TYPES as readonly string[]).includes(value);

/**
 * Step 1's input kept in the address (`?year=2025&type=percent&amount=4&decision_date=…&payment_date=…`), so that
 * step 2's No, Back and a reload come back to the same calculation. A date the address lacks is today (SPEC 5: empty
 * dates default to today), so the form shows the date calculated with and step 2 closes with it. Null when the
 * address holds no calculation.
 */
export function inputFromQuery(query: URLSearchParams, now = new Date()): CalcInput | null {
  const year = Number(query.get('year'));
  const type = query.get('type');
  const amount = query.get('amount');
  const decisionDate = query.get('decision_date') ?? '';
  const paymentDate = query.get('payment_date') ?? '';
  if (!Number.isSafeInteger(year) || year < 1900 || !isType(type) || amount === null || amount.trim() === '')
    return null;
  const day = today(now);
  return {
    year,
    type,
    amount,
    decisionDate: ISO.test(decisionDate) ? decisionDate : day,
    paymentDate: ISO.test(paymentDate) ? paymentDate : day,
  };
}

/** The input as the API's parameters (SPEC 7: `year`, `type`, `amount`, `decision_date`, `payment_date`). */
export function apiParams(input: CalcInput): Record<string, string> {
  return {
    year: String(input.year),
    type: input.type,
    amount: input.amount.trim(),
    decision_date: input.decisionDate,
    payment_date: input.paymentDate,
  };
}

/** The input as a query string (the address of step 1 and step 2, and `GET /dividend/calc`). */
export function toQuery(input: CalcInput): string {
  return new URLSearchParams(apiParams(input)).toString();
}

/**
 * What the clerk typed as the resolved amount, checked as the API reads it: a percentage with up to four decimals or a
 * total in euros with up to two, `,` or `.` as the decimal mark, above zero. Answers the message key of the problem.
 */
export function amountProblem(type: DividendType, text: string): string | undefined {
  const s = text.trim().replace(',', '.');
  const decimals = type === 'percent' ? 4 : 2;
  if (!new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(s))
    return type === 'percent' ? 'coop.dividend.percentInvalid' : 'coop.dividend.amountInvalid';
  if (/^[0.]+$/.test(s)) return 'coop.dividend.amountNotPositive';
  return undefined;
}

/** A decimal string shown with exactly `places` decimals and a comma, by string handling (`"4.5"` → `4,5000`). */
export function formatDecimal(value: string | null | undefined, places = 4): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const match = /^(-?)(\d*)(?:[.,](\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cut = fraction.slice(0, places).padEnd(places, '0');
  const grouped = (whole === '' ? '0' : whole).replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return places > 0 ? `${sign}${grouped},${cut}` : `${sign}${grouped}`;
}

/** Whole euros (the tax return's rows) as `1.234 €`. */
export function formatEuros(euros: number | null | undefined): string {
  if (euros === null || euros === undefined || !Number.isSafeInteger(euros)) return '';
  return `${euros < 0 ? '-' : ''}${String(Math.abs(euros)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
}

/** The member's name as the lists show it: "Berger, Bernd" (a legal entity: its name). */
export function memberListName(m: Pick<DividendMemberRecord, 'name' | 'givenName'>): string {
  return m.givenName ? `${m.name}, ${m.givenName}` : m.name;
}

/**
 * The list parameters of a page of members as the API takes them (`GET /dividend/calc`, `GET /dividend/{id}`): the
 * page (1-based) and its size, the search (name, given name or number) and the sort (`field` or `-field`; none: by
 * member number, the payout order).
 */
export function memberPageQuery(
  page: number,
  perPage: number,
  search: string,
  sort: { readonly field: string; readonly order: 'ASC' | 'DESC' } | null,
): string {
  const query = new URLSearchParams({ offset: String((page - 1) * perPage), limit: String(perPage) });
  if (search.trim() !== '') query.set('search', search.trim());
  if (sort) query.set('order_by', sort.order === 'DESC' ? `-${sort.field}` : sort.field);
  return query.toString();
}

/**
 * The members an error concerns, in member-number order: number and name as the server names them (`concerned`, issue
 * 43: also those not on the page shown); without that list, the numbers of its parameter (in the order of the ids) and
 * the name where the member is among `rows` (the page shown).
 */
export function membersOfError(
  error: DividendError,
  rows: readonly DividendMemberRecord[],
): Array<{ id: string; memberNr: number | null; name: string }> {
  const named = error.concerned ?? [];
  if (named.length > 0)
    return named
      .map((m) => ({ id: m.member, memberNr: m.memberNr, name: memberListName(m) }))
      .sort((a, b) => a.memberNr - b.memberNr);
  const byId = new Map(rows.map((m) => [m.member, m]));
  const numbers = (error.parameters[0] ?? '').split(',').map((n) => n.trim());
  return error.members
    .map((id, i) => {
      const m = byId.get(id);
      const nr = m ? m.memberNr : /^\d+$/.test(numbers[i] ?? '') ? Number(numbers[i]) : null;
      return { id, memberNr: nr, name: m ? memberListName(m) : '' };
    })
    .sort((a, b) => (a.memberNr ?? Number.MAX_SAFE_INTEGER) - (b.memberNr ?? Number.MAX_SAFE_INTEGER));
}

/** An error of the cooperative's own data (bank name, IBAN, BIC): fixed on the cooperative form. */
export const isCooperativeError = (error: Pick<DividendError, 'template'>): boolean =>
  error.template.startsWith('missingCooperative');

/** Members of the answer that have a problem refusing the closure, by id. */
export function problemMembers(members: readonly DividendMemberRecord[]): ReadonlySet<string> {
  return new Set(members.filter((m) => m.problems.length > 0).map((m) => m.member));
}
