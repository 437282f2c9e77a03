import type { SettlementCheckDto, SettlementDto } from '@coop/contracts/console';
import { TEXT_MAX } from '@coop/contracts/console';

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
  sepa: (year: number, payoutDate: string) => ({ path: `/settlements/sepa?year=${year}&payoutDate=${enc(payoutDate)}`, name: `Auseinandersetzung-${year}-${payoutDate}-SEPA.xml` }),
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

/** The ids a payout can take: due ones only. */
export function dueIds(rows: readonly SettlementRecord[]): string[] {
  return rows.filter((r) => r.status === 'due').map((r) => r.id);
}

/** The selection kept to the rows still due (after a reload a paid row drops out of it). */
export function keepDue(selected: readonly string[], rows: readonly SettlementRecord[]): string[] {
  const due = new Set(dueIds(rows));
  return selected.filter((id) => due.has(id));
}
