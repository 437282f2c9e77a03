import type { CollectionSpec } from '@coop/contracts';

/*
 * The collections of the members projector: postings with their share register rows and the per-cooperative sums. The
 * member list (MEMBERS) is in member-document.ts with its typed document, reachable from `@coop/projections/members`;
 * the postings (BALANCES) in balance-document.ts, reachable from `@coop/projections/share-ledger`.
 */

/* The postings (BALANCES) are the share ledger's: balance-document.ts, with their typed document, reachable only from
 * `@coop/projections/share-ledger` (not from the main index: rule `read-model-through-its-owner`). */

/** The share register's fields as its API names them (filter and sort of `GET /shares`). */
const SHARE_REGISTER_FIELDS = {
  member: 'string',
  memberNr: 'number',
  process: 'number',
  date: 'string',
  admissionDate: 'string',
  interestBegin: 'string',
  interestEnd: 'string',
} as const satisfies CollectionSpec['fields'];

/** The share register: a view of BALANCES, not a collection of its own; each field read from the posting's field named beside it. */
export const SHARE_REGISTER: {
  readonly fields: typeof SHARE_REGISTER_FIELDS;
  /** Every register field, and the posting's field it is read from. */
  readonly onCollection: { readonly [K in keyof typeof SHARE_REGISTER_FIELDS]: string };
} = {
  fields: SHARE_REGISTER_FIELDS,
  onCollection: {
    member: 'member',
    memberNr: 'memberNr',
    process: 'type',
    date: 'date',
    admissionDate: 'approvalDate',
    interestBegin: 'interestBegin',
    interestEnd: 'interestEnd',
  },
};

/** Per cooperative (id = cooperative id): the sum of all postings in cents and shares, and the members ever admitted. */
export const MEMBER_STATS: CollectionSpec = { name: 'memberstats', fields: {}, search: [] };

/** A date later than every business date: the `memberUntil` of a member who has not exited. */
export const NO_EXIT = '9999-12-31';

/**
 * One entry of a member's `postings`: balance id, date, signed shares and cents; `e` the later day the shares count from
 * where it is not the date (subscriptions admitted after their declaration and their annulations: `sharesFrom`).
 */
export interface MemberPostingEntry {
  readonly b: string;
  readonly d: string;
  readonly s: number;
  readonly a: number;
  readonly e?: string;
}

/** The day an entry's shares and cents count from in a holding as of a date: `e`, else the posting's date. */
export function sharesDay(entry: MemberPostingEntry): string {
  return entry.e ?? entry.d;
}
