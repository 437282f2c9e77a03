import {
  LOSS_SHARE_KINDS,
  type LossShareDto,
  type LossShareKind,
  type SettlementCheckDto,
  type SettlementDto,
  type SettlementTermsDto,
} from '@coop/contracts/console';
import { TEXT_MAX } from '@coop/contracts/console';
import { centsToDecimal, formatDate, parseDateText, parseEuroToCents } from '../format';

/** One end of a membership and its settlement, as `GET /settlements?year=` lists it (contracts `SettlementDto`). */
export type SettlementRecord = SettlementDto;
/** `POST /settlements/check`: what the payout would record. */
export type SettlementCheck = SettlementCheckDto;

/** The longest correction reason the API takes (`SettlementReversal.reason`). */
export const REVERSE_REASON_MAX = TEXT_MAX.reason;

const enc = encodeURIComponent;

/** The routes of the settlement screen (services/src/settlements/http). */
export const settlementPaths = {
  list: (year: number) => `/settlements?year=${year}`,
  check: '/settlements/check',
  pay: '/settlements/pay',
  reverse: (id: string) => `/settlements/${enc(id)}/reverse`,
  sepa: (year: number, payoutDate: string) => ({
    path: `/settlements/sepa?year=${year}&payoutDate=${enc(payoutDate)}`,
    name: `Auseinandersetzung-${year}-${payoutDate}-SEPA.xml`,
  }),
  terms: '/settlements/terms',
  lossShares: '/settlements/loss-shares',
  statement: (row: Pick<SettlementRecord, 'id' | 'year' | 'memberNr'>) => ({
    path: `/settlements/${enc(row.id)}/statement`,
    name: `Auseinandersetzung-${row.year}-Mitglied-${row.memberNr ?? ''}.pdf`,
  }),
} as const;

/** The year the screen opens at: `?year=` when it is a whole year 1900..2199, else last year (the usual one to settle). */
export function yearFrom(search: string, now = new Date()): number {
  const raw = new URLSearchParams(search).get('year') ?? '';
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  return year >= 1900 && year <= 2199 ? year : now.getFullYear() - 1;
}

/** "Berger, Bernd" (or the name alone), as the member lists show it. */
export function settlementName(row: Pick<SettlementRecord, 'name' | 'givenName'>): string {
  return row.givenName ? `${row.name}, ${row.givenName}` : row.name;
}

/**
 * A row a payout can take: due once its end has passed (a payout is dated after the end and not after today, so an
 * end of today is paid from tomorrow; decision 386), or paid with a top-up still owed since its holding rose (decision
 * 370).
 */
export function payable(row: Pick<SettlementRecord, 'status' | 'owed' | 'endDate'>, today: string): boolean {
  return (row.status === 'due' && row.endDate < today) || row.owed > 0;
}

/** The first day a payout of an end may be dated: the day after it (`YYYY-MM-DD`). */
export function payableFrom(endDate: string): string {
  const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** What a payout of the row pays: a due one its amount, a paid one the top-up still owed. */
export function payableAmount(row: Pick<SettlementRecord, 'status' | 'owed' | 'amount'>): number {
  return row.status === 'due' ? row.amount : row.owed;
}

/** The ids a payout can take: due ones, and paid ones with a top-up owed. */
export function dueIds(rows: readonly SettlementRecord[], today: string): string[] {
  return rows.filter((r) => payable(r, today)).map((r) => r.id);
}

/** The selection kept to the rows still due (after a reload a paid row drops out of it). */
export function keepDue(selected: readonly string[], rows: readonly SettlementRecord[], today: string): string[] {
  const due = new Set(dueIds(rows, today));
  return selected.filter((id) => due.has(id));
}

/** The general meeting's loss share of one year, as `GET /settlements/terms` lists it. */
export type LossShare = LossShareDto;

/** The cooperative's settlement terms: the payout period and the loss shares by year. */
export type SettlementTerms = SettlementTermsDto;

export { LOSS_SHARE_KINDS, type LossShareKind };

/** What the loss share's form holds, as the clerk typed it. */
export interface LossShareForm {
  readonly kind: LossShareKind;
  readonly percent: string;
  readonly amountPerShare: string;
  readonly decisionDate: string;
}

/** The longest text each field of the form takes (the API refuses longer ones anyway). */
export const TERMS_INPUT_MAX = {
  percent: TEXT_MAX.code,
  amountPerShare: 20,
  decisionDate: 10,
  payoutPeriodMonths: 3,
} as const;

/** The decision of `year`, if the general meeting made one (a withdrawn one is not listed). */
export function lossShareOfYear(terms: SettlementTerms | undefined, year: number): LossShare | null {
  return terms?.lossShares.find((share) => share.year === year) ?? null;
}

/**
 * The body of `PUT /settlements/loss-shares` for `year` from the form: the percentage as typed (the API reads a comma as
 * the point and checks it), the amount per share in integer cents, the decision date as `YYYY-MM-DD`. What does not parse
 * is sent as typed, so the API refuses it under its field in the clerk's language.
 */
export function lossShareRequest(year: number, form: LossShareForm) {
  const amount = form.amountPerShare.trim();
  return {
    year,
    kind: form.kind,
    percent: form.kind === 'percent' ? form.percent.trim() : null,
    centsPerShare: form.kind === 'perShare' ? (parseEuroToCents(amount) ?? amount) : null,
    decisionDate: parseDateText(form.decisionDate) ?? form.decisionDate.trim(),
  };
}

/** The body that withdraws the decision of `year` (the API: `perShare` 0 withdraws it). */
export function withdrawLossShareRequest(year: number, decisionDate: string) {
  return { year, kind: 'perShare' as const, percent: null, centsPerShare: 0, decisionDate };
}

/** The form filled with the year's decision, or empty (a percentage) when there is none. */
export function lossShareFormOf(share: LossShare | null): LossShareForm {
  if (!share) return { kind: 'percent', percent: '', amountPerShare: '', decisionDate: '' };
  const kind: LossShareKind = share.kind === 'perShare' ? 'perShare' : 'percent';
  return {
    kind,
    percent: kind === 'percent' ? (share.percent ?? '').replace('.', ',') : '',
    amountPerShare: kind === 'perShare' && share.centsPerShare !== null ? centsToDecimal(share.centsPerShare) : '',
    decisionDate: formatDate(share.decisionDate),
  };
}
