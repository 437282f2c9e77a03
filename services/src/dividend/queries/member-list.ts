import { fieldError, LIST_SORT_TERMS_MAX, ValidationError, type FieldError, type Sort } from '@coop/contracts';
import { normaliseSearch, searchWords } from '@coop/projections';
import { MAX_LIMIT, searchErrors, withinTerms, type ListParams } from '../../platform/http/list-query.js';

/**
 * The fields a dividend's per-member list sorts by: the member number, the name (`name, givenName`), and the
 * `DividendMemberDto` amounts (money in cents).
 */
export const MEMBER_SORT_FIELDS = [
  'memberNr',
  'name',
  'balances',
  'amount',
  'dividendAmount',
  'dividend',
  'taxDividendAmount',
  'exemptions',
  'taxRelevantAmount',
  'dividendTax',
  'solidarityTax',
  'churchTax',
  'taxes',
  'paymentAmount',
  'payment',
] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
/** The amounts among them (every sort field but the number and the name). */
export type MemberAmountField = Exclude<MemberSortField, 'memberNr' | 'name'>;

/**
 * The list parameters of a dividend's members (`GET /dividend/calc`, `GET /dividend/{id}`, `GET /dividend/{id}/members`):
 * `offset`, `limit` (none: every member from `offset` on), the search's words, the sort.
 */
export interface MemberListQuery {
  readonly offset: number;
  readonly limit: number | null;
  readonly words: readonly string[];
  readonly sort: readonly { readonly field: MemberSortField; readonly direction: Sort['direction'] }[];
}

/** Every member, by member number: the answer without list parameters (SPEC.md 7). */
export const EVERY_MEMBER: MemberListQuery = { offset: 0, limit: null, words: [], sort: [] };

/** What the list needs of a member row: its number, names and amounts. */
export interface MemberRowKeys<T> {
  memberNr(row: T): number;
  name(row: T): string;
  givenName(row: T): string | null;
  amount(row: T, field: MemberAmountField): number;
}

/** The matches of a list query: how many, and the page of them. */
export interface MemberSelection<T> {
  readonly total: number;
  readonly items: T[];
}

function whole(raw: unknown, field: string, errors: FieldError[], min: number, max: number): number | null {
  if (raw === undefined || raw === '') return null;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  errors.push(fieldError(field, 'invalidNumber', String(raw)));
  return null;
}

/**
 * Reads the list parameters as the other lists do (`order_by` as `field`, `-field`, `field:desc`; unknown fields and
 * bad numbers answer 400). Without `order_by` the members come by member number (the payout order).
 */
export function parseMemberList(params: ListParams): MemberListQuery {
  const errors: FieldError[] = [];
  const offset = whole(params.offset, 'offset', errors, 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const limit = whole(params.limit, 'limit', errors, 1, MAX_LIMIT);
  if (typeof params.search === 'string') errors.push(...searchErrors(params.search));
  const words = searchWords(typeof params.search === 'string' ? params.search : undefined);
  const sort: { field: MemberSortField; direction: Sort['direction'] }[] = [];
  const given = typeof params.order_by === 'string' ? params.order_by : '';
  const orderBy = withinTerms('order_by', given, LIST_SORT_TERMS_MAX, errors) ? given : '';
  for (const part of orderBy
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const m = /^(-?)(.*?)(?:[: ](asc|desc))?$/i.exec(part)!;
    const field = m[2]!;
    if (!(MEMBER_SORT_FIELDS as readonly string[]).includes(field))
      errors.push(fieldError('order_by', 'unknownField', field));
    else
      sort.push({
        field: field as MemberSortField,
        direction: m[1] === '-' || m[3]?.toLowerCase() === 'desc' ? 'desc' : 'asc',
      });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return { offset, limit, words, sort };
}

/** Whether the list asks only for a page in member-number order (no search, no other sort). */
export const inNumberOrder = (q: MemberListQuery): boolean =>
  q.words.length === 0 && q.sort.every((s) => s.field === 'memberNr');

const collator = new Intl.Collator('de');

/**
 * The rows that match the search, sorted, and the page of them. The search matches as the member lists do
 * (search-text.ts): every word is contained in the name, the given name or the member number (lower case, ä as ae);
 * a search that is one whole number lists the member of that number first. Ties (and no sort) go by member number.
 */
export function selectMembers<T>(rows: readonly T[], q: MemberListQuery, keys: MemberRowKeys<T>): MemberSelection<T> {
  const number = q.words.length === 1 && /^\d{1,15}$/.test(q.words[0]!) ? Number(q.words[0]) : null;
  const found =
    q.words.length === 0
      ? [...rows]
      : rows.filter((row) => {
          const text = [keys.name(row), keys.givenName(row) ?? '', String(keys.memberNr(row))]
            .map(normaliseSearch)
            .join('\u0001');
          return q.words.every((w) => text.includes(w));
        });
  const names = q.sort.some((s) => s.field === 'name') ? new Map(found.map((row) => [row, listName(keys, row)])) : null;
  const compare = (a: T, b: T): number => {
    if (number !== null) {
      const exact = Number(keys.memberNr(b) === number) - Number(keys.memberNr(a) === number);
      if (exact !== 0) return exact;
    }
    for (const { field, direction } of q.sort) {
      const sign = direction === 'desc' ? -1 : 1;
      const c =
        field === 'memberNr'
          ? keys.memberNr(a) - keys.memberNr(b)
          : field === 'name'
            ? collator.compare(names!.get(a)!, names!.get(b)!)
            : keys.amount(a, field) - keys.amount(b, field);
      if (c !== 0) return c * sign;
    }
    return keys.memberNr(a) - keys.memberNr(b);
  };
  found.sort(compare);
  return { total: found.length, items: found.slice(q.offset, q.limit === null ? undefined : q.offset + q.limit) };
}

/** The name as the console lists it: `name, givenName`. */
function listName<T>(keys: MemberRowKeys<T>, row: T): string {
  const given = keys.givenName(row);
  return given ? `${keys.name(row)}, ${given}` : keys.name(row);
}
