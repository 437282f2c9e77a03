import { addMonths, type LossShareKind, type SettlementEndReason } from '@coop/contracts';
import { paidAfter } from '../../kernel/geschaeftsguthaben.js';
import type { MemberState } from '../../kernel/member-stream.js';

/*
 * The settlement balance (Auseinandersetzungsguthaben, § 73 GenG; DOMAIN.md 9.1): pure functions, integer cents.
 * Out of scope (docs/settlement.md): members obliged to make additional payments (§ 73 (2) sentence 4: they pay
 * their share of a shortfall beyond their holding; the product only ever lowers the payout, never claims money), and a
 * share of a special reserve (§ 73 (3)): both stay with the board and the tax adviser.
 */

/** One end that books a holding out at a financial year's end: the posting `endBalanceId` on the member's account. */
export interface SettlementEnd {
  readonly memberId: string;
  readonly endBalanceId: string;
  readonly reason: SettlementEndReason;
  /** The day the holding left (the posting's date: the end of a financial year). */
  readonly endDate: string;
  /** The financial year at whose end it left. */
  readonly year: number;
  readonly shares: number;
  /** The Geschäftsguthaben booked out, in cents (positive): what was paid in, not the unpaid nominal amount. */
  readonly holding: number;
  /**
   * Of `holding`, what was paid in after the end's day (a whole end only; decision 414): no Geschäftsguthaben on that
   * day (§ 73 (2) GenG), so it is refunded whole and the loss share takes nothing of it. Absent: 0.
   */
  readonly paidAfterEnd?: number;
}

/** The part of an end's holding that is Geschäftsguthaben on the end's day, and the part paid after it (≥ 0 each). */
export function holdingParts(end: Pick<SettlementEnd, 'holding' | 'paidAfterEnd'>): { onEndDay: number; late: number } {
  const late = Math.min(Math.max(end.paidAfterEnd ?? 0, 0), Math.max(end.holding, 0));
  return { onEndDay: end.holding - late, late };
}

/** The general meeting's decision on the leavers' share of a loss carried forward, for one year. */
export interface LossShareRule {
  readonly kind: LossShareKind;
  /** `percent`: a decimal string with at most 4 decimals, above 0 and at most 100. */
  readonly percent: string | null;
  /** `perShare`: cents per share left. */
  readonly centsPerShare: number | null;
  readonly decisionDate: string;
}

/** Whether a loss share decision stands: a decision of 0 per share withdraws the year's. */
export function standing(rule: LossShareRule): boolean {
  return !(rule.kind === 'perShare' && (rule.centsPerShare ?? 0) === 0);
}

const END_TYPES = new Set<number>([2, 6, 7, 8]);

/**
 * Every end on the member's account that books a holding out (not annulled): notice (8), partial termination (2),
 * exclusion (7), death or dissolution (6). Transfers (3, § 76) are no end with a settlement: the member left without one.
 * A member may have several (single shares given up in one year, the rest in a later one); each is settled on its own.
 */
export function settlementEnds(state: MemberState): SettlementEnd[] {
  if (!state.exists || state.memberId === null) return [];
  const ends: SettlementEnd[] = [];
  for (const p of state.postings.values()) {
    if (!END_TYPES.has(p.type) || p.annulated) continue;
    const reason: SettlementEndReason =
      p.type === 2
        ? 'partial'
        : p.type === 7
          ? 'exclusion'
          : p.type === 8
            ? 'exit'
            : state.legalForm === 1
              ? 'dissolution'
              : 'death';
    ends.push({
      memberId: state.memberId,
      endBalanceId: p.balanceId,
      reason,
      endDate: p.date,
      year: Number(p.date.slice(0, 4)),
      shares: p.quantity,
      // The Geschäftsguthaben that left with it (the register's payment), not the nominal amount (decision 234).
      holding: -p.payment,
      // A whole end also took out what was paid after its day (decision 408): refunded apart (decision 414).
      ...(p.type !== 2 && p.balanceId === state.exitBalanceId
        ? { paidAfterEnd: Math.min(paidAfter(state, p.date).cents, Math.max(-p.payment, 0)) }
        : {}),
    });
  }
  return ends.sort((a, b) =>
    a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : a.endBalanceId < b.endBalanceId ? -1 : 1,
  );
}

/** The ends of `year` whose day has come by `today` (a notice given for a later year's end is not due yet). */
export function dueEnds(state: MemberState, year: number, today: string): SettlementEnd[] {
  return settlementEnds(state).filter((e) => e.year === year && e.endDate <= today);
}

/** The last day of the payout period: `periodMonths` after the end (31.12. + 6 months = 30.06.). */
export function payoutDeadline(endDate: string, periodMonths: number): string {
  return addMonths(endDate, periodMonths);
}

/** A percentage as an exact fraction: "12.5" → 125 / 1000 (of 100). Null when it is not a number with at most 4 decimals in (0, 100]. */
export function parsePercent(text: string): { numerator: bigint; scale: bigint } | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) return null;
  const decimals = m[2] ?? '';
  const numerator = BigInt(m[1]! + decimals);
  const scale = 10n ** BigInt(decimals.length);
  if (numerator <= 0n || numerator > 100n * scale) return null;
  return { numerator, scale };
}

/**
 * The member's share of the loss carried forward, in cents: a percentage of the holding rounded half up to the cent, or
 * the amount per share times the shares; never more than the holding, never below zero. No decision: 0.
 */
export function lossShareOf(end: Pick<SettlementEnd, 'holding' | 'shares'>, rule: LossShareRule | null): number {
  if (rule === null || end.holding <= 0) return 0;
  let loss: number;
  if (rule.kind === 'percent') {
    const p = rule.percent === null ? null : parsePercent(rule.percent);
    if (p === null) throw new RangeError(`Invalid loss share percentage ${String(rule.percent)}`);
    const divisor = 100n * p.scale;
    // Half up: (holding × numerator + divisor / 2) / divisor, in integers.
    loss = Number((BigInt(end.holding) * p.numerator * 2n + divisor) / (2n * divisor));
  } else {
    loss = end.shares * (rule.centsPerShare ?? 0);
  }
  return Math.min(Math.max(loss, 0), end.holding);
}

/**
 * What is paid out: the settlement balance (the Geschäftsguthaben on the end's day less the loss share, never below
 * zero) and, beside it, whatever was paid in after the end's day, refunded whole (§ 73 (2) GenG; decision 414).
 */
export function settlementAmount(
  end: Pick<SettlementEnd, 'holding' | 'shares' | 'paidAfterEnd'>,
  rule: LossShareRule | null,
): { lossShare: number; amount: number } {
  const { onEndDay, late } = holdingParts(end);
  const lossShare = lossShareOf({ holding: onEndDay, shares: end.shares }, rule);
  return { lossShare, amount: Math.max(onEndDay - lossShare, 0) + late };
}
