/**
 * Exemption orders (FSA; DOMAIN.md 2.6, 12a.2-12a.4, 12a.8): which order serves a member on the payment date, its
 * volume for the payment's calendar year, and its consumption in payout order.
 */
import { saversAllowance } from '@coop/contracts';
import { divide } from './exact.js';
import type { OrderInput } from './types.js';

/** The first day of the 1,000 / 2,000 € allowance (JStG 2022). */
const RAISE_FROM = '2023-01-01';
const RAISE_YEAR = 2023;

/** A paper valid on `date`: start ≤ date ≤ end (an open end: valid on). */
export function validOn(startDate: string, endDate: string | null, date: string): boolean {
  return startDate <= date && (endDate === null || date <= endDate);
}

/**
 * The order's volume (cents) for payouts in `paymentYear`. An order starting before 2023 is raised for payouts from
 * 2023 by 24.844 % rounded up to the whole euro (setting `raiseOldExemptionOrders`; § 52 Abs. 43 EStG, 801 → 1,000,
 * 300 → 375); any order counts at most as the year's allowance (1,000 / 2,000 €, before 2023 801 / 1,602 €).
 */
export function orderVolume(order: OrderInput, paymentYear: number, raiseOldOrders: boolean): number {
  const allowance = saversAllowance(paymentYear);
  const cap = order.joint ? allowance.joint : allowance.single;
  let amount = Math.max(0, order.amount);
  if (raiseOldOrders && paymentYear >= RAISE_YEAR && order.startDate < RAISE_FROM) {
    // cents × 1.24844, rounded up to whole euros: ceil(amount × 124844 / (100000 × 100)) euros
    const den = 10_000_000n;
    const euros = divide(BigInt(amount) * 124_844n + den - 1n, den, 'truncate');
    amount = Number(euros * 100n);
  }
  return Math.min(amount, cap);
}

/**
 * The order that serves a member among those valid on the payment date (12a.3): a joint order (the member's own or
 * the one the spouse gave naming the member) before a single one; then the latest start date, then the latest issue
 * date; then the order id, so that the choice never depends on the order the orders were listed in.
 */
export function preferredOrder(candidates: readonly OrderInput[]): OrderInput | null {
  let best: OrderInput | null = null;
  for (const order of candidates) if (best === null || ranksBefore(order, best)) best = order;
  return best;
}

function ranksBefore(a: OrderInput, b: OrderInput): boolean {
  if (a.joint !== b.joint) return a.joint;
  if (a.startDate !== b.startDate) return a.startDate > b.startDate;
  if (a.issueDate !== b.issueDate) return a.issueDate > b.issueDate;
  return a.id < b.id;
}

export interface Consumption {
  readonly exempt: number;
  readonly usedBefore: number;
  readonly usedAfter: number;
}

/**
 * The volume used per order in the payment's calendar year: what earlier closures used (`usedByYear`) plus what this
 * run has exempted so far. Payouts are consumed in ascending member number (12a.4), so a joint order's one volume
 * serves the spouse with the lower number first.
 */
export class AllowanceLedger {
  private readonly usedInRun = new Map<string, number>();

  constructor(private readonly paymentYear: number) {}

  consume(order: OrderInput, volume: number, gross: number): Consumption {
    const earlier = order.usedByYear[String(this.paymentYear)] ?? 0;
    const usedBefore = earlier + (this.usedInRun.get(order.id) ?? 0);
    const exempt = Math.min(gross, Math.max(0, volume - usedBefore));
    if (exempt > 0) this.usedInRun.set(order.id, (this.usedInRun.get(order.id) ?? 0) + exempt);
    return { exempt, usedBefore, usedAfter: usedBefore + exempt };
  }
}
