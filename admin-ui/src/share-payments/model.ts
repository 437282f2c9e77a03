import { OWED_WITHOUT_END, type PaymentTermsDto, type ShareDueDto } from '@coop/contracts/console';
import { parseEuroToCents } from '../format';

/* The payments on shares in the console (issue 45; docs/share-payments.md). */

export type ShareDue = ShareDueDto;
export type PaymentTerms = PaymentTermsDto;

/** One page of the outstanding list: its rows, how many match and the sum outstanding over them all (cents). */
export interface ShareDuesPage {
  readonly rows: readonly ShareDue[];
  readonly total: number;
  readonly sum: number;
}

export const PAGE_SIZE = 25;

export const sharePaymentPaths = {
  dues: (page: number, search: string): string =>
    `/share-dues?offset=${page * PAGE_SIZE}&limit=${PAGE_SIZE}${search.trim() !== '' ? `&search=${encodeURIComponent(search.trim())}` : ''}`,
  memberDues: (memberId: string): string => `/members/${encodeURIComponent(memberId)}/share-dues`,
  payments: (memberId: string): string => `/members/${encodeURIComponent(memberId)}/share-payments`,
  instalments: (memberId: string, balanceId: string): string =>
    `/members/${encodeURIComponent(memberId)}/postings/${encodeURIComponent(balanceId)}/instalments`,
  terms: '/cooperative/payment-terms',
};

/** A whole number of cents from a header or 0. */
export function centsHeader(value: string | null): number {
  const n = value !== null && /^-?\d+$/.test(value) ? Number(value) : 0;
  return Number.isSafeInteger(n) ? n : 0;
}

/**
 * A euro text as the API takes it: integer cents where it reads as an amount (`250`, `1.234,56`), else the text as typed
 * (the API answers it as not a number, in the clerk's language); empty as null.
 */
export function euroTextToCents(value: unknown): number | string | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return parseEuroToCents(value) ?? value;
}

/**
 * Whether a due is still owed on `date`: its member's whole end (if any) has not taken effect by then (`owedUntil`, the
 * end's effective date; decision 269). A leaver's dues stay listed on the member's page, marked no longer owed.
 */
export const owedOn = (due: Pick<ShareDue, 'owedUntil'>, date: string): boolean => due.owedUntil > date;

/** Whether the member's end is recorded on the due: `owedUntil` is an end's effective date, not OWED_WITHOUT_END. */
export const endsOwing = (due: Pick<ShareDue, 'owedUntil'>): boolean => due.owedUntil !== OWED_WITHOUT_END;

/** What is outstanding on the member's subscriptions together. */
export const outstandingOf = (dues: readonly Pick<ShareDue, 'outstanding'>[]): number =>
  dues.reduce((sum, d) => sum + Math.max(0, d.outstanding), 0);
