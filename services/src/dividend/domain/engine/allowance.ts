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
  /** The holder's use of the year before and after this payout (all its orders; see `AllowanceLedger`). */
  readonly usedBefore: number;
  readonly usedAfter: number;
}

/**
 * The people an order's volume belongs to: its member, and a joint order's spouse when a member. The FSA holder of
 * DOMAIN.md 2.6 is the single person or the spouse pair.
 */
export function holdersOf(order: OrderInput): readonly string[] {
  const spouse = order.joint ? order.spouseMemberId : null;
  return spouse === null || spouse === order.memberId ? [order.memberId] : [order.memberId, spouse];
}

interface OrderUse {
  readonly holders: readonly string[];
  /** What earlier closures exempted by the order in the payment year (`usedByYear`). */
  readonly earlier: number;
  /** What this run has exempted by it so far. */
  inRun: number;
}

/**
 * The volume used per FSA holder in the payment's calendar year (DOMAIN.md 2.6 "per FSA holder ... used_Y = Σ exempted
 * amounts already applied in Y", 12a.4 "earlier use in the same calendar year carries over"): what earlier closures and
 * this run exempted by every order sharing a person with the order consumed, whichever of them served and whether or
 * not it is still valid. A single order of X counts X's single orders and the joint orders naming X; a joint order of X
 * and Y counts the single orders of X and of Y and their joint orders (marriage year, BMF Rz. 263: what individual
 * orders exempted counts against the joint volume). A joint order's use is the pair's, not split by spouse, so it all
 * counts against a later single order of either: never more than one allowance is exempted. Payouts are consumed in
 * ascending member number (12a.4), so a joint order's one volume serves the spouse with the lower number first.
 * `track` every member's orders with use in the payment year before the first `consume`.
 */
export class AllowanceLedger {
  private readonly orders = new Map<string, OrderUse>();
  private readonly byPerson = new Map<string, string[]>();

  constructor(private readonly paymentYear: number) {}

  /** Takes in an order and what earlier closures exempted by it in the payment year (once per order id). */
  track(order: OrderInput): void {
    this.useOf(order);
  }

  private useOf(order: OrderInput): OrderUse {
    const known = this.orders.get(order.id);
    if (known) return known;
    const use: OrderUse = {
      holders: holdersOf(order),
      earlier: order.usedByYear[String(this.paymentYear)] ?? 0,
      inRun: 0,
    };
    this.orders.set(order.id, use);
    for (const person of use.holders) {
      const ids = this.byPerson.get(person);
      if (ids) ids.push(order.id);
      else this.byPerson.set(person, [order.id]);
    }
    return use;
  }

  consume(order: OrderInput, volume: number, gross: number): Consumption {
    const own = this.useOf(order);
    const counted = new Set(own.holders.flatMap((person) => this.byPerson.get(person) ?? []));
    let usedBefore = 0;
    for (const id of counted) {
      const use = this.orders.get(id);
      if (use) usedBefore += use.earlier + use.inRun;
    }
    const exempt = Math.min(gross, Math.max(0, volume - usedBefore));
    own.inRun += exempt;
    return { exempt, usedBefore, usedAfter: usedBefore + exempt };
  }
}
